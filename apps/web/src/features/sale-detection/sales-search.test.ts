import { describe, expect, it } from 'vitest';
import { salesPollInterval, saleEventsPath } from './api/sale-events.api';
import { isFiltered, salesFilters, SalesSearchSchema } from './sales-search';

describe('the Sales screen’s URL', () => {
  it('reads the marketplace and the state, dropping what it cannot read', () => {
    expect(SalesSearchSchema.parse({ marketplace: 'ebay', state: 'open' })).toEqual({
      marketplace: 'ebay',
      state: 'open',
    });
    expect(SalesSearchSchema.parse({ marketplace: 'myspace', state: 'everything' })).toEqual({
      marketplace: undefined,
      state: undefined,
    });
  });

  it('asks for every event when no state is chosen', () => {
    expect(salesFilters({})).toEqual({ marketplace: undefined, state: 'all' });
    expect(salesFilters({ marketplace: 'etsy', state: 'dismissed' })).toEqual({
      marketplace: 'etsy',
      state: 'dismissed',
    });
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ state: 'open' })).toBe(true);
  });

  it('becomes the list call’s query, with the page cursor when there is one', () => {
    expect(saleEventsPath({ state: 'all' }, null)).toBe(
      '/api/rest/v1/sale_detection/events?state=all&limit=25',
    );
    expect(saleEventsPath({ state: 'open', marketplace: 'shopify' }, 'abc=')).toBe(
      '/api/rest/v1/sale_detection/events?state=open&limit=25&marketplace=shopify&cursor=abc%3D',
    );
  });
});

describe('following the list', () => {
  const page = (outcome: 'delist_queued' | 'delisted') => ({
    nextCursor: null,
    events: [
      {
        eventId: 'e',
        kind: 'sale' as const,
        source: 'webhook' as const,
        marketplace: 'shopify' as const,
        externalOrderId: '#1',
        itemId: 'i',
        userId: 'u',
        itemTitle: 'Jacket',
        quantity: 1,
        quantityLeft: 0,
        salePrice: null,
        currency: null,
        fees: null,
        buyerCountry: null,
        soldAt: '2026-03-01T00:00:00Z',
        detectedAt: '2026-03-01T00:00:00Z',
        dismissedAt: null,
        firstSoldOn: null,
        steps: [],
        outcomes: [
          {
            marketplace: 'ebay' as const,
            outcome,
            operationId: 'op',
            reason: null,
            finishedAt: null,
            msToDelist: null,
          },
        ],
      },
    ],
  });

  it('asks every 1.5 s while a delist runs, and every 30 s otherwise', () => {
    expect(salesPollInterval([page('delisted'), page('delist_queued')])).toBe(1500);
    expect(salesPollInterval([page('delisted')])).toBe(30_000);
    expect(salesPollInterval(undefined)).toBe(30_000);
  });
});
