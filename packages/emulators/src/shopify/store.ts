import crypto from 'node:crypto';
import type { Clock } from '../core/clock';

/**
 * The emulated shops' data, kept in memory: products with their variants, inventory, media and
 * metafields, orders, metafield definitions and webhook subscriptions. The operations here are
 * shared by the GraphQL resolvers and the control surface (a simulated sale), and say what
 * Shopify would refuse with its userErrors.
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
const METAFIELD_VALUE_CHECKS: Record<string, (value: string) => boolean> = {
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

const MAX_TITLE = 255;
const MAX_TAGS = 250;
const MAX_TAG_LENGTH = 255;
const MAX_MEDIA = 250;
const MAX_VARIANTS = 2048;
const MAX_QUANTITY = 1_000_000_000;
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

/** One emulated shop (a myshopify.com store) with one location and two sales channels. */
export class ShopState {
  readonly id: string;
  readonly domainId: string;
  readonly location: LocationRecord;
  readonly onlineStore: PublicationRecord;
  readonly pointOfSale: PublicationRecord;
  readonly products = new Map<string, ProductRecord>();
  readonly variants = new Map<string, VariantRecord>();
  readonly inventoryItems = new Map<string, InventoryItemRecord>();
  readonly orders = new Map<string, OrderRecord>();
  readonly metafieldDefinitions: MetafieldDefinitionRecord[] = [];
  readonly webhookSubscriptions = new Map<string, WebhookSubscriptionRecord>();
  private nextOrderNumber = 1001;

  constructor(
    readonly settings: ShopSettings,
    private readonly ids: IdSequence,
    private readonly clock: Clock,
    private readonly notify: (event: ShopEvent) => void,
    /**
     * The CDN address of an image Shopify copies from a URL (productSet's files): Shopify
     * serves media from its own host, never from the source. The source itself by default.
     */
    private readonly hostImage: (originalSource: string) => string = (source) => source,
  ) {
    this.id = ids.gid('Shop').id;
    this.domainId = ids.gid('Domain').id;
    this.location = { id: ids.gid('Location').id, name: 'Shop location' };
    this.onlineStore = { id: ids.gid('Publication').id, name: 'Online Store', autoPublish: false };
    this.pointOfSale = { id: ids.gid('Publication').id, name: 'Point of Sale', autoPublish: false };
  }

  get domain(): string {
    return this.settings.domain;
  }

  publications(): PublicationRecord[] {
    return [this.onlineStore, this.pointOfSale];
  }

  productVariants(product: ProductRecord): VariantRecord[] {
    return product.variantIds
      .map((id) => this.variants.get(id))
      .filter((v): v is VariantRecord => v !== undefined);
  }

  /** The quantity sellable at the shop's locations. */
  variantQuantity(variant: VariantRecord): number {
    const item = this.inventoryItems.get(variant.inventoryItemId);
    if (!item) return 0;
    let total = 0;
    for (const level of item.levels.values()) total += level.available;
    return total;
  }

  totalInventory(product: ProductRecord): number {
    return this.productVariants(product).reduce((sum, v) => sum + this.variantQuantity(v), 0);
  }

  isOnOnlineStore(product: ProductRecord): boolean {
    return product.status === 'ACTIVE' && product.publications.has(this.onlineStore.id);
  }

  findByHandle(handle: string): ProductRecord | undefined {
    for (const product of this.products.values()) if (product.handle === handle) return product;
    return undefined;
  }

  private uniqueHandle(wanted: string, except: string | null): string {
    const base = handleize(wanted);
    let handle = base;
    for (let n = 1; ; n += 1) {
      const taken = this.findByHandle(handle);
      if (!taken || taken.id === except) return handle;
      handle = `${base}-${n}`;
    }
  }

  // ---- productSet -----------------------------------------------------------------------

