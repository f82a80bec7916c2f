import type { ApiContext, OperationHandler } from '../core/emulator-server';
import { empty, header, json, type EmulatorResponse } from '../core/http';
import {
  EBAY_CONDITIONS,
  EBAY_MARKETPLACES,
  isRecord,
  pageLinks,
  paging,
  record,
  requestViolation,
  revise,
  type EbayContext,
} from './ebay-context';
import { ebayError, ebayErrors, type EbayError } from './ebay-errors';
import type { InventoryItemRecord, OfferRecord, PolicyType } from './ebay-store';

export const INVENTORY_BASE_PATH = '/sell/inventory/v1';

const SKU_MAX = 50; // ✅
/**
 * ✅ Error 25707 says "only alphanumeric characters"; ◐ hyphens, underscores and full stops are
 * taken in practice (sellers' SKUs such as ABC-123), and nothing a URL path must escape.
 */
const SKU_CHARACTERS = /^[A-Za-z0-9._-]+$/;
const LOCATION_KEY_MAX = 36; // ✅ merchantLocationKey max length
const BULK_PRICE_QUANTITY_MAX = 25; // ✅ requests per bulkUpdatePriceQuantity call

const ALL_LOCALES = new Set(Object.values(EBAY_MARKETPLACES).flatMap((m) => m.locales));

/** A refusal the real API makes for a malformed request: answered and recorded. */
function malformed(ebay: EbayContext, ctx: ApiContext, error: EbayError): EmulatorResponse {
  requestViolation(ebay, ctx, [error.longMessage ?? error.message]);
  return ebayErrors(400, [error]);
}

function contentLanguageError(ctx: ApiContext): EbayError | null {
  const value = header(ctx.request.headers, 'content-language');
  if (value && ALL_LOCALES.has(value)) return null;
  return ebayError('invalidValue', {
    fill: { fieldName: 'header Content-Language' },
    additionalInfo: `'${value ?? ''}' is not a supported locale.`,
  });
}

function itemJson(item: InventoryItemRecord): Record<string, unknown> {
  const body = item.item;
  const out: Record<string, unknown> = {
    sku: item.sku,
    locale: item.locale,
    availability: { shipToLocationAvailability: { quantity: item.quantity } },
  };
  for (const key of [
    'condition',
    'conditionDescription',
    'conditionDescriptors',
    'packageWeightAndSize',
    'product',
  ]) {
    if (body[key] !== undefined) out[key] = body[key];
  }
  return out;
}

export function offerJson(ebay: EbayContext, offer: OfferRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {
    ...offer.details,
    offerId: offer.offerId,
    sku: offer.sku,
    marketplaceId: offer.marketplaceId,
    format: offer.format,
    status: offer.status,
    availableQuantity: ebay.store.available(offer),
  };
  if (out.listingDuration === undefined) out.listingDuration = 'GTC';
  if (offer.status === 'PUBLISHED' && offer.listing) out.listing = { ...offer.listing };
  else delete out.listing;
  return out;
}

