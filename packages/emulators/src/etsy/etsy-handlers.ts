import { empty, json, type EmulatorResponse } from '../core/http';
import type { EtsyListingState } from './etsy-description';
import { etsyError, type EtsyCallContext, type EtsyHandler } from './etsy-api';
import {
  imageJson,
  inventoryJson,
  listingJson,
  readinessStateJson,
  receiptJson,
  seconds,
  shippingProfileJson,
  shopJson,
  type EtsyContext,
} from './etsy-context';
import {
  listingPriceCents,
  listingQuantity,
  newDraftListing,
  type EtsyImageRecord,
  type EtsyListingRecord,
  type EtsyOfferingRecord,
  type EtsyProductRecord,
  type EtsyShopRecord,
} from './etsy-store';
import { ETSY_SELLER_TAXONOMY, sellerTaxonomyJson } from './etsy-taxonomy';
import { imageInfo } from './image-info';
import {
  activationProblems,
  applyListingFields,
  listingFieldProblems,
  offerProblems,
} from './listing-fields';

type Body = Record<string, unknown>;

function isResponse(value: unknown): value is EmulatorResponse {
  return typeof value === 'object' && value !== null && 'status' in value;
}

function record(value: unknown): Body {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {};
}

function integer(text: string | null | undefined): number | null {
  return text && /^\d+$/.test(text) ? Number(text) : null;
}

/** limit and offset of a list call (the description has checked their ranges). */
function paging(query: URLSearchParams, defaultLimit: number) {
  return {
    limit: integer(query.get('limit')) ?? defaultLimit,
    offset: integer(query.get('offset')) ?? 0,
  };
}

/** The `includes` associations the emulator attaches (the live API has more: Shipping, Shop …). */
const CARRIED_ASSOCIATIONS: ReadonlySet<string> = new Set(['Images', 'Inventory']);

/** A listing the public may see: live or sold out; the rest only its owner. */
function publiclyVisible(listing: EtsyListingRecord): boolean {
  return listing.state === 'active' || listing.state === 'sold_out';
}

