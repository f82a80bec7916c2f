import { ConnectorError } from '../contract';
import type {
  ConnectionAuth,
  Connector,
  ConnectorListingInput,
  ConnectorListingPage,
  ConnectorOrder,
  ConnectorPhoto,
  ConnectorPublished,
  ConnectorScope,
} from '../contract';
import { MarketplaceHttp, type MarketplaceCall } from '../shared/marketplace-http';
import { downloadPhoto, publicPhotoFetcher, type PhotoFetcher } from '../shared/photo-download';
import { ebayBusinessPolicies, type EbayBusinessPolicy } from './business-policies';
import { EbayClient, EbayRevisionLimitError, type EbayOffer, type EbayPolicyType } from './client';
import { ebayCategories } from './categories';
import { ebayErrorMessage } from './errors';
import {
  buildEbayListing,
  EBAY_SITES,
  ebayListingProblems,
  ebaySku,
  ebayLocationKey,
  existingEbayListing,
  importedOffer,
  listingPolicies,
  offerUpdate,
  type EbayListing,
  type EbayPolicies,
} from './mapper';
import { RevisionLimit } from './revision-limit';

export interface EbayConnectorOptions {
  /** ✅ https://api.ebay.com, or the emulator's URL. */
  baseUrl: string;
  fetch?: typeof fetch;
  auth: ConnectionAuth;
  /** The eBay site: 'EBAY_US' by default (EBAY_MARKETPLACE_BY_COUNTRY maps our regions). */
  marketplaceId?: string;
  onCall?: (call: MarketplaceCall) => void;
  /** Where listing pages are (`<base><listingId>`): the site's /itm/, or the emulator's. */
  listingUrlBase?: string;
  /** ✅ 250 revisions per listing per day; ◐ the day starts at midnight UTC + offset. */
  revisionsPerDay?: number;
  revisionDayOffsetMinutes?: number;
  /** How long the seller's default business policies are remembered. */
  policyCacheMs?: number;
  /** Orders asked per getOrders page (✅ eBay allows up to 200). */
  ordersPageSize?: number;
  /** Inventory items read per page of the import (100 by default; ✅ eBay allows up to 200). */
  importPageSize?: number;
  /** How many of a page's getOffers calls run at once in the import (4 by default). */
  importConcurrency?: number;
  /**
   * How a listing's photos are downloaded (fetchPhoto, the import): the server's guarded
   * fetcher. By default one that reaches public internet addresses only; the tests trust their
   * emulators' origins, the sandbox answers its own in process.
   */
  photoFetcher?: PhotoFetcher;
  timeoutMs?: number;
  now?: () => number;
}

