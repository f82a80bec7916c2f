import { decodeHTML } from 'entities';
import sharp from 'sharp';
import type { EtsyProfileKind, EtsyShopProfile } from '@listloop/domain';
import { ConnectorError } from '../contract';
import type {
  ConnectionAuth,
  Connector,
  ConnectorExistingListing,
  ConnectorListingInput,
  ConnectorOrder,
  ConnectorPublished,
  ConnectorScope,
} from '../contract';
import { MarketplaceHttp, type MarketplaceCall } from '../shared/marketplace-http';
import { downloadPhoto, publicPhotoFetcher, type PhotoFetcher } from '../shared/photo-download';
import {
  EtsyClient,
  type EtsyListingAnswer,
  type EtsyListingStateFilter,
  type EtsyPhotoFile,
  type EtsyShop,
} from './client';
import { ETSY_SELLER_TAXONOMY_ID, etsyCategories } from './categories';
import { etsyErrorMessage } from './errors';
import { etsyShopProfiles } from './profiles';
import {
  buildEtsyListing,
  ETSY_QUANTITY_MAX,
  etsyListingFields,
  etsyListingProblems,
  etsySku,
  type EtsyListing,
} from './mapper';

export interface EtsyConnectorOptions {
  /** ✅ https://api.etsy.com (the description names https://openapi.etsy.com), or the emulator. */
  baseUrl: string;
  /** ✅ The app's API key keystring, sent as x-api-key on every call. */
  apiKey: string;
  /**
   * ◐ The app's shared secret: since 2026-02 Etsy refuses calls whose x-api-key is not
   * `keystring:shared_secret`. Without it the keystring goes alone.
   */
  sharedSecret?: string;
  fetch?: typeof fetch;
  auth: ConnectionAuth;
  onCall?: (call: MarketplaceCall) => void;
  /** Where listing pages are (`<base><listingId>`): https://www.etsy.com/listing/, or the emulator's. */
  listingUrlBase?: string;
  /** Receipts asked per getShopReceipts page (✅ Etsy allows up to 100). */
  receiptsPageSize?: number;
  /**
   * How many of the shop's newest drafts, and newest active listings, a publish looks through
   * for its SKU before creating a listing (✅ up to 100 a page; one page of each).
   */
  lookupPageSize?: number;
  /** Listings read per getListingsByShop page by the import on connect (✅ up to 100). */
  importPageSize?: number;
  timeoutMs?: number;
  /** How long a photo may take to download before it is uploaded. */
  photoTimeoutMs?: number;
  /**
   * How photos are downloaded (those a publish uploads, and the import's): the server's guarded
   * fetcher. By default one that reaches public internet addresses only; the tests trust their
   * emulators' origins, the sandbox answers its own in process.
   */
  photoFetcher?: PhotoFetcher;
  /**
   * Reads a listing photo by its URL (ListLoop's own image paths need the account's access,
   * which a plain download lacks); without it each photo is downloaded by `photoFetcher`.
   */
  loadPhoto?: (url: string, scope: ConnectorScope) => Promise<EtsyPhoto>;
}

/** A photo's bytes and media type, as the connector uploads it. */
export interface EtsyPhoto {
  bytes: Uint8Array;
  contentType: string;
}

/** ◐ The image types Etsy takes for listing photos; others are converted to JPEG first. */
const ETSY_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif'];

/**
 * The states the import on connect reads, in order: what is on sale, then what the seller
 * took off sale. Drafts, sold-out and expired listings stay on Etsy.
 */
const IMPORT_STATES = ['active', 'inactive'] as const;
type ImportState = (typeof IMPORT_STATES)[number];

/** Where the import goes on: a state and the offset in it (`active:100`). */
function importCursor(state: ImportState, offset: number): string {
  return `${state}:${offset}`;
}

function readImportCursor(cursor: string | null): { state: ImportState; offset: number } {
  if (cursor === null) return { state: 'active', offset: 0 };
  const match = /^(active|inactive):(\d{1,9})$/.exec(cursor);
  if (!match) {
    throw new ConnectorError(`ListLoop cannot go on reading Etsy listings from "${cursor}".`);
  }
  return { state: match[1] as ImportState, offset: Number(match[2]) };
}

/**
 * ◐ Etsy answers some texts with HTML entities in them (`O&#39;Connell` in an address,
 * etsy/open-api#446; titles and descriptions are reported alike): read as the characters.
 */
