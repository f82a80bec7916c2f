import { listingStateOf, type Item } from '@listloop/domain';

/** How often the item screen asks again while a listing waits for its job or executor. */
export const LISTING_POLL_MS = 1_500;

/** Whether any of the item's listings waits for an operation (a job or an executor). */
export function hasQueuedListing(listings: Item['listings'] | null | undefined): boolean {
  if (!listings) return false;
  return Object.values(listings).some((listing) => listingStateOf(listing).status === 'queued');
}

/** TanStack Query's refetchInterval for the item: poll while a listing is queued, else stop. */
export function listingPollInterval(
  item: Pick<Item, 'listings'> | null | undefined,
): number | false {
  return hasQueuedListing(item?.listings) ? LISTING_POLL_MS : false;
}

/**
 * How often the open item screen asks again when nothing waits: a sale elsewhere, or a
 * teammate's change, shows within seconds without a reload.
 */
export const OPEN_ITEM_POLL_MS = 4_000;

/**
 * TanStack Query's refetchInterval for an item open on screen: every 1.5 s while a listing
 * waits for its job or executor, every 4 s otherwise. Queries do not poll in a hidden tab, so
 * this stops while the page is not seen (and the item is read again when it is).
 */
export function openItemPollInterval(item: Pick<Item, 'listings'> | null | undefined): number {
  return hasQueuedListing(item?.listings) ? LISTING_POLL_MS : OPEN_ITEM_POLL_MS;
}
