import crypto from 'node:crypto';
/*
 * The records an emulated shop keeps (products with their variants, inventory, media and
 * metafields, orders, metafield definitions, webhook subscriptions), the inputs of the
 * operations on them, Shopify's limits, and the id and formatting helpers they share.
 */

export type ProductStatus = 'ACTIVE' | 'ARCHIVED' | 'DRAFT';
export type QuantityName = 'available' | 'on_hand';

export interface LocationRecord {
  id: string;
  name: string;
}

export interface PublicationRecord {
  id: string;
  name: string;
  autoPublish: boolean;
}

export interface MediaRecord {
  id: string;
  alt: string | null;
  /** The image's address on Shopify's CDN, as MediaImage.image.url answers it. */
  url: string;
  /** Where Shopify copied it from (productSet's files.originalSource). */
  originalSource: string;
}

export interface OptionRecord {
  id: string;
  name: string;
  position: number;
  values: { id: string; name: string }[];
}

export interface MetafieldRecord {
  id: string;
  ownerId: string;
  ownerType: 'PRODUCT' | 'PRODUCTVARIANT' | 'SHOP';
  namespace: string;
  key: string;
  type: string;
  value: string;
  createdAt: number;
  updatedAt: number;
}

export interface ProductRecord {
  id: string;
  legacyId: number;
  title: string;
  handle: string;
  descriptionHtml: string;
  vendor: string;
  productType: string;
  tags: string[];
  status: ProductStatus;
  createdAt: number;
  updatedAt: number;
  /** Publication id → when the product was published there. */
  publications: Map<string, number>;
  options: OptionRecord[];
  variantIds: string[];
  media: MediaRecord[];
  metafields: MetafieldRecord[];
}

export interface VariantRecord {
  id: string;
  legacyId: number;
  productId: string;
  sku: string | null;
  barcode: string | null;
  price: string;
  compareAtPrice: string | null;
  inventoryPolicy: 'CONTINUE' | 'DENY';
  selectedOptions: { name: string; value: string }[];
  inventoryItemId: string;
  createdAt: number;
  updatedAt: number;
}

/** Quantities at one location: on hand = available + committed (to unfulfilled orders). */
export interface InventoryLevelRecord {
  available: number;
  committed: number;
  on_hand: number;
  updatedAt: number;
}

export interface InventoryItemRecord {
  id: string;
  legacyId: number;
  variantId: string;
  tracked: boolean;
  /** Location id → quantities; a location absent here does not stock the item. */
  levels: Map<string, InventoryLevelRecord>;
}

export interface LineItemRecord {
  id: string;
  legacyId: number;
  productId: string;
  variantId: string;
  sku: string | null;
  title: string;
  variantTitle: string | null;
  quantity: number;
  price: string;
}

export interface OrderRecord {
  id: string;
  legacyId: number;
  name: string;
  number: number;
  createdAt: number;
  updatedAt: number;
  currencyCode: string;
  lineItems: LineItemRecord[];
}

export interface MetafieldDefinitionRecord {
  id: string;
  name: string;
  namespace: string;
  key: string;
  description: string | null;
  type: string;
  ownerType: 'PRODUCT' | 'PRODUCTVARIANT';
  pinnedPosition: number | null;
  validations: { name: string; type: string; value: string | null }[];
}

export type WebhookTopic =
  | 'APP_UNINSTALLED'
  | 'INVENTORY_LEVELS_UPDATE'
  | 'ORDERS_CANCELLED'
  | 'ORDERS_CREATE'
  | 'ORDERS_PAID'
  | 'ORDERS_UPDATED'
  | 'PRODUCTS_CREATE'
  | 'PRODUCTS_DELETE'
  | 'PRODUCTS_UPDATE';

export interface WebhookSubscriptionRecord {
  id: string;
  clientId: string;
  topic: WebhookTopic;
  callbackUrl: string;
  format: 'JSON' | 'XML';
  apiVersion: string;
  includeFields: string[];
  metafieldNamespaces: string[];
  createdAt: number;
  updatedAt: number;
}

export interface UserErrorRecord {
  field: string[] | null;
  message: string;
  code?: string;
  elementIndex?: number;
}

/** Something a subscribed app hears about: the emulator turns it into webhook deliveries. */
export interface ShopEvent {
  topic: WebhookTopic;
  payload: Record<string, unknown>;
}

/** The metafield types the emulator checks values of; others are stored as given. */
export const METAFIELD_VALUE_CHECKS: Record<string, (value: string) => boolean> = {
  single_line_text_field: (v) => !/[\r\n]/.test(v),
  multi_line_text_field: () => true,
  number_integer: (v) => /^-?\d+$/.test(v),
  number_decimal: (v) => /^-?\d+(\.\d+)?$/.test(v),
  boolean: (v) => v === 'true' || v === 'false',
  date: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)),
  date_time: (v) => !Number.isNaN(Date.parse(v)),
  url: (v) => URL.canParse(v),
  color: (v) => /^#[0-9a-fA-F]{6}$/.test(v),
  json: (v) => {
    try {
      JSON.parse(v);
      return true;
    } catch {
      return false;
    }
  },
  'list.single_line_text_field': (v) => {
    try {
      const parsed: unknown = JSON.parse(v);
      return Array.isArray(parsed) && parsed.every((e) => typeof e === 'string');
    } catch {
      return false;
    }
  },
};

