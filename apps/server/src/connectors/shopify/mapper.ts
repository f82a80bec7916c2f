import { decodeHTML } from 'entities';
import crypto from 'node:crypto';
import {
  checkListing,
  marketplaceProblems,
  type BuiltListing,
  type Item,
  type ItemCondition,
  type ListingProblem,
} from '@listloop/domain';
import {
  connectorProblem,
  METAFIELD_SOURCES,
  type ConnectorExistingListing,
  type ConnectorProblem,
  type MetafieldMapping,
  type MetafieldSource,
  type MetafieldValue,
} from '../contract';
import { listingSku, type SkuInput } from '../shared/marketplace-sku';
import { CONDITION_WORDS, DEFAULT_SHOPIFY_TAG_RULES, itemCharacteristics } from './tags';

/** ✅ Shopify's limits: 250 media and 250 tags per product; ◐ 255 characters a title and a tag. */
export const SHOPIFY_LIMITS = { title: 255, photos: 250, tags: 250, tagLength: 255 } as const;

/** The metafield mapping's terms are the contract's: the metafields module keeps them. */
export {
  METAFIELD_SOURCES as SHOPIFY_METAFIELD_SOURCES,
  type MetafieldValue as ShopifyMetafieldValue,
  type MetafieldSource as ShopifyMetafieldSource,
  type MetafieldMapping as ShopifyMetafieldMapping,
};

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
 * A product's descriptionHtml as ListLoop's plain description, the way descriptionHtml()
 * writes it back: paragraphs and blocks become blank-line-separated, <br> a line break, list
 * items "- " lines; the source's own line breaks are only spacing in HTML; scripts, styles and
 * other tags go; entities are decoded last, so "&lt;b&gt;" stays the text "<b>".
 */
