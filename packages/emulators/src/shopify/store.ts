import type { Clock } from '../core/clock';
import {
  INVENTORY_REASONS,
  type IdSequence,
  type InventoryAdjustmentGroupRecord,
  type InventoryChangeRecord,
  type InventoryItemRecord,
  type InventorySetQuantitiesInput,
  type LocationRecord,
  MAX_QUANTITY,
  METAFIELD_VALUE_CHECKS,
  type MetafieldDefinitionRecord,
  type MetafieldRecord,
  type MetafieldsSetEntry,
  type OrderRecord,
  type ProductRecord,
  type ProductSetIdentifiers,
  type ProductSetInput,
  type PublicationRecord,
  type QuantityName,
  type ShopEvent,
  type ShopSettings,
  type UserErrorRecord,
  type VariantRecord,
  type WebhookSubscriptionRecord,
  type WebhookTopic,
  handleize,
  metafieldDigest,
  money,
  normaliseTags,
  variantTitle,
} from './store-records';
import { checkProductSet } from './store-checks';
import { orderPayload, productPayload } from './store-payloads';

export * from './store-records';

/**
 * The emulated shops' data, kept in memory: products with their variants, inventory, media and
 * metafields, orders, metafield definitions and webhook subscriptions. The operations here are
 * shared by the GraphQL resolvers and the control surface (a simulated sale), and say what
 * Shopify would refuse with its userErrors.
 */

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
    const errors = checkProductSet(this, input, existing ?? null);
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

  // ---- REST-style webhook payloads (store-payloads.ts) ---------------------------------

  productPayload(product: ProductRecord): Record<string, unknown> {
    return productPayload(this, product);
  }

  orderPayload(order: OrderRecord): Record<string, unknown> {
    return orderPayload(order);
  }
}