/** Reasons inventorySetQuantities accepts (shopify.dev, inventory state reasons). */
export const INVENTORY_REASONS = [
  'correction',
  'cycle_count_available',
  'damaged',
  'movement_canceled',
  'movement_created',
  'movement_received',
  'movement_updated',
  'other',
  'promotion',
  'quality_control',
  'received',
  'reservation_created',
  'reservation_deleted',
  'reservation_updated',
  'restock',
  'safety_stock',
  'shrinkage',
] as const;

export const MAX_TITLE = 255;
export const MAX_TAGS = 250;
export const MAX_TAG_LENGTH = 255;
export const MAX_MEDIA = 250;
export const MAX_VARIANTS = 2048;
export const MAX_QUANTITY = 1_000_000_000;
export const MAX_METAFIELDS_PER_SET = 25;

export function gid(type: string, legacyId: number): string {
  return `gid://shopify/${type}/${legacyId}`;
}

/** The type and numeric id of a GID; null when the text is not one. */
export function parseGid(value: string): { type: string; legacyId: number } | null {
  const match = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)$/.exec(value);
  return match ? { type: match[1]!, legacyId: Number(match[2]) } : null;
}

export function iso(time: number): string {
  return new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A handle as Shopify makes one from a title: lower case, words joined by hyphens. */
export function handleize(text: string): string {
  const handle = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return handle || 'product';
}

/** Shopify's money strings: two decimals. */
export function money(value: string | number): string {
  return Number(value).toFixed(2);
}

export interface ProductSetIdentifiers {
  id?: string | null;
  handle?: string | null;
  customId?: { namespace?: string | null; key: string; value: string } | null;
}

export interface ProductSetInput {
  title?: string | null;
  descriptionHtml?: string | null;
  handle?: string | null;
  vendor?: string | null;
  productType?: string | null;
  status?: ProductStatus | null;
  tags?: string[] | null;
  files?: Array<{ originalSource?: string | null; alt?: string | null; id?: string | null }> | null;
  productOptions?: Array<{
    id?: string | null;
    name?: string | null;
    position?: number | null;
    values?: Array<{ id?: string | null; name?: string | null }> | null;
  }> | null;
  variants?: Array<{
    id?: string | null;
    sku?: string | null;
    barcode?: string | null;
    price?: string | null;
    compareAtPrice?: string | null;
    inventoryPolicy?: 'CONTINUE' | 'DENY' | null;
    inventoryItem?: { sku?: string | null; tracked?: boolean | null } | null;
    inventoryQuantities?: Array<{ locationId: string; name: string; quantity: number }> | null;
    optionValues: Array<{ name?: string | null; optionName?: string | null; id?: string | null }>;
  }> | null;
  metafields?: Array<{
    namespace?: string | null;
    key?: string | null;
    type?: string | null;
    value?: string | null;
  }> | null;
}

export interface InventorySetQuantitiesInput {
  name: string;
  reason: string;
  referenceDocumentUri?: string | null;
  ignoreCompareQuantity?: boolean | null;
  quantities: Array<{
    inventoryItemId: string;
    locationId: string;
    quantity: number;
    compareQuantity?: number | null;
  }>;
}

export interface InventoryChangeRecord {
  name: string;
  delta: number;
  quantityAfterChange: number;
  locationId: string;
  inventoryItemId: string;
}

export interface InventoryAdjustmentGroupRecord {
  id: string;
  createdAt: number;
  reason: string;
  referenceDocumentUri: string | null;
  changes: InventoryChangeRecord[];
}

export interface MetafieldsSetEntry {
  ownerId: string;
  namespace?: string | null;
  key: string;
  type?: string | null;
  value: string;
  compareDigest?: string | null;
}

/** Ids in the Shopify style, unique across the emulator. */
export class IdSequence {
  private next = 1;
  constructor(private readonly base = 7_000_000_000_000) {}

  legacy(): number {
    const id = this.base + this.next;
    this.next += 1;
    return id;
  }

  gid(type: string): { id: string; legacyId: number } {
    const legacyId = this.legacy();
    return { id: gid(type, legacyId), legacyId };
  }
}

export function metafieldDigest(metafield: MetafieldRecord): string {
  return crypto
    .createHash('sha256')
    .update(`${metafield.id}:${metafield.updatedAt}:${metafield.value}`)
    .digest('hex');
}

export interface ShopSettings {
  domain: string;
  name: string;
  email: string;
  currencyCode: string;
  ianaTimezone: string;
}

/** A variant's title from its option values; null for a product's only, default variant. */
export function variantTitle(variant: VariantRecord): string | null {
  const values = variant.selectedOptions.map((o) => o.value);
  if (values.length === 0 || (values.length === 1 && values[0] === 'Default Title')) return null;
  return values.join(' / ');
}

/** Tags as Shopify keeps them: trimmed, without empty ones or repeats (case-insensitive). */
export function normaliseTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tag of tags.flatMap((t) => t.split(','))) {
    const trimmed = tag.trim();
    if (!trimmed || seen.has(trimmed.toLowerCase())) continue;
    seen.add(trimmed.toLowerCase());
    out.push(trimmed);
  }
  return out;
}
