import { describe, expect, it } from 'vitest';
import {
  hasQueuedListing,
  LISTING_POLL_MS,
  listingPollInterval,
  OPEN_ITEM_POLL_MS,
  openItemPollInterval,
} from './listing-polling';

const listing = (status: string) => ({
  status,
  lastStatusDate: 1,
  listedID: null,
  listingURL: null,
  dateCreated: null,
  dateLastModified: null,
});

describe('polling the item while jobs run', () => {
  it.each([
    ['no item yet', undefined, false],
    ['no listings', { listings: {} }, false],
    [
      'nothing queued',
      { listings: { ebay: listing('listed'), mercari: listing('list_failure') } },
      false,
    ],
    ['one queued', { listings: { ebay: listing('listed'), mercari: listing('queued') } }, true],
    [
      'every listing queued',
      { listings: { ebay: listing('queued'), etsy: listing('queued') } },
      true,
    ],
    ['an unknown status reads as not listed', { listings: { ebay: listing('publishing') } }, false],
  ] as const)('%s', (_, item, polls) => {
    expect(hasQueuedListing(item?.listings as never)).toBe(polls);
    expect(listingPollInterval(item as never)).toBe(polls ? LISTING_POLL_MS : false);
    // An item open on screen is read again even when nothing waits: a sale may come.
    expect(openItemPollInterval(item as never)).toBe(polls ? LISTING_POLL_MS : OPEN_ITEM_POLL_MS);
  });

  it('polls about every 1.5 s', () => {
    expect(LISTING_POLL_MS).toBe(1500);
  });
});