  productSet(
    identifier: ProductSetIdentifiers | null,
    input: ProductSetInput,
    /** Sales channels a new product is published on as it is made (the admin's checkboxes). */
    options: { publicationIds?: readonly string[] } = {},
  ): { product: ProductRecord | null; userErrors: UserErrorRecord[] } {
    let existing: ProductRecord | undefined;
    let handleFromIdentifier: string | null = null;
    if (identifier?.id) {
      existing = this.products.get(identifier.id);
      if (!existing) {
        return {
          product: null,
          userErrors: [
            {
              field: ['identifier', 'id'],
              message: 'Product does not exist',
              code: 'PRODUCT_DOES_NOT_EXIST',
            },
          ],
        };
      }
    } else if (identifier?.handle) {
      existing = this.findByHandle(identifier.handle);
      handleFromIdentifier = identifier.handle;
    } else if (identifier?.customId) {
      const { namespace, key, value } = identifier.customId;
      existing = [...this.products.values()].find((p) =>
        p.metafields.some(
          (m) => m.namespace === (namespace ?? 'custom') && m.key === key && m.value === value,
        ),
      );
    }
    const errors = this.checkProductSet(input, existing ?? null);
    if (errors.length > 0) return { product: null, userErrors: errors };

    const now = this.clock.now();
    const created = !existing;
    const product: ProductRecord = existing ?? {
      ...this.ids.gid('Product'),
      title: '',
      handle: '',
      descriptionHtml: '',
      vendor: '',
      productType: '',
      tags: [],
      status: 'ACTIVE',
      createdAt: now,
      updatedAt: now,
      publications: new Map(),
      options: [],
      variantIds: [],
      media: [],
      metafields: [],
    };
    if (input.title != null) product.title = input.title;
    if (input.descriptionHtml != null) product.descriptionHtml = input.descriptionHtml;
    if (input.vendor != null) product.vendor = input.vendor;
    if (input.productType != null) product.productType = input.productType;
    if (input.status != null) product.status = input.status;
    if (input.tags != null) product.tags = normaliseTags(input.tags);
    const wantedHandle = input.handle ?? handleFromIdentifier;
    if (wantedHandle) product.handle = this.uniqueHandle(wantedHandle, product.id);
    else if (created) product.handle = this.uniqueHandle(product.title, product.id);
    if (input.files != null) {
      product.media = input.files.map((file) => ({
        ...this.ids.gid('MediaImage'),
        alt: file.alt ?? null,
        url: this.hostImage(file.originalSource!),
        originalSource: file.originalSource!,
      }));
    }
    if (input.productOptions != null) {
      product.options = input.productOptions.map((option, index) => ({
        id: option.id ?? this.ids.gid('ProductOption').id,
        name: option.name!,
        position: option.position ?? index + 1,
        values: (option.values ?? []).map((value) => ({
          id: value.id ?? this.ids.gid('ProductOptionValue').id,
          name: value.name!,
        })),
      }));
    } else if (created) {
      product.options = [
        {
          id: this.ids.gid('ProductOption').id,
          name: 'Title',
          position: 1,
          values: [{ id: this.ids.gid('ProductOptionValue').id, name: 'Default Title' }],
        },
      ];
    }
    if (input.metafields != null) {
      product.metafields = input.metafields.map((m) => {
        const previous = product.metafields.find(
          (old) => old.namespace === m.namespace && old.key === m.key,
        );
        return {
          id: previous?.id ?? this.ids.gid('Metafield').id,
          ownerId: product.id,
          ownerType: 'PRODUCT' as const,
          namespace: m.namespace!,
          key: m.key!,
          type: m.type!,
          value: m.value!,
          createdAt: previous?.createdAt ?? now,
          updatedAt: now,
        };
      });
    }
    if (identifier?.customId && created) {
      const { namespace, key, value } = identifier.customId;
      product.metafields.push({
        id: this.ids.gid('Metafield').id,
        ownerId: product.id,
        ownerType: 'PRODUCT',
        namespace: namespace ?? 'custom',
        key,
        type: 'id',
        value,
        createdAt: now,
        updatedAt: now,
      });
    }
    if (input.variants != null) {
      this.setVariants(product, input.variants, now);
    } else if (created) {
      this.setVariants(
        product,
        [{ optionValues: [{ optionName: 'Title', name: 'Default Title' }] }],
        now,
      );
    }
    if (created) {
      for (const publicationId of options.publicationIds ?? []) {
        product.publications.set(publicationId, now);
      }
    }
    product.updatedAt = now;
    this.products.set(product.id, product);
    this.notify({
      topic: created ? 'PRODUCTS_CREATE' : 'PRODUCTS_UPDATE',
      payload: this.productPayload(product),
    });
    return { product, userErrors: [] };
  }

