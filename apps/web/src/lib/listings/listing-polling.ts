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
