import type { ApiContext, OperationHandler } from '../core/emulator-server';
import { empty, json, type EmulatorResponse } from '../core/http';
import {
  DEPOP_DEPARTMENTS,
  money,
  productJson,
  record,
  requestViolation,
  type DepopContext,
} from './depop-context';
import { depopErrors, productNotFound, type DepopError } from './depop-errors';
import { DELETED_STATUS, isDeleted, type ProductRecord } from './depop-store';

/** ✅ Depop counts a hashtag as '#' and letters or digits after a space or the start. */
const HASHTAG = /(^|\s)#[\p{L}\p{N}_]+/gu;
/** ✅ "Email addresses are not allowed" in descriptions. */
const EMAIL = /[^\s@]+@[^\s@]+\.[A-Za-z]{2,}/;
/** ◐ Product type slugs of the taxonomy, when no list is configured. */
const PRODUCT_TYPE_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** ✅ Every Depop path ends in '/'; a request without it is not an endpoint of the API. */
export function requireTrailingSlash(
  depop: DepopContext,
  handler: OperationHandler,
): OperationHandler {
  return (ctx) => {
    if (ctx.request.path.endsWith('/')) return handler(ctx);
    requestViolation(depop, ctx, [`Depop's endpoints end in '/': ${ctx.request.path} does not`]);
    return depopErrors(404, [
      { code: 'not_found', message: `${ctx.request.method} ${ctx.request.path} is not found.` },
    ]);
  };
}

function failure(sku: string | null): (what: string) => string {
  return (what) => `Failed to create or update product (sku: ${sku ?? 'None'}) ${what}`;
}

