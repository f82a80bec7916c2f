import { expect } from 'vitest';
import type { TenancyCase } from '../tenancy';

const USERS = '/api/rest/v1/enterprise/account-users';

/** The team search's filters name roles and people: none of them reaches another account. */
export const cases: TenancyCase[] = [
  {
    route: `GET ${USERS}`,
    title: 'filtering by a role of another account finds nobody',
    request: (victim) => ({ path: `${USERS}?role=${encodeURIComponent(victim.role.id)}` }),
    check: (response, victim) => {
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual([]);
      expect(response.text).not.toContain(victim.member.email);
    },
  },
  {
    route: `GET ${USERS}`,
    title: 'searching for a member of another account, without a role, finds nobody',
    request: (victim) => ({
      path: `${USERS}?role=none&query=${encodeURIComponent(victim.pendingMember.email)}`,
    }),
    check: (response, victim) => {
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual([]);
      expect(response.text).not.toContain(victim.pendingMember.email);
    },
  },
];
