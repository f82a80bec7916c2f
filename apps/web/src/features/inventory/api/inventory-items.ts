import type { Item } from '@listloop/domain';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  fetchItems,
  fetchItemTotal,
  itemKeys,
  narrowsInventory,
  type ItemListFilters,
} from '../../../lib/inventory/item.api';

/** Rows per page: a screenful or two, so scrolling rarely waits. */
export const INVENTORY_PAGE_SIZE = 100;

export const inventoryQueryOptions = (filters: ItemListFilters) =>
  infiniteQueryOptions({
    queryKey: itemKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      fetchItems(
        {
          ...filters,
          cursor: pageParam,
          limit: INVENTORY_PAGE_SIZE,
          // A narrowed view's rows show without waiting for its count, asked for beside them.
          total: narrowsInventory(filters) ? 'later' : 'count',
        },
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const inventoryTotalQueryOptions = (filters: ItemListFilters) =>
  queryOptions({
    queryKey: itemKeys.total(filters),
    queryFn: ({ signal }) => fetchItemTotal(filters, signal),
    enabled: narrowsInventory(filters),
  });

/** The loaded pages as one list; an item moved between pages while loading shows once. */
export function flattenPages(pages: readonly { items: readonly Item[] }[] | undefined): Item[] {
  if (!pages) return [];
  const seen = new Set<string>();
  const items: Item[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(item.itemID)) continue;
      seen.add(item.itemID);
      items.push(item);
    }
  }
  return items;
}