/** The ProductPutRequest rules the schema cannot say; all at once, as Depop lists them. */
function putProblems(
  depop: DepopContext,
  body: Record<string, unknown>,
  sku: string | null,
): DepopError[] {
  const { rules, seller } = depop;
  const fail = failure(sku);
  const errors: DepopError[] = [];
  const description = typeof body.description === 'string' ? body.description : '';
  const hashtags = description.match(HASHTAG)?.length ?? 0;
  if (hashtags > rules.maxHashtags) {
    // ✅ The description's invalidDescription example.
    errors.push({
      code: 'invalid_description',
      message: fail(
        'due to invalid description. Use a maximum of 5 hashtags and only tag the brand your item belongs to.',
      ),
    });
  } else if (EMAIL.test(description)) {
    errors.push({
      code: 'invalid_description',
      message: fail('due to invalid description. Email addresses are not allowed.'),
    });
  }
  const price = money(body.price_amount);
  if (price === null || price < 1) {
    errors.push({
      code: 'invalid_price',
      message: fail(
        `because the price ${String(body.price_amount)} is not valid. It must be at least 1.00 with up to 2 decimal places.`,
      ),
    });
  }
  if (body.price_currency !== seller.currency) {
    errors.push({
      code: 'invalid_currency',
      message: fail(
        `because the currency ${String(body.price_currency)} is not the shop's currency (${seller.currency}).`,
      ),
    });
  }
  if (body.discount_price !== undefined) {
    const discount = money(body.discount_price);
    if (discount === null || (price !== null && discount >= price)) {
      errors.push({
        code: 'validation',
        message: fail('because discount_price must be a price below price_amount.'),
      });
    }
  }
  for (const key of ['auto_send_offer_price', 'auto_negotiate_offer_price']) {
    if (body[key] === undefined) continue;
    const offer = money(body[key]);
    // ✅ "Must be at least 5% off the price_amount".
    if (offer === null || (price !== null && offer > price * 0.95)) {
      errors.push({
        code: 'validation',
        message: fail(`because ${key} must be at least 5% off price_amount.`),
      });
    }
  }
  const quantity = body.quantity;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) {
    errors.push({
      code: 'validation',
      message: fail('because the quantity must be a whole number of at least 1.'),
    });
  }
  if (!DEPOP_DEPARTMENTS.includes(String(body.department))) {
    // ✅ The description's invalidCategory example.
    errors.push({
      code: 'invalid_department',
      message: fail(
        'due to invalid category. Please ensure a valid department (gender) is provided.',
      ),
    });
  }
  const productType = typeof body.product_type === 'string' ? body.product_type : '';
  const knownType = rules.productTypes
    ? rules.productTypes.has(productType)
    : PRODUCT_TYPE_SLUG.test(productType);
  if (!knownType) {
    errors.push({
      code: 'invalid_product_type',
      message: fail(`due to invalid category. The product type '${productType}' does not exist.`),
    });
  }
  const sizeSet = body.size_set_id;
  const size = body.size_id;
  const wholeId = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v > 0;
  const sized = rules.sizedProductTypes?.has(productType) ?? false;
  if (
    (sizeSet === undefined) !== (size === undefined) ||
    (sizeSet !== undefined && (!wholeId(sizeSet) || !wholeId(size))) ||
    (sized && sizeSet === undefined)
  ) {
    // ✅ The description's invalidSize example.
    errors.push({
      code: 'invalid_size',
      message: fail('due to invalid size. Please check the size configuration.'),
    });
  }
  const manual = body.national_shipping_cost !== undefined;
  const managed = body.depop_shipping !== undefined;
  if (manual === managed) {
    errors.push({
      code: 'validation',
      message: fail(
        'because either national_shipping_cost or depop_shipping must be provided, not both.',
      ),
    });
  } else if (manual && !rules.manualShippingAllowed) {
    // ✅ The description's manualShippingNotAllowed example.
    errors.push({
      code: 'manual_shipping_not_allowed',
      message: fail('because manual shipping is not allowed for this user.'),
    });
  }
  for (const key of ['national_shipping_cost', 'international_shipping_cost']) {
    if (body[key] !== undefined && money(body[key]) === null) {
      errors.push({
        code: 'validation',
        message: fail(`because ${key} must be an amount with up to 2 decimal places.`),
      });
    }
  }
  const pictures = Array.isArray(body.pictures) ? body.pictures : [];
  const badPicture = pictures.find((p) => {
    const url = record(p).url;
    return typeof url !== 'string' || !/^https?:\/\/\S+$/i.test(url);
  });
  if (badPicture !== undefined) {
    errors.push({
      code: 'invalid_picture',
      message: fail(`because the picture '${String(record(badPicture).url)}' is not a public URL.`),
    });
  }
  if (typeof body.brand_name === 'string' && !body.brand_name.trim()) {
    errors.push({
      code: 'invalid_brand',
      message: fail('due to invalid brand. Please check the brand configuration.'),
    });
  }
  return errors;
}

function slugFor(description: string, productId: number): string {
  const words = description
    .replace(HASHTAG, ' ')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9\s-]/g, '')
    .split(/[\s-]+/)
    .filter(Boolean)
    .slice(0, 6)
    .join('-');
  return `${words || 'product'}-${productId}`;
}

/** The product's fields as stored: what was put, `is_boosted` apart. */
function fieldsOf(body: Record<string, unknown>): Record<string, unknown> {
  const { is_boosted: _boosted, ...fields } = body;
  return fields;
}

