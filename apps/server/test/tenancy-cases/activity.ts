import { expect } from 'vitest';
import type { TenancyCase } from '../tenancy';

const LOG = '/api/rest/v1/enterprise/activity';

/** The victim's own entries: their role and an item, made before the intruder looks. */
async function victimActivity(victim: Parameters<TenancyCase['request']>[0]) {
  const item = await victim.client.post('/api/account/item', {
    generalDetails: { title: 'Victim activity item' },
  });
  expect(item.status, item.text).toBe(201);
  return item.body.item.itemID as string;
}

export const cases: TenancyCase[] = [
  {
    route: `GET ${LOG}`,
    title: 'lists only the caller’s account’s activity',
    request: async (victim) => {
      await victimActivity(victim);
      return { path: `${LOG}?limit=100` };
    },
    check: (response, victim) => {
      expect(response.status).toBe(200);
      expect(response.text).not.toContain(victim.role.id);
      expect(response.text).not.toContain('Victim activity item');
    },
  },
  {
    route: `GET ${LOG}`,
    title: 'finds nothing of another account’s item by its id',
    request: async (victim) => ({
      path: `${LOG}?subjectType=item&subjectId=${await victimActivity(victim)}`,
    }),
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.body.entries).toEqual([]);
    },
  },
  {
    route: `GET ${LOG}`,
    title: 'finds nothing another account’s member did',
    request: (victim) => ({ path: `${LOG}?actor=${victim.account.userId}` }),
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.body.entries).toEqual([]);
    },
  },
];
