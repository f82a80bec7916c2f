import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { narrowsInventory, type ItemListFilters } from '../../../lib/inventory/item.api';
import {
  flattenPages,
  inventoryQueryOptions,
  inventoryTotalQueryOptions,
} from '../api/inventory-items';

/**
 * The items matching the filters, page by page as the seller scrolls, and how many match:
 * with the first page for the whole inventory or one status, counted on its own request
 * (sent beside the first page) for a search or a filter. `total` is null until it is known.
 */
export function useInventoryItems(filters: ItemListFilters) {
  const query = useInfiniteQuery({
    ...inventoryQueryOptions(filters),
    // Typing in the search box keeps the last results on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
  const counted = useQuery(inventoryTotalQueryOptions(filters));
  const items = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  const first = query.isPlaceholderData ? undefined : query.data?.pages[0];
  const source = narrowsInventory(filters) ? counted.data : first;
  const total = source?.total ?? null;
  /** More items match than the server counts (it stops at ITEM_COUNT_CAP). */
  const totalCapped = source?.totalCapped ?? false;
  return { ...query, items, total, totalCapped };
}
