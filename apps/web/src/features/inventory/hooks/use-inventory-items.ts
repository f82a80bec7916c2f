import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ItemListFilters } from '../../../lib/inventory/item.api';
import { flattenPages, inventoryQueryOptions } from '../api/inventory-items';

/** The items matching the filters, page by page as the seller scrolls. */
export function useInventoryItems(filters: ItemListFilters) {
  const query = useInfiniteQuery({
    ...inventoryQueryOptions(filters),
    // Typing in the search box keeps the last results on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
  const items = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  const first = query.data?.pages[0];
  const total = first?.total ?? 0;
  /** More items match than the server counts (it stops at ITEM_COUNT_CAP). */
  const totalCapped = first?.totalCapped ?? false;
  return { ...query, items, total, totalCapped };
}