  private checkProductSet(
    input: ProductSetInput,
    existing: ProductRecord | null,
  ): UserErrorRecord[] {
    const errors: UserErrorRecord[] = [];
    const title = input.title ?? existing?.title ?? '';
    if (!title.trim()) {
      errors.push({ field: ['input', 'title'], message: "Title can't be blank", code: 'BLANK' });
    } else if (Array.from(title).length > MAX_TITLE) {
      errors.push({
        field: ['input', 'title'],
        message: `Title is too long (maximum is ${MAX_TITLE} characters)`,
        code: 'TOO_LONG',
      });
    }
    if (input.tags && input.tags.length > MAX_TAGS) {
      errors.push({
        field: ['input', 'tags'],
        message: `Product can't have more than ${MAX_TAGS} tags`,
        code: 'TAGS_EXCEEDED_LIMIT',
      });
    }
    input.tags?.forEach((tag, index) => {
      if (Array.from(tag).length > MAX_TAG_LENGTH) {
        errors.push({
          field: ['input', 'tags', String(index)],
          message: `Tag is too long (maximum is ${MAX_TAG_LENGTH} characters)`,
          code: 'INVALID',
        });
      }
    });
    if (input.files && input.files.length > MAX_MEDIA) {
      errors.push({
        field: ['input', 'files'],
        message: `A product can't have more than ${MAX_MEDIA} media`,
        code: 'INVALID_INPUT',
      });
    }
    input.files?.forEach((file, index) => {
      const source = file.originalSource ?? '';
      if (!/^https?:\/\//i.test(source) || !URL.canParse(source)) {
        errors.push({
          field: ['input', 'files', String(index), 'originalSource'],
          message: 'Image URL is invalid',
          code: 'INVALID_INPUT',
        });
      }
    });
    input.productOptions?.forEach((option, index) => {
      if (!option.name?.trim()) {
        errors.push({
          field: ['input', 'productOptions', String(index), 'name'],
          message: "Option name can't be blank",
          code: 'BLANK',
        });
      }
      if (!option.values?.length || option.values.some((v) => !v.name?.trim())) {
        errors.push({
          field: ['input', 'productOptions', String(index), 'values'],
          message: 'Each option needs at least one named value',
          code: 'INVALID_INPUT',
        });
      }
    });
    input.metafields?.forEach((m, index) => {
      if (!m.namespace || !m.key || !m.type || m.value == null) {
        errors.push({
          field: ['input', 'metafields', String(index)],
          message: 'A metafield needs a namespace, a key, a type and a value',
          code: 'INVALID_METAFIELD',
        });
      } else if (METAFIELD_VALUE_CHECKS[m.type] && !METAFIELD_VALUE_CHECKS[m.type]!(m.value)) {
        errors.push({
          field: ['input', 'metafields', String(index), 'value'],
          message: `Value is invalid for the type ${m.type}`,
          code: 'INVALID_METAFIELD',
        });
      }
    });
    const variants = input.variants;
    if (variants) {
      if (variants.length === 0) {
        errors.push({
          field: ['input', 'variants'],
          message: 'A product needs at least one variant',
          code: 'INVALID_VARIANT',
        });
      }
      if (variants.length > MAX_VARIANTS) {
        errors.push({
          field: ['input', 'variants'],
          message: `A product can't have more than ${MAX_VARIANTS} variants`,
          code: 'VARIANTS_OVER_LIMIT',
        });
      }
      const options =
        input.productOptions?.map((o) => ({
          name: o.name ?? '',
          values: (o.values ?? []).map((v) => v.name ?? ''),
        })) ??
        existing?.options.map((o) => ({ name: o.name, values: o.values.map((v) => v.name) })) ??
        [];
      const seen = new Set<string>();
      variants.forEach((variant, index) => {
        const at = ['input', 'variants', String(index)];
        if (variant.id) {
          const found = this.variants.get(variant.id);
          if (!found || found.productId !== existing?.id) {
            errors.push({
              field: [...at, 'id'],
              message: 'Product variant does not exist',
              code: 'PRODUCT_VARIANT_DOES_NOT_EXIST',
            });
          }
        }
        if (variant.price != null && Number(variant.price) < 0) {
          errors.push({
            field: [...at, 'price'],
            message: 'Price must be greater than or equal to 0',
            code: 'INVALID_VARIANT',
          });
        }
        const names = variant.optionValues.map((v) => v.optionName ?? '');
        const complete =
          variant.optionValues.length === options.length &&
          options.every((option) => {
            const value = variant.optionValues.find((v) => v.optionName === option.name);
            return value?.name != null && option.values.includes(value.name);
          });
        if (!complete) {
          errors.push({
            field: [...at, 'optionValues'],
            message: `The variant's option values (${names.join(', ') || 'none'}) must give one value of each product option (${
              options.map((o) => o.name).join(', ') || 'none'
            })`,
            code: 'INVALID_VARIANT',
          });
        }
        const key = variant.optionValues
          .map((v) => `${v.optionName}=${v.name}`)
          .sort()
          .join('&');
        if (seen.has(key)) {
          errors.push({
            field: [...at, 'optionValues'],
            message: 'Two variants have the same option values',
            code: 'INVALID_VARIANT',
          });
        }
        seen.add(key);
        variant.inventoryQuantities?.forEach((q, qIndex) => {
          const qAt = [...at, 'inventoryQuantities', String(qIndex)];
          if (q.locationId !== this.location.id) {
            errors.push({
              field: [...qAt, 'locationId'],
              message: 'Location does not exist',
              code: 'INVALID_INPUT',
            });
          }
          if (q.name !== 'available' && q.name !== 'on_hand') {
            errors.push({
              field: [...qAt, 'name'],
              message: "The quantity name must be either 'available' or 'on_hand'",
              code: 'INVALID_INPUT',
            });
          }
          if (q.quantity < 0 || q.quantity > MAX_QUANTITY) {
            errors.push({
              field: [...qAt, 'quantity'],
              message: `The quantity must be between 0 and ${MAX_QUANTITY}`,
              code: 'INVALID_INPUT',
            });
          }
        });
      });
    }
    return errors;
  }

