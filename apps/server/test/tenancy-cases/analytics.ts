import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TenancyCase, Victim } from '../tenancy';

const PROFIT = '/api/analytics/profit';
const PROFIT_CSV = '/api/analytics/profit/export';
const AGING = '/api/analytics/inventory-aging';
const AGING_CSV = '/api/analytics/inventory-aging/export';
/** A day of sales of the victim's, and the same day read by the intruder. */
const PERIOD = 'from=2025-06-10&to=2025-06-10&timeZone=UTC';
/** A price no figure of the intruder's can reach by chance. */
const PRICE = 4321.87;

/** The victim's item, listed on eBay with 5 units, one of which sold that day (made once). */
let victimSale: Promise<void> | null = null;
function sold(victim: Victim): Promise<void> {
  victimSale ??= (async () => {
    const created = await victim.client.post('/api/account/item', {
      generalDetails: { title: 'Victim analytics item', price: PRICE, costOfGoods: 1, quantity: 6 },
    });
    expect(created.status, created.text).toBe(201);
    const itemId = created.body.item.itemID as string;
    await victim.server.container.database.db.execute(
      sql`UPDATE items SET listings = '{"ebay":{"status":"listed"}}'::jsonb WHERE id = ${itemId}`,
    );
    const recorded = await victim.server.container.services.saleDetection.record({
      accountId: victim.account.accountId,
      marketplace: 'ebay',
      externalOrderId: 'victim-analytics-order',
      item: { itemId },
      quantity: 1,
      salePrice: PRICE,
      currency: 'USD',
      soldAt: Date.parse('2025-06-10T12:00:00Z'),
      source: 'executor',
    });
    expect(recorded.status).toBe('recorded');
    // The victim reads their own sale and stock, so the intruder's nothing is meaningful.
    const own = await victim.client.get(`${PROFIT}?${PERIOD}`);
    expect(own.body.total.money.revenue).toBe(PRICE);
    const stock = await victim.client.get(`${AGING}?marketplace=ebay`);
    expect(stock.body.total.valueAtPrice).toBe(21609.35);
  })();
  return victimSale;
}

const NOTHING_OF_THE_VICTIM = (response: { status: number; text: string }) => {
  expect(response.status, response.text).toBe(200);
  expect(response.text).not.toContain('4321.87');
  expect(response.text).not.toContain('21609.35');
};

export const cases: TenancyCase[] = [
  {
    route: `GET ${PROFIT}`,
    title: 'counts none of another account’s sales or listed units',
    request: async (victim) => {
      await sold(victim);
      return { path: `${PROFIT}?${PERIOD}` };
    },
    check: (response) => {
      NOTHING_OF_THE_VICTIM(response);
      expect(response.body.total.sales).toBe(0);
    },
  },
  {
    route: `GET ${PROFIT}`,
    title: 'narrowed to the marketplace the other account sold on, still counts nothing',
    request: async (victim) => {
      await sold(victim);
      return { path: `${PROFIT}?${PERIOD}&marketplace=ebay` };
    },
    check: (response) => {
      NOTHING_OF_THE_VICTIM(response);
      expect(response.body.total.sales).toBe(0);
    },
  },
  {
    route: `GET ${PROFIT_CSV}`,
    title: 'exports none of another account’s sales',
    request: async (victim) => {
      await sold(victim);
      return { path: `${PROFIT_CSV}?${PERIOD}` };
    },
    check: NOTHING_OF_THE_VICTIM,
  },
  {
    route: `GET ${AGING}`,
    title: 'ages none of another account’s items',
    request: async (victim) => {
      await sold(victim);
      return { path: `${AGING}?marketplace=ebay` };
    },
    check: NOTHING_OF_THE_VICTIM,
  },
  {
    route: `GET ${AGING_CSV}`,
    title: 'exports none of another account’s items',
    request: async (victim) => {
      await sold(victim);
      return { path: AGING_CSV };
    },
    check: NOTHING_OF_THE_VICTIM,
  },
];
