import {
  BulkItemsUpdateResponseSchema,
  ItemFieldUpdateResponseSchema,
  ItemListResponseSchema,
  ItemResponseSchema,
  ItemTotalResponseSchema,
  type BulkItemsUpdateSchema,
  type Item,
  type ItemCreate,
  type ItemListQuery,
} from '@listloop/domain';
import type { z } from 'zod';
import { apiRequest } from '../api-client';

/** Spec §7 Items: the inventory calls the screens share. */
export const ITEM_PATH = '/api/account/item';
export const ITEM_EXPORT_PATH = '/api/account/item/export';
export const ITEM_TOTAL_PATH = '/api/account/item/total';

const segment = encodeURIComponent;

export const itemPath = (userId: string, itemId: string) =>
  `${ITEM_PATH}/${segment(userId)}/${segment(itemId)}`;

/** The list query the screen asks for; userId and limit are the caller's. */
export type ItemListFilters = Omit<ItemListQuery, 'cursor' | 'limit' | 'userId' | 'total'>;

/**
 * Whether the filters narrow the inventory past one status (a search, a marketplace, a label,
 * prices, dates): such a view's total is a count the server makes on its own request, while
 * the whole inventory's, or one status's, comes with the first page.
 */
export function narrowsInventory(filters: ItemListFilters): boolean {
  return Object.entries(filters).some(
    ([key, value]) =>
      key !== 'sort' && key !== 'status' && value !== undefined && value !== null && value !== '',
  );
}

export const itemKeys = {
  all: ['items'] as const,
  lists: () => [...itemKeys.all, 'list'] as const,
  list: (filters: ItemListFilters) => [...itemKeys.lists(), filters] as const,
  /** Under the lists, so whatever refreshes the lists refreshes their totals too. */
  total: (filters: ItemListFilters) => [...itemKeys.lists(), 'total', filters] as const,
  details: () => [...itemKeys.all, 'detail'] as const,
  detail: (userId: string, itemId: string) => [...itemKeys.details(), userId, itemId] as const,
};

/** Query string of the list and export calls: empty and undefined values are left out. */
export function itemListParams(query: ItemListQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  return params;
}

export function fetchItems(query: ItemListQuery, signal?: AbortSignal) {
  const params = itemListParams(query).toString();
  return apiRequest(params ? `${ITEM_PATH}?${params}` : ITEM_PATH, {
    schema: ItemListResponseSchema,
    signal,
  });
}

/** How many items the filters match, for a view whose pages are asked for with `total: 'later'`. */
export function fetchItemTotal(filters: ItemListFilters, signal?: AbortSignal) {
  const { sort: _sort, ...matching } = filters;
  const params = itemListParams(matching).toString();
  return apiRequest(params ? `${ITEM_TOTAL_PATH}?${params}` : ITEM_TOTAL_PATH, {
    schema: ItemTotalResponseSchema,
    signal,
  });
}

/** Where the CSV of the items matching the filters downloads from. */
export function itemExportHref(filters: ItemListFilters): string {
  const params = itemListParams(filters).toString();
  return params ? `${ITEM_EXPORT_PATH}?${params}` : ITEM_EXPORT_PATH;
}

export async function fetchItem(userId: string, itemId: string, signal?: AbortSignal) {
  const { item } = await apiRequest(itemPath(userId, itemId), {
    schema: ItemResponseSchema,
    signal,
  });
  return item;
}

/** Spec §5: creating fails when the answer carries no item id (the schema requires itemID). */
export async function createItem(input: ItemCreate): Promise<Item> {
  const { item } = await apiRequest(ITEM_PATH, {
    method: 'POST',
    body: input,
    schema: ItemResponseSchema,
  });
  return item;
}

/** Field-level save of form values (spec §4): dotted paths to new values. */
export function updateItemFields(userId: string, itemId: string, changes: Record<string, unknown>) {
  return apiRequest(`${itemPath(userId, itemId)}/field`, {
    method: 'PATCH',
    body: { changes },
    schema: ItemFieldUpdateResponseSchema,
  });
}

export function deleteItem(userId: string, itemId: string): Promise<void> {
  return apiRequest(itemPath(userId, itemId), { method: 'DELETE' });
}

export type BulkItemChanges = z.input<typeof BulkItemsUpdateSchema>['changes'];

/** Spec §7: bulk-items is never retried. */
export function updateItemsInBulk(userId: string, itemIds: string[], changes: BulkItemChanges) {
  return apiRequest(`${ITEM_PATH}/${segment(userId)}/bulk-items`, {
    method: 'PATCH',
    body: { itemIds, changes },
    schema: BulkItemsUpdateResponseSchema,
  });
}