  private setVariants(
    product: ProductRecord,
    inputs: NonNullable<ProductSetInput['variants']>,
    now: number,
  ): void {
    const kept = new Set<string>();
    const ordered: string[] = [];
    for (const input of inputs) {
      let variant = input.id ? this.variants.get(input.id) : undefined;
      if (!variant) {
        const item: InventoryItemRecord = {
          ...this.ids.gid('InventoryItem'),
          variantId: '',
          tracked: input.inventoryItem?.tracked ?? true,
          levels: new Map([
            [this.location.id, { available: 0, committed: 0, on_hand: 0, updatedAt: now }],
          ]),
        };
        variant = {
          ...this.ids.gid('ProductVariant'),
          productId: product.id,
          sku: null,
          barcode: null,
          price: '0.00',
          compareAtPrice: null,
          inventoryPolicy: 'DENY',
          selectedOptions: [],
          inventoryItemId: item.id,
          createdAt: now,
          updatedAt: now,
        };
        item.variantId = variant.id;
        this.inventoryItems.set(item.id, item);
        this.variants.set(variant.id, variant);
      }
      const sku = input.sku ?? input.inventoryItem?.sku;
      if (sku !== undefined) variant.sku = sku;
      if (input.barcode !== undefined) variant.barcode = input.barcode;
      if (input.price != null) variant.price = money(input.price);
      if (input.compareAtPrice !== undefined)
        variant.compareAtPrice = input.compareAtPrice == null ? null : money(input.compareAtPrice);
      if (input.inventoryPolicy != null) variant.inventoryPolicy = input.inventoryPolicy;
      variant.selectedOptions = input.optionValues.map((v) => ({
        name: v.optionName ?? '',
        value: v.name ?? '',
      }));
      variant.updatedAt = now;
      const item = this.inventoryItems.get(variant.inventoryItemId)!;
      if (input.inventoryItem?.tracked != null) item.tracked = input.inventoryItem.tracked;
      for (const q of input.inventoryQuantities ?? []) {
        const level = item.levels.get(q.locationId) ?? {
          available: 0,
          committed: 0,
          on_hand: 0,
          updatedAt: now,
        };
        const delta = q.quantity - level[q.name as QuantityName];
        level.available += delta;
        level.on_hand += delta;
        level.updatedAt = now;
        item.levels.set(q.locationId, level);
      }
      kept.add(variant.id);
      ordered.push(variant.id);
    }
    for (const id of product.variantIds) {
      if (kept.has(id)) continue;
      const variant = this.variants.get(id);
      if (variant) this.inventoryItems.delete(variant.inventoryItemId);
      this.variants.delete(id);
    }
    product.variantIds = ordered;
  }

  // ---- inventory ----------------------------------------------------------------------

