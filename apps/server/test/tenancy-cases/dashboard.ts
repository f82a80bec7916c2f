import { expect } from 'vitest';
import type { TenancyCase } from '../tenancy';

const DASHBOARD = '/api/dashboard';
const VICTIM_TITLE = 'Victim dashboard coat';

/** The victim's sale, its item and a listing live on eBay: what an intruder's counts must lack. */
let victimSale: Promise<void> | null = null;
function saleOf(victim: Parameters<TenancyCase['request']>[0]): Promise<void> {
  victimSale ??= (async () => {
    const created = await victim.client.post('/api/account/item', {
      generalDetails: { title: VICTIM_TITLE, price: 80, quantity: 3 },
    });
    expect(created.status, created.text).toBe(201);
    const itemId = created.body.item.itemID as string;
    const sold = await victim.client.put(
      `/api/account/item/${victim.account.userId}/${itemId}/mark-item-as-sold`,
      { marketplace: 'in_person', salePrice: 80, currency: 'USD' },
    );
    expect(sold.status, sold.text).toBe(200);
  })();
  return victimSale;
}

export const cases: TenancyCase[] = [
  {
    route: `GET ${DASHBOARD}`,
    title: 'counts only the caller’s account’s sales, listings and activity',
    request: async (victim) => {
      await saleOf(victim);
      return { path: DASHBOARD };
    },
    check: (response) => {
      expect(response.status, response.text).toBe(200);
      expect(response.text).not.toContain(VICTIM_TITLE);
      expect(response.body.sales.today.count).toBe(0);
      expect(response.body.sales.week.revenue).toBe(0);
      expect(response.body.listings.total).toBe(0);
    },
    unchanged: async (victim) => {
      const own = await victim.client.get(DASHBOARD);
      expect(own.status).toBe(200);
      expect(own.body.sales.latest.map((s: { itemTitle: string }) => s.itemTitle)).toContain(
        VICTIM_TITLE,
      );
    },
  },
];
