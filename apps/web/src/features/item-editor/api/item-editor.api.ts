import { imageRecordPath, SaleEventListSchema, StoredImageSchema } from '@listloop/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fetchItem, itemKeys } from '../../../lib/inventory/item.api';

export const itemQueryOptions = (userId: string, itemId: string) =>
  queryOptions({
    queryKey: itemKeys.detail(userId, itemId),
    queryFn: ({ signal }) => fetchItem(userId, itemId, signal),
  });

export function fetchUploadedImage(imageId: string, signal?: AbortSignal) {
  return apiRequest(imageRecordPath(imageId), {
    schema: StoredImageSchema,
    signal,
    retries: 2,
  });
}

/** How many of an item's sales its screen shows: more than any one item has in practice. */
const ITEM_SALES_LIMIT = 50;

/**
 * The item's sales, newest first, whatever their age (the sale-detection events of the item).
 * `version` is the item's dateLastModified, which every sale changes: a new one asks again.
 */
export const itemSalesQueryOptions = (itemId: string, version: number) =>
  queryOptions({
    // Under the Sales screen's key: what changes its events changes these too.
    queryKey: ['sale-events', 'item', itemId, version] as const,
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ itemId, limit: String(ITEM_SALES_LIMIT) });
      const { events } = await apiRequest(`/api/rest/v1/sale_detection/events?${params}`, {
        schema: SaleEventListSchema,
        signal,
      });
      return events;
    },
    placeholderData: keepPreviousData,
  });