  setQuantities(input: InventorySetQuantitiesInput): {
    group: InventoryAdjustmentGroupRecord | null;
    userErrors: UserErrorRecord[];
  } {
    const errors: UserErrorRecord[] = [];
    if (input.name !== 'available' && input.name !== 'on_hand') {
      errors.push({
        field: ['input', 'name'],
        message: "The quantity name must be either 'available' or 'on_hand'.",
        code: 'INVALID_NAME',
      });
    }
    if (!(INVENTORY_REASONS as readonly string[]).includes(input.reason)) {
      errors.push({
        field: ['input', 'reason'],
        message: 'The specified reason is invalid.',
        code: 'INVALID_REASON',
      });
    }
    if (input.referenceDocumentUri != null && !URL.canParse(input.referenceDocumentUri)) {
      errors.push({
        field: ['input', 'referenceDocumentUri'],
        message: 'The specified reference document is invalid.',
        code: 'INVALID_REFERENCE_DOCUMENT',
      });
    }
    const seen = new Set<string>();
    const name = input.name as QuantityName;
    input.quantities.forEach((q, index) => {
      const at = ['input', 'quantities', String(index)];
      const pair = `${q.inventoryItemId}|${q.locationId}`;
      if (seen.has(pair)) {
        errors.push({
          field: at,
          message: 'The combination of inventoryItemId and locationId must be unique.',
          code: 'NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR',
        });
      }
      seen.add(pair);
      const item = this.inventoryItems.get(q.inventoryItemId);
      if (!item) {
        errors.push({
          field: [...at, 'inventoryItemId'],
          message: 'The specified inventory item could not be found.',
          code: 'INVALID_INVENTORY_ITEM',
        });
        return;
      }
      if (q.locationId !== this.location.id) {
        errors.push({
          field: [...at, 'locationId'],
          message: 'The specified location could not be found.',
          code: 'INVALID_LOCATION',
        });
        return;
      }
      const level = item.levels.get(q.locationId);
      if (!level) {
        errors.push({
          field: [...at, 'locationId'],
          message: 'The specified inventory item is not stocked at the location.',
          code: 'ITEM_NOT_STOCKED_AT_LOCATION',
        });
        return;
      }
      if (q.quantity < 0) {
        errors.push({
          field: [...at, 'quantity'],
          message: "The quantity can't be negative.",
          code: 'INVALID_QUANTITY_NEGATIVE',
        });
      } else if (q.quantity > MAX_QUANTITY) {
        errors.push({
          field: [...at, 'quantity'],
          message: "The total quantity can't be higher than 1,000,000,000.",
          code: 'INVALID_QUANTITY_TOO_HIGH',
        });
      }
      if (!input.ignoreCompareQuantity) {
        if (q.compareQuantity == null) {
          errors.push({
            field: [...at, 'compareQuantity'],
            message:
              'The compareQuantity argument must be given to each quantity or ignored using ignoreCompareQuantity.',
            code: 'COMPARE_QUANTITY_REQUIRED',
          });
        } else if (
          (name === 'on_hand' || name === 'available') &&
          q.compareQuantity !== level[name]
        ) {
          errors.push({
            field: [...at, 'compareQuantity'],
            message: 'The compareQuantity value does not match persisted value.',
            code: 'COMPARE_QUANTITY_STALE',
          });
        }
      }
    });
    if (errors.length > 0) return { group: null, userErrors: errors };
    const now = this.clock.now();
    const changes: InventoryChangeRecord[] = [];
    const touched = new Set<string>();
    for (const q of input.quantities) {
      const item = this.inventoryItems.get(q.inventoryItemId)!;
      const level = item.levels.get(q.locationId)!;
      const delta = q.quantity - level[name];
      level.available += delta;
      level.on_hand += delta;
      level.updatedAt = now;
      // Setting what is available moves what is on hand by as much, and the other way round.
      changes.push(
        {
          name: 'available',
          delta,
          quantityAfterChange: level.available,
          locationId: q.locationId,
          inventoryItemId: item.id,
        },
        {
          name: 'on_hand',
          delta,
          quantityAfterChange: level.on_hand,
          locationId: q.locationId,
          inventoryItemId: item.id,
        },
      );
      const variant = this.variants.get(item.variantId);
      if (variant) touched.add(variant.productId);
    }
    for (const productId of touched) this.touch(productId, now);
    return {
      group: {
        id: this.ids.gid('InventoryAdjustmentGroup').id,
        createdAt: now,
        reason: input.reason,
        referenceDocumentUri: input.referenceDocumentUri ?? null,
        changes,
      },
      userErrors: [],
    };
  }

