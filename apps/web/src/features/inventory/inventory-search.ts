import {
  ITEM_SORTS,
  ITEM_STATUSES,
  ListingStatusSchema,
  MarketplaceIdSchema,
  type ItemSort,
} from '@listloop/domain';
import { z } from 'zod';
import type { ItemListFilters } from '../../lib/inventory/item.api';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The router reads `?q=123` as a number; a search for a numeric SKU is still text. */
const text = (max: number) =>
  z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .pipe(z.string().min(1).max(max))
    .optional()
    .catch(undefined);

const amount = z.coerce.number().min(0).finite().optional().catch(undefined);
const day = z.string().regex(DAY).optional().catch(undefined);

/**
 * The inventory screen's URL: search, filters and sort, so a view can be reloaded, shared and
 * navigated back to. An unreadable value is dropped rather than failing the screen.
 */
export const InventorySearchSchema = z.object({
  q: text(200),
  status: z.enum(ITEM_STATUSES).optional().catch(undefined),
  marketplace: MarketplaceIdSchema.optional().catch(undefined),
  listingStatus: ListingStatusSchema.optional().catch(undefined),
  label: text(20),
  priceMin: amount,
  priceMax: amount,
  /** Calendar days (YYYY-MM-DD) in the seller's own time zone, both inclusive. */
  createdFrom: day,
  createdTo: day,
  sort: z.enum(ITEM_SORTS).optional().catch(undefined),
});
export type InventorySearch = z.infer<typeof InventorySearchSchema>;

export const DEFAULT_SORT: ItemSort = 'dateCreated:desc';

/** The filters of the drawer, as opposed to the search box and the sort. */
export const FILTER_KEYS = [
  'status',
  'marketplace',
  'listingStatus',
  'label',
  'priceMin',
  'priceMax',
  'createdFrom',
  'createdTo',
] as const satisfies readonly (keyof InventorySearch)[];

function parseDay(value: string): [number, number, number] {
  const [year, month, date] = value.split('-').map(Number) as [number, number, number];
  return [year, month - 1, date];
}

/** Midnight starting the day, local time, in epoch milliseconds. */
export function startOfDay(value: string): number {
  return new Date(...parseDay(value)).getTime();
}

/** The last millisecond of the day, local time. */
export function endOfDay(value: string): number {
  const [year, month, date] = parseDay(value);
  return new Date(year, month, date + 1).getTime() - 1;
}

/** What the list call is asked for: the URL's values, with days turned into instants. */
export function filtersFromSearch(search: InventorySearch): ItemListFilters {
  const filters: ItemListFilters = { sort: search.sort ?? DEFAULT_SORT };
  if (search.q) filters.q = search.q;
  if (search.status) filters.status = search.status;
  if (search.marketplace) filters.marketplace = search.marketplace;
  if (search.listingStatus) filters.listingStatus = search.listingStatus;
  if (search.label) filters.label = search.label;
  if (search.priceMin !== undefined) filters.priceMin = search.priceMin;
  if (search.priceMax !== undefined) filters.priceMax = search.priceMax;
  if (search.createdFrom) filters.createdFrom = startOfDay(search.createdFrom);
  if (search.createdTo) filters.createdTo = endOfDay(search.createdTo);
  return filters;
}

/** A copy without undefined values, so URLs and query keys compare equal. */
export function compactSearch(search: InventorySearch): InventorySearch {
  return Object.fromEntries(
    Object.entries(search).filter(([, value]) => value !== undefined && value !== ''),
  ) as InventorySearch;
}

export function activeFilterCount(search: InventorySearch): number {
  return FILTER_KEYS.filter((key) => search[key] !== undefined).length;
}

export function hasSearchOrFilters(search: InventorySearch): boolean {
  return Boolean(search.q) || activeFilterCount(search) > 0;
}

/** Drops the drawer's filters; the search text and the sort stay. */
export function withoutFilters(search: InventorySearch): InventorySearch {
  return compactSearch({ q: search.q, sort: search.sort });
}

/** Problems a person can fix in the drawer: a range whose ends are the wrong way round. */
export function rangeProblems(search: InventorySearch): { price: boolean; created: boolean } {
  return {
    price:
      search.priceMin !== undefined &&
      search.priceMax !== undefined &&
      search.priceMin > search.priceMax,
    created:
      search.createdFrom !== undefined &&
      search.createdTo !== undefined &&
      search.createdFrom > search.createdTo,
  };
}
