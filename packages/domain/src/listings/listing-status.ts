import { z } from 'zod';

/** Listing states per (item, marketplace); the transition table arrives with the listing engine. */
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
 */
export const PROTECTED_LISTING_FIELDS = [
  'status',
  'lastStatusDate',
  'listedID',
  'listingURL',
] as const;
export type ProtectedListingField = (typeof PROTECTED_LISTING_FIELDS)[number];
