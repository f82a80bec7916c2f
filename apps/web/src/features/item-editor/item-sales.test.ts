import type { Item, SaleEvent } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import {
  localDateInput,
  markSoldBody,
  markSoldErrors,
  markSoldMarketplaces,
  salesSince,
  soldAtFromDate,
  stockState,
} from './item-sales';

type Listings = Item['listings'];
const listing = (status: string, extra: Record<string, unknown> = {}) =>
  ({ status, lastStatusDate: 1, listedID: null, listingURL: null, ...extra }) as never;
const item = (quantity: number, listings: Record<string, unknown> = {}) => ({
  generalDetails: { quantity } as Item['generalDetails'],
  listings: listings as Listings,
});
const sale = (eventId: string, kind: SaleEvent['kind'] = 'sale') =>
  ({ eventId, kind }) as SaleEvent;

// Noon, 14 March 2026, in the machine's own time zone.
const NOW = new Date(2026, 2, 14, 12, 0).getTime();

describe('the item as stock', () => {
  it('is in stock with units left, whatever its listings say', () => {
    expect(stockState(item(2, { ebay: listing('sold') }), [sale('a')])).toBe('in_stock');
  });

  it('is sold when none is left and a sale took the last one', () => {
    expect(stockState(item(0, { ebay: listing('sold') }), undefined)).toBe('sold');
    expect(stockState(item(0), [sale('a')])).toBe('sold');
  });

  it('has none left, not sold, when no sale is on record', () => {
    expect(stockState(item(0, { ebay: listing('listed') }), [])).toBe('none_left');
    expect(stockState(item(0), [sale('a', 'double_sale')])).toBe('none_left');
  });
});

describe('mark as sold', () => {
  it('offers the marketplaces where the listing is live, not those on their way or gone', () => {
    const offered = markSoldMarketplaces(
      item(1, {
        ebay: listing('listed'),
        etsy: listing('delist_failure', { failureReason: 'Timed out' }),
        poshmark: listing('queued', { pendingOperation: 'list' }),
        shopify: listing('delisted'),
        mercari: listing('queued', { pendingOperation: 'delist' }),
        myspace: listing('listed'),
      }),
    );
    expect(offered.sort()).toEqual(['ebay', 'etsy', 'mercari']);
  });

  it('dates a sale today now, and an earlier day at noon of that day', () => {
    expect(localDateInput(NOW)).toBe('2026-03-14');
    expect(soldAtFromDate('2026-03-14', NOW)).toBe(new Date(NOW).toISOString());
    expect(soldAtFromDate('2026-03-02', NOW)).toBe(new Date(2026, 2, 2, 12).toISOString());
    expect(soldAtFromDate('2026-03-15', NOW)).toBeNull();
    expect(soldAtFromDate('2026-02-30', NOW)).toBeNull();
    expect(soldAtFromDate('', NOW)).toBeNull();
  });

  it('says what stops a sale being sent', () => {
    const form = { where: 'in_person' as const, price: 24.99, date: '2026-03-14', quantity: 1 };
    expect(markSoldErrors(form, 1, NOW)).toEqual({});
    expect(
      markSoldErrors({ ...form, where: null, date: '2026-04-01', quantity: 3 }, 2, NOW),
    ).toEqual({ where: 'whereRequired', date: 'dateInvalid', quantity: 'quantityInvalid' });
    expect(markSoldErrors({ ...form, quantity: 0 }, 2, NOW).quantity).toBe('quantityInvalid');
  });

  it('sends the price with the currency, and no price when none is given', () => {
    const form = { where: 'in_person' as const, price: 24.99, date: '2026-03-02', quantity: 2 };
    expect(markSoldBody(form, 'GBP', NOW)).toEqual({
      marketplace: 'in_person',
      quantity: 2,
      salePrice: 24.99,
      currency: 'GBP',
      soldAt: new Date(2026, 2, 2, 12).toISOString(),
    });
    expect(markSoldBody({ ...form, where: 'ebay', price: null }, 'USD', NOW)).toEqual({
      marketplace: 'ebay',
      quantity: 2,
      soldAt: new Date(2026, 2, 2, 12).toISOString(),
    });
  });
});

describe('sold while the page was open', () => {
  it('tells of the sales that arrived since the page took note, none before it read them', () => {
    const sales = [sale('new'), sale('old')];
    expect(salesSince(null, sales)).toEqual([]);
    expect(salesSince(new Set(['old']), sales)).toEqual([sale('new')]);
    expect(salesSince(new Set(['old', 'new']), sales)).toEqual([]);
  });
});