/** Create or update (by SKU), or update (by id): the product as the body says. */
function putProduct(
  depop: DepopContext,
  ctx: ApiContext,
  target: { sku: string } | { productId: number },
): EmulatorResponse {
  const { store, clock } = depop;
  const body = record(ctx.json);
  let existing: ProductRecord | undefined;
  if ('sku' in target) {
    existing = store.bySku(target.sku);
  } else {
    existing = store.products.get(target.productId);
    if (!existing || isDeleted(existing.status)) {
      return depopErrors(404, [productNotFound({ productId: target.productId })]);
    }
  }
  const sku = 'sku' in target ? target.sku : (existing?.sku ?? null);
  if (existing && isDeleted(existing.status) && !depop.rules.deletedSkusReusable) {
    // ◐ Depop's answer to a reused SKU is not described; a 400 in its error format.
    return depopErrors(400, [
      {
        code: 'sku_not_reusable',
        message: `The SKU ${sku ?? ''} belonged to a deleted product and can't be reused.`,
      },
    ]);
  }
  const problems = putProblems(depop, body, sku);
  if (problems.length > 0) return depopErrors(422, problems);
  const now = clock.now();
  const boosted = typeof body.is_boosted === 'boolean' ? body.is_boosted : null;
  if (existing) {
    existing.fields = fieldsOf(body);
    // ✅ Omitting is_boosted keeps the product's boost.
    if (boosted !== null) existing.isBoosted = boosted;
    // ✅ A PUT restocks a sold product; ◐ and revives a deleted one where SKUs are reusable.
    existing.status = 'STATUS_ONSALE';
    existing.updatedAt = now;
    return json(200, { product_id: existing.productId, slug: existing.slug, sku });
  }
  const productId = store.ids.productId();
  const product: ProductRecord = {
    productId,
    sku,
    slug: slugFor(String(body.description ?? ''), productId),
    status: 'STATUS_ONSALE',
    fields: fieldsOf(body),
    isBoosted: boosted ?? false,
    createdAt: now,
    updatedAt: now,
  };
  store.products.set(productId, product);
  if (sku !== null) store.skus.set(sku, productId);
  return json(200, { product_id: productId, slug: product.slug, sku });
}

function patchProduct(
  depop: DepopContext,
  product: ProductRecord | undefined,
  ref: { sku?: string; productId?: number },
  body: Record<string, unknown>,
): EmulatorResponse {
  if (!product || isDeleted(product.status)) return depopErrors(404, [productNotFound(ref)]);
  if (product.status !== 'STATUS_ONSALE') {
    // ✅ Only an ON SALE product can be patched; ◐ the refusal's wording.
    return depopErrors(400, [
      {
        code: 'product_not_on_sale',
        message: `Product (sku: ${product.sku ?? 'None'}, id: ${product.productId}) is not on sale. To restock it, put it again with the available quantity.`,
      },
    ]);
  }
  const merged = { ...product.fields, ...body };
  const problems = putProblems(depop, merged, product.sku).filter((e) =>
    ['invalid_price', 'validation'].includes(e.code),
  );
  if (problems.length > 0) return depopErrors(400, problems);
  product.fields = merged;
  product.updatedAt = depop.clock.now();
  return empty(200);
}

function deleteProduct(depop: DepopContext, product: ProductRecord | undefined): EmulatorResponse {
  // ✅ Idempotent: a product that does not exist (or is gone) answers 200 too.
  if (product && !isDeleted(product.status)) {
    product.status = DELETED_STATUS[product.status] ?? 'STATUS_DELETED';
    product.updatedAt = depop.clock.now();
  }
  return empty(200);
}

function markAsSold(
  depop: DepopContext,
  product: ProductRecord | undefined,
  ref: { sku?: string; productId?: number },
): EmulatorResponse {
  if (!product) return depopErrors(404, [productNotFound(ref)]);
  // ✅ A product not in a selling state stays as it is, and the answer is still 200.
  if (product.status === 'STATUS_ONSALE') {
    product.status = 'STATUS_MARKED_AS_SOLD';
    product.updatedAt = depop.clock.now();
  }
  return empty(200);
}

async function triggerPurchase(
  depop: DepopContext,
  product: ProductRecord | undefined,
  ref: { sku?: string; productId?: number },
): Promise<EmulatorResponse> {
  if (!product || isDeleted(product.status)) return depopErrors(404, [productNotFound(ref)]);
  if (depop.store.available(product) < 1) {
    return depopErrors(400, [
      {
        code: 'product_not_on_sale',
        message: `Product (sku: ${product.sku ?? 'None'}, id: ${product.productId}) is not on sale.`,
      },
    ]);
  }
  await depop.sell(product);
  return empty(200);
}

/** ◐ The cursor's shape follows the description's example: base64 of `id|created_at|count`. */
function productCursor(product: ProductRecord, count: number): string {
  return Buffer.from(
    `${product.productId}|${new Date(product.createdAt).toISOString()}|${count}`,
  ).toString('base64');
}

