import {
  RESERVED_ROLE_NAME_MESSAGE,
  ROLE_NAME_MAX_LENGTH,
  RoleNameSchema,
  type ErrorCode,
} from '@listloop/domain';
import type { MessageDescriptor } from 'react-intl';
import { ApiError } from '../../lib/api-client';
import { teamMessages as m } from './team.messages';

/**
 * The team's refusals (decision 0029) in words that say what happened and what to do, instead
 * of the general sentence for the code.
 */
const TEAM_ERRORS: Partial<Record<ErrorCode, MessageDescriptor>> = {
  'team/owner-protected': m.errorOwnerProtected,
  'team/member-above-you': m.errorMemberAboveYou,
  'team/grant-beyond-own': m.errorGrantBeyondOwn,
  'team/protected-role': m.errorProtectedRole,
  'team/email-off': m.emailOff,
  'team/invitation-not-sent': m.errorInvitationNotSent,
};

/** The team screen's text for a refused call; null: use the app's general error text. */
export function teamErrorMessage(error: unknown): MessageDescriptor | null {
  if (!(error instanceof ApiError) || !error.code) return null;
  return TEAM_ERRORS[error.code] ?? null;
}

/**
 * What to say next to the role's name field for a refused save: the reserved-name rule in the
 * screen's language, another name problem as the server put it, or a name already taken.
 */
export function roleNameProblem(
  error: unknown,
): { message: MessageDescriptor } | { text: string } | null {
  if (!(error instanceof ApiError)) return null;
  const issue = error.issues.find((i) => i.path === 'name');
  if (issue) {
    if (issue.message === RESERVED_ROLE_NAME_MESSAGE) return { message: m.rolesNameReserved };
    return { text: issue.message };
  }
  if (error.status === 409 && error.code === 'request/conflict')
    return { message: m.rolesNameTaken };
  return null;
}

/** The name rules of spec §5, checked before sending, in the screen's language. */
export function roleNameClientProblem(name: string): MessageDescriptor | null {
  const parsed = RoleNameSchema.safeParse(name);
  if (parsed.success) return null;
  const message = parsed.error.issues[0]?.message;
  if (message === RESERVED_ROLE_NAME_MESSAGE) return m.rolesNameReserved;
  if (name.trim().length > ROLE_NAME_MAX_LENGTH) return m.rolesNameTooLong;
  return m.rolesNameRequired;
}
