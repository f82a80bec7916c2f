import { RESERVED_ROLE_NAME_MESSAGE } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client';
import { roleNameClientProblem, roleNameProblem, teamErrorMessage } from './team-errors';
import { teamMessages as m } from './team.messages';

const refused = (status: number, code: string, extra: object = {}) =>
  new ApiError(status, { statusCode: status, code, message: 'server words', ...extra });

describe('the team’s refusals in words', () => {
  it.each([
    ['team/owner-protected', m.errorOwnerProtected],
    ['team/member-above-you', m.errorMemberAboveYou],
    ['team/grant-beyond-own', m.errorGrantBeyondOwn],
    ['team/protected-role', m.errorProtectedRole],
    ['team/email-off', m.emailOff],
    ['team/invitation-not-sent', m.errorInvitationNotSent],
  ])('%s has the team screen’s own sentence', (code, message) => {
    expect(teamErrorMessage(refused(403, code))).toBe(message);
  });

  it('leaves other failures to the app’s general text', () => {
    expect(teamErrorMessage(refused(403, 'auth/forbidden'))).toBeNull();
    expect(teamErrorMessage(new NetworkError(new Error('down')))).toBeNull();
    expect(teamErrorMessage(new Error('odd'))).toBeNull();
  });
});

describe('the role name field', () => {
  it('shows the reserved-name rule in the screen’s language, next to the field', () => {
    const error = refused(400, 'request/invalid', {
      issues: [{ path: 'name', message: RESERVED_ROLE_NAME_MESSAGE }],
    });
    expect(roleNameProblem(error)).toEqual({ message: m.rolesNameReserved });
  });

  it('shows another name problem as the server put it, and a taken name', () => {
    const error = refused(400, 'request/invalid', {
      issues: [{ path: 'name', message: 'Name must be at most 160 characters' }],
    });
    expect(roleNameProblem(error)).toEqual({ text: 'Name must be at most 160 characters' });
    expect(roleNameProblem(refused(409, 'request/conflict'))).toEqual({
      message: m.rolesNameTaken,
    });
    expect(roleNameProblem(refused(403, 'team/grant-beyond-own'))).toBeNull();
  });

  it('checks the spec’s rules before sending', () => {
    expect(roleNameClientProblem('  Packers ')).toBeNull();
    expect(roleNameClientProblem(' ADMIN ')).toBe(m.rolesNameReserved);
    expect(roleNameClientProblem('viewer')).toBe(m.rolesNameReserved);
    expect(roleNameClientProblem('   ')).toBe(m.rolesNameRequired);
    expect(roleNameClientProblem('a'.repeat(160))).toBeNull();
    expect(roleNameClientProblem('a'.repeat(161))).toBe(m.rolesNameTooLong);
  });
});