/** The MarketplaceHttp of eBay's Sell APIs, with eBay's error format read for the seller. */
export function createEbayHttp(options: {
  baseUrl: string;
  auth?: ConnectionAuth;
  fetch?: typeof fetch;
  onCall?: (call: MarketplaceCall) => void;
  timeoutMs?: number;
}): MarketplaceHttp {
  return new MarketplaceHttp({
    marketplace: 'ebay',
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    ...(options.auth ? { auth: options.auth } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.onCall ? { onCall: options.onCall } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    errorMessage: ebayErrorMessage,
  });
}

export interface EbayConnector extends Connector {
  readonly http: MarketplaceHttp;
  readonly client: EbayClient;
  readonly marketplaceId: string;
  /** eBay imports: the seller's inventory items with their offers, and their photos. */
  fetchListings(scope: ConnectorScope, cursor: string | null): Promise<ConnectorListingPage>;
  fetchPhoto(url: string): Promise<ConnectorPhoto>;
  /** The seller's business policies (the business-polices route). */
  businessPolicies(
    scope: ConnectorScope,
    type: EbayPolicyType,
    value: string,
  ): Promise<EbayBusinessPolicy[]>;
  /**
   * Readies a newly connected seller: opts into business policies when they have not, and
   * creates the inventory location of a ship-from postal code.
   */
  prepareSeller(
    scope: ConnectorScope,
    location?: { postalCode: string; country?: string },
  ): Promise<void>;
}

function isLive(offer: EbayOffer | undefined): boolean {
  const status = offer?.listing?.listingStatus;
  return offer?.status === 'PUBLISHED' && !!offer.listing?.listingId && status !== 'ENDED';
}

function sameOffer(offer: EbayOffer, wanted: Record<string, unknown>): boolean {
  const price = (
    wanted.pricingSummary as { price?: { value?: string; currency?: string } } | undefined
  )?.price;
  const policies = (wanted.listingPolicies ?? {}) as Record<string, string>;
  const theirs = offer.listingPolicies ?? {};
  return (
    offer.categoryId === wanted.categoryId &&
    offer.listingDescription === wanted.listingDescription &&
    offer.merchantLocationKey === wanted.merchantLocationKey &&
    offer.pricingSummary?.price?.value === price?.value &&
    offer.pricingSummary?.price?.currency === price?.currency &&
    theirs.fulfillmentPolicyId === policies.fulfillmentPolicyId &&
    theirs.paymentPolicyId === policies.paymentPolicyId &&
    theirs.returnPolicyId === policies.returnPolicyId
  );
}

/**
 * eBay through the Sell Inventory, Account and Fulfillment APIs. The SKU is the seller's (our
 * item id for an item without one, or a listing ListLoop made before it sent sellers' SKUs),
 * kept on the listing once sent, so every step finds what an earlier, interrupted attempt made,
 * or the seller's listing: publish = replace the inventory item, find or create the offer,
 * publish it (4 calls; 2 for a listing already live and unchanged); update = the same on a
 * live listing only; delist = find the offer and withdraw it (2 calls).
 */
export function createEbayConnector(options: EbayConnectorOptions): EbayConnector {
  const marketplaceId = options.marketplaceId ?? 'EBAY_US';
  const site = EBAY_SITES[marketplaceId];
  if (!site) throw new Error(`Unknown eBay marketplace ${marketplaceId}`);
  const now = options.now ?? Date.now;
  const http = createEbayHttp(options);
  const client = new EbayClient(http, marketplaceId, site.contentLanguage);
  const revisions = new RevisionLimit({
    ...(options.revisionsPerDay !== undefined ? { perDay: options.revisionsPerDay } : {}),
    ...(options.revisionDayOffsetMinutes !== undefined
      ? { dayOffsetMinutes: options.revisionDayOffsetMinutes }
      : {}),
    now,
  });
  const listingUrlBase = options.listingUrlBase ?? site.listingUrlBase;
  const policyCacheMs = options.policyCacheMs ?? 10 * 60_000;
  const ordersPage = options.ordersPageSize ?? 200;
  const importPage = Math.min(Math.max(Math.floor(options.importPageSize ?? 100), 1), 200);
  const importConcurrency = Math.max(Math.floor(options.importConcurrency ?? 4), 1);
  const photoFetcher = options.photoFetcher ?? publicPhotoFetcher();
  const knownLocations = new Set<string>();
  const defaultPolicies = new Map<string, { id: string | null; at: number }>();

  /** A call that revises a live listing: counted, and refused ahead when out of revisions. */
  async function revising<T>(
    scope: ConnectorScope,
    listingId: string | null,
    call: () => Promise<T>,
  ): Promise<T> {
    if (listingId) revisions.check(scope.accountId, listingId);
    try {
      const result = await call();
      if (listingId) revisions.record(scope.accountId, listingId);
      return result;
    } catch (error) {
      if (error instanceof EbayRevisionLimitError) {
        if (listingId) revisions.exhaust(scope.accountId, listingId);
        throw revisions.exhausted();
      }
      throw error;
    }
  }

  async function ensureLocation(scope: ConnectorScope, listing: EbayListing): Promise<void> {
    const location = listing.location;
    if (!location?.address) return;
    const key = `${scope.accountId}|${location.key}`;
    if (knownLocations.has(key)) return;
    if (!(await client.locationExists(scope, location.key))) {
      await client.createLocation(scope, location.key, {
        name: `Ships from ${location.address.postalCode}`,
        location: {
          address: { postalCode: location.address.postalCode, country: location.address.country },
        },
        locationTypes: ['WAREHOUSE'],
        merchantLocationStatus: 'ENABLED',
      });
    }
    knownLocations.add(key);
  }

  /** The seller's default policy of a kind, for a listing that names none. */
  async function defaultPolicy(
    scope: ConnectorScope,
    type: EbayPolicyType,
  ): Promise<string | null> {
    const key = `${scope.accountId}|${type}`;
    const cached = defaultPolicies.get(key);
    if (cached && now() - cached.at < policyCacheMs) return cached.id;
    const all = await ebayBusinessPolicies(http, scope, type, '*', { marketplaceId });
    const chosen = all.find((p) => p.isDefault) ?? (all.length === 1 ? all[0] : undefined);
    const id = chosen?.id ?? null;
    defaultPolicies.set(key, { id, at: now() });
    return id;
  }

  async function resolvePolicies(
    scope: ConnectorScope,
    policies: EbayPolicies,
  ): Promise<EbayPolicies> {
    return {
      fulfillmentPolicyId:
        policies.fulfillmentPolicyId ?? (await defaultPolicy(scope, 'fulfillment')),
      paymentPolicyId: policies.paymentPolicyId ?? (await defaultPolicy(scope, 'payment')),
      returnPolicyId: policies.returnPolicyId ?? (await defaultPolicy(scope, 'return')),
    };
  }

  function checked(input: ConnectorListingInput): EbayListing {
    const problems = ebayListingProblems(input, marketplaceId);
    if (problems.length > 0) {
      throw new ConnectorError(
        `eBay would refuse this listing: ${problems.map((p) => p.message).join(' ')}`,
      );
    }
    return buildEbayListing(input, marketplaceId);
  }

  function published(listingId: string, sku: string): ConnectorPublished {
    return {
      listedID: listingId,
      listingURL: `${listingUrlBase}${encodeURIComponent(listingId)}`,
      sku,
    };
  }

  /**
   * Puts the listing on eBay as it is now: the steps of publish and update. An update changes a
   * live listing only: one that is no longer live (ended or withdrawn on eBay) is refused, never
   * published again, since the seller did not ask for it to go back on sale.
   */
  async function sync(
    input: ConnectorListingInput,
    mode: 'publish' | 'update',
  ): Promise<ConnectorPublished> {
    const scope = { accountId: input.accountId, userId: input.userId };
    const listing = checked(input);
    await ensureLocation(scope, listing);
    const policies = await resolvePolicies(scope, listing.policies);
    const offers = await client.offers(scope, listing.sku);
    const existing = offers[0];
    const liveId = isLive(existing) ? (existing?.listing?.listingId ?? null) : null;
    if (mode === 'update' && !liveId) {
      throw new ConnectorError(
        'This listing is no longer live on eBay, so ListLoop did not change it: relist the item to put it back on sale.',
      );
    }

    await revising(scope, liveId, () =>
      client.putInventoryItem(scope, listing.sku, listing.inventoryItem),
    );
    const wanted = offerUpdate(listing.offer, {
      fulfillmentPolicyId: policies.fulfillmentPolicyId,
      paymentPolicyId: policies.paymentPolicyId,
      returnPolicyId: policies.returnPolicyId,
    });
    let offerId: string;
    if (!existing) {
      offerId = await client.createOffer(scope, {
        ...listing.offer,
        listingPolicies: listingPolicies(policies),
      });
    } else {
      offerId = existing.offerId;
      if (!sameOffer(existing, wanted)) {
        await revising(scope, liveId, () => client.updateOffer(scope, offerId, wanted));
      }
    }
    if (liveId) return published(liveId, listing.sku);
    return published(await client.publishOffer(scope, offerId), listing.sku);
  }

  return {
    marketplace: 'ebay',
    http,
    client,
    marketplaceId,

    categories: {
      needsConnection: true,
      // ✅ eBay takes a listing in a leaf category only (25005 otherwise).
      leavesOnly: true,
      async treeId(scope) {
        if (!scope) throw new ConnectorError('eBay’s categories are read through a connection.');
        return client.defaultCategoryTreeId(scope);
      },
      async tree(scope, treeId) {
        if (!scope) throw new ConnectorError('eBay’s categories are read through a connection.');
        const { version, root } = await client.categoryTree(scope, treeId);
        return { treeId, version, categories: ebayCategories(root) };
      },
    },

    async build(input) {
      const listing = buildEbayListing(input, marketplaceId);
      return {
        sku: listing.sku,
        inventoryItem: listing.inventoryItem,
        offer: { ...listing.offer, listingPolicies: listingPolicies(listing.policies) },
        merchantLocation: listing.location,
      };
    },

    async validate(input) {
      return ebayListingProblems(input, marketplaceId);
    },

    publish: (input) => sync(input, 'publish'),

    update: (input) => sync(input, 'update'),

    async delist(input) {
      const scope = { accountId: input.accountId, userId: input.userId };
      const offers = await client.offers(scope, ebaySku(input));
      for (const offer of offers) {
        // Withdrawn or never published: nothing is live, which is what a delist wants.
        if (offer.status === 'PUBLISHED') await client.withdrawOffer(scope, offer.offerId);
      }
    },

    async updateQuantity(input) {
      const scope = { accountId: input.accountId, userId: input.userId };
      if (!Number.isInteger(input.quantity) || input.quantity < 0) {
        throw new ConnectorError(`A quantity of ${input.quantity} cannot be sent to eBay.`);
      }
      // ✅ Without out-of-stock control, eBay ends a listing whose quantity reaches 0.
      await revising(scope, input.listedID, () =>
        client.setQuantity(scope, ebaySku(input), input.quantity),
      );
    },

    async fetchOrders(scope, since) {
      // eBay refuses a start in the future (30850): a poll never asks past now.
      const start = new Date(Math.min(since, now())).toISOString();
      const filter = `lastmodifieddate:[${start}..]`;
      const found: ConnectorOrder[] = [];
      const seen = new Set<string>();
      for (let offset = 0; ; offset += ordersPage) {
        const page = await client.orders(scope, { filter, limit: ordersPage, offset });
        for (const order of page.orders) {
          const soldAt = Date.parse(order.creationDate ?? '') || now();
          for (const line of order.lineItems ?? []) {
            const key = `${order.orderId}|${line.lineItemId ?? line.legacyItemId ?? line.sku}`;
            if (!line.legacyItemId || seen.has(key)) continue;
            seen.add(key);
            const money = line.total?.value !== undefined ? line.total : line.lineItemCost;
            const amount = Number(money?.value);
            found.push({
              orderId: order.orderId,
              listedID: line.legacyItemId,
              sku: line.sku ?? null,
              soldAt,
              price: Number.isFinite(amount) ? amount : null,
              // ✅ eBay gives each amount in the seller's currency: the line's, else the order's.
              currency: money?.currency ?? order.pricingSummary?.total?.currency ?? null,
              shipBy: Date.parse(line.lineItemFulfillmentInstructions?.shipByDate ?? '') || null,
            });
          }
        }
        if (!page.next || page.orders.length === 0) break;
      }
      return found;
    },

    /**
     * A page of the seller's inventory items (1 getInventoryItems call), each with its offers
     * (1 getOffers call per item, a few at once), and the postal code of each location those
     * offers ship from (1 getInventoryLocation call per location, usually one): 1 + n + l
     * calls for n items. An item without any offer (a draft never offered) is imported too,
     * as inactive, identified by its SKU. The cursor is the offset of the next page.
     */
    async fetchListings(scope, cursor) {
      const offset = cursor === null ? 0 : Number(cursor);
      if (!Number.isInteger(offset) || offset < 0) {
        throw new ConnectorError(`"${cursor}" is not a page of eBay listings.`);
      }
      const page = await client.inventoryItems(scope, { limit: importPage, offset });
      const offers = await inTurn(page.items, importConcurrency, async (item) =>
        importedOffer(await client.allOffers(scope, item.sku), marketplaceId),
      );
      const locationKeys = [
        ...new Set(offers.flatMap((offer) => offer?.merchantLocationKey?.trim() || [])),
      ];
      const addresses = await inTurn(locationKeys, importConcurrency, (key) =>
        client.locationAddress(scope, key),
      );
      const addressOf = new Map(locationKeys.map((key, index) => [key, addresses[index] ?? null]));
      return {
        listings: page.items.map((item, index) => {
          const offer = offers[index] ?? null;
          return existingEbayListing(item, offer, {
            marketplaceId,
            listingUrlBase,
            location: addressOf.get(offer?.merchantLocationKey?.trim() ?? '') ?? null,
          });
        }),
        nextCursor: page.next === null ? null : String(page.next),
      };
    },

    fetchPhoto(url) {
      return downloadPhoto(url, { fetcher: photoFetcher, photo: 'a photo from eBay' });
    },

    // No receiveWebhook: sales on eBay are found by polling getOrders; no eBay notification
    // is subscribed.

    businessPolicies(scope, type, value) {
      return ebayBusinessPolicies(http, scope, type, value, { marketplaceId });
    },

    async prepareSeller(scope, location) {
      const programs = await client.optedInPrograms(scope);
      // ✅ Listing through the Inventory API needs business policies, which need this opt-in.
      if (!programs.includes('SELLING_POLICY_MANAGEMENT')) {
        await client.optIn(scope, 'SELLING_POLICY_MANAGEMENT');
      }
      if (location) {
        const country = (location.country ?? site.country).toUpperCase();
        const key = ebayLocationKey(country, location.postalCode);
        if (!(await client.locationExists(scope, key))) {
          await client.createLocation(scope, key, {
            name: `Ships from ${location.postalCode}`,
            location: { address: { postalCode: location.postalCode, country } },
            locationTypes: ['WAREHOUSE'],
            merchantLocationStatus: 'ENABLED',
          });
        }
        knownLocations.add(`${scope.accountId}|${key}`);
      }
    },
  };
}

/**
 * `work` over every value, at most `concurrency` at a time, answers in the values' order. The
 * first failure stops new work and is thrown once the calls under way have ended.
 */
async function inTurn<T, R>(
  values: readonly T[],
  concurrency: number,
  work: (value: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(values.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < values.length) {
      const index = next++;
      try {
        results[index] = await work(values[index] as T);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const settled = await Promise.allSettled(
    Array.from({ length: Math.min(concurrency, values.length) }, worker),
  );
  const rejected = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (rejected) throw rejected.reason;
  return results;
}
