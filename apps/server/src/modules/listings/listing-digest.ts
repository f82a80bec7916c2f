import crypto from 'node:crypto';
import { configure } from 'safe-stable-stringify';
import { listingStateOf, type BuiltListing, type Item, type MarketplaceId } from '@listloop/domain';

const stableJson = configure({ deterministic: true, circularValue: Error, bigint: false });

/**
 * What no digest covers: the quantity, which has its own push (a sale elsewhere, an edit of the
 * quantity), so a sold unit never makes a listing look out of date.
 */
const NOT_DIGESTED: readonly (keyof BuiltListing)[] = ['quantity'];

/**
 * The digest of a built listing as an update would send it (decision 0023): every field but the
 * quantity and those the marketplace's update leaves as they are (`leftOut`), in a fixed key
 * order, so the same listing always has the same digest. The build must carry the photos at
 * ListLoop's own addresses, not the signed ones a connector sends (those change every day).
 */
export function listingDigest(
  built: BuiltListing,
  leftOut: readonly (keyof BuiltListing)[] = [],
): string {
  const skipped = new Set<string>([...NOT_DIGESTED, ...leftOut]);
  const kept = Object.fromEntries(Object.entries(built).filter(([key]) => !skipped.has(key)));
  const text = stableJson(kept);
  if (typeof text !== 'string') throw new Error('A built listing has no JSON form');
  return crypto.createHash('sha256').update(text).digest('base64url');
}

/** The digest recorded on a stored listing at its last publish or update; null when none. */
export function sentHashOf(listing: Record<string, unknown> | null | undefined): string | null {
  const hash = listing?.sentHash;
  return typeof hash === 'string' && hash !== '' ? hash : null;
}

/**
 * Whether a listed listing would change if it were updated now: its digest differs from the one
 * recorded when it was last sent. A listing with none recorded (listed before ListLoop kept
 * them, or linked by the import) is out of date once the item was edited after it went live.
 * Null when the listing is not listed: there is nothing live to update.
 */
export function isOutOfDate(
  item: Pick<Item, 'dateLastModified' | 'listings'>,
  marketplace: MarketplaceId,
  digest: string,
): boolean | null {
  const stored = (item.listings[marketplace] ?? null) as Record<string, unknown> | null;
  const state = listingStateOf(stored);
  if (state.status !== 'listed') return null;
  const sent = sentHashOf(stored);
  if (sent !== null) return sent !== digest;
  return state.lastStatusDate === null || item.dateLastModified > state.lastStatusDate;
}
