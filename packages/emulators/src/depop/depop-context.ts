import type { Clock } from '../core/clock';
import type { ApiContext, EmulatorServer } from '../core/emulator-server';
import type { DepopStore, ProductRecord } from './depop-store';

/** ✅ The departments the description lists ("These rarely change"). */
export const DEPOP_DEPARTMENTS: readonly string[] = [
  'womenswear',
  'menswear',
  'kidswear',
  'everything-else',
];

/** ✅ The description's condition values. */
export const DEPOP_CONDITIONS: readonly string[] = [
  'brand_new',
  'used_like_new',
  'used_excellent',
  'used_good',
  'used_fair',
];

/** The emulated shop: who sells, and in which currency. */
export interface DepopSeller {
  id: number;
  username: string;
  /** ISO 3166-1 alpha-2 (GB, US). */
  countryCode: string;
  currency: string;
}

/** What the emulated Depop accepts beyond the description's schemas; ◐ values are guesses. */
export interface DepopRules {
  /** ✅ "Can only have up to 5 hashtags". */
  maxHashtags: number;
  /**
   * Product types the taxonomy has; null accepts any lower-case slug (◐ the taxonomy lives at
   * api.depop.com/api/v3/attributes/, outside the description).
   */
  productTypes: ReadonlySet<string> | null;
  /** ◐ Product types with a size set (size ids required); null = none is required. */
  sizedProductTypes: ReadonlySet<string> | null;
  /** ✅ Some sellers may not ship manually (manual_shipping_not_allowed). */
  manualShippingAllowed: boolean;
  /**
   * ✅ "SKU … can't be reused": a PUT to a deleted product's SKU is refused. ◐ Set true to
   * model a Depop that revives the deleted product instead.
   */
  deletedSkusReusable: boolean;
  /** ◐ Fees on an order: Depop's selling fee (0 in the US and UK since 2024) and processing. */
  fees: { depopPercent: number; paymentPercent: number; paymentFixed: number };
}

export const DEFAULT_DEPOP_RULES: DepopRules = {
  maxHashtags: 5,
  productTypes: null,
  sizedProductTypes: null,
  manualShippingAllowed: true,
  deletedSkusReusable: false,
  fees: { depopPercent: 0, paymentPercent: 3.3, paymentFixed: 0.45 },
};

export interface DepopContext {
  store: DepopStore;
  rules: DepopRules;
  clock: Clock;
  server: EmulatorServer;
  seller: DepopSeller;
  /** The product's page on the emulator. */
  productUrl(baseUrl: string, slug: string): string;
  /** A buyer buys one of the product (the testing purchase endpoints, the page's button). */
  sell(product: ProductRecord): Promise<Record<string, unknown>>;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function record(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

export function iso(at: number): string {
  return new Date(at).toISOString();
}

/** ✅ A money string of Depop's: digits with up to 2 decimal places; null when not one. */
export function money(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(value)) return null;
  return Number(value);
}

export function amount(value: number): string {
  return value.toFixed(2);
}

/** Records a request the real API would refuse (a client bug) beside the answer. */
export function requestViolation(depop: DepopContext, ctx: ApiContext, messages: string[]): void {
  depop.server.recordViolation({
    direction: 'request',
    api: 'depop',
    operationId: ctx.operationId,
    method: ctx.request.method,
    path: ctx.request.path,
    status: null,
    messages,
  });
}

/** A product as the GET endpoints answer it (the description's Product). */
export function productJson(product: ProductRecord): Record<string, unknown> {
  const fields = product.fields;
  const price = typeof fields.price_amount === 'string' ? fields.price_amount : '0.00';
  const discount = typeof fields.discount_price === 'string' ? fields.discount_price : null;
  const out: Record<string, unknown> = {
    sku: product.sku,
    product_id: product.productId,
    slug: product.slug,
    status: product.status,
    address: fields.address,
    description: fields.description,
    price_currency: fields.price_currency,
    price_amount: price,
    current_price: discount ?? price,
    quantity: fields.quantity,
    // ◐ Depop re-hosts pictures at 1280 px; the emulator keeps the seller's URLs.
    pictures: (Array.isArray(fields.pictures) ? fields.pictures : []).map((p) => ({
      url: record(p).url,
      height: 1280,
      width: 1280,
    })),
    department: fields.department,
    product_type: fields.product_type,
    colour: Array.isArray(fields.colour) ? fields.colour : [],
    style: Array.isArray(fields.style) ? fields.style : [],
    age: Array.isArray(fields.age) ? fields.age : [],
    source: Array.isArray(fields.source) ? fields.source : [],
    brand: fields.brand_name,
    attributes: isRecord(fields.attributes) ? fields.attributes : {},
    is_boosted: product.isBoosted,
    created_at: iso(product.createdAt),
    updated_at: iso(product.updatedAt),
  };
  for (const key of [
    'discount_price',
    'auto_send_offer_price',
    'auto_negotiate_offer_price',
    'national_shipping_cost',
    'international_shipping_cost',
    'depop_shipping',
    'size_set_id',
    'size_id',
    'condition',
  ]) {
    if (fields[key] !== undefined) out[key] = fields[key];
  }
  return out;
}
