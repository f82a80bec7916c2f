import { expect } from 'vitest';
import { describeTenancy, type TenancyCase, type Victim } from './tenancy';

const ROLES = '/api/rest/v1/enterprise/roles';
const USERS = '/api/rest/v1/enterprise/account-users';

async function roleUnchanged(victim: Victim) {
  const response = await victim.client.get(`${ROLES}/find-one?id=${victim.role.id}`);
  expect(response.status).toBe(200);
  expect(response.body.data).toMatchObject({
    name: victim.role.name,
    members: [victim.member.userId],
  });
}

async function membersUnchanged(victim: Victim) {
  const response = await victim.client.get(USERS);
  const byUser = new Map(
    (response.body.data as { userId: string; status: string }[]).map((u) => [u.userId, u.status]),
  );
  expect(byUser.get(victim.member.userId)).toBe('active');
  expect(byUser.get(victim.pendingMember.userId)).toBe('pending');
}

/**
 * Every route of the table, tried by a user of another account. Later issues add their
 * routes here: a route missing from both lists fails the suite.
 */
const cases: TenancyCase[] = [
  {
    route: `GET ${ROLES}`,
    title: 'lists only the caller’s roles',
    request: () => ({ path: ROLES }),
    check: (response, victim) => {
      expect(response.status).toBe(200);
      expect(response.text).not.toContain(victim.role.id);
    },
  },
  {
    route: `GET ${ROLES}/find-one`,
    title: 'cannot read a role of another account',
    request: (victim) => ({ path: `${ROLES}/find-one?id=${victim.role.id}` }),
  },
  {
    route: `PUT ${ROLES}`,
    title: 'cannot save over a role of another account',
    request: (victim) => ({
      path: ROLES,
      body: { id: victim.role.id, name: 'hijacked', permissions: { 'team.manage': true } },
    }),
    unchanged: roleUnchanged,
  },
  {
    route: `POST ${ROLES}/assign-members`,
    title: 'cannot give a role of another account to anybody',
    request: (victim, intruder) => ({
      path: `${ROLES}/assign-members`,
      body: { roleId: victim.role.id, userIds: [intruder.account.userId] },
    }),
    unchanged: roleUnchanged,
  },
  {
    route: `POST ${ROLES}/assign-members`,
    title: 'cannot give its own role to a member of another account',
    request: (victim, intruder) => ({
      path: `${ROLES}/assign-members`,
      body: { roleId: intruder.role.id, userIds: [victim.member.userId] },
    }),
    unchanged: roleUnchanged,
  },
  {
    route: `DELETE ${ROLES}/:id`,
    title: 'cannot remove a role of another account',
    request: (victim) => ({ path: `${ROLES}/${victim.role.id}` }),
    unchanged: roleUnchanged,
  },
  {
    route: `GET ${USERS}`,
    title: 'lists only the caller’s team',
    request: () => ({ path: USERS }),
    check: (response, victim) => {
      expect(response.status).toBe(200);
      expect(response.text).not.toContain(victim.member.email);
      expect(response.text).not.toContain(victim.account.accountId);
    },
  },
  {
    route: `PUT ${USERS}/update-status`,
    title: 'cannot deactivate a member of another account',
    request: (victim) => ({
      path: `${USERS}/update-status`,
      body: { userId: victim.member.userId, status: 'inactive' },
    }),
    unchanged: membersUnchanged,
  },
  {
    route: `POST ${USERS}/:userId/invite`,
    title: 'cannot re-invite (and so reset the password of) a member of another account',
    request: (victim) => ({ path: `${USERS}/${victim.pendingMember.userId}/invite` }),
    unchanged: membersUnchanged,
  },
  {
    route: `DELETE ${USERS}/:userId`,
    title: 'cannot remove a member of another account',
    request: (victim) => ({ path: `${USERS}/${victim.member.userId}` }),
    unchanged: membersUnchanged,
  },
  {
    route: 'POST /api/account-users/create-with-temporary-password',
    title: 'cannot create a member holding a role of another account',
    request: (victim) => ({
      path: '/api/account-users/create-with-temporary-password',
      body: { email: 'sneaky@example.test', roleId: victim.role.id },
    }),
    unchanged: roleUnchanged,
  },
  {
    route: `POST ${USERS}/bulk-create-by-email`,
    title: 'cannot create members holding a role of another account',
    request: (victim) => ({
      path: `${USERS}/bulk-create-by-email`,
      body: { emails: ['sneaky2@example.test'], roleId: victim.role.id },
    }),
    unchanged: roleUnchanged,
  },
];

const ownDataOnly: Record<string, string> = {
  'GET /api/rest/v1/auth/session': 'the session state of the caller; takes no id',
  'PUT /api/user/help-text-seen/:key':
    'the key names a help text, and the flag is stored on the caller',
  [`PUT ${USERS}/update-password`]: 'sets the caller’s own password; takes no user id',
};

describeTenancy(cases, ownDataOnly);
