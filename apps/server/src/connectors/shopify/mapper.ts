import crypto from 'node:crypto';
import { checkListing, type BuiltListing, type Item } from '@listloop/domain';
import type { ConnectorProblem } from '../../modules/listings/connector';
import { itemCharacteristics } from './tags';

/** ✅ Shopify's limits: 250 media and 250 tags per product; ◐ 255 characters a title and a tag. */
export const SHOPIFY_LIMITS = { title: 255, photos: 250, tags: 250, tagLength: 255 } as const;

/** A metafield value to set on the product (metafieldsSet), already in Shopify's string form. */
export interface ShopifyMetafieldValue {
  namespace: string;
  key: string;
  /** Shopify's metafield type: single_line_text_field, number_integer, … */
  type: string;
  value: string;
}

/** The item facts a metafield can be mapped from (the metafieldMapper screen offers these). */
export const SHOPIFY_METAFIELD_SOURCES = [
  'brand',
  'condition',
  'size',
  'colour',
  'category',
  'weight',
  'sku',
  'notes',
  'costOfGoods',
] as const;
export type ShopifyMetafieldSource = (typeof SHOPIFY_METAFIELD_SOURCES)[number];

/** One row of the account's metafield mapping: an item fact → a Shopify metafield definition. */
export interface ShopifyMetafieldMapping {
  source: ShopifyMetafieldSource;
  namespace: string;
  key: string;
  type: string;
}