  private touch(productId: string, now: number): void {
    const product = this.products.get(productId);
    if (!product) return;
    product.updatedAt = now;
    this.notify({ topic: 'PRODUCTS_UPDATE', payload: this.productPayload(product) });
  }

  // ---- publications -------------------------------------------------------------------

  setPublished(
    id: string,
    publicationIds: Array<string | null | undefined>,
    published: boolean,
  ): { product: ProductRecord | null; userErrors: UserErrorRecord[] } {
    const product = this.products.get(id);
    if (!product) {
      return { product: null, userErrors: [{ field: ['id'], message: 'Product not found' }] };
    }
    const errors: UserErrorRecord[] = [];
    const known = new Set(this.publications().map((p) => p.id));
    publicationIds.forEach((publicationId, index) => {
      if (!publicationId || !known.has(publicationId)) {
        errors.push({
          field: ['input', String(index), 'publicationId'],
          message: 'Publication does not exist',
        });
      }
    });
    if (errors.length > 0) return { product: null, userErrors: errors };
    const now = this.clock.now();
    for (const publicationId of publicationIds as string[]) {
      if (published) {
        if (!product.publications.has(publicationId)) product.publications.set(publicationId, now);
      } else {
        product.publications.delete(publicationId);
      }
    }
    this.touch(product.id, now);
    return { product, userErrors: [] };
  }

  // ---- metafields ---------------------------------------------------------------------

  private metafieldOwner(
    ownerId: string,
  ): { list: MetafieldRecord[]; type: MetafieldRecord['ownerType'] } | null {
    const product = this.products.get(ownerId);
    if (product) return { list: product.metafields, type: 'PRODUCT' };
    return null;
  }

  metafieldsSet(
    entries: MetafieldsSetEntry[],
    defaultNamespace: string,
  ): {
    metafields: MetafieldRecord[] | null;
    userErrors: UserErrorRecord[];
  } {
    const errors: UserErrorRecord[] = [];
    const planned: Array<{
      owner: MetafieldRecord[];
      ownerType: MetafieldRecord['ownerType'];
      entry: MetafieldsSetEntry;
      namespace: string;
      type: string;
      previous: MetafieldRecord | undefined;
    }> = [];
    entries.forEach((entry, index) => {
      const at = ['metafields', String(index)];
      const owner = this.metafieldOwner(entry.ownerId);
      if (!owner) {
        errors.push({
          field: [...at, 'ownerId'],
          message: 'Owner does not exist.',
          code: 'INVALID',
          elementIndex: index,
        });
        return;
      }
      const namespace = entry.namespace ?? defaultNamespace;
      if (namespace.length < 3 || namespace.length > 255) {
        errors.push({
          field: [...at, 'namespace'],
          message: 'Namespace is too short (minimum is 3 characters)',
          code: 'TOO_SHORT',
          elementIndex: index,
        });
        return;
      }
      if (entry.key.length < 2 || entry.key.length > 64) {
        errors.push({
          field: [...at, 'key'],
          message: 'Key must be between 2 and 64 characters',
          code: 'INVALID',
          elementIndex: index,
        });
        return;
      }
      const definition = this.metafieldDefinitions.find(
        (d) => d.ownerType === owner.type && d.namespace === namespace && d.key === entry.key,
      );
      const previous = owner.list.find((m) => m.namespace === namespace && m.key === entry.key);
      const type = entry.type ?? definition?.type ?? previous?.type;
      if (!type) {
        errors.push({
          field: [...at, 'type'],
          message: "Type can't be blank",
          code: 'BLANK',
          elementIndex: index,
        });
        return;
      }
      if (definition && definition.type !== type) {
        errors.push({
          field: [...at, 'type'],
          message: `Type must be ${definition.type} as its definition says`,
          code: 'INVALID_TYPE',
          elementIndex: index,
        });
        return;
      }
      const check = METAFIELD_VALUE_CHECKS[type];
      if (check && !check(entry.value)) {
        errors.push({
          field: [...at, 'value'],
          message: `Value must be a valid ${type}`,
          code: 'INVALID_VALUE',
          elementIndex: index,
        });
        return;
      }
      const choices = definition?.validations.find((v) => v.name === 'choices');
      if (choices?.value) {
        const allowed = JSON.parse(choices.value) as string[];
        if (!allowed.includes(entry.value)) {
          errors.push({
            field: [...at, 'value'],
            message: `Value does not exist in provided choices: ${allowed.join(', ')}`,
            code: 'INCLUSION',
            elementIndex: index,
          });
          return;
        }
      }
      if (
        entry.compareDigest != null &&
        (!previous || metafieldDigest(previous) !== entry.compareDigest)
      ) {
        errors.push({
          field: [...at, 'compareDigest'],
          message:
            'The resource has been updated since it was loaded. Try again with an updated `compareDigest` value.',
          code: 'STALE_OBJECT',
          elementIndex: index,
        });
        return;
      }
      planned.push({ owner: owner.list, ownerType: owner.type, entry, namespace, type, previous });
    });
    if (errors.length > 0) return { metafields: null, userErrors: errors };
    const now = this.clock.now();
    const saved: MetafieldRecord[] = [];
    const owners = new Set<string>();
    for (const { owner, ownerType, entry, namespace, type, previous } of planned) {
      if (previous) {
        previous.value = entry.value;
        previous.type = type;
        previous.updatedAt = now;
        saved.push(previous);
      } else {
        const record: MetafieldRecord = {
          id: this.ids.gid('Metafield').id,
          ownerId: entry.ownerId,
          ownerType,
          namespace,
          key: entry.key,
          type,
          value: entry.value,
          createdAt: now,
          updatedAt: now,
        };
        owner.push(record);
        saved.push(record);
      }
      owners.add(entry.ownerId);
    }
    for (const id of owners) this.touch(id, now);
    return { metafields: saved, userErrors: [] };
  }

