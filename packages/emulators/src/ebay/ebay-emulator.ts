import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Clock } from '../core/clock';
import {
  controlInput,
  EmulatorServer,
  type ApiErrorFormat,
  type RunningEmulator,
} from '../core/emulator-server';
import type { Fault } from '../core/faults';
import { htmlResponse, json, redirect } from '../core/http';
import { renderListingPage } from '../core/listing-page';
import { OAuthServer } from '../core/oauth-server';
import type { ApiCorrection } from '../core/openapi';
import { PhotoStore } from '../core/photo-store';
import type { Violation } from '../core/violations';
import {
  ACCOUNT_BASE_PATH,
  accountHandlers,
  BUSINESS_POLICIES_PROGRAM,
  seedPolicies,
} from './account-api';
import {
  EBAY_MARKETPLACES,
  record,
  revisionsToday,
  type EbayContext,
  type EbayRules,
} from './ebay-context';
import { ebayError, ebayErrors, type EbayErrorName } from './ebay-errors';
import { EbayStore, type OfferRecord, type OrderRecord, type PolicyType } from './ebay-store';
import {
  addExistingListing,
  EBAY_PHOTO_PATH,
  EbayExistingListingError,
  existingListingInput,
  ExistingListingBodySchema,
  type EbayExistingListing,
  type EbayExistingListingInput,
} from './existing-listings';
import { FULFILLMENT_BASE_PATH, fulfillmentHandlers } from './fulfillment-api';
import { INVENTORY_BASE_PATH, inventoryHandlers, offerJson, settleListing } from './inventory-api';
import { TAXONOMY_BASE_PATH, taxonomyHandlers } from './taxonomy-api';

const description = (file: string) =>
  fileURLToPath(new URL(`../../api-descriptions/ebay/${file}`, import.meta.url));

/** ✅ eBay's OAuth endpoints: authorize on auth.ebay.com, token on api.ebay.com. */
export const EBAY_AUTHORIZE_PATH = '/oauth2/authorize';
export const EBAY_TOKEN_PATH = '/identity/v1/oauth2/token';
/** ✅ The base scope every eBay app has. */
export const EBAY_BASE_SCOPE = 'https://api.ebay.com/oauth/api_scope';

/** One app registered with eBay: its keys and its RuNames, each with its accept URL. */
export interface EbayOAuthClient {
  clientId: string;
  clientSecret: string;
  /** RuName → the accept URL eBay sends the seller back to (set in the developer portal). */
  ruNames: Record<string, string>;
}

/** The app the emulator knows when none is given (tests and the sandbox may use it). */
export const EBAY_EMULATOR_CLIENT: EbayOAuthClient = {
  clientId: 'ListLoop-Emulator-PRD-0000000000-00000000',
  clientSecret: 'PRD-emulator-client-secret',
  ruNames: {
    'ListLoop-ListLoop-Emulato-abcdefgh': 'http://127.0.0.1/api/marketplaces/ebay/callback',
  },
};

export interface EbayEmulatorOptions {
  clock?: Clock;
  /** Where the emulator is reached from outside (see EmulatorServer). */
  publicBaseUrl?: string;
  clients?: readonly EbayOAuthClient[];
  /** Show the "Allow" page on authorize instead of approving at once (sandbox mode). */
  consentPage?: boolean;
  seller?: { userId: string; username: string };
  /** Marketplaces where the seller has one policy of each kind from the start. */
  seedPoliciesFor?: readonly string[];
  /** Whether the seller has opted into business policies (eBay requires it to list). */
  optedInToBusinessPolicies?: boolean;
  rules?: Partial<EbayRules>;
  /** ✅ 7200 s (2 h). */
  accessTokenTtlSeconds?: number;
  /** ✅ about 18 months (47,304,000 s). */
  refreshTokenTtlSeconds?: number;
}

export interface EbaySaleInput {
  listingId?: string;
  sku?: string;
  offerId?: string;
  quantity?: number;
  buyerUsername?: string;
}

export class EbaySaleError extends Error {
  override readonly name = 'EbaySaleError';
}

const DAY_MS = 24 * 60 * 60 * 1000;

const DEFAULT_RULES: EbayRules = {
  leafCategoryIds: null,
  requiredAspects: {},
  revisionsPerDay: 250,
  revisionDayOffsetMinutes: 0,
  titleMax: 80,
  picturesMax: 24,
  outOfStockControl: false,
};

/**
 * The description says `product.aspects` is a string; the live API takes (and its own example
 * shows) an object of string arrays: `"aspects": {"Brand": ["GoPro"]}`.
 */