/** The productSet input the connector sends (the subset of ProductSetInput it uses). */
export interface ShopifyProductSetInput {
  title: string;
  descriptionHtml: string;
  vendor: string;
  productType: string;
  tags: string[];
  status: 'ACTIVE';
  files: { originalSource: string; contentType: 'IMAGE'; alt: string }[];
  productOptions: { name: string; values: { name: string }[] }[];
  variants: {
    id?: string;
    sku: string;
    price: string;
    inventoryPolicy: 'DENY';
    inventoryItem: {
      tracked: true;
      measurement?: { weight: { unit: 'POUNDS'; value: number } };
    };
    optionValues: { optionName: string; name: string }[];
    inventoryQuantities?: { locationId: string; name: 'available'; quantity: number }[];
  }[];
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * The description as Shopify's descriptionHtml: HTML the seller wrote is kept as it is; plain
 * text becomes paragraphs (blank lines) and line breaks, escaped.
 */
export function descriptionHtml(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  if (/<\/?(p|br|div|ul|ol|li|strong|em|b|i|h[1-6]|span|a)\b[^>]*>/i.test(trimmed)) return trimmed;
  return trimmed
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * A stable handle for a new product: its title's words and a short hash of our item id, so a
 * publish that is retried before Shopify's search has indexed the first attempt updates the
 * same product (productSet upserts by handle) instead of making a second one.
 */
export function productHandle(title: string, itemId: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  const suffix = crypto.createHash('sha256').update(itemId).digest('hex').slice(0, 10);
  return `${words || 'item'}-${suffix}`;
}

/** A photo's absolute URL (Shopify fetches it); relative ones are resolved against `publicUrl`. */
export function absolutePhotoUrl(url: string, publicUrl: string | undefined): string | null {
  if (/^https?:\/\//i.test(url)) return URL.canParse(url) ? url : null;
  if (!publicUrl) return null;
  try {
    return new URL(url, `${publicUrl.replace(/\/+$/, '')}/`).toString();
  } catch {
    return null;
  }
}

/** The product type: the last part of a category path ("Clothing > Jeans" → "Jeans"). */
export function productType(category: string | null): string {
  if (!category) return '';
  const parts = category.split(/\s*(?:>|\/)\s*/).filter(Boolean);
  return (parts[parts.length - 1] ?? '').trim().slice(0, 255);
}

/** Tags as Shopify keeps them: no commas (it splits on them), trimmed, unique, within limits. */
export function shopifyTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tag of tags) {
    const clean = tag
      .replace(/,/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, SHOPIFY_LIMITS.tagLength);
    if (!clean || seen.has(clean.toLowerCase())) continue;
    seen.add(clean.toLowerCase());
    out.push(clean);
  }
  return out.slice(0, SHOPIFY_LIMITS.tags);
}

/** The variant's options: Size and Color when the item has them, else Shopify's default Title. */
export function productOptions(built: BuiltListing): { name: string; value: string }[] {
  const options: { name: string; value: string }[] = [];
  if (built.size.trim()) options.push({ name: 'Size', value: built.size.trim() });
  if (built.colour.trim()) options.push({ name: 'Color', value: built.colour.trim() });
  return options.length > 0 ? options : [{ name: 'Title', value: 'Default Title' }];
}

export function buildProductSetInput(args: {
  built: BuiltListing;
  itemId: string;
  publicUrl?: string;
  /** The existing variant to keep (an update); absent: a new variant. */
  variantId?: string | null;
  /** The quantity to start with at `locationId` (a new variant only). */
  initialQuantity?: { locationId: string; quantity: number } | null;
}): ShopifyProductSetInput {
  const { built } = args;
  const options = productOptions(built);
  const weight = built.weight ? built.weight.pounds + built.weight.ounces / 16 : 0;
  return {
    title: built.title.trim(),
    descriptionHtml: descriptionHtml(built.description),
    vendor: built.brand.trim(),
    productType: productType(built.category),
    tags: shopifyTags(built.tags),
    status: 'ACTIVE',
    files: built.photos
      .map((url) => absolutePhotoUrl(url, args.publicUrl))
      .filter((url): url is string => url !== null)
      .slice(0, SHOPIFY_LIMITS.photos)
      .map((originalSource) => ({
        originalSource,
        contentType: 'IMAGE' as const,
        alt: built.title.trim(),
      })),
    productOptions: options.map((o) => ({ name: o.name, values: [{ name: o.value }] })),
    variants: [
      {
        ...(args.variantId ? { id: args.variantId } : {}),
        sku: args.itemId,
        price: (built.price ?? 0).toFixed(2),
        inventoryPolicy: 'DENY',
        inventoryItem: {
          tracked: true,
          ...(weight > 0
            ? {
                measurement: {
                  weight: { unit: 'POUNDS' as const, value: Math.round(weight * 1000) / 1000 },
                },
              }
            : {}),
        },
        optionValues: options.map((o) => ({ optionName: o.name, name: o.value })),
        ...(args.initialQuantity
          ? {
              inventoryQuantities: [
                {
                  locationId: args.initialQuantity.locationId,
                  name: 'available' as const,
                  quantity: args.initialQuantity.quantity,
                },
              ],
            }
          : {}),
      },
    ],
  };
}

/** What would stop Shopify taking the listing, each with how to fix it. */
export function shopifyListingProblems(
  built: BuiltListing,
  publicUrl?: string,
): ConnectorProblem[] {
  const problems: ConnectorProblem[] = checkListing('shopify', built).map((p) => ({
    path: p.field,
    message: p.message,
  }));
  if (built.price === null && !problems.some((p) => p.path === 'price')) {
    problems.push({ path: 'price', message: 'Add a price: a Shopify product needs one.' });
  }
  built.photos.forEach((url, index) => {
    if (absolutePhotoUrl(url, publicUrl) === null) {
      problems.push({
        path: `photos.${index}`,
        message: `Photo ${index + 1} has no public web address Shopify can fetch it from.`,
      });
    }
  });
  return problems;
}

function formatForType(type: string, raw: string | number | null): string | null {
  if (raw === null || raw === '') return null;
  switch (type) {
    case 'number_integer': {
      const n = typeof raw === 'number' ? raw : Number.parseFloat(raw);
      return Number.isFinite(n) ? String(Math.round(n)) : null;
    }
    case 'number_decimal': {
      const n = typeof raw === 'number' ? raw : Number.parseFloat(raw);
      return Number.isFinite(n) ? String(n) : null;
    }
    case 'single_line_text_field':
      return (
        String(raw)
          .replace(/\s*\r?\n\s*/g, ' ')
          .trim() || null
      );
    case 'list.single_line_text_field':
      return JSON.stringify([String(raw)]);
    default:
      return String(raw);
  }
}

/**
 * The metafield values of a listing under the account's mapping (the metafieldMapper): each
 * mapped item fact in the definition's type; facts the item lacks are left out.
 */
export function metafieldValuesFromMapping(
  mapping: readonly ShopifyMetafieldMapping[],
  item: Item,
  built: BuiltListing,
): ShopifyMetafieldValue[] {
  const facts = itemCharacteristics(item);
  const details = item.generalDetails;
  const weight = built.weight ? built.weight.pounds + built.weight.ounces / 16 : null;
  const source: Record<ShopifyMetafieldSource, string | number | null> = {
    brand: built.brand || facts.brand,
    condition: facts.condition,
    size: built.size || facts.size,
    colour: built.colour || facts.colour,
    category: facts.category,
    weight,
    sku: details.sku,
    notes: details.notes,
    costOfGoods: details.costOfGoods,
  };
  const out: ShopifyMetafieldValue[] = [];
  for (const row of mapping) {
    const value = formatForType(row.type, source[row.source] ?? null);
    if (value !== null) out.push({ namespace: row.namespace, key: row.key, type: row.type, value });
  }
  return out;
}
