import {
  MarketplaceCategoriesResponseSchema,
  type MarketplaceCategory,
  type MarketplaceId,
} from '@listloop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** GET /api/marketplaces/{marketplace}/categories: a marketplace's own categories. */
export function categoriesPath(marketplace: MarketplaceId): string {
  return `/api/marketplaces/${encodeURIComponent(marketplace)}/categories`;
}

export const categoryKeys = {
  all: ['marketplace-categories'] as const,
  search: (marketplace: MarketplaceId, q: string) =>
    [...categoryKeys.all, marketplace, 'search', q] as const,
  named: (marketplace: MarketplaceId, ids: readonly string[]) =>
    [...categoryKeys.all, marketplace, 'ids', [...ids].sort()] as const,
};

/** The server keeps the trees for a day; a few minutes here saves asking again while typing. */
const CATEGORIES_STALE_MS = 10 * 60_000;

export const categorySearchQueryOptions = (marketplace: MarketplaceId, q: string) =>
  queryOptions({
    queryKey: categoryKeys.search(marketplace, q),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ q, limit: '20' });
      const { categories } = await apiRequest(`${categoriesPath(marketplace)}?${query}`, {
        schema: MarketplaceCategoriesResponseSchema,
        signal,
      });
      return categories;
    },
    staleTime: CATEGORIES_STALE_MS,
  });

export const categoryNamesQueryOptions = (marketplace: MarketplaceId, ids: readonly string[]) =>
  queryOptions({
    queryKey: categoryKeys.named(marketplace, ids),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ ids: [...ids].sort().join(',') });
      const { categories } = await apiRequest(`${categoriesPath(marketplace)}?${query}`, {
        schema: MarketplaceCategoriesResponseSchema,
        signal,
      });
      return new Map(categories.map((category) => [category.id, category]));
    },
    staleTime: CATEGORIES_STALE_MS,
  });

/** The categories whose words start with what the seller typed (nothing until they type). */
export function useCategorySearch(marketplace: MarketplaceId, q: string) {
  const words = q.trim();
  return useQuery({
    ...categorySearchQueryOptions(marketplace, words),
    enabled: words !== '',
    // While the next keystroke's answer comes, the last one stays on screen.
    placeholderData: keepPreviousData,
  });
}

/** Stored category ids by their names (ids of the marketplace's kind only are asked for). */
export function useCategoryNames(
  marketplace: MarketplaceId,
  ids: readonly string[],
  enabled = true,
) {
  const wanted = [...new Set(ids.filter(isCategoryId))];
  return useQuery({
    ...categoryNamesQueryOptions(marketplace, wanted),
    enabled: enabled && wanted.length > 0,
  });
}

/** Whether a stored value is a category id of eBay or Etsy (numbers), not words typed instead. */
export function isCategoryId(value: string): boolean {
  return /^\d{1,20}$/.test(value.trim());
}

export type { MarketplaceCategory };