const INVENTORY_CORRECTIONS: ApiCorrection[] = [
  {
    pointer: '/components/schemas/Product/properties/aspects',
    schema: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    reason: 'product.aspects is an object of string arrays on the live API',
  },
];

const SaleSchema = z
  .object({
    listingId: z.string().min(1).optional(),
    sku: z.string().min(1).optional(),
    offerId: z.string().min(1).optional(),
    quantity: z.coerce.number().int().min(1).max(10_000).default(1),
    buyerUsername: z.string().min(1).max(64).optional(),
  })
  .refine((v) => v.listingId || v.sku || v.offerId, 'Name the listingId, sku or offerId');

const RevisionsSchema = z.object({
  listingId: z.string().min(1),
  count: z.coerce.number().int().min(0),
});

function errorFormat(systemError: EbayErrorName): ApiErrorFormat {
  return {
    invalidRequest: (messages) =>
      ebayErrors(400, [
        ebayError('invalidRequest', {
          longMessage: `The request has errors. ${messages.join('; ')}`,
          parameters: messages.map((value) => ({ name: 'reason', value })),
        }),
      ]),
    unknownOperation: (method, path) =>
      ebayErrors(404, [
        ebayError('resourceNotFound', {
          longMessage: `${method} ${path} is not a resource of this API.`,
        }),
      ]),
    notImplemented: (operationId) =>
      ebayErrors(501, [
        ebayError('internalError', {
          longMessage: `The eBay emulator does not carry out ${operationId}.`,
        }),
      ]),
    unauthorized: () =>
      ebayErrors(401, [
        ebayError('invalidAccessToken', {
          longMessage:
            'Invalid access token. Check the value of the Authorization HTTP request header.',
        }),
      ]),
    forbidden: () =>
      ebayErrors(403, [
        ebayError('accessDenied', {
          longMessage: 'Insufficient permissions to fulfill the request.',
        }),
      ]),
    fault: (fault: Fault) => {
      if (fault.kind === 'rate-limit') {
        return ebayErrors(429, [ebayError('tooManyRequests')], {
          'retry-after': String(fault.retryAfterSeconds),
        });
      }
      if (fault.kind === 'expired-token') {
        return ebayErrors(401, [
          ebayError('invalidAccessToken', {
            longMessage:
              'Invalid access token. Check the value of the Authorization HTTP request header.',
          }),
        ]);
      }
      return ebayErrors(fault.status, [ebayError(systemError)]);
    },
  };
}

/**
 * The emulated eBay: Sell Inventory (items, offers, publish with eBay's prerequisites,
 * withdraw, bulk price and quantity, locations), Account (business policies, programs),
 * Fulfillment (orders by date with pagination), eBay's OAuth server, a page per listing, the
 * pictures of listings the seller made on eBay before ListLoop, and a control surface to add
 * such listings, produce sales and inject faults. Every request and answer is checked
 * against eBay's published descriptions.
 */
export class EbayEmulator {
  readonly server: EmulatorServer;
  readonly store = new EbayStore();
  readonly oauth: OAuthServer;
  readonly rules: EbayRules;
  /** The pictures of listings the seller made on eBay itself (eBay's picture host). */
  readonly photos: PhotoStore;
  /** The seeded policy ids per marketplace. */
  seededPolicies: Record<string, Record<PolicyType, string>> = {};
  private readonly context: EbayContext;
  private readonly seller: { userId: string; username: string };

