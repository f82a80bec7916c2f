import type { Item, ListingOperation } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import {
  hasActiveOperation,
  lastUpdateFailure,
  listedMarketplaces,
  outOfDateMarketplaces,
  sentVersion,
} from './listing-sync';

const listing = (status: string, sentHash?: string) =>
  ({
    status,
    lastStatusDate: 1,
    listedID: status === 'not_listed' ? null : 'L-1',
    listingURL: null,
    dateCreated: null,
    dateLastModified: null,
    ...(sentHash ? { sentHash } : {}),
  }) as Item['listings'][string];

const operation = (fields: Partial<ListingOperation>): ListingOperation => ({
  operationId: 'op',
  itemId: 'item',
  userId: 'user',
  marketplace: 'ebay',
  operation: 'update',
  executor: 'connector',
  status: 'succeeded',
  attempts: 1,
  lastError: null,
  cancelReason: null,
  leaseExpiresAt: null,
  needsYou: null,
  ...fields,
});

describe('live listings and their updates', () => {
  const listings = {
    ebay: listing('listed', 'a'),
    shopify: listing('listed', 'b'),
    etsy: listing('delisted'),
    depop: listing('queued'),
  };

  it('updates reach the listed listings only', () => {
    expect(listedMarketplaces(listings)).toEqual(['ebay', 'shopify']);
  });

  it('counts the listed listings whose preview differs from what was sent', () => {
    expect(
      outOfDateMarketplaces(listings, [
        { marketplace: 'ebay', outOfDate: true },
        { marketplace: 'shopify', outOfDate: false },
        // A delisted listing is not live: nothing to update there.
        { marketplace: 'etsy', outOfDate: true },
      ]),
    ).toEqual(['ebay']);
    expect(outOfDateMarketplaces(listings, undefined)).toEqual([]);
  });

  it('changes its version when a listing is sent again', () => {
    const before = sentVersion(listings);
    expect(sentVersion({ ...listings, ebay: listing('listed', 'c') })).not.toBe(before);
    expect(sentVersion({ shopify: listings.shopify, ebay: listings.ebay })).toBe(
      sentVersion({ ebay: listings.ebay, shopify: listings.shopify }),
    );
  });

  it('knows when an operation still runs', () => {
    expect(hasActiveOperation([operation({ status: 'succeeded' })])).toBe(false);
    expect(hasActiveOperation([operation({ status: 'running' })])).toBe(true);
    expect(hasActiveOperation(undefined)).toBe(false);
  });

  it('shows a refused update until something newer is done to the listing', () => {
    const refused = operation({ status: 'failed', lastError: 'eBay says: ended.' });
    expect(lastUpdateFailure([refused], 'ebay')).toBe('eBay says: ended.');
    expect(lastUpdateFailure([refused], 'shopify')).toBeNull();
    expect(lastUpdateFailure([operation({ status: 'queued' }), refused], 'ebay')).toBeNull();
    expect(lastUpdateFailure([operation({ operation: 'delist' }), refused], 'ebay')).toBeNull();
  });
});