  addMetafieldDefinition(
    definition: Omit<MetafieldDefinitionRecord, 'id'>,
  ): MetafieldDefinitionRecord {
    const record = { id: this.ids.gid('MetafieldDefinition').id, ...definition };
    this.metafieldDefinitions.push(record);
    return record;
  }

  // ---- webhooks -----------------------------------------------------------------------

  createWebhookSubscription(
    clientId: string,
    topic: WebhookTopic,
    input: {
      callbackUrl?: string | null;
      format?: 'JSON' | 'XML' | null;
      includeFields?: string[] | null;
      metafieldNamespaces?: string[] | null;
    },
    apiVersion: string,
  ): { subscription: WebhookSubscriptionRecord | null; userErrors: UserErrorRecord[] } {
    const callbackUrl = input.callbackUrl ?? '';
    if (!callbackUrl) {
      return {
        subscription: null,
        userErrors: [
          { field: ['webhookSubscription', 'callbackUrl'], message: "Address can't be blank" },
        ],
      };
    }
    if (!/^https?:\/\//i.test(callbackUrl)) {
      return {
        subscription: null,
        userErrors: [
          {
            field: ['webhookSubscription', 'callbackUrl'],
            message: 'Address protocol is not supported',
          },
        ],
      };
    }
    const duplicate = [...this.webhookSubscriptions.values()].some(
      (s) => s.clientId === clientId && s.topic === topic && s.callbackUrl === callbackUrl,
    );
    if (duplicate) {
      return {
        subscription: null,
        userErrors: [
          {
            field: ['webhookSubscription', 'callbackUrl'],
            message: 'Address for this topic has already been taken',
          },
        ],
      };
    }
    const now = this.clock.now();
    const subscription: WebhookSubscriptionRecord = {
      id: this.ids.gid('WebhookSubscription').id,
      clientId,
      topic,
      callbackUrl,
      format: input.format ?? 'JSON',
      apiVersion,
      includeFields: input.includeFields ?? [],
      metafieldNamespaces: input.metafieldNamespaces ?? [],
      createdAt: now,
      updatedAt: now,
    };
    this.webhookSubscriptions.set(subscription.id, subscription);
    return { subscription, userErrors: [] };
  }

  // ---- orders -------------------------------------------------------------------------

