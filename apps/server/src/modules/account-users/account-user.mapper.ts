import {
  isTemporaryPasswordExpired,
  type PublicAccountUser,
  type TeamMember,
} from '@listloop/domain';
import type { AccountUserRow } from './account-user.repository';

/** The spec's account-user shape, without the temporary password hash. */
export function toPublicAccountUser(row: AccountUserRow): PublicAccountUser {
  return {
    accountId: row.accountId,
    userId: row.userId,
    accessLevel: row.accessLevel,
    accountUserId: row.accountUserId || row.id,
    status: row.status,
    email: row.email,
    name: row.name,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    showSpeechAtPhotoStep: row.showSpeechAtPhotoStep,
    hasTemporaryPassword: row.temporaryPassword !== null && row.temporaryPassword !== undefined,
  };
}

/**
 * A member as the team screen lists them: whether they own the account, and whether a pending
 * member's temporary password has run out, so the screen can offer to invite them again.
 */
export function toTeamMember(row: AccountUserRow, now: Date): TeamMember {
  return {
    ...toPublicAccountUser(row),
    isOwner: row.isOwner,
    invitationExpired:
      row.status === 'pending' &&
      row.temporaryPassword !== null &&
      row.temporaryPassword !== undefined &&
      isTemporaryPasswordExpired(row.temporaryPassword, now),
  };
}
