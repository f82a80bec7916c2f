import {
  ItemResponseSchema,
  ListingHistoryResponseSchema,
  ListingOperationSchema,
  ListingOperationsResponseSchema,
  ListingPreviewResponseSchema,
  ListingQueueResponseSchema,
  type BulkMarkAsNotListedRequestSchema,
  type Item,
  type ListingOperationKind,
  type ListingQueueRequest,
  type MarketplaceId,
  type MarkItemAsSoldRequest,
  type SetListingListedRequestSchema,
} from '@listloop/domain';
import { z } from 'zod';
import { apiRequest } from '../api-client';
import { itemPath } from '../inventory/item.api';

/** Spec §7 Items (listing calls) with the preview, history and operations. */
export const ITEM_STATUS_PATH = '/api/rest/v1/item';

/** The executor protocol's calls a member makes from the item screen (decision 0041). */
export const EXECUTOR_OPERATIONS_PATH = '/api/rest/v1/executor/operations';

const segment = encodeURIComponent;

export const listingKeys = {
  all: ['listings'] as const,
  /** Every item's previews (a connection made or removed changes what they say). */
  allPreviews: ['listings', 'preview'] as const,
  previews: (userId: string, itemId: string) =>
    [...listingKeys.allPreviews, userId, itemId] as const,
  /**
   * `version` changes whenever what the preview reads changes (the item's last save), `sent`
   * whenever a listing is sent again (what its out-of-date mark compares with).
   */
  preview: (
    userId: string,
    itemId: string,
    marketplaces: readonly string[],
    version: number,
    sent: string,
  ) => [...listingKeys.previews(userId, itemId), [...marketplaces].sort(), version, sent] as const,
  histories: (userId: string, itemId: string) =>
    [...listingKeys.all, 'history', userId, itemId] as const,
  history: (userId: string, itemId: string, marketplace: string, version: number | null) =>
    [...listingKeys.histories(userId, itemId), marketplace, version] as const,
  operations: (userId: string, itemId: string) =>
    [...listingKeys.all, 'operations', userId, itemId] as const,
};

/** The listing each marketplace would be sent, and every problem that would stop it. */
export async function previewListings(
  userId: string,
  itemId: string,
  marketplaces: readonly MarketplaceId[],
  signal?: AbortSignal,
) {
  const { previews } = await apiRequest(`${itemPath(userId, itemId)}/preview`, {
    method: 'POST',
    body: { marketplaces },
    schema: ListingPreviewResponseSchema,
    signal,
  });
  return previews;
}

/**
 * PUT /api/rest/v1/item/{itemId}/status: queue a list, delist, relist or update (of a listed
 * listing, which stays listed) on one marketplace.
 */
export function queueListing(
  userId: string,
  itemId: string,
  marketplace: MarketplaceId,
  operation: ListingOperationKind,
) {
  const body: ListingQueueRequest = { userId, marketplace, status: 'queue', operation };
  return apiRequest(`${ITEM_STATUS_PATH}/${segment(itemId)}/status`, {
    method: 'PUT',
    body,
    schema: ListingQueueResponseSchema,
  });
}

/**
 * PUT …/mark-item-as-sold: a sale the seller records (where, and what they know of it: units,
 * price, date); the answer is the item after the sale.
 */
export async function markItemAsSold(
  userId: string,
  itemId: string,
  body: MarkItemAsSoldRequest,
): Promise<Item> {
  const { item } = await apiRequest(`${itemPath(userId, itemId)}/mark-item-as-sold`, {
    method: 'PUT',
    body,
    schema: ItemResponseSchema,
  });
  return item;
}

export async function markNotListed(
  userId: string,
  itemId: string,
  marketplaces: MarketplaceId[],
): Promise<Item> {
  const body: z.input<typeof BulkMarkAsNotListedRequestSchema> = { marketplaces };
  const { item } = await apiRequest(`${itemPath(userId, itemId)}/bulk-mark-as-not-listed`, {
    method: 'PUT',
    body,
    schema: ItemResponseSchema,
  });
  return item;
}

/**
 * PUT …/listing/{marketplaceId}: the server merges these top-level fields into the stored
 * listing (a nested object such as `shipping` is replaced whole) and keeps the state fields.
 */
export async function saveListing(
  userId: string,
  itemId: string,
  marketplace: MarketplaceId,
  listing: Record<string, unknown>,
): Promise<Item> {
  const { item } = await apiRequest(`${itemPath(userId, itemId)}/listing/${segment(marketplace)}`, {
    method: 'PUT',
    body: { listing },
    schema: ItemResponseSchema,
  });
  return item;
}

/** Every change of the item's listing on the marketplace, oldest first. */
export async function fetchListingHistory(
  userId: string,
  itemId: string,
  marketplace: MarketplaceId,
  signal?: AbortSignal,
) {
  const params = new URLSearchParams({ marketplace }).toString();
  const { events } = await apiRequest(`${itemPath(userId, itemId)}/listing-history?${params}`, {
    schema: ListingHistoryResponseSchema,
    signal,
  });
  return events;
}

/** The item's list, delist, relist and update operations, newest first. */
export async function fetchListingOperations(userId: string, itemId: string, signal?: AbortSignal) {
  const { operations } = await apiRequest(`${itemPath(userId, itemId)}/listing-operations`, {
    schema: ListingOperationsResponseSchema,
    signal,
  });
  return operations;
}

const ResumeResponseSchema = z.object({ operation: ListingOperationSchema });

/**
 * POST …/executor/operations/{operationId}/resume: "Try again" on an operation the extension
 * handed to the seller (needs you); it is offered to the extension again, and answered as it
 * is now.
 */
export async function resumeOperation(operationId: string) {
  const { operation } = await apiRequest(
    `${EXECUTOR_OPERATIONS_PATH}/${segment(operationId)}/resume`,
    { method: 'POST', schema: ResumeResponseSchema },
  );
  return operation;
}

/**
 * POST …/set-listing-listed as the seller: they listed the item on the marketplace themselves
 * (the extension could not), so ListLoop records the listing as live, with its address when
 * they give it. The history names them, not the extension.
 */
export async function markListed(
  userId: string,
  itemId: string,
  marketplace: MarketplaceId,
  listingURL: string | null,
): Promise<Item> {
  const body: z.input<typeof SetListingListedRequestSchema> = {
    marketplace,
    ...(listingURL ? { listingURL } : {}),
  };
  const { item } = await apiRequest(`${itemPath(userId, itemId)}/set-listing-listed`, {
    method: 'POST',
    body,
    schema: ItemResponseSchema,
  });
  return item;
}
