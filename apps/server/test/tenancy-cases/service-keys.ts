import { expect } from 'vitest';
import type { TenancyCase, Victim } from '../tenancy';

const KEYS = '/api/rest/v1/enterprise/account/service-keys';
const VICTIM_KEY = 'Victim shop search';

/** A key the victim made: its id (the secret is the victim's). */
async function victimKey(victim: Victim): Promise<string> {
  const created = await victim.client.post(KEYS, { name: VICTIM_KEY, kind: 'search' });
  expect(created.status, created.text).toBe(201);
  return created.body.data.serviceKey.id as string;
}

async function victimKeysLive(victim: Victim): Promise<void> {
  const listed = await victim.client.get(KEYS);
  const keys = listed.body.data.data as { name: string; revokedAt: string | null }[];
  const theirs = keys.filter((k) => k.name === VICTIM_KEY);
  expect(theirs.length).toBeGreaterThan(0);
  expect(theirs.every((k) => k.revokedAt === null)).toBe(true);
}

export const cases: TenancyCase[] = [
  {
    route: `GET ${KEYS}`,
    title: 'lists none of another account’s service keys',
    request: async (victim) => {
      await victimKey(victim);
      return { path: KEYS };
    },
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.text).not.toContain(VICTIM_KEY);
    },
  },
  {
    route: `DELETE ${KEYS}/:id`,
    title: 'cannot revoke another account’s service key',
    request: async (victim) => ({ path: `${KEYS}/${await victimKey(victim)}` }),
    unchanged: victimKeysLive,
  },
  {
    route: `POST ${KEYS}`,
    title: 'cannot make a key with another account’s role',
    request: (victim) => ({
      path: KEYS,
      body: { name: 'Borrowed role', kind: 'user_role', roleId: victim.role.id },
    }),
  },
];