  /**
   * A buyer's order of `quantity` of a variant at its price: the order is recorded, the
   * variant's available quantity goes down, and subscribers hear orders/create and
   * products/update. Refused when the variant cannot be sold (out of stock, not on sale).
   */
  createOrder(variantId: string, quantity: number): OrderRecord {
    const variant = this.variants.get(variantId);
    if (!variant) throw new Error(`No variant ${variantId} in ${this.domain}`);
    const product = this.products.get(variant.productId)!;
    if (product.status !== 'ACTIVE')
      throw new Error(`${product.title} is not on sale (status ${product.status})`);
    if (!Number.isInteger(quantity) || quantity < 1)
      throw new Error('A sale is of at least one unit');
    const item = this.inventoryItems.get(variant.inventoryItemId)!;
    const level = item.levels.get(this.location.id)!;
    if (item.tracked && variant.inventoryPolicy === 'DENY' && level.available < quantity) {
      throw new Error(`${product.title} is out of stock (${level.available} available)`);
    }
    const now = this.clock.now();
    if (item.tracked) {
      // An unfulfilled order commits stock: it is no longer available, and still on hand.
      level.available -= quantity;
      level.committed += quantity;
      level.updatedAt = now;
    }
    const order: OrderRecord = {
      ...this.ids.gid('Order'),
      number: this.nextOrderNumber,
      name: `#${this.nextOrderNumber}`,
      createdAt: now,
      updatedAt: now,
      currencyCode: this.settings.currencyCode,
      lineItems: [
        {
          ...this.ids.gid('LineItem'),
          productId: product.id,
          variantId: variant.id,
          sku: variant.sku,
          title: product.title,
          variantTitle: variantTitle(variant),
          quantity,
          price: variant.price,
        },
      ],
    };
    this.nextOrderNumber += 1;
    this.orders.set(order.id, order);
    product.updatedAt = now;
    this.notify({ topic: 'ORDERS_CREATE', payload: this.orderPayload(order) });
    this.notify({ topic: 'PRODUCTS_UPDATE', payload: this.productPayload(product) });
    return order;
  }

  // ---- REST-style webhook payloads ----------------------------------------------------

  productPayload(product: ProductRecord): Record<string, unknown> {
    const published = product.publications.get(this.onlineStore.id);
    return {
      id: product.legacyId,
      admin_graphql_api_id: product.id,
      title: product.title,
      handle: product.handle,
      body_html: product.descriptionHtml,
      vendor: product.vendor,
      product_type: product.productType,
      status: product.status.toLowerCase(),
      tags: product.tags.join(', '),
      created_at: iso(product.createdAt),
      updated_at: iso(product.updatedAt),
      published_at: published === undefined ? null : iso(published),
      variants: this.productVariants(product).map((v) => ({
        id: v.legacyId,
        admin_graphql_api_id: v.id,
        product_id: product.legacyId,
        title: variantTitle(v) ?? 'Default Title',
        sku: v.sku,
        price: v.price,
        inventory_item_id: parseGid(v.inventoryItemId)!.legacyId,
        inventory_quantity: this.variantQuantity(v),
      })),
      images: product.media.map((m, index) => ({
        id: parseGid(m.id)!.legacyId,
        product_id: product.legacyId,
        position: index + 1,
        src: m.url,
        alt: m.alt,
      })),
    };
  }

  orderPayload(order: OrderRecord): Record<string, unknown> {
    const total = order.lineItems.reduce((sum, l) => sum + Number(l.price) * l.quantity, 0);
    return {
      id: order.legacyId,
      admin_graphql_api_id: order.id,
      name: order.name,
      order_number: order.number,
      created_at: iso(order.createdAt),
      updated_at: iso(order.updatedAt),
      processed_at: iso(order.createdAt),
      currency: order.currencyCode,
      total_price: money(total),
      subtotal_price: money(total),
      financial_status: 'paid',
      fulfillment_status: null,
      test: false,
      line_items: order.lineItems.map((l) => ({
        id: l.legacyId,
        admin_graphql_api_id: l.id,
        product_id: parseGid(l.productId)!.legacyId,
        variant_id: parseGid(l.variantId)!.legacyId,
        sku: l.sku,
        title: l.title,
        variant_title: l.variantTitle,
        name: l.variantTitle ? `${l.title} - ${l.variantTitle}` : l.title,
        quantity: l.quantity,
        price: l.price,
      })),
    };
  }
}

/** A variant's title from its option values; null for a product's only, default variant. */
export function variantTitle(variant: VariantRecord): string | null {
  const values = variant.selectedOptions.map((o) => o.value);
  if (values.length === 0 || (values.length === 1 && values[0] === 'Default Title')) return null;
  return values.join(' / ');
}

/** Tags as Shopify keeps them: trimmed, without empty ones or repeats (case-insensitive). */
function normaliseTags(tags: string[]): string[] {
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
