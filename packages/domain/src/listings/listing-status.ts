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
 * and so are marketplaceSku, the SKU the listing carries on its marketplace (decisions 0014,
 * 0024), and sentHash, the digest of what was last sent there (decision 0023).
 */
export const PROTECTED_LISTING_FIELDS = [
  'status',
  'lastStatusDate',
  'listedID',
  'listingURL',
  'pendingOperation',
  'failureReason',
  'marketplaceSku',
  'sentHash',
] as const;
export type ProtectedListingField = (typeof PROTECTED_LISTING_FIELDS)[number];

/**
 * The operation a `queued` listing waits for. A relist is a delist followed by a list: while the
 * delist half runs it is 'relist', once delisted it becomes 'list'.
 */
export const PENDING_OPERATIONS = ['list', 'delist', 'relist'] as const;
export type PendingOperation = (typeof PENDING_OPERATIONS)[number];
export const PendingOperationSchema = z.enum(PENDING_OPERATIONS);

/**
 * What the engine carries out on a listing: the pending operations, and `update`, which sends
 * a live listing's changed details while it stays listed (it never makes the listing queued).
 */
export const LISTING_OPERATIONS = [...PENDING_OPERATIONS, 'update'] as const;
export type ListingOperationKind = (typeof LISTING_OPERATIONS)[number];
export const ListingOperationKindSchema = z.enum(LISTING_OPERATIONS);