/** The API handlers of the emulated Etsy, by the description's operationIds. */
export function etsyHandlers(etsy: EtsyContext): Record<string, EtsyHandler> {
  const { store, rules } = etsy;

  const shopOf = (ctx: EtsyCallContext): EtsyShopRecord | EmulatorResponse => {
    const shopId = integer(ctx.params.shop_id);
    const shop = shopId === null ? undefined : store.shops.get(shopId);
    if (!shop) return etsyError(404, `Shop with shop_id ${ctx.params.shop_id ?? ''} not found.`);
    return shop;
  };

  /** The shop of the path, when the token is its owner's. */
  const ownShop = (ctx: EtsyCallContext): EtsyShopRecord | EmulatorResponse => {
    const shop = shopOf(ctx);
    if (isResponse(shop)) return shop;
    if (ctx.grant?.userId !== shop.userId) {
      return etsyError(
        403,
        `The access token does not belong to the owner of shop ${shop.shopId}.`,
      );
    }
    return shop;
  };

  const listingOf = (ctx: EtsyCallContext): EtsyListingRecord | EmulatorResponse => {
    const listingId = integer(ctx.params.listing_id);
    const listing = listingId === null ? undefined : store.listings.get(listingId);
    if (!listing)
      return etsyError(404, `Listing with listing_id ${ctx.params.listing_id ?? ''} not found.`);
    return listing;
  };

  /** A listing of the path's shop, which the token's seller owns. */
  const ownListing = (ctx: EtsyCallContext): EtsyListingRecord | EmulatorResponse => {
    const listing = listingOf(ctx);
    if (isResponse(listing)) return listing;
    if (ctx.params.shop_id !== undefined && integer(ctx.params.shop_id) !== listing.shopId) {
      return etsyError(
        404,
        `Listing ${listing.listingId} is not a listing of shop ${ctx.params.shop_id}.`,
      );
    }
    if (ctx.grant?.userId !== listing.userId) {
      return etsyError(
        403,
        `The access token does not belong to the owner of listing ${listing.listingId}.`,
      );
    }
    return listing;
  };

  const refused = (problems: string[]) => etsyError(400, problems.join(' '));

  /** Moves a listing to a state; what Etsy refuses on the way, or null. */
  const changeState = (listing: EtsyListingRecord, state: unknown): string[] | null => {
    if (state === undefined || state === listing.state) return null;
    if (state === 'active') {
      const problems = activationProblems(listing, listingQuantity(listing), rules);
      if (problems.length > 0) {
        return [`Listing ${listing.listingId} cannot be activated: ${problems.join('; ')}.`];
      }
      return null;
    }
    if (state === 'inactive') {
      // ◐ Only a listing that was live can be deactivated; a draft stays a draft.
      if (listing.state === 'draft' || listing.state === 'expired') {
        return [`A ${listing.state} listing cannot be deactivated.`];
      }
      return null;
    }
    return [`The state of a listing may be set to active or inactive only, not ${String(state)}.`];
  };

  const updateListing =
    (byPut: boolean): EtsyHandler =>
    (ctx) => {
      const body = ctx.body;
      if (byPut) {
        etsy.violation(ctx, ['updateListing by PUT is deprecated: the live API takes PATCH']);
      } else {
        const moved = ['price', 'quantity'].filter((field) => field in body);
        if (moved.length > 0) {
          etsy.violation(ctx, [
            `updateListing no longer takes ${moved.join(' or ')}: set them with updateListingInventory`,
          ]);
        }
      }
      const shop = ownShop(ctx);
      if (isResponse(shop)) return shop;
      const listing = ownListing(ctx);
      if (isResponse(listing)) return listing;
      const problems = listingFieldProblems(body, shop, rules, listing);
      if (problems.length > 0) return refused(problems);
      // The checks of the new state see the listing as it would be after the other changes.
      const draft: EtsyListingRecord = {
        ...listing,
        images: listing.images,
        products: listing.products,
      };
      applyListingFields(draft, body);
      const stateProblems = changeState(draft, body.state);
      if (stateProblems) return refused(stateProblems);
      const now = seconds(etsy.clock);
      applyListingFields(listing, body);
      if (byPut && (typeof body.price === 'number' || typeof body.quantity === 'number')) {
        const offering = listing.products[0]?.offerings[0];
        if (offering && typeof body.price === 'number')
          offering.priceCents = Math.round(body.price * 100);
        if (offering && typeof body.quantity === 'number') offering.quantity = body.quantity;
      }
      if (typeof body.state === 'string' && body.state !== listing.state) {
        listing.state = body.state as EtsyListingState;
        listing.stateAt = now;
      }
      listing.updatedAt = now;
      return json(200, listingJson(etsy, listing, ctx.baseUrl));
    };

  /** The associations a listing call asked for (`includes`), as fields of each listing. */
  const associations = (ctx: EtsyCallContext) => {
    const wanted = new Set(ctx.query.getAll('includes'));
    const unsupported = [...wanted].filter((name) => !CARRIED_ASSOCIATIONS.has(name));
    if (unsupported.length > 0) {
      etsy.violation(ctx, [
        `the Etsy emulator does not attach ${unsupported.join(', ')} (only ${[...CARRIED_ASSOCIATIONS].join(', ')})`,
      ]);
    }
    return (listing: EtsyListingRecord): Record<string, unknown> => ({
      ...(wanted.has('Images')
        ? {
            images: [...listing.images]
              .sort((a, b) => a.rank - b.rank)
              .map((i) => imageJson(etsy, i, listing.listingId, ctx.baseUrl)),
          }
        : {}),
      ...(wanted.has('Inventory') ? { inventory: inventoryJson(etsy, listing) } : {}),
    });
  };

  const listingPage = (
    listings: EtsyListingRecord[],
    ctx: EtsyCallContext,
    defaultLimit: number,
    attach: (listing: EtsyListingRecord) => Record<string, unknown> = () => ({}),
  ) => {
    const page = paging(ctx.query, defaultLimit);
    return json(200, {
      count: listings.length,
      results: listings
        .slice(page.offset, page.offset + page.limit)
        .map((l) => ({ ...listingJson(etsy, l, ctx.baseUrl), ...attach(l) })),
    });
  };

  return {
    /** The seller taxonomy: every top-level node with its descendants embedded. */
    getSellerTaxonomyNodes() {
      const results = sellerTaxonomyJson(ETSY_SELLER_TAXONOMY);
      return json(200, { count: results.length, results });
    },

    ping(ctx) {
      return json(200, { application_id: ctx.app.applicationId });
    },

    getMe(ctx) {
      const userId = ctx.grant?.userId ?? 0;
      return json(200, { user_id: userId, shop_id: store.shopOfUser(userId)?.shopId ?? null });
    },

    getShop(ctx) {
      const shop = shopOf(ctx);
      if (isResponse(shop)) return shop;
      const active = [...store.listings.values()].filter(
        (l) => l.shopId === shop.shopId && l.state === 'active',
      ).length;
      return json(200, shopJson(shop, ctx.baseUrl, active));
    },

    getShopByOwnerUserId(ctx) {
      const userId = integer(ctx.params.user_id);
      const shop = userId === null ? undefined : store.shopOfUser(userId);
      if (!shop) return etsyError(404, `User ${ctx.params.user_id ?? ''} has no shop.`);
      const active = [...store.listings.values()].filter(
        (l) => l.shopId === shop.shopId && l.state === 'active',
      ).length;
      return json(200, shopJson(shop, ctx.baseUrl, active));
    },

    getListingShippingProfiles(ctx) {
      const shop = ownShop(ctx);
      if (isResponse(shop)) return shop;
      const profiles = [...shop.shippingProfiles.values()];
      return json(200, {
        count: profiles.length,
        results: profiles.map((p) => shippingProfileJson(p, shop.userId)),
      });
    },

    getShopShippingProfiles(ctx) {
      const shop = ownShop(ctx);
      if (isResponse(shop)) return shop;
      const profiles = [...shop.shippingProfiles.values()];
      return json(200, {
        count: profiles.length,
        results: profiles.map((p) => shippingProfileJson(p, shop.userId, { current: true })),
      });
    },

    getShopReadinessStateDefinitions(ctx) {
      const shop = ownShop(ctx);
      if (isResponse(shop)) return shop;
      const { limit, offset } = paging(ctx.query, 25);
      const states = [...shop.readinessStates.values()];
      return json(200, {
        count: states.length,
        results: states
          .slice(offset, offset + limit)
          .map((state) => readinessStateJson(state, shop.shopId)),
      });
    },

    createDraftListing(ctx) {
      const shop = ownShop(ctx);
      if (isResponse(shop)) return shop;
      const body = ctx.body;
      const problems = [
        ...listingFieldProblems(body, shop, rules, null),
        ...offerProblems(body.price, body.quantity, rules),
      ];
      const imageIds = Array.isArray(body.image_ids)
        ? body.image_ids.filter((id): id is number => typeof id === 'number')
        : [];
      const reused: EtsyImageRecord[] = [];
      for (const id of imageIds) {
        const image = store.image(id);
        if (!image || image.shopId !== shop.shopId) {
          problems.push(`image_ids: ${id} is not an image of this shop.`);
        } else reused.push(image);
      }
      if (reused.length > rules.imagesMax) {
        problems.push(`A listing may have at most ${rules.imagesMax} images.`);
      }
      if (problems.length > 0) return refused(problems);
      const now = seconds(etsy.clock);
      const readinessStateId =
        typeof body.readiness_state_id === 'number' ? body.readiness_state_id : null;
      const listing = newDraftListing(
        store,
        shop,
        {
          priceCents: Math.round(Number(body.price) * 100),
          quantity: Number(body.quantity),
          readinessStateId,
        },
        now,
      );
      listing.images = reused.map((image, index) => ({ ...image, rank: index + 1 }));
      applyListingFields(listing, body);
      store.listings.set(listing.listingId, listing);
      return json(201, listingJson(etsy, listing, ctx.baseUrl));
    },

    getListingsByShop(ctx) {
      const shop = ownShop(ctx);
      if (isResponse(shop)) return shop;
      const state = ctx.query.get('state') ?? 'active';
      const sortOn = ctx.query.get('sort_on') ?? 'created';
      const descending = ['desc', 'descending', 'down'].includes(
        ctx.query.get('sort_order') ?? 'desc',
      );
      const key = (l: EtsyListingRecord): number =>
        sortOn === 'price'
          ? listingPriceCents(l)
          : sortOn === 'updated'
            ? l.updatedAt
            : sortOn === 'score'
              ? l.views
              : l.createdAt;
      const listings = [...store.listings.values()]
        .filter((l) => l.shopId === shop.shopId && l.state === state)
        .sort((a, b) => (key(a) - key(b) || a.listingId - b.listingId) * (descending ? -1 : 1));
      return listingPage(listings, ctx, 25, associations(ctx));
    },

    findAllActiveListingsByShop(ctx) {
      const shop = shopOf(ctx);
      if (isResponse(shop)) return shop;
      const words = (ctx.query.get('keywords') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const listings = [...store.listings.values()]
        .filter((l) => l.shopId === shop.shopId && l.state === 'active')
        .filter((l) => {
          const text = `${l.title} ${l.description} ${l.tags.join(' ')}`.toLowerCase();
          return words.every((w) => text.includes(w));
        })
        .sort((a, b) => b.createdAt - a.createdAt || b.listingId - a.listingId);
      return listingPage(listings, ctx, 25);
    },

    getListing(ctx) {
      const listing = listingOf(ctx);
      if (isResponse(listing)) return listing;
      if (!publiclyVisible(listing) && ctx.grant?.userId !== listing.userId) {
        return etsyError(404, `Listing with listing_id ${listing.listingId} not found.`);
      }
      return json(200, listingJson(etsy, listing, ctx.baseUrl));
    },

    updateListing: updateListing(false),

    updateListingByPut: updateListing(true),

    deleteListing(ctx) {
      const listing = ownListing(ctx);
      if (isResponse(listing)) return listing;
      store.listings.delete(listing.listingId);
      return empty(204);
    },

    uploadListingImage(ctx) {
      const shop = ownShop(ctx);
      if (isResponse(shop)) return shop;
      const listing = ownListing(ctx);
      if (isResponse(listing)) return listing;
      const body = ctx.body;
      const file = ctx.files.image;
      const existingId = typeof body.listing_image_id === 'number' ? body.listing_image_id : null;
      let source: Pick<EtsyImageRecord, 'contentType' | 'width' | 'height' | 'bytes'>;
      if (file) {
        const info = imageInfo(file.bytes);
        if (!info) return etsyError(400, 'The image must be a JPG, PNG or GIF file.');
        source = { ...info, bytes: file.bytes };
      } else if (existingId !== null) {
        const existing = store.image(existingId);
        if (!existing || existing.shopId !== shop.shopId) {
          return etsyError(404, `Image ${existingId} is not an image of this shop.`);
        }
        source = existing;
      } else {
        return etsyError(
          400,
          'Send an image file, or the listing_image_id of an image of the shop.',
        );
      }
      const wanted = typeof body.rank === 'number' ? body.rank : 1;
      const rank = Math.min(Math.max(wanted, 1), listing.images.length + 1);
      const occupied = listing.images.find((i) => i.rank === rank);
      const overwrite = body.overwrite === true && occupied !== undefined;
      if (!overwrite && listing.images.length >= rules.imagesMax) {
        return etsyError(400, `A listing may have at most ${rules.imagesMax} images.`);
      }
      const image: EtsyImageRecord = {
        ...source,
        listingImageId: existingId ?? store.ids.take('image'),
        shopId: shop.shopId,
        rank,
        createdAt: seconds(etsy.clock),
      };
      if (overwrite) {
        listing.images = listing.images.map((i) => (i === occupied ? image : i));
      } else {
        for (const other of listing.images) if (other.rank >= rank) other.rank += 1;
        listing.images = [...listing.images, image].sort((a, b) => a.rank - b.rank);
      }
      listing.updatedAt = seconds(etsy.clock);
      return json(200, imageJson(etsy, image, listing.listingId, ctx.baseUrl));
    },

    getListingImages(ctx) {
      const listing = listingOf(ctx);
      if (isResponse(listing)) return listing;
      if (!publiclyVisible(listing) && ctx.grant?.userId !== listing.userId) {
        return etsyError(404, `Listing with listing_id ${listing.listingId} not found.`);
      }
      const images = [...listing.images].sort((a, b) => a.rank - b.rank);
      return json(200, {
        count: images.length,
        results: images.map((i) => imageJson(etsy, i, listing.listingId, ctx.baseUrl)),
      });
    },

    getListingInventory(ctx) {
      const listing = ownListing(ctx);
      if (isResponse(listing)) return listing;
      return json(200, inventoryJson(etsy, listing));
    },

    updateListingInventory(ctx) {
      const listing = ownListing(ctx);
      if (isResponse(listing)) return listing;
      const shop = store.shops.get(listing.shopId);
      const sent = Array.isArray(ctx.body.products) ? ctx.body.products.map(record) : [];
      const problems: string[] = [];
      if (sent.length === 0) problems.push('products must hold at least one product.');
      const products: EtsyProductRecord[] = [];
      sent.forEach((product, index) => {
        const propertyValues = Array.isArray(product.property_values)
          ? product.property_values.map(record)
          : [];
        const offerings = Array.isArray(product.offerings) ? product.offerings.map(record) : [];
        if (offerings.length !== 1) {
          problems.push(`products[${index}] must have exactly one offering.`);
        }
        const made: EtsyOfferingRecord[] = [];
        for (const offering of offerings) {
          const { price, quantity } = offering;
          if (typeof price !== 'number') problems.push(`products[${index}] needs a price.`);
          if (typeof quantity !== 'number') problems.push(`products[${index}] needs a quantity.`);
          if (typeof price === 'number' && (price < rules.priceMin || price > rules.priceMax)) {
            problems.push(
              `products[${index}]: the price must be between ${rules.priceMin.toFixed(2)} and ${rules.priceMax.toFixed(2)}.`,
            );
          }
          if (typeof quantity === 'number' && (quantity < 0 || quantity > rules.quantityMax)) {
            problems.push(
              `products[${index}]: the quantity must be between 0 and ${rules.quantityMax}.`,
            );
          }
          const readiness = offering.readiness_state_id;
          if (typeof readiness === 'number' && !shop?.readinessStates.has(readiness)) {
            problems.push(
              `readiness_state_id ${readiness} is not a processing profile of this shop.`,
            );
          }
          made.push({
            offeringId: store.ids.take('offering'),
            priceCents: Math.round(Number(price) * 100),
            quantity: Number(quantity),
            isEnabled: offering.is_enabled !== false,
            readinessStateId: typeof readiness === 'number' ? readiness : null,
          });
        }
        products.push({
          productId: store.ids.take('product'),
          sku: typeof product.sku === 'string' ? product.sku : '',
          propertyValues: propertyValues.map((value) => ({
            property_id: value.property_id,
            property_name: typeof value.property_name === 'string' ? value.property_name : '',
            scale_id: typeof value.scale_id === 'number' ? value.scale_id : null,
            scale_name: null,
            value_ids: Array.isArray(value.value_ids) ? value.value_ids : [],
            values: Array.isArray(value.values) ? value.values : [],
          })),
          offerings: made,
        });
      });
      if (products.filter((p) => p.propertyValues.length === 0).length > 1) {
        problems.push('Only one product may be without property values.');
      }
      const available = products.reduce(
        (sum, p) =>
          sum + p.offerings.filter((o) => o.isEnabled).reduce((s, o) => s + o.quantity, 0),
        0,
      );
      // ◐ A live listing keeps something to sell: to stop selling, deactivate it.
      if (listing.state === 'active' && problems.length === 0 && available < 1) {
        problems.push(
          'An active listing needs at least one enabled offering with a quantity above 0.',
        );
      }
      if (problems.length > 0) return refused(problems);
      listing.products = products;
      const ids = (value: unknown) =>
        Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
      listing.priceOnProperty = ids(ctx.body.price_on_property);
      listing.quantityOnProperty = ids(ctx.body.quantity_on_property);
      listing.skuOnProperty = ids(ctx.body.sku_on_property);
      listing.updatedAt = seconds(etsy.clock);
      return json(200, inventoryJson(etsy, listing));
    },

    getShopReceipts(ctx) {
      const shop = ownShop(ctx);
      if (isResponse(shop)) return shop;
      const q = ctx.query;
      const bound = (name: string) => integer(q.get(name));
      const flag = (name: string) => (q.has(name) ? q.get(name) === 'true' : null);
      const [minCreated, maxCreated, minModified, maxModified] = [
        bound('min_created'),
        bound('max_created'),
        bound('min_last_modified'),
        bound('max_last_modified'),
      ];
      const wasPaid = flag('was_paid');
      const wasShipped = flag('was_shipped');
      // ◐ Newest first, as the live API sorts by default (created, descending).
      const receipts = [...store.receipts.values()]
        .filter(
          (r) =>
            r.shopId === shop.shopId &&
            (minCreated === null || r.createdAt >= minCreated) &&
            (maxCreated === null || r.createdAt <= maxCreated) &&
            (minModified === null || r.updatedAt >= minModified) &&
            (maxModified === null || r.updatedAt <= maxModified) &&
            (wasPaid === null || r.isPaid === wasPaid) &&
            (wasShipped === null || r.isShipped === wasShipped),
        )
        .sort((a, b) => b.createdAt - a.createdAt || b.receiptId - a.receiptId);
      const page = paging(q, 25);
      return json(200, {
        count: receipts.length,
        results: receipts.slice(page.offset, page.offset + page.limit).map(receiptJson),
      });
    },

    getShopReceipt(ctx) {
      const shop = ownShop(ctx);
      if (isResponse(shop)) return shop;
      const receiptId = integer(ctx.params.receipt_id);
      const receipt = receiptId === null ? undefined : store.receipts.get(receiptId);
      if (!receipt || receipt.shopId !== shop.shopId) {
        return etsyError(404, `Receipt ${ctx.params.receipt_id ?? ''} not found.`);
      }
      return json(200, receiptJson(receipt));
    },
  };
}