export function etsyText(text: string): string {
  return decodeHTML(text);
}

/** ✅ An amount of Etsy's Money: `amount` in units of 1/`divisor`. */
function moneyValue(money: EtsyListingAnswer['price']): number | null {
  if (!money || typeof money.amount !== 'number' || !(money.divisor > 0)) return null;
  return money.amount / money.divisor;
}

/** ✅ The earliest time getShopReceipts takes (the description's minimum, 2000-01-01). */
const EARLIEST_SECONDS = 946_684_800;

/** The x-api-key value: the keystring, with the shared secret when there is one. */
export function etsyApiKeyHeader(apiKey: string, sharedSecret?: string): string {
  if (!sharedSecret || apiKey.includes(':')) return apiKey;
  return `${apiKey}:${sharedSecret}`;
}

/**
 * ✅ Etsy answers 401 to a missing or unknown API key, as to an expired token. A refused app
 * key is no reason to renew the seller's token (and tell them to reconnect), so such an answer
 * reaches MarketplaceHttp as the 403 it means: the server's configuration is at fault.
 */
function appKeyRefusalsAs403(fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    if (response.status !== 401) return response;
    const text = await response.clone().text();
    let said: unknown = null;
    try {
      said = (JSON.parse(text) as { error?: unknown }).error;
    } catch {
      return response;
    }
    if (typeof said !== 'string' || !/api key|x-api-key/i.test(said)) return response;
    return new Response(text, { status: 403, headers: response.headers });
  };
}