  private constructor(private readonly options: EbayEmulatorOptions) {
    this.server = new EmulatorServer({
      name: 'eBay',
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.publicBaseUrl ? { publicBaseUrl: options.publicBaseUrl } : {}),
    });
    this.rules = { ...DEFAULT_RULES, ...options.rules };
    this.seller = options.seller ?? { userId: 'emulated-ebay-seller', username: 'listloop_seller' };
    this.context = {
      store: this.store,
      rules: this.rules,
      clock: this.server.clock,
      server: this.server,
      listingUrl: (baseUrl, listingId) => `${baseUrl}/itm/${encodeURIComponent(listingId)}`,
    };
    this.oauth = new OAuthServer(this.server, {
      marketplace: 'eBay',
      authorizePath: EBAY_AUTHORIZE_PATH,
      tokenPath: EBAY_TOKEN_PATH,
      clients: (options.clients ?? [EBAY_EMULATOR_CLIENT]).map((c) => ({
        clientId: c.clientId,
        clientSecret: c.clientSecret,
        redirects: c.ruNames,
      })),
      clientAuthentication: 'basic',
      pkce: 'none',
      accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 7200,
      refreshTokenTtlSeconds: options.refreshTokenTtlSeconds ?? 47_304_000,
      authorizationCodeTtlSeconds: 299, // ✅ the code's expires_in on the redirect
      rotateRefreshTokens: false,
      answerRefreshTokenExpiry: true,
      refreshRequiresScope: true,
      scopes: null, // set once the descriptions are mounted (their operations' scopes)
      tokenType: 'User Access Token',
      tokenPrefix: 'v^1.1#i^1#',
      consentPage: options.consentPage ?? false,
      redirectExtras: (ttl) => ({ expires_in: String(ttl) }),
      user: this.seller,
    });
    this.photos = new PhotoStore(this.server, EBAY_PHOTO_PATH);
    this.server.onReset(() => this.seed());
    this.registerControls();
    this.registerPages();
  }

  static async create(options: EbayEmulatorOptions = {}): Promise<EbayEmulator> {
    const emulator = new EbayEmulator(options);
    await emulator.mount();
    emulator.seed();
    return emulator;
  }

  get handler() {
    return this.server.handler;
  }

  get violations(): readonly Violation[] {
    return this.server.violations;
  }

  get clock(): Clock {
    return this.server.clock;
  }

  get faults() {
    return this.server.faults;
  }

  listen(port?: number, host?: string): Promise<RunningEmulator> {
    return this.server.listen(port, host);
  }

  /** Back to the first state: seeded policies, no items, tokens, faults or violations. */
  reset(): void {
    this.server.reset();
  }

  listingUrl(listingId: string): string {
    return this.context.listingUrl(this.server.baseUrl(), listingId);
  }

  /** Sets how many times a listing was revised today (to test the daily limit quickly). */
  setRevisionsToday(listingId: string, count: number): void {
    const day = Math.floor(
      (this.clock.now() + this.rules.revisionDayOffsetMinutes * 60_000) / 86_400_000,
    );
    this.store.revisions.set(`${listingId}|${day}`, count);
  }

  revisionsToday(listingId: string): number {
    return revisionsToday(this.context, listingId);
  }

  /**
   * A buyer buys from a live listing: an order the next getOrders finds, and the listing's
   * available quantity lowered (ended when none is left, without out-of-stock control).
   */
  produceSale(input: EbaySaleInput): Record<string, unknown> {
    const offer = this.findOffer(input);
    const quantity = input.quantity ?? 1;
    if (!offer || offer.status !== 'PUBLISHED' || !offer.listing) {
      throw new EbaySaleError('No live listing matches that sale.');
    }
    if (offer.listing.listingStatus !== 'ACTIVE') {
      throw new EbaySaleError(
        `The listing ${offer.listing.listingId} is ${offer.listing.listingStatus.toLowerCase()}.`,
      );
    }
    const available = this.store.available(offer);
    if (available < quantity) {
      throw new EbaySaleError(`Only ${available} available on listing ${offer.listing.listingId}.`);
    }
    const now = this.clock.now();
    const at = new Date(now).toISOString();
    const item = this.store.inventoryItems.get(offer.sku);
    const price = record(record(offer.details.pricingSummary).price);
    const currency =
      typeof price.currency === 'string'
        ? price.currency
        : (EBAY_MARKETPLACES[offer.marketplaceId]?.currency ?? 'USD');
    const unit = typeof price.value === 'string' ? Number(price.value) : 0;
    const amount = (value: number) => ({ value: value.toFixed(2), currency });
    const orderId = this.store.ids.orderId();
    const lineItemId = this.store.ids.lineItemId();
    const listingId = offer.listing.listingId;
    const total = amount(unit * quantity);
    const title = record(item?.item.product).title;
    const shipByDate = new Date(now + this.handlingDays(offer) * DAY_MS).toISOString();
    const body: Record<string, unknown> = {
      orderId,
      legacyOrderId: `${listingId}-${lineItemId}`,
      creationDate: at,
      lastModifiedDate: at,
      orderFulfillmentStatus: 'NOT_STARTED',
      orderPaymentStatus: 'PAID',
      sellerId: this.seller.username,
      buyer: { username: input.buyerUsername ?? 'emulated_buyer' },
      pricingSummary: { priceSubtotal: total, deliveryCost: amount(0), total },
      cancelStatus: { cancelState: 'NONE_REQUESTED', cancelRequests: [] },
      paymentSummary: {
        totalDueSeller: total,
        payments: [
          { paymentMethod: 'EBAY', paymentStatus: 'PAID', amount: total, paymentDate: at },
        ],
        refunds: [],
      },
      fulfillmentHrefs: [],
      fulfillmentStartInstructions: [],
      salesRecordReference: String(this.store.orders.size + 1),
      lineItems: [
        {
          lineItemId,
          legacyItemId: listingId,
          sku: offer.sku,
          title: typeof title === 'string' ? title : '',
          quantity,
          lineItemCost: total,
          total,
          deliveryCost: { shippingCost: amount(0) },
          soldFormat: offer.format,
          listingMarketplaceId: offer.marketplaceId,
          purchaseMarketplaceId: offer.marketplaceId,
          lineItemFulfillmentStatus: 'NOT_STARTED',
          // ✅ The deadline eBay sets from the time of purchase and the handling time.
          lineItemFulfillmentInstructions: { shipByDate, guaranteedDelivery: false },
          appliedPromotions: [],
          taxes: [],
        },
      ],
    };
    const order: OrderRecord = { orderId, creationDate: now, lastModifiedDate: now, body };
    this.store.orders.set(orderId, order);
    if (item) item.quantity -= quantity;
    if (typeof offer.details.availableQuantity === 'number')
      offer.details.availableQuantity -= quantity;
    offer.listing.soldQuantity += quantity;
    settleListing(this.context, offer);
    return body;
  }

  /**
   * A listing the seller already has on eBay, made there before ListLoop (the import on
   * connect): inventory item with its photos on the emulator's picture host, offer, and when
   * active (the default) the published listing with its page. Throws EbayExistingListingError
   * when eBay could not have such a listing (a SKU taken, an unknown condition, an active one
   * without photos…).
   */
  addExistingListing(input: EbayExistingListingInput): EbayExistingListing {
    return addExistingListing(this.context, this.photos, this.seededPolicies, input);
  }

  /**
   * The handling time of the offer's fulfillment policy, in days (calendar days here: the
   * emulator has no business calendar); three when the offer names none.
   */
  private handlingDays(offer: OfferRecord): number {
    const policies = record(offer.details.listingPolicies);
    const id = policies.fulfillmentPolicyId;
    const policy = typeof id === 'string' ? this.store.policies.get(id) : undefined;
    const handling = record(policy?.body.handlingTime);
    return typeof handling.value === 'number' && handling.value > 0 ? handling.value : 3;
  }

  private findOffer(input: EbaySaleInput): OfferRecord | undefined {
    if (input.offerId) return this.store.offers.get(input.offerId);
    if (input.listingId) return this.store.offerByListingId(input.listingId);
    if (input.sku) {
      const offers = this.store.offersForSku(input.sku);
      return (
        offers.find((o) => o.status === 'PUBLISHED' && o.listing?.listingStatus === 'ACTIVE') ??
        offers[0]
      );
    }
    return undefined;
  }

  private async mount(): Promise<void> {
    await this.server.mountOpenApi({
      name: 'sell.inventory',
      descriptionFile: description('sell_inventory_v1_oas3.json'),
      basePath: INVENTORY_BASE_PATH,
      handlers: inventoryHandlers(this.context),
      errors: errorFormat('inventorySystemError'),
      corrections: INVENTORY_CORRECTIONS,
    });
    await this.server.mountOpenApi({
      name: 'sell.account',
      descriptionFile: description('sell_account_v1_oas3.json'),
      basePath: ACCOUNT_BASE_PATH,
      handlers: accountHandlers(this.context),
      errors: errorFormat('accountSystemError'),
    });
    await this.server.mountOpenApi({
      name: 'commerce.taxonomy',
      descriptionFile: description('commerce_taxonomy_v1_oas3.json'),
      basePath: TAXONOMY_BASE_PATH,
      handlers: taxonomyHandlers(this.context),
      errors: errorFormat('taxonomySystemError'),
    });
    await this.server.mountOpenApi({
      name: 'sell.fulfillment',
      descriptionFile: description('sell_fulfillment_v1_oas3.json'),
      basePath: FULFILLMENT_BASE_PATH,
      handlers: fulfillmentHandlers(this.context),
      errors: errorFormat('fulfillmentSystemError'),
    });
    this.oauth.allowScopes([EBAY_BASE_SCOPE, ...this.server.scopes()]);
  }

  private seed(): void {
    this.store.clear();
    this.seededPolicies = {};
    if (this.options.optedInToBusinessPolicies ?? true) {
      this.store.optedInPrograms.add(BUSINESS_POLICIES_PROGRAM);
    }
    for (const marketplaceId of this.options.seedPoliciesFor ?? ['EBAY_US']) {
      this.seededPolicies[marketplaceId] = seedPolicies(this.context, marketplaceId);
    }
  }

  private registerControls(): void {
    this.server.control('POST', '/sales', (ctx) => {
      const input = controlInput(ctx.body);
      const fromForm = ctx.body.kind === 'form';
      const parsed = SaleSchema.safeParse(input);
      const back = (notice: string) => {
        const listingId = typeof input.listingId === 'string' ? input.listingId : '';
        const url = new URL(this.context.listingUrl(ctx.baseUrl, listingId));
        url.searchParams.set('notice', notice);
        return redirect(url.toString(), 303);
      };
      if (!parsed.success) {
        return fromForm
          ? back(parsed.error.issues[0]?.message ?? 'Invalid sale')
          : json(400, { error: parsed.error.message });
      }
      try {
        const order = this.produceSale(parsed.data);
        return fromForm ? back(`Sold: order ${String(order.orderId)}.`) : json(201, { order });
      } catch (error) {
        if (!(error instanceof EbaySaleError)) throw error;
        return fromForm ? back(error.message) : json(409, { error: error.message });
      }
    });
    this.server.control('POST', '/existing-listings', (ctx) => {
      const parsed = ExistingListingBodySchema.safeParse(controlInput(ctx.body));
      if (!parsed.success) return json(400, { error: parsed.error.message });
      try {
        const made = this.addExistingListing(existingListingInput(parsed.data));
        return json(201, {
          ...made,
          listingURL: made.listingId ? this.context.listingUrl(ctx.baseUrl, made.listingId) : null,
        });
      } catch (error) {
        if (!(error instanceof EbayExistingListingError)) throw error;
        return json(409, { error: error.message });
      }
    });
    this.server.control('POST', '/revisions', (ctx) => {
      const parsed = RevisionsSchema.safeParse(controlInput(ctx.body));
      if (!parsed.success) return json(400, { error: parsed.error.message });
      this.setRevisionsToday(parsed.data.listingId, parsed.data.count);
      return json(200, { listingId: parsed.data.listingId, revisionsToday: parsed.data.count });
    });
    this.server.control('GET', '/state', () =>
      json(200, {
        inventoryItems: [...this.store.inventoryItems.values()],
        offers: [...this.store.offers.values()].map((offer) => offerJson(this.context, offer)),
        locations: [...this.store.locations.values()],
        policies: [...this.store.policies.values()],
        orders: [...this.store.orders.values()].map((order) => order.body),
        optedInPrograms: [...this.store.optedInPrograms],
      }),
    );
  }

  private registerPages(): void {
    this.server.route('GET', '/itm/:listingId', (ctx) => {
      const listingId = ctx.params.listingId ?? '';
      const offer = this.store.offerByListingId(listingId);
      const notice = ctx.request.query.get('notice');
      if (!offer) {
        return htmlResponse(
          404,
          renderListingPage({
            marketplace: 'eBay',
            listingId,
            title: 'This listing does not exist or has ended',
            price: null,
            photos: [],
            quantity: 0,
            status: 'Not found',
            notice,
          }),
        );
      }
      const item = this.store.inventoryItems.get(offer.sku);
      const product = record(item?.item.product);
      const price = record(record(offer.details.pricingSummary).price);
      const description =
        typeof offer.details.listingDescription === 'string'
          ? offer.details.listingDescription
          : typeof product.description === 'string'
            ? product.description
            : '';
      return htmlResponse(
        200,
        renderListingPage({
          marketplace: 'eBay',
          listingId,
          title: typeof product.title === 'string' ? product.title : '',
          description,
          price:
            typeof price.value === 'string' && typeof price.currency === 'string'
              ? { value: price.value, currency: price.currency }
              : null,
          photos: Array.isArray(product.imageUrls) ? product.imageUrls.map(String) : [],
          quantity: offer.listing?.listingStatus === 'ACTIVE' ? this.store.available(offer) : 0,
          status: offer.listing?.listingStatus ?? 'ENDED',
          details: [
            ['Condition', typeof item?.item.condition === 'string' ? item.item.condition : '—'],
            ['SKU', offer.sku],
            [
              'Category',
              typeof offer.details.categoryId === 'string' ? offer.details.categoryId : '—',
            ],
            ['Sold', String(offer.listing?.soldQuantity ?? 0)],
          ],
          saleAction:
            offer.listing?.listingStatus === 'ACTIVE' ? `${ctx.baseUrl}/__emulator/sales` : null,
          saleFields: { listingId },
          notice,
        }),
      );
    });
  }
}

export function createEbayEmulator(options: EbayEmulatorOptions = {}): Promise<EbayEmulator> {
  return EbayEmulator.create(options);
}