/** What stops an offer from being published, all at once, as eBay lists them. */
export function publishProblems(ebay: EbayContext, offer: OfferRecord): EbayError[] {
  const { store, rules } = ebay;
  const errors: EbayError[] = [];
  const item = store.inventoryItems.get(offer.sku);
  if (!item) return [ebayError('skuNotFound', { fill: { skuValue: offer.sku } })];
  const product = record(item.item.product);
  const details = offer.details;
  const title = typeof product.title === 'string' ? product.title.trim() : '';
  const missing = (field: string) =>
    ebayError('userError', {
      additionalInfo: `No <Item.${field}> exists or <Item.${field}> is specified as an empty tag in the request.`,
    });
  if (!title) errors.push(missing('Title'));
  else if (title.length > rules.titleMax) {
    errors.push(
      ebayError('userError', {
        additionalInfo: `The title may not be longer than ${rules.titleMax} characters.`,
      }),
    );
  }
  const description =
    (typeof details.listingDescription === 'string' && details.listingDescription.trim()) ||
    (typeof product.description === 'string' && product.description.trim());
  if (!description) errors.push(missing('Description'));
  const pictures = Array.isArray(product.imageUrls) ? product.imageUrls : [];
  if (pictures.length === 0) {
    errors.push(
      ebayError('invalidPictures', { additionalInfo: 'At least one picture is required.' }),
    );
  } else if (pictures.length > rules.picturesMax) {
    errors.push(
      ebayError('invalidPictures', {
        additionalInfo: `A listing can have at most ${rules.picturesMax} pictures.`,
      }),
    );
  }
  const badUrl = pictures.find((url) => typeof url !== 'string' || !/^https?:\/\/\S+$/i.test(url));
  if (badUrl !== undefined) {
    errors.push(
      ebayError('invalidPictureUrl', {
        additionalInfo: `'${String(badUrl)}' is not a picture URL.`,
      }),
    );
  }
  if (typeof item.item.condition !== 'string') {
    errors.push(
      ebayError('invalidCondition', {
        additionalInfo: 'An item condition is required for this category.',
      }),
    );
  }
  if (store.available(offer) < 1) {
    errors.push(
      ebayError('invalidQuantity', {
        additionalInfo: 'The available quantity must be at least 1.',
      }),
    );
  }

  const categoryId = typeof details.categoryId === 'string' ? details.categoryId : '';
  if (!categoryId) {
    errors.push(
      ebayError('invalidCategory', { additionalInfo: 'No category was given for the offer.' }),
    );
  } else if (
    !/^\d+$/.test(categoryId) ||
    (rules.leafCategoryIds !== null && !rules.leafCategoryIds.has(categoryId))
  ) {
    errors.push(
      ebayError('invalidCategory', {
        additionalInfo: `The category ${categoryId} is not a valid leaf category.`,
      }),
    );
  } else {
    const aspects = record(product.aspects);
    for (const aspect of rules.requiredAspects[categoryId] ?? []) {
      const values = aspects[aspect];
      if (!Array.isArray(values) || values.length === 0) {
        errors.push(ebayError('requiredForCategory', { fill: { field: aspect } }));
      }
    }
  }

  const price = record(record(details.pricingSummary).price);
  const currency = EBAY_MARKETPLACES[offer.marketplaceId]?.currency;
  const value = typeof price.value === 'string' ? Number(price.value) : NaN;
  if (!Number.isFinite(value) || value <= 0) {
    errors.push(ebayError('invalidPrice', { additionalInfo: 'The offer has no price.' }));
  } else if (price.currency !== currency) {
    errors.push(
      ebayError('invalidPrice', {
        additionalInfo: `The currency ${String(price.currency)} is not the currency of ${offer.marketplaceId} (${currency}).`,
      }),
    );
  }

  const policies = record(details.listingPolicies);
  const policyChecks: Array<[PolicyType, string, Parameters<typeof ebayError>[0], string]> = [
    [
      'fulfillment',
      'fulfillmentPolicyId',
      'invalidFulfillmentPolicy',
      'A fulfillment (shipping) policy is required.',
    ],
    ['payment', 'paymentPolicyId', 'invalidPaymentPolicy', 'A payment policy is required.'],
    ['return', 'returnPolicyId', 'invalidReturnPolicy', 'A return policy is required.'],
  ];
  for (const [type, field, error, requiredText] of policyChecks) {
    const id = policies[field];
    if (typeof id !== 'string' || !id) {
      errors.push(ebayError(error, { additionalInfo: requiredText }));
      continue;
    }
    const policy = store.policies.get(id);
    if (!policy || policy.body.marketplaceId !== offer.marketplaceId) {
      errors.push(ebayError('policyNotFound', { parameters: [{ name: 'policyId', value: id }] }));
    } else if (policy.type !== type) {
      errors.push(
        ebayError('policyWrongType', {
          fill: { PolicyId: id, PolicyEnum: `${type.toUpperCase()}_POLICY` },
        }),
      );
    }
  }

  const locationKey =
    typeof details.merchantLocationKey === 'string' ? details.merchantLocationKey : '';
  const location = locationKey ? store.locations.get(locationKey) : undefined;
  if (!locationKey) errors.push(missing('Country'));
  else if (!location) {
    errors.push(
      ebayError('invalidLocation', {
        additionalInfo: `The location ${locationKey} does not exist.`,
      }),
    );
  } else if (location.status !== 'ENABLED') {
    errors.push(
      ebayError('invalidLocation', { additionalInfo: `The location ${locationKey} is disabled.` }),
    );
  }
  return errors;
}

