import { expect } from 'vitest';
import { AI_API } from '@listloop/domain';
import type { TenancyCase, Victim } from '../tenancy';

const VICTIM_TITLE = 'Victim secret Levis jacket';

/** The victim's item, made once per victim (this module may outlive one server, decision 0038). */
const victimItems = new Map<string, Promise<string>>();
function itemOf(victim: Victim): Promise<string> {
  const made = victimItems.get(victim.account.accountId);
  if (made) return made;
  const making = (async () => {
    const created = await victim.client.post('/api/account/item', {
      generalDetails: { title: VICTIM_TITLE, brand: 'Victim Brand', quantity: 1 },
    });
    expect(created.status, created.text).toBe(201);
    return created.body.item.itemID as string;
  })();
  victimItems.set(victim.account.accountId, making);
  return making;
}

async function itemUnchanged(victim: Victim) {
  const itemId = await itemOf(victim);
  const response = await victim.client.get(`/api/account/item/${victim.account.userId}/${itemId}`);
  expect(response.status, response.text).toBe(200);
  expect(response.body.item.generalDetails.title).toBe(VICTIM_TITLE);
}

export const cases: TenancyCase[] = [
  {
    route: `POST ${AI_API.completions}`,
    title: 'cannot have another account’s item written about (its fields never reach the answer)',
    request: async (victim) => ({
      path: AI_API.completions,
      body: { itemId: await itemOf(victim), task: 'all' },
    }),
    unchanged: itemUnchanged,
  },
  {
    route: `POST ${AI_API.completions}`,
    title: 'cannot name another account’s owner and item',
    request: async (victim) => ({
      path: AI_API.completions,
      body: { itemId: await itemOf(victim), userId: victim.account.userId, task: 'title' },
    }),
    unchanged: itemUnchanged,
  },
];

export const ownDataOnly: Record<string, string> = {
  [`GET ${AI_API.usage}`]: 'the caller’s own account’s totals; takes no id',
};