function cursorProductId(cursor: string): number | null {
  const id = Number(Buffer.from(cursor, 'base64').toString('utf8').split('|')[0]);
  return Number.isInteger(id) && id > 0 ? id : null;
}

function listProducts(depop: DepopContext, ctx: ApiContext): EmulatorResponse {
  const query = ctx.request.query;
  const limit = Number(query.get('limit') ?? 20);
  const ascending = query.get('sort_by') === 'id_asc';
  const state = query.get('state');
  const cursorText = query.get('cursor');
  const after = cursorText === null ? null : cursorProductId(cursorText);
  if (cursorText !== null && after === null) {
    return depopErrors(400, [{ code: 'bad-request', message: 'invalid cursor' }]);
  }
  const shown = [...depop.store.products.values()]
    .filter((p) => !isDeleted(p.status))
    .filter((p) =>
      state === 'selling'
        ? p.status === 'STATUS_ONSALE'
        : state === 'sold'
          ? p.status === 'STATUS_PURCHASED' || p.status === 'STATUS_MARKED_AS_SOLD'
          : true,
    )
    .sort((a, b) => (ascending ? a.productId - b.productId : b.productId - a.productId))
    .filter((p) => (after === null ? true : ascending ? p.productId > after : p.productId < after));
  const page = shown.slice(0, limit);
  const last = page.at(-1);
  const meta: Record<string, unknown> = { has_more: shown.length > page.length };
  if (last) meta.cursor = productCursor(last, page.length);
  return json(200, { meta, data: page.map(productJson) });
}

export function productHandlers(depop: DepopContext): Record<string, OperationHandler> {
  const { store } = depop;
  const byId = (ctx: ApiContext) => Number(ctx.params.productId);
  const handlers: Record<string, OperationHandler> = {
    createOrUpdateProduct: (ctx) => putProduct(depop, ctx, { sku: ctx.params.sku ?? '' }),
    updateProductById: (ctx) => putProduct(depop, ctx, { productId: byId(ctx) }),
    getProductBySku: (ctx) => {
      const sku = ctx.params.sku ?? '';
      const product = store.bySku(sku);
      // ◐ The description lists no 404 here; the other product lookups answer it.
      return product
        ? json(200, productJson(product))
        : depopErrors(404, [productNotFound({ sku })]);
    },
    getProductById: (ctx) => {
      const product = store.products.get(byId(ctx));
      return product
        ? json(200, productJson(product))
        : depopErrors(404, [productNotFound({ productId: byId(ctx) })]);
    },
    getAllProducts: (ctx) => listProducts(depop, ctx),
    patchProduct: (ctx) => {
      const sku = ctx.params.sku ?? '';
      return patchProduct(depop, store.bySku(sku), { sku }, record(ctx.json));
    },
    patchProductById: (ctx) =>
      patchProduct(
        depop,
        store.products.get(byId(ctx)),
        { productId: byId(ctx) },
        record(ctx.json),
      ),
    deleteProduct: (ctx) => deleteProduct(depop, store.bySku(ctx.params.sku ?? '')),
    deleteProductById: (ctx) => deleteProduct(depop, store.products.get(byId(ctx))),
    markProductAsSold: (ctx) => {
      const sku = ctx.params.sku ?? '';
      return markAsSold(depop, store.bySku(sku), { sku });
    },
    markProductAsSoldById: (ctx) =>
      markAsSold(depop, store.products.get(byId(ctx)), { productId: byId(ctx) }),
    triggerPurchaseBySku: (ctx) => {
      const sku = ctx.params.sku ?? '';
      return triggerPurchase(depop, store.bySku(sku), { sku });
    },
    triggerPurchaseById: (ctx) =>
      triggerPurchase(depop, store.products.get(byId(ctx)), { productId: byId(ctx) }),
    getSellerDetails: () =>
      json(200, {
        id: depop.seller.id,
        username: depop.seller.username,
        country_code: depop.seller.countryCode,
      }),
  };
  return Object.fromEntries(
    Object.entries(handlers).map(([id, handler]) => [id, requireTrailingSlash(depop, handler)]),
  );
}