/** The listing's state after its available quantity changed. */
export function settleListing(ebay: EbayContext, offer: OfferRecord): void {
  const listing = offer.listing;
  if (offer.status !== 'PUBLISHED' || !listing || listing.listingStatus === 'ENDED') return;
  const available = ebay.store.available(offer);
  if (available > 0) listing.listingStatus = 'ACTIVE';
  else listing.listingStatus = ebay.rules.outOfStockControl ? 'OUT_OF_STOCK' : 'ENDED';
}

export function inventoryHandlers(ebay: EbayContext): Record<string, OperationHandler> {
  const { store } = ebay;

  const offerOr404 = (offerId: string | undefined): OfferRecord | EmulatorResponse => {
    const offer = offerId ? store.offers.get(offerId) : undefined;
    return (
      offer ??
      ebayErrors(404, [
        ebayError('offerNotAvailable', { additionalInfo: `Offer ${offerId ?? ''} not found.` }),
      ])
    );
  };

  return {
    createOrReplaceInventoryItem(ctx) {
      const sku = ctx.params.sku ?? '';
      if (!sku || sku.length > SKU_MAX || !SKU_CHARACTERS.test(sku)) {
        return malformed(ebay, ctx, ebayError('invalidSku'));
      }
      const language = contentLanguageError(ctx);
      if (language) return malformed(ebay, ctx, language);
      const body = record(ctx.json);
      if (body.condition !== undefined && !EBAY_CONDITIONS.includes(String(body.condition))) {
        return malformed(
          ebay,
          ctx,
          ebayError('invalidRequest', {
            longMessage: 'The request has errors. For help, see the documentation for this API.',
            parameters: [{ name: 'reason', value: 'Could not serialize field [condition]' }],
          }),
        );
      }
      const title = record(body.product).title;
      if (typeof title === 'string' && title.length > ebay.rules.titleMax) {
        return ebayErrors(400, [
          ebayError('userError', {
            additionalInfo: `The title may not be longer than ${ebay.rules.titleMax} characters.`,
          }),
        ]);
      }
      const offers = store.offersForSku(sku);
      const refused = revise(ebay, offers);
      if (refused) return ebayErrors(400, [refused]);
      const quantity = record(record(body.availability).shipToLocationAvailability).quantity;
      store.inventoryItems.set(sku, {
        sku,
        locale: header(ctx.request.headers, 'content-language') ?? 'en-US',
        item: body,
        quantity: typeof quantity === 'number' ? quantity : 0,
        updatedAt: ebay.clock.now(),
      });
      for (const offer of offers) settleListing(ebay, offer);
      return empty(204);
    },

    getInventoryItem(ctx) {
      const item = store.inventoryItems.get(ctx.params.sku ?? '');
      if (!item) return ebayErrors(404, [ebayError('entityNotFound')]);
      return json(200, itemJson(item));
    },

    getInventoryItems(ctx) {
      // ✅ limit 1-200, 25 by default. ◐ The description calls offset a page number, but
      // clients send (and the emulator takes) the records to skip; `next` carries the offset
      // to send, so a client that follows it is right either way.
      const page = paging(ctx.request.query, { limit: 25, max: 200 });
      if (!page) return malformed(ebay, ctx, ebayError('invalidPagination'));
      const all = [...store.inventoryItems.values()];
      const slice = all.slice(page.offset, page.offset + page.limit);
      return json(200, {
        ...pageLinks(ctx.baseUrl, ctx.request.path, ctx.request.query, page, all.length),
        limit: page.limit,
        // ◐ The description says InventoryItems.size is the number of pages (unlike
        // Offers.size, the offers on this page).
        size: Math.ceil(all.length / page.limit),
        total: all.length,
        inventoryItems: slice.map(itemJson),
      });
    },

    deleteInventoryItem(ctx) {
      const sku = ctx.params.sku ?? '';
      if (!store.inventoryItems.has(sku)) {
        return ebayErrors(404, [ebayError('skuNotFound', { fill: { skuValue: sku } })]);
      }
      store.inventoryItems.delete(sku);
      for (const offer of store.offersForSku(sku)) store.offers.delete(offer.offerId);
      return empty(204);
    },

    getOffers(ctx) {
      const sku = ctx.request.query.get('sku');
      if (!sku) {
        return malformed(
          ebay,
          ctx,
          ebayError('invalidValue', {
            fill: { fieldName: 'sku' },
            additionalInfo: 'The sku query parameter is required.',
          }),
        );
      }
      const page = paging(ctx.request.query, { limit: 25, max: 200 });
      if (!page) return malformed(ebay, ctx, ebayError('invalidPagination'));
      const marketplaceId = ctx.request.query.get('marketplace_id');
      const format = ctx.request.query.get('format');
      const offers = store
        .offersForSku(sku)
        .filter(
          (o) =>
            (!marketplaceId || o.marketplaceId === marketplaceId) &&
            (!format || o.format === format),
        );
      if (offers.length === 0) {
        return ebayErrors(404, [
          ebayError('offerNotAvailable', { additionalInfo: 'Offer entity not found.' }),
        ]);
      }
      const slice = offers.slice(page.offset, page.offset + page.limit);
      return json(200, {
        ...pageLinks(ctx.baseUrl, ctx.request.path, ctx.request.query, page, offers.length),
        limit: page.limit,
        size: slice.length,
        total: offers.length,
        offers: slice.map((offer) => offerJson(ebay, offer)),
      });
    },

    createOffer(ctx) {
      const language = contentLanguageError(ctx);
      if (language) return malformed(ebay, ctx, language);
      const body = record(ctx.json);
      for (const field of ['sku', 'marketplaceId', 'format']) {
        if (typeof body[field] !== 'string' || !body[field]) {
          return malformed(
            ebay,
            ctx,
            ebayError('invalidValue', {
              fill: { fieldName: field },
              additionalInfo: `${field} is required.`,
            }),
          );
        }
      }
      const sku = String(body.sku);
      const marketplaceId = String(body.marketplaceId);
      const format = String(body.format);
      if (!EBAY_MARKETPLACES[marketplaceId]) {
        return malformed(
          ebay,
          ctx,
          ebayError('invalidValue', { fill: { fieldName: 'marketplaceId' } }),
        );
      }
      if (format !== 'FIXED_PRICE' && format !== 'AUCTION') {
        return malformed(ebay, ctx, ebayError('invalidValue', { fill: { fieldName: 'format' } }));
      }
      const priceProblem = priceFormatError(body);
      if (priceProblem) return malformed(ebay, ctx, priceProblem);
      if (!store.inventoryItems.has(sku)) {
        return ebayErrors(400, [ebayError('skuNotFound', { fill: { skuValue: sku } })]);
      }
      const existing = store
        .offersForSku(sku)
        .find((o) => o.marketplaceId === marketplaceId && o.format === format);
      if (existing) {
        return ebayErrors(400, [
          ebayError('userError', {
            additionalInfo: 'Offer entity already exists.',
            parameters: [{ name: 'offerId', value: existing.offerId }],
          }),
        ]);
      }
      const offerId = store.ids.offerId();
      const details = { ...body };
      delete details.sku;
      delete details.marketplaceId;
      delete details.format;
      store.offers.set(offerId, {
        offerId,
        sku,
        marketplaceId,
        format,
        details,
        status: 'UNPUBLISHED',
        listing: null,
      });
      return json(201, { offerId });
    },

    getOffer(ctx) {
      const offer = offerOr404(ctx.params.offerId);
      if (!('offerId' in offer)) return offer;
      return json(200, offerJson(ebay, offer));
    },

    updateOffer(ctx) {
      const language = contentLanguageError(ctx);
      if (language) return malformed(ebay, ctx, language);
      const offer = offerOr404(ctx.params.offerId);
      if (!('offerId' in offer)) return offer;
      const body = record(ctx.json);
      const priceProblem = priceFormatError(body);
      if (priceProblem) return malformed(ebay, ctx, priceProblem);
      const refused = revise(ebay, [offer]);
      if (refused) return ebayErrors(400, [refused]);
      const details = { ...body };
      for (const key of ['sku', 'marketplaceId', 'format', 'offerId', 'status', 'listing'])
        delete details[key];
      offer.details = details;
      settleListing(ebay, offer);
      return empty(204);
    },

    deleteOffer(ctx) {
      const offer = offerOr404(ctx.params.offerId);
      if (!('offerId' in offer)) return offer;
      store.offers.delete(offer.offerId);
      return empty(204);
    },

    publishOffer(ctx) {
      const offer = offerOr404(ctx.params.offerId);
      if (!('offerId' in offer)) return offer;
      const problems = publishProblems(ebay, offer);
      if (problems.length > 0) return ebayErrors(400, problems);
      if (
        offer.status === 'PUBLISHED' &&
        offer.listing &&
        offer.listing.listingStatus !== 'ENDED'
      ) {
        // Publishing a live offer again revises its listing.
        const refused = revise(ebay, [offer]);
        if (refused) return ebayErrors(400, [refused]);
        return json(200, { listingId: offer.listing.listingId });
      }
      // ◐ A withdrawn or ended offer published again becomes a new listing with a new id.
      offer.status = 'PUBLISHED';
      offer.listing = {
        listingId: store.ids.listingId(),
        listingStatus: 'ACTIVE',
        soldQuantity: 0,
      };
      return json(200, { listingId: offer.listing.listingId });
    },

    withdrawOffer(ctx) {
      const offer = offerOr404(ctx.params.offerId);
      if (!('offerId' in offer)) return offer;
      if (offer.status !== 'PUBLISHED' || !offer.listing) {
        return ebayErrors(400, [
          ebayError('offerNotAvailable', { additionalInfo: 'The offer is not published.' }),
        ]);
      }
      const { listingId } = offer.listing;
      offer.status = 'UNPUBLISHED';
      offer.listing = null;
      return json(200, { listingId });
    },

    bulkUpdatePriceQuantity(ctx) {
      const requests = Array.isArray(record(ctx.json).requests)
        ? (record(ctx.json).requests as unknown[])
        : [];
      if (requests.length === 0 || requests.length > BULK_PRICE_QUANTITY_MAX) {
        return malformed(
          ebay,
          ctx,
          ebayError('userError', {
            additionalInfo: `Send between 1 and ${BULK_PRICE_QUANTITY_MAX} requests.`,
          }),
        );
      }
      const responses: Array<Record<string, unknown>> = [];
      for (const raw of requests) {
        const request = record(raw);
        const sku = typeof request.sku === 'string' ? request.sku : null;
        const offerUpdates = Array.isArray(request.offers) ? request.offers.map(record) : [];
        const quantity = record(request.shipToLocationAvailability).quantity;
        const item = sku ? store.inventoryItems.get(sku) : undefined;
        if (!sku || !item) {
          responses.push({
            statusCode: 400,
            ...(sku ? { sku } : {}),
            errors: [ebayError('skuNotFound', { fill: { skuValue: sku ?? '' } })],
          });
          continue;
        }
        const touched: OfferRecord[] = [];
        const errors: EbayError[] = [];
        for (const update of offerUpdates) {
          const offer =
            typeof update.offerId === 'string' ? store.offers.get(update.offerId) : undefined;
          if (!offer || offer.sku !== sku) {
            errors.push(
              ebayError('offerNotAvailable', {
                additionalInfo: `Offer ${String(update.offerId)} not found for ${sku}.`,
              }),
            );
          } else touched.push(offer);
        }
        const affected = typeof quantity === 'number' ? store.offersForSku(sku) : touched;
        const refused = errors.length === 0 ? revise(ebay, affected) : null;
        if (refused) errors.push(refused);
        if (errors.length > 0) {
          responses.push({ statusCode: 400, sku, errors });
          continue;
        }
        if (typeof quantity === 'number') item.quantity = quantity;
        for (const update of offerUpdates) {
          const offer = store.offers.get(String(update.offerId));
          if (!offer) continue;
          if (typeof update.availableQuantity === 'number')
            offer.details.availableQuantity = update.availableQuantity;
          if (isRecord(update.price)) {
            offer.details.pricingSummary = {
              ...record(offer.details.pricingSummary),
              price: update.price,
            };
          }
        }
        for (const offer of store.offersForSku(sku)) settleListing(ebay, offer);
        if (touched.length === 0) responses.push({ statusCode: 200, sku });
        for (const offer of touched)
          responses.push({ statusCode: 200, sku, offerId: offer.offerId });
      }
      const allOk = responses.every((r) => r.statusCode === 200);
      return json(allOk ? 200 : 207, { responses });
    },

    createInventoryLocation(ctx) {
      const key = ctx.params.merchantLocationKey ?? '';
      if (!key || key.length > LOCATION_KEY_MAX) {
        return malformed(
          ebay,
          ctx,
          ebayError('invalidValue', { fill: { fieldName: 'merchantLocationKey' } }),
        );
      }
      const body = record(ctx.json);
      const address = record(record(body.location).address);
      const hasPlace =
        typeof address.postalCode === 'string' ||
        (typeof address.city === 'string' && typeof address.stateOrProvince === 'string');
      if (typeof address.country !== 'string' || !hasPlace) {
        return malformed(
          ebay,
          ctx,
          ebayError('locationMissingField', {
            fill: { fieldName: typeof address.country !== 'string' ? 'country' : 'postalCode' },
          }),
        );
      }
      if (store.locations.has(key)) {
        return ebayErrors(409, [
          ebayError('locationExists', { fill: { fieldName: 'merchantLocationKey' } }),
        ]);
      }
      const status = body.merchantLocationStatus === 'DISABLED' ? 'DISABLED' : 'ENABLED';
      store.locations.set(key, { merchantLocationKey: key, details: body, status });
      return empty(204);
    },

    getInventoryLocation(ctx) {
      const location = store.locations.get(ctx.params.merchantLocationKey ?? '');
      if (!location) {
        return ebayErrors(404, [
          ebayError('locationNotFound', { fill: { fieldName: 'merchantLocationKey' } }),
        ]);
      }
      return json(200, locationJson(location));
    },

    getInventoryLocations(ctx) {
      const page = paging(ctx.request.query, { limit: 100, max: 100 });
      if (!page) return malformed(ebay, ctx, ebayError('invalidPagination'));
      const all = [...store.locations.values()];
      return json(200, {
        ...pageLinks(ctx.baseUrl, ctx.request.path, ctx.request.query, page, all.length),
        limit: page.limit,
        offset: page.offset,
        total: all.length,
        locations: all.slice(page.offset, page.offset + page.limit).map(locationJson),
      });
    },

    deleteInventoryLocation(ctx) {
      const key = ctx.params.merchantLocationKey ?? '';
      if (!store.locations.delete(key)) {
        return ebayErrors(404, [
          ebayError('locationNotFound', { fill: { fieldName: 'merchantLocationKey' } }),
        ]);
      }
      return empty(204);
    },
  };
}

function locationJson(location: {
  merchantLocationKey: string;
  details: Record<string, unknown>;
  status: string;
}) {
  const details = location.details;
  const out: Record<string, unknown> = {
    merchantLocationKey: location.merchantLocationKey,
    merchantLocationStatus: location.status,
    location: { address: record(record(details.location).address) },
  };
  for (const key of [
    'name',
    'locationTypes',
    'phone',
    'locationWebUrl',
    'locationInstructions',
    'locationAdditionalInformation',
    'timeZoneId',
  ]) {
    if (details[key] !== undefined) out[key] = details[key];
  }
  return out;
}

/** A price must be a decimal string: eBay cannot read `"value": 12.5` or `"12,50"`. */
function priceFormatError(body: Record<string, unknown>): EbayError | null {
  const price = record(body.pricingSummary).price;
  if (price === undefined) return null;
  const { value, currency } = record(price);
  if (
    typeof value !== 'string' ||
    !/^\d+(\.\d{1,2})?$/.test(value) ||
    typeof currency !== 'string'
  ) {
    return ebayError('invalidValue', {
      fill: { fieldName: 'pricingSummary.price' },
      additionalInfo: 'The price must be a decimal value with its currency.',
    });
  }
  return null;
}
