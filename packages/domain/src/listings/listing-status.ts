import { z } from 'zod';

/** Listing states per (item, marketplace); the transition table is in listing-state.ts. */
export const LISTING_STATUSES = [
  'not_listed',
  'queued',
  'listed',
  'list_failure',
  'delisted',
  'delist_failure',
  'sold',
] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export const ListingStatusSchema = z.enum(LISTING_STATUSES);

/**
 * Spec §3: an edit never overwrites these; only the listing engine's own calls change them.
 * The spec names the first four; the engine's pendingOperation and failureReason are kept alike,
 * and so is marketplaceSku, the SKU an imported listing has on its marketplace (decision 0014).
 */
export const PROTECTED_LISTING_FIELDS = [
  'status',
  'lastStatusDate',
  'listedID',
  'listingURL',
  'pendingOperation',
  'failureReason',
  'marketplaceSku',
] as const;
export type ProtectedListingField = (typeof PROTECTED_LISTING_FIELDS)[number];

/**
 * The operation a `queued` listing waits for. A relist is a delist followed by a list: while the
 * delist half runs it is 'relist', once delisted it becomes 'list'.
 */
export const PENDING_OPERATIONS = ['list', 'delist', 'relist'] as const;
export type PendingOperation = (typeof PENDING_OPERATIONS)[number];
export const PendingOperationSchema = z.enum(PENDING_OPERATIONS);