export function descriptionText(html: string): string {
  if (!/[<&]/.test(html)) return html.trim();
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/\s+/g, ' ')
    .replace(/<br\b[^>]*>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/?(p|h[1-6]|ul|ol|blockquote|pre|table|section|article)\b[^>]*>/gi, '\n\n')
    .replace(/<\/?(div|tr|dd|dt|dl)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeHTML(text)
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * A stable handle for a new product: its title's words and a short hash of its SKU, so a
 * publish that is retried before Shopify's search has indexed the first attempt updates the
 * same product (productSet upserts by handle) instead of making a second one.
 */
export function productHandle(title: string, sku: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  const suffix = crypto.createHash('sha256').update(sku).digest('hex').slice(0, 10);
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
  const parts = category.split(/\s*(?:>|›|\/)\s*/).filter(Boolean);
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

/**
 * The SKU of the item's Shopify variant (listingSku): the one kept on the listing, else the
 * seller's SKU, else our item id. One per item, so a relist or a retry finds its own product.
 */
export function shopifySku(input: SkuInput): string {
  return listingSku('shopify', input);
}

export function buildProductSetInput(args: {
  built: BuiltListing;
  /** The variant's SKU (shopifySku). */
  sku: string;
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
        sku: args.sku,
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
  const problems: ListingProblem[] = checkListing('shopify', built);
  if (built.price === null && !problems.some((p) => p.field === 'price')) {
    problems.push({
      code: 'price.missing',
      field: 'price',
      message: 'Shopify needs a price; set one.',
      params: { marketplace: 'Shopify' },
    });
  }
  built.photos.forEach((url, index) => {
    if (absolutePhotoUrl(url, publicUrl) === null) {
      problems.push(marketplaceProblems.photoNotPublic('shopify', index));
    }
  });
  return problems.map(connectorProblem);
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
  mapping: readonly MetafieldMapping[],
  item: Item,
  built: BuiltListing,
): MetafieldValue[] {
  const facts = itemCharacteristics(item);
  const details = item.generalDetails;
  const weight = built.weight ? built.weight.pounds + built.weight.ounces / 16 : null;
  const source: Record<MetafieldSource, string | number | null> = {
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
  const out: MetafieldValue[] = [];
  for (const row of mapping) {
    const value = formatForType(row.type, source[row.source] ?? null);
    if (value !== null) out.push({ namespace: row.namespace, key: row.key, type: row.type, value });
  }
  return out;
}

/** A product as the existing-products query reads it (documents.ts EXISTING_PRODUCTS). */
export interface ShopifyExistingProductNode {
  id: string;
  title: string;
  descriptionHtml: string;
  vendor: string;
  productType: string;
  status: string;
  handle: string;
  onlineStoreUrl: string | null;
  tags: string[];
  variants: {
    nodes: {
      sku: string | null;
      price: string;
      inventoryQuantity: number | null;
      selectedOptions: { name: string; value: string }[];
    }[];
  };
  /** Media other than images (videos, 3D models) come as empty objects. */
  media: { nodes: { image?: { url: string } | null }[] };
}

const SIZE_OPTION = /^size$/i;
const COLOUR_OPTION = /^colou?r$/i;

/** The value of a labelled tag ListLoop's tag rules write ("Size: M"), or null. */
function labelledTag(tags: readonly string[], label: string): string | null {
  const prefix = `${label.toLowerCase()}:`;
  const tag = tags.find((t) => t.toLowerCase().startsWith(prefix));
  const value = tag?.slice(prefix.length).trim();
  return value ? value : null;
}

/** Our condition from a "Condition: Like new" tag (ListLoop's labelled tags); null otherwise. */
function conditionFromTags(tags: readonly string[]): ItemCondition | null {
  const words = labelledTag(tags, DEFAULT_SHOPIFY_TAG_RULES.labels.condition)?.toLowerCase();
  if (!words) return null;
  const found = Object.entries(CONDITION_WORDS).find(([, w]) => w.toLowerCase() === words);
  return found ? (found[0] as ItemCondition) : null;
}

/**
 * What a product holds beyond the general details, as the item's Shopify listing keeps it
 * (composeListing's overrides): its product type (the listing's category) and tags, which an
 * update sends again as they are. Undefined when it has neither.
 */
export function shopifyListingFields(
  product: Pick<ShopifyExistingProductNode, 'productType' | 'tags'>,
): Record<string, unknown> | undefined {
  const fields: Record<string, unknown> = {};
  const type = product.productType?.trim();
  if (type) fields.category = type;
  const tags = product.tags.map((tag) => tag.trim()).filter(Boolean);
  if (tags.length > 0) fields.tags = tags;
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/**
 * One of the seller's products in ListLoop's terms (the import on connect). Its first variant
 * gives the SKU, price, stock and the Size and Color options; Shopify has no condition, so it
 * comes from a "Condition: …" tag when ListLoop's tag rules wrote one, and size and colour fall
 * back to such tags too. The listing URL is the one publishing stores.
 */
export function existingListingFromProduct(
  product: ShopifyExistingProductNode,
  shopUrl: string,
): ConnectorExistingListing {
  const variant = product.variants.nodes[0];
  const option = (pattern: RegExp) =>
    variant?.selectedOptions.find((o) => pattern.test(o.name.trim()))?.value.trim() || null;
  const price = variant ? Number(variant.price) : NaN;
  const labels = DEFAULT_SHOPIFY_TAG_RULES.labels;
  const listingFields = shopifyListingFields(product);
  return {
    listedID: product.id,
    listingURL:
      product.onlineStoreUrl ?? `${shopUrl.replace(/\/+$/, '')}/products/${product.handle}`,
    sku: variant?.sku?.trim() || null,
    state: product.status === 'ACTIVE' ? 'active' : 'inactive',
    title: product.title,
    description: descriptionText(product.descriptionHtml),
    price: Number.isFinite(price) ? price : null,
    quantity: Math.max(0, variant?.inventoryQuantity ?? 0),
    brand: product.vendor.trim() || null,
    condition: conditionFromTags(product.tags),
    primaryColor:
      option(COLOUR_OPTION) ??
      labelledTag(product.tags, labels.colour) ??
      labelledTag(product.tags, 'Colour'),
    size: option(SIZE_OPTION) ?? labelledTag(product.tags, labels.size),
    photoUrls: product.media.nodes
      .map((m) => m.image?.url)
      .filter((url): url is string => typeof url === 'string' && url.length > 0),
    ...(listingFields ? { listingFields } : {}),
  };
}
