import { z } from 'zod';
import { CATEGORY_SEPARATOR } from '../items/category-path';
import { defaultCatalogue, type Catalogue } from './catalogue';
import type { MarketplaceId } from './marketplaces';

/**
 * GET /api/marketplaces/{marketplace}/categories: a marketplace's own categories, from its
 * category tree (eBay's Taxonomy API, Etsy's seller taxonomy), so a seller picks one by its
 * name and never types an id.
 */

/** Marketplaces whose categories ListLoop reads from their API (the catalogue's source). */
export function hasCategoryTree(
  marketplace: MarketplaceId,
  catalogue: Readonly<Catalogue> = defaultCatalogue,
): boolean {
  const source = catalogue[marketplace].categorySource;
  return source === 'ebay-taxonomy' || source === 'etsy-taxonomy';
}

export const CATEGORY_SEARCH_LIMIT_MAX = 50;
export const CATEGORY_IDS_MAX = 50;
export const CATEGORY_QUERY_MAX_LENGTH = 100;

export const MarketplaceCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The names from the top of the tree down to this one (its own last). */
  path: z.array(z.string()),
  /** Whether it has no subcategories. */
  leaf: z.boolean(),
  /** Whether a listing may be in it (eBay lists only in categories without subcategories). */
  listable: z.boolean(),
});
export type MarketplaceCategory = z.infer<typeof MarketplaceCategorySchema>;

const CategoryId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, {
    message: 'Category ids are letters, digits, - or _.',
  });

export const MarketplaceCategoriesQuerySchema = z
  .object({
    /** Words of the category's name or path ("men jeans"). */
    q: z.string().trim().min(1).max(CATEGORY_QUERY_MAX_LENGTH).optional(),
    /** Ids to name, comma-separated (how a stored category id is shown by its name). */
    ids: z
      .string()
      .trim()
      .min(1)
      .transform((value) => value.split(',').map((id) => id.trim()))
      .pipe(z.array(CategoryId).min(1).max(CATEGORY_IDS_MAX))
      .optional(),
    limit: z.coerce.number().int().min(1).max(CATEGORY_SEARCH_LIMIT_MAX).default(20),
  })
  .refine((query) => query.q !== undefined || query.ids !== undefined, {
    message: 'Give the words to look for (q) or the category ids to name (ids).',
    path: ['q'],
  });
export type MarketplaceCategoriesQuery = z.infer<typeof MarketplaceCategoriesQuerySchema>;

export const MarketplaceCategoriesResponseSchema = z.object({
  marketplace: z.string(),
  treeId: z.string(),
  /** The marketplace's version of its tree, where it names one. */
  treeVersion: z.string().nullable(),
  categories: z.array(MarketplaceCategorySchema),
});
export type MarketplaceCategoriesResponse = z.infer<typeof MarketplaceCategoriesResponseSchema>;

/** A category as a seller reads it: "Clothing, Shoes & Accessories › Men › … › Jeans". */
export function categoryPathText(path: readonly string[]): string {
  return path.join(CATEGORY_SEPARATOR);
}

/** Text as the search compares it: no letter case, accents or apostrophes ("Men’s" = "mens"). */
export function foldCategoryText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/['’ʼ]/g, '')
    .toLocaleLowerCase('en-US');
}

/** The words of a text, folded: what the search matches the start of. */
export function categoryWords(text: string): string[] {
  return foldCategoryText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}
