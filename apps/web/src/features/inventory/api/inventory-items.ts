import type { Item } from '@listloop/domain';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { fetchItems, itemKeys, type ItemListFilters } from '../../../lib/inventory/item.api';

/** Rows per page: a screenful or two, so scrolling rarely waits. */
export const INVENTORY_PAGE_SIZE = 100;

export const inventoryQueryOptions = (filters: ItemListFilters) =>
  infiniteQueryOptions({
    queryKey: itemKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      fetchItems({ ...filters, cursor: pageParam, limit: INVENTORY_PAGE_SIZE }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
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