/** The MarketplaceHttp of Etsy's Open API v3: x-api-key on every call, Etsy's errors read. */
export function createEtsyHttp(options: {
  baseUrl: string;
  apiKey: string;
  sharedSecret?: string;
  auth?: ConnectionAuth;
  fetch?: typeof fetch;
  onCall?: (call: MarketplaceCall) => void;
  timeoutMs?: number;
}): MarketplaceHttp {
  return new MarketplaceHttp({
    marketplace: 'etsy',
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { 'x-api-key': etsyApiKeyHeader(options.apiKey, options.sharedSecret) },
    ...(options.auth ? { auth: options.auth } : {}),
    fetch: appKeyRefusalsAs403(options.fetch ?? fetch),
    ...(options.onCall ? { onCall: options.onCall } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    errorMessage: etsyErrorMessage,
  });
}

export interface EtsyConnector extends Connector {
  readonly http: MarketplaceHttp;
  readonly client: EtsyClient;
  /** The seller's shipping or processing profiles, by which a listing names them. */
  shopProfiles(scope: ConnectorScope, kind: EtsyProfileKind): Promise<EtsyShopProfile[]>;
}

function scopeOf(input: ConnectorScope): ConnectorScope {
  return { accountId: input.accountId, userId: input.userId };
}

function storedListedId(listing: Record<string, unknown>): string | null {
  const value = listing.listedID;
  return typeof value === 'string' && /^\d+$/.test(value) ? value : null;
}

function photoName(url: string, index: number, contentType: string): string {
  const last = (() => {
    try {
      return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    } catch {
      return '';
    }
  })();
  if (/\.(jpe?g|png|gif)$/i.test(last)) return last;
  const extension = contentType.includes('png')
    ? 'png'
    : contentType.includes('gif')
      ? 'gif'
      : 'jpg';
  return `photo-${index + 1}.${extension}`;
}

/**
 * Etsy through Open API v3. Publish = create a draft → give it its SKU (updateListingInventory:
 * the seller's, or our item id for an item without one; kept on the listing once sent) → upload the
 * photos as files → activate (PATCH state=active); before creating, the listing a stored
 * listedID names, or the shop's newest drafts and active listings carrying the SKU, are reused
 * so a retried publish never lists twice. Update = PATCH and the inventory; delist = PATCH
 * state=inactive; quantity = the inventory; sales = receipts by min_last_modified, every page.
 */
export function createEtsyConnector(options: EtsyConnectorOptions): EtsyConnector {
  const photoFetcher = options.photoFetcher ?? publicPhotoFetcher();
  const http = createEtsyHttp(options);
  const client = new EtsyClient(http, options.auth);
  const listingUrlBase = options.listingUrlBase ?? 'https://www.etsy.com/listing/';
  const receiptsPage = options.receiptsPageSize ?? 100;
  const lookupPage = options.lookupPageSize ?? 100;
  const importPage = Math.min(Math.max(options.importPageSize ?? 100, 1), 100);

  function checked(input: ConnectorListingInput): EtsyListing {
    const problems = etsyListingProblems(input);
    if (problems.length > 0) {
      throw new ConnectorError(
        `Etsy would refuse this listing: ${problems.map((p) => p.message).join(' ')}`,
      );
    }
    return buildEtsyListing(input);
  }

  function sameCurrency(listing: EtsyListing, shop: EtsyShop): void {
    if (listing.currency !== shop.currency) {
      throw new ConnectorError(
        `The Etsy shop ${shop.name || shop.shopId} sells in ${shop.currency}; this listing's price is in ${listing.currency}.`,
      );
    }
  }

  function published(listingId: number | string, sku?: string): ConnectorPublished {
    const id = String(listingId);
    return {
      listedID: id,
      listingURL: `${listingUrlBase}${encodeURIComponent(id)}`,
      ...(sku ? { sku } : {}),
    };
  }

  /** A photo's bytes and type: from the loader when given, else downloaded from its URL. */
  async function loadPhoto(scope: ConnectorScope, url: string, index: number): Promise<EtsyPhoto> {
    if (options.loadPhoto) {
      try {
        return await options.loadPhoto(url, scope);
      } catch (error) {
        if (error instanceof ConnectorError) throw error;
        throw new ConnectorError(
          `ListLoop could not read photo ${index + 1} for Etsy: ${(error as Error).message}.`,
          { transient: true, cause: error },
        );
      }
    }
    return downloadPhoto(url, {
      fetcher: photoFetcher,
      photo: `photo ${index + 1} for Etsy`,
      ...(options.photoTimeoutMs ? { timeoutMs: options.photoTimeoutMs } : {}),
    });
  }

  /** The photo as a file Etsy takes. */
  async function photoFile(
    scope: ConnectorScope,
    url: string,
    index: number,
  ): Promise<EtsyPhotoFile> {
    const loaded = await loadPhoto(scope, url, index);
    const contentType = loaded.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
    const bytes = Buffer.from(loaded.bytes);
    if (ETSY_PHOTO_TYPES.includes(contentType)) {
      return {
        blob: new Blob([bytes], { type: contentType }),
        filename: photoName(url, index, contentType),
      };
    }
    // WebP, AVIF, HEIC …: Etsy takes JPG, PNG and GIF, so the photo goes as a JPEG.
    let jpeg: Buffer;
    try {
      jpeg = await sharp(bytes)
        .rotate()
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 90 })
        .toBuffer();
    } catch (error) {
      throw new ConnectorError(
        `Photo ${index + 1} is not an image Etsy can take (${contentType || 'unknown type'}).`,
        { cause: error },
      );
    }
    return {
      blob: new Blob([jpeg], { type: 'image/jpeg' }),
      filename: photoName(url, index, 'image/jpeg').replace(/\.(png|gif)$/i, '.jpg'),
    };
  }

  /** Uploads the photos from `from` on, in order, each at its rank. */
  async function uploadPhotos(
    scope: ConnectorScope,
    shop: EtsyShop,
    listingId: number,
    photos: readonly string[],
    from: number,
  ): Promise<void> {
    for (let index = from; index < photos.length; index += 1) {
      const photo = await photoFile(scope, photos[index] ?? '', index);
      await client.uploadImage(scope, shop.shopId, listingId, photo, index + 1);
    }
  }

  /** The shop's newest listings in a state that carry the SKU (one page). */
  async function bySku(
    scope: ConnectorScope,
    shop: EtsyShop,
    sku: string,
    state: EtsyListingStateFilter,
  ): Promise<EtsyListingAnswer[]> {
    const page = await client.listingsByShop(scope, shop.shopId, state, {
      limit: lookupPage,
      offset: 0,
    });
    return page.results.filter((l) => l.skus?.includes(sku));
  }

  /**
   * The listing a publish should reuse: the one a stored listedID names (a relist), or a draft
   * or live listing with our SKU (an earlier attempt that stopped before it could say so).
   */
  async function existing(
    scope: ConnectorScope,
    shop: EtsyShop,
    input: ConnectorListingInput,
    sku: string,
  ): Promise<EtsyListingAnswer | null> {
    const stored = storedListedId(input.listing);
    if (stored) {
      const listing = await client.listing(scope, stored);
      if (listing && listing.shop_id === shop.shopId) return listing;
    }
    // Drafts first: an attempt that stopped before activating left one.
    for (const state of ['draft', 'active'] as const) {
      const [found] = await bySku(scope, shop, sku, state);
      if (found) return found;
    }
    return null;
  }

  /** A listing the seller made on Etsy, in ListLoop's terms (Etsy has no brand or condition). */
  function existingListing(
    listing: EtsyListingAnswer,
    state: ImportState,
  ): ConnectorExistingListing {
    const listingFields = etsyListingFields(listing);
    return {
      listedID: String(listing.listing_id),
      listingURL: published(listing.listing_id).listingURL ?? null,
      sku: listing.skus?.find((sku) => sku.trim() !== '') ?? null,
      state,
      title: etsyText(listing.title ?? ''),
      description: etsyText(listing.description ?? ''),
      price: moneyValue(listing.price),
      quantity: listing.quantity ?? 0,
      brand: null,
      condition: null,
      primaryColor: null,
      size: null,
      photoUrls: [...(listing.images ?? [])]
        .sort((a, b) => a.rank - b.rank)
        .map((image) => image.url_fullxfull)
        .filter((url): url is string => typeof url === 'string' && url !== ''),
      ...(listingFields ? { listingFields } : {}),
    };
  }

  /** Takes one listing off sale; a listing that is gone or not live is already off. */
  async function deactivate(scope: ConnectorScope, shop: EtsyShop, listingId: string) {
    try {
      await client.updateListing(scope, shop.shopId, listingId, { state: 'inactive' });
    } catch (error) {
      if (!(error instanceof ConnectorError) || error.transient) throw error;
      // Etsy refuses to deactivate a draft or an expired listing: neither is for sale.
      const now = await client.listing(scope, listingId);
      if (now && now.state === 'active') throw error;
    }
  }

  return {
    marketplace: 'etsy',
    http,
    client,
    // The update sends the listing's fields and inventory; Etsy keeps the photos it has (they
    // are replaced one by one, which a relist does), so a change of photos is not one it makes.
    updateLeavesOut: ['photos'],

    async shopProfiles(scope, kind) {
      const shop = await client.shop(scopeOf(scope));
      return etsyShopProfiles(client, scopeOf(scope), shop, kind);
    },

    categories: {
      needsConnection: false,
      leavesOnly: false,
      // ◐ Etsy has one seller taxonomy and names no version of it.
      async treeId() {
        return ETSY_SELLER_TAXONOMY_ID;
      },
      async tree(_scope, treeId) {
        return { treeId, version: null, categories: etsyCategories(await client.sellerTaxonomy()) };
      },
    },

    async build(input) {
      const listing = buildEtsyListing(input);
      return {
        sku: listing.sku,
        draft: listing.draft,
        update: listing.update,
        inventory: listing.inventory,
        photos: listing.photos,
      };
    },

    async validate(input) {
      return etsyListingProblems(input);
    },

    async publish(input) {
      const scope = scopeOf(input);
      const listing = checked(input);
      const shop = await client.shop(scope);
      sameCurrency(listing, shop);
      const found = await existing(scope, shop, input, listing.sku);
      if (!found) {
        const created = await client.createDraft(scope, shop.shopId, listing.draft);
        const id = created.listing_id;
        // The SKU first: a retry after any later step finds this draft by it.
        await client.updateInventory(scope, id, listing.inventory);
        await uploadPhotos(scope, shop, id, listing.photos, 0);
        await client.updateListing(scope, shop.shopId, id, { state: 'active' });
        return published(id, listing.sku);
      }
      const id = found.listing_id;
      const images = await client.imageCount(scope, id);
      await uploadPhotos(scope, shop, id, listing.photos, images);
      await client.updateInventory(scope, id, listing.inventory);
      const activated = await client.updateListing(scope, shop.shopId, id, {
        ...listing.update,
        ...(found.state === 'active' ? {} : { state: 'active' }),
      });
      if (!activated) {
        throw new ConnectorError(`The Etsy listing ${id} went away while ListLoop published it.`, {
          transient: true,
        });
      }
      return published(id, listing.sku);
    },

    async update(input) {
      const scope = scopeOf(input);
      const listing = checked(input);
      const shop = await client.shop(scope);
      sameCurrency(listing, shop);
      const answer = await client.updateListing(scope, shop.shopId, input.listedID, listing.update);
      if (!answer) {
        throw new ConnectorError(
          `Etsy no longer has the listing ${input.listedID}: list the item on Etsy again.`,
        );
      }
      await client.updateInventory(scope, input.listedID, listing.inventory);
      return published(answer.listing_id, listing.sku);
    },

    async delist(input) {
      const scope = scopeOf(input);
      const shop = await client.shop(scope);
      const ids = input.listedID
        ? [input.listedID]
        : (await bySku(scope, shop, etsySku(input), 'active')).map((l) => String(l.listing_id));
      for (const id of ids) await deactivate(scope, shop, id);
    },

    async updateQuantity(input) {
      const scope = scopeOf(input);
      const { quantity } = input;
      if (!Number.isInteger(quantity) || quantity < 0 || quantity > ETSY_QUANTITY_MAX) {
        throw new ConnectorError(`A quantity of ${quantity} cannot be sent to Etsy.`);
      }
      const shop = await client.shop(scope);
      if (quantity === 0) {
        // ◐ Etsy keeps no live listing without stock: nothing left means off sale.
        await deactivate(scope, shop, input.listedID);
        return;
      }
      if (input.built.price === null) {
        throw new ConnectorError('Etsy needs the price with the quantity; this listing has none.');
      }
      const { inventory } = buildEtsyListing(input);
      await client.updateInventory(scope, input.listedID, {
        ...inventory,
        products: inventory.products.map((product) => ({
          ...product,
          offerings: product.offerings.map((offering) => ({ ...offering, quantity })),
        })),
      });
    },

    async fetchOrders(scope, since) {
      const shop = await client.shop(scope);
      const minLastModified = Math.max(EARLIEST_SECONDS, Math.floor(since / 1000));
      const found: ConnectorOrder[] = [];
      const seen = new Set<string>();
      for (let offset = 0; ; offset += receiptsPage) {
        const page = await client.receipts(scope, shop.shopId, {
          minLastModified,
          limit: receiptsPage,
          offset,
        });
        for (const receipt of page.results) {
          for (const line of receipt.transactions ?? []) {
            const key = `${receipt.receipt_id}|${line.transaction_id}`;
            if (seen.has(key)) continue;
            seen.add(key);
            const unit = line.price ? line.price.amount / (line.price.divisor || 100) : null;
            found.push({
              orderId: String(receipt.receipt_id),
              listedID: String(line.listing_id),
              sku: line.sku || null,
              soldAt: receipt.create_timestamp * 1000,
              price: unit === null ? null : Math.round(unit * (line.quantity ?? 1) * 100) / 100,
              currency: line.price?.currency_code ?? null,
              shipBy: line.expected_ship_date ? line.expected_ship_date * 1000 : null,
            });
          }
        }
        if (page.results.length === 0 || offset + page.results.length >= page.count) break;
      }
      return found;
    },

    /**
     * The shop's active listings, then its inactive ones, one getListingsByShop call a page
     * with their images and inventory (includes=Images and Inventory: the processing profile
     * is on the offerings; the SKU and quantity are on the listing). Oldest
     * first, so a listing the seller adds meanwhile comes at the end instead of shifting the
     * pages. A state with nothing left moves on to the next in the same call.
     */
    async fetchListings(scope, cursor) {
      let { state, offset } = readImportCursor(cursor);
      const shop = await client.shop(scope);
      for (;;) {
        const page = await client.listingsByShop(
          scope,
          shop.shopId,
          state,
          { limit: importPage, offset },
          { oldestFirst: true, includes: ['Images', 'Inventory'] },
        );
        const listings = page.results.map((listing) => existingListing(listing, state));
        const read = offset + page.results.length;
        if (page.results.length > 0 && read < page.count) {
          return { listings, nextCursor: importCursor(state, read) };
        }
        const next = IMPORT_STATES[IMPORT_STATES.indexOf(state) + 1];
        if (!next) return { listings, nextCursor: null };
        if (listings.length > 0) return { listings, nextCursor: importCursor(next, 0) };
        state = next;
        offset = 0;
      }
    },

    async fetchPhoto(url) {
      return downloadPhoto(url, {
        fetcher: photoFetcher,
        photo: 'a photo from Etsy',
        ...(options.photoTimeoutMs ? { timeoutMs: options.photoTimeoutMs } : {}),
      });
    },

    // No receiveWebhook: neither Etsy's published description nor our facts give the
    // signature scheme of its order.paid webhooks (offered to commercial apps only), so none is
    // accepted; Etsy sales are found by polling getShopReceipts.
  };
}
