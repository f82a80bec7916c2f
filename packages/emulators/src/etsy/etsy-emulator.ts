import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { Clock } from '../core/clock';
import { controlInput, EmulatorServer, type RunningEmulator } from '../core/emulator-server';
import type { Faults } from '../core/faults';
import {
  htmlResponse,
  json,
  readRequest,
  redirect,
  RequestTooLargeError,
  sendResponse,
} from '../core/http';
import { renderListingPage } from '../core/listing-page';
import type { Violation } from '../core/violations';
import {
  ETSY_API_PREFIX,
  EtsyApi,
  EtsyRateLimiter,
  etsyError,
  type EtsyRateLimits,
} from './etsy-api';
import {
  DEFAULT_ETSY_RULES,
  IMAGE_SIZES,
  listingJson,
  receiptJson,
  seconds,
  type EtsyContext,
  type EtsyRules,
} from './etsy-context';
import { loadEtsyDescription } from './etsy-description';
import { etsyHandlers } from './etsy-handlers';
import { EtsyOAuth, type EtsyApp } from './etsy-oauth';
import {
  EtsyStore,
  listingPriceCents,
  listingQuantity,
  listingSkus,
  newDraftListing,
  type EtsyImageRecord,
  type EtsyListingRecord,
  type EtsyOfferingRecord,
  type EtsyShopRecord,
  type EtsyReceiptRecord,
} from './etsy-store';
import { imageInfo } from './image-info';
import {
  activationProblems,
  applyListingFields,
  listingFieldProblems,
  offerProblems,
} from './listing-fields';

/** The app the emulator knows when none is given (tests and the sandbox may use it). */
export const ETSY_EMULATOR_APP: EtsyApp = {
  keystring: 'll0emulator0keystring000',
  sharedSecret: 'emu1secret',
  applicationId: 1_234_567,
  redirectUris: ['http://127.0.0.1/api/marketplaces/etsy/callback'],
  name: 'ListLoop (emulated)',
};

/** The seller who connects, and their shop. */
export interface EtsySellerSettings {
  userId: number;
  loginName: string;
  shopId: number;
  shopName: string;
  currency: string;
  countryIso: string;
}

const DEFAULT_SELLER: EtsySellerSettings = {
  userId: 81_234_567,
  loginName: 'listloopseller',
  shopId: 31_234_567,
  shopName: 'ListLoopVintage',
  currency: 'USD',
  countryIso: 'US',
};

export interface EtsyEmulatorOptions {
  clock?: Clock;
  /** Where the emulator is reached from outside (see EmulatorServer). */
  publicBaseUrl?: string;
  apps?: readonly EtsyApp[];
  /** Show the "Allow access" page on /oauth/connect instead of approving at once (sandbox). */
  consentPage?: boolean;
  seller?: Partial<EtsySellerSettings>;
  /** ◐ Refresh tokens rotate on each use (on by default). */
  rotateRefreshTokens?: boolean;
  /** ✅ 3600 s. */
  accessTokenTtlSeconds?: number;
  /** ◐ 90 days. */
  refreshTokenTtlSeconds?: number;
  /** ◐ x-api-key must be `keystring:shared_secret` (Etsy's rule since 2026-02); on by default. */
  requireSharedSecret?: boolean;
  /** ✅ Callback URLs must be https:// (loopback excepted); on by default. */
  httpsRedirectsOnly?: boolean;
  rules?: Partial<EtsyRules>;
  /** Per-app limits answered with 429 and Retry-After; none by default. */
  rateLimits?: Partial<EtsyRateLimits>;
}

export interface EtsySaleInput {
  listingId?: number | string;
  sku?: string;
  quantity?: number;
  buyerName?: string;
}

export class EtsySaleError extends Error {
  override readonly name = 'EtsySaleError';
}

/** A listing the seller made on Etsy itself, before ListLoop (see addExistingListing). */
export interface EtsyExistingListingInput {
  title: string;
  description: string;
  /** In the shop's currency. */
  price: number;
  quantity: number;
  /** The SKU of its one product; none by default, as on most listings made on Etsy. */
  sku?: string;
  /** Active by default; an inactive listing was live and taken off sale. */
  state?: 'active' | 'inactive' | 'draft';
  tags?: string[];
  /** Its photos in order (the first is the main one): JPG, PNG or GIF, as Etsy keeps them. */
  photos: Array<{ bytes: Buffer; contentType: string }>;
}

/** What Etsy would not have let the seller make. */
export class EtsyListingInputError extends Error {
  override readonly name = 'EtsyListingInputError';
}

/** What was seeded: the seller, their shop, and the profiles to list with. */
export interface EtsySeeded {
  userId: number;
  shopId: number;
  /** "Standard shipping", and "Large and fragile items". */
  shippingProfileId: number;
  largeItemsShippingProfileId: number;
  /** A ready-to-ship processing profile, and a made-to-order one. */
  readinessStateId: number;
  madeToOrderReadinessStateId: number;
}

const SaleSchema = z
  .object({
    listingId: z.coerce.number().int().positive().optional(),
    sku: z.string().min(1).optional(),
    quantity: z.coerce.number().int().min(1).max(999).default(1),
    buyerName: z.string().min(1).max(100).optional(),
  })
  .refine((v) => v.listingId !== undefined || v.sku !== undefined, 'Name the listingId or sku');

const RateLimitSchema = z.object({
  perSecond: z.coerce.number().int().min(1).nullable().optional(),
  perDay: z.coerce.number().int().min(1).nullable().optional(),
});

const IMAGE_PATH = /^\/images\/listing\/(\d+)\/([^/]+)$/;

/**
 * The emulated Etsy: Open API v3 shops, listings (draft → images → active, with Etsy's
 * activation prerequisites), images uploaded as files, inventory, receipts found by
 * `min_last_modified` with paging; Etsy's OAuth 2 with PKCE and rotating refresh tokens;
 * `x-api-key` on every call; rate limits and faults on demand; a page per listing with
 * "Simulate a sale". Every call and answer is checked against Etsy's published description,
 * corrected where the live API moved on (see etsy-description.ts).
 */
export class EtsyEmulator {
  readonly server: EmulatorServer;
  readonly store = new EtsyStore();
  readonly oauth: EtsyOAuth;
  readonly rules: EtsyRules;
  readonly limiter: EtsyRateLimiter;
  readonly seller: EtsySellerSettings;
  seeded!: EtsySeeded;
  private api: EtsyApi | null = null;
  private readonly context: EtsyContext;

  private constructor(private readonly options: EtsyEmulatorOptions) {
    this.server = new EmulatorServer({
      name: 'Etsy',
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.publicBaseUrl ? { publicBaseUrl: options.publicBaseUrl } : {}),
    });
    this.rules = { ...DEFAULT_ETSY_RULES, ...options.rules };
    this.seller = { ...DEFAULT_SELLER, ...options.seller };
    this.limiter = new EtsyRateLimiter(this.server.clock);
    this.limiter.set(options.rateLimits ?? {});
    this.context = {
      store: this.store,
      rules: this.rules,
      clock: this.server.clock,
      violation: (call, messages) => this.api?.violation(call.request, call.operationId, messages),
      listingUrl: (baseUrl, listingId) => `${baseUrl}/listing/${listingId}`,
      imageUrl: (baseUrl, imageId, size) => `${baseUrl}/images/listing/${imageId}/${size}`,
    };
    this.oauth = new EtsyOAuth(this.server, {
      apps: options.apps ?? [ETSY_EMULATOR_APP],
      seller: { userId: this.seller.userId, loginName: this.seller.loginName },
      accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
      refreshTokenTtlSeconds: options.refreshTokenTtlSeconds ?? 90 * 86_400,
      codeTtlSeconds: 300,
      rotateRefreshTokens: options.rotateRefreshTokens ?? true,
      scopes: [],
      consentPage: options.consentPage ?? false,
      httpsRedirectsOnly: options.httpsRedirectsOnly ?? true,
    });
    this.server.onReset(() => {
      this.store.clear();
      this.oauth.clear();
      this.limiter.clear();
      this.limiter.limits = { perSecond: null, perDay: null };
      this.limiter.set(this.options.rateLimits ?? {});
      this.seed();
    });
    this.registerControls();
    this.registerPages();
  }

  static async create(options: EtsyEmulatorOptions = {}): Promise<EtsyEmulator> {
    const emulator = new EtsyEmulator(options);
    const description = await loadEtsyDescription();
    emulator.api = new EtsyApi({
      server: emulator.server,
      oauth: emulator.oauth,
      api: description,
      handlers: etsyHandlers(emulator.context),
      limiter: emulator.limiter,
      requireSharedSecret: options.requireSharedSecret ?? true,
    });
    emulator.oauth.allowScopes(oauthScopes(description.definition));
    emulator.seed();
    return emulator;
  }

  get violations(): readonly Violation[] {
    return this.server.violations;
  }

  get faults(): Faults {
    return this.server.faults;
  }

  get clock(): Clock {
    return this.server.clock;
  }

  /** The emulator's public base URL (configured, or where `listen` bound). */
  get baseUrl(): string {
    return this.server.baseUrl();
  }

  /** Node's `(req, res)` form, for `http.createServer` or a host server's raw route. */
  readonly handler = (req: IncomingMessage, res: ServerResponse): void => {
    void this.handle(req, res);
  };

  /** The same with what a host has already read: its rewritten URL (prefix stripped) and the raw body. */
  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    preRead: { url?: string; body?: Buffer | string } = {},
  ): Promise<void> {
    const path = new URL(preRead.url ?? req.url ?? '/', 'http://emulator.invalid').pathname;
    const image = IMAGE_PATH.exec(path);
    if (image && (req.method === 'GET' || req.method === 'HEAD')) {
      this.serveImage(res, Number(image[1]), image[2] ?? '');
      return;
    }
    if (!path.startsWith(ETSY_API_PREFIX) || !this.api) {
      await this.server.handle(req, res, preRead);
      return;
    }
    try {
      const request = await readRequest(req, preRead);
      const answer = await this.api.handle(request, res, this.server.baseUrl(request));
      if (answer) sendResponse(res, answer);
    } catch (error) {
      if (res.headersSent || res.destroyed) {
        res.destroy();
        return;
      }
      if (error instanceof RequestTooLargeError) {
        sendResponse(res, etsyError(413, error.message));
        return;
      }
      this.server.recordViolation({
        direction: 'response',
        api: 'etsy',
        operationId: null,
        method: req.method ?? 'GET',
        path,
        status: 500,
        messages: [(error as Error).stack ?? String(error)],
      });
      sendResponse(res, etsyError(500, 'An internal error occurred.'));
    }
  }

  async listen(port = 0, host = '127.0.0.1'): Promise<RunningEmulator> {
    const server = createServer(this.handler);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    const url = `http://${host}:${(server.address() as AddressInfo).port}`;
    if (!this.options.publicBaseUrl) this.server.setPublicBaseUrl(url);
    return {
      url,
      close: () =>
        new Promise<void>((resolve, reject) => {
          server.closeAllConnections();
          server.close((error) => (error ? reject(error) : resolve()));
        }),
    };
  }

  /** Back to the first state: the seeded shop, no listings, receipts, tokens, faults or violations. */
  reset(): void {
    this.server.reset();
  }

  listingUrl(listingId: number | string): string {
    return this.context.listingUrl(this.baseUrl, Number(listingId));
  }

  listing(listingId: number | string): EtsyListingRecord | undefined {
    return this.store.listings.get(Number(listingId));
  }

  /**
   * A buyer buys from a live listing: a paid receipt the next getShopReceipts finds, the
   * offering's quantity lowered, and ✅ the listing sold out when nothing is left.
   */
  produceSale(input: EtsySaleInput): Record<string, unknown> {
    const quantity = input.quantity ?? 1;
    const listing =
      input.listingId !== undefined
        ? this.store.listings.get(Number(input.listingId))
        : [...this.store.listings.values()].find(
            (l) =>
              l.state === 'active' && input.sku !== undefined && listingSkus(l).includes(input.sku),
          );
    if (!listing) throw new EtsySaleError('No listing matches that sale.');
    if (listing.state !== 'active') {
      throw new EtsySaleError(
        `Listing ${listing.listingId} is ${listing.state.replace('_', ' ')}.`,
      );
    }
    const product = listing.products.find(
      (p) =>
        (input.sku === undefined || p.sku === input.sku) &&
        p.offerings.some((o) => o.isEnabled && o.quantity >= quantity),
    );
    const offering = product?.offerings.find((o) => o.isEnabled && o.quantity >= quantity);
    if (!product || !offering) {
      throw new EtsySaleError(
        `Only ${listingQuantity(listing)} available on listing ${listing.listingId}.`,
      );
    }
    const shop = this.store.shops.get(listing.shopId);
    const now = seconds(this.clock);
    offering.quantity -= quantity;
    if (listingQuantity(listing) === 0) {
      listing.state = 'sold_out';
      listing.stateAt = now;
    }
    listing.updatedAt = now;
    const buyerUserId = this.store.ids.take('buyer');
    const receipt: EtsyReceiptRecord = {
      receiptId: this.store.ids.take('receipt'),
      shopId: listing.shopId,
      sellerUserId: listing.userId,
      buyerUserId,
      buyerName: input.buyerName ?? 'Emulated Buyer',
      buyerEmail: `buyer${buyerUserId}@buyers.etsy.invalid`,
      currency: shop?.currency ?? 'USD',
      createdAt: now,
      updatedAt: now,
      isPaid: true,
      isShipped: false,
      transactions: [
        {
          transactionId: this.store.ids.take('transaction'),
          listingId: listing.listingId,
          productId: product.productId,
          sku: product.sku || null,
          title: listing.title,
          description: listing.description,
          quantity,
          priceCents: offering.priceCents,
          listingImageId: listing.images[0]?.listingImageId ?? null,
          expectedShipDate: now + processingDays(shop, listing, offering) * DAY_SECONDS,
        },
      ],
    };
    this.store.receipts.set(receipt.receiptId, receipt);
    return receiptJson(receipt);
  }

  /**
   * A listing the seller made on Etsy directly, before connecting ListLoop: in the seeded
   * shop, with its images (served at the image URLs the API gives), its inventory (one
   * product, with the SKU when given) and its page, as the API would have left it after
   * create → inventory → images → activate. Etsy's own checks apply (text, price, quantity,
   * image types; an active or inactive listing has a photo). Answers the listing_id.
   */
  addExistingListing(input: EtsyExistingListingInput): number {
    const shop = this.store.shops.get(this.seeded.shopId);
    if (!shop) throw new EtsyListingInputError('The seeded shop is gone.');
    const state = input.state ?? 'active';
    const fields: Record<string, unknown> = {
      title: input.title,
      description: input.description,
      who_made: 'someone_else',
      when_made: '2010_2019',
      taxonomy_id: [...(this.rules.taxonomyIds ?? [1])][0] ?? 1,
      shipping_profile_id: this.seeded.shippingProfileId,
      readiness_state_id: this.seeded.readinessStateId,
      ...(input.tags ? { tags: input.tags } : {}),
    };
    const problems = [
      ...listingFieldProblems(fields, shop, this.rules, null),
      ...offerProblems(input.price, input.quantity, this.rules),
    ];
    if (!input.description.trim()) problems.push('The description may not be empty.');
    if (input.photos.length > this.rules.imagesMax) {
      problems.push(`A listing may have at most ${this.rules.imagesMax} images.`);
    }
    const now = seconds(this.clock);
    const images: EtsyImageRecord[] = [];
    input.photos.forEach((photo, index) => {
      const info = imageInfo(photo.bytes);
      if (!info) {
        problems.push(`Photo ${index + 1} (${photo.contentType}) is not a JPG, PNG or GIF file.`);
        return;
      }
      images.push({
        ...info,
        bytes: photo.bytes,
        listingImageId: this.store.ids.take('image'),
        shopId: shop.shopId,
        rank: index + 1,
        createdAt: now,
      });
    });
    const listing = newDraftListing(
      this.store,
      shop,
      {
        priceCents: Math.round(input.price * 100),
        quantity: input.quantity,
        readinessStateId: this.seeded.readinessStateId,
      },
      now,
    );
    applyListingFields(listing, fields);
    listing.images = images;
    if (input.sku !== undefined && listing.products[0]) listing.products[0].sku = input.sku;
    if (state !== 'draft') {
      problems.push(...activationProblems(listing, listingQuantity(listing), this.rules));
    }
    if (problems.length > 0) throw new EtsyListingInputError(problems.join(' '));
    listing.state = state;
    this.store.listings.set(listing.listingId, listing);
    return listing.listingId;
  }

  private seed(): void {
    const now = seconds(this.clock);
    const shippingProfileId = this.store.ids.take('shippingProfile');
    const largeItemsProfileId = this.store.ids.take('shippingProfile');
    const readinessStateId = this.store.ids.take('readinessState');
    const madeToOrderReadinessStateId = this.store.ids.take('readinessState');
    this.store.shops.set(this.seller.shopId, {
      shopId: this.seller.shopId,
      userId: this.seller.userId,
      shopName: this.seller.shopName,
      loginName: this.seller.loginName,
      currency: this.seller.currency,
      countryIso: this.seller.countryIso,
      createdAt: now,
      shippingProfiles: new Map([
        [
          shippingProfileId,
          {
            shippingProfileId,
            title: 'Standard shipping',
            minProcessingDays: 1,
            maxProcessingDays: 3,
            originCountryIso: this.seller.countryIso,
            originPostalCode: null,
          },
        ],
        [
          largeItemsProfileId,
          {
            shippingProfileId: largeItemsProfileId,
            title: 'Large and fragile items',
            minProcessingDays: 2,
            maxProcessingDays: 5,
            originCountryIso: this.seller.countryIso,
            originPostalCode: null,
          },
        ],
      ]),
      readinessStates: new Map([
        [
          readinessStateId,
          {
            readinessStateId,
            readinessState: 'ready_to_ship',
            minProcessingDays: 1,
            maxProcessingDays: 3,
          },
        ],
        [
          madeToOrderReadinessStateId,
          {
            readinessStateId: madeToOrderReadinessStateId,
            readinessState: 'made_to_order',
            minProcessingDays: 5,
            maxProcessingDays: 10,
          },
        ],
      ]),
    });
    this.seeded = {
      userId: this.seller.userId,
      shopId: this.seller.shopId,
      shippingProfileId,
      largeItemsShippingProfileId: largeItemsProfileId,
      readinessStateId,
      madeToOrderReadinessStateId,
    };
  }

  private serveImage(res: ServerResponse, listingImageId: number, size: string): void {
    const image = this.store.image(listingImageId);
    if (!image || !(IMAGE_SIZES as readonly string[]).includes(size)) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not found');
      return;
    }
    // Every size is the uploaded file itself: the emulator does not resize.
    res.writeHead(200, {
      'content-type': image.contentType,
      'content-length': String(image.bytes.length),
      'cache-control': 'public, max-age=3600',
    });
    res.end(image.bytes);
  }

  private registerControls(): void {
    this.server.control('POST', '/sales', (ctx) => {
      const input = controlInput(ctx.body);
      const fromForm = ctx.body.kind === 'form';
      const parsed = SaleSchema.safeParse(input);
      const back = (notice: string) => {
        const url = new URL(this.context.listingUrl(ctx.baseUrl, Number(input.listingId ?? 0)));
        url.searchParams.set('notice', notice);
        return redirect(url.toString(), 303);
      };
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? 'Invalid sale';
        return fromForm ? back(message) : json(400, { error: parsed.error.message });
      }
      try {
        const receipt = this.produceSale(parsed.data);
        return fromForm
          ? back(`Sold: receipt ${String(receipt.receipt_id)}.`)
          : json(201, { receipt });
      } catch (error) {
        if (!(error instanceof EtsySaleError)) throw error;
        return fromForm ? back(error.message) : json(409, { error: error.message });
      }
    });
    this.server.control('POST', '/rate-limits', (ctx) => {
      const parsed = RateLimitSchema.safeParse(controlInput(ctx.body));
      if (!parsed.success) return json(400, { error: parsed.error.message });
      this.limiter.set(
        Object.fromEntries(
          Object.entries(parsed.data).filter(([, value]) => value !== undefined),
        ) as Partial<EtsyRateLimits>,
      );
      return json(200, { limits: this.limiter.limits });
    });
    this.server.control('GET', '/state', (ctx) =>
      json(200, {
        seeded: this.seeded,
        listings: [...this.store.listings.values()].map((l) =>
          listingJson(this.context, l, ctx.baseUrl),
        ),
        receipts: [...this.store.receipts.values()].map(receiptJson),
        rateLimits: this.limiter.limits,
      }),
    );
  }

  private registerPages(): void {
    this.server.route('GET', '/listing/:listing_id', (ctx) => {
      const listingId = Number(ctx.params.listing_id);
      const listing = this.store.listings.get(listingId);
      const notice = ctx.request.query.get('notice');
      if (!listing) {
        return htmlResponse(
          404,
          renderListingPage({
            marketplace: 'Etsy',
            listingId: ctx.params.listing_id ?? '',
            title: 'Sorry, this item is unavailable',
            price: null,
            photos: [],
            quantity: 0,
            status: 'Not found',
            notice,
          }),
        );
      }
      const currency = this.store.shops.get(listing.shopId)?.currency ?? 'USD';
      const live = listing.state === 'active';
      return htmlResponse(
        200,
        renderListingPage({
          marketplace: 'Etsy',
          listingId: String(listing.listingId),
          title: listing.title,
          description: listing.description,
          price: { value: (listingPriceCents(listing) / 100).toFixed(2), currency },
          photos: [...listing.images]
            .sort((a, b) => a.rank - b.rank)
            .map((i) => this.context.imageUrl(ctx.baseUrl, i.listingImageId, '570xN')),
          quantity: live ? listingQuantity(listing) : 0,
          status: listing.state.replace('_', ' '),
          details: [
            ['SKU', listingSkus(listing).join(', ') || '—'],
            ['Who made it', listing.whoMade ?? '—'],
            ['When it was made', listing.whenMade ?? '—'],
            ['Taxonomy', listing.taxonomyId === null ? '—' : String(listing.taxonomyId)],
            ['Tags', listing.tags.join(', ') || '—'],
          ],
          saleAction: live ? `${ctx.baseUrl}/__emulator/sales` : null,
          saleFields: { listingId: String(listing.listingId) },
          notice,
        }),
      );
    });
  }
}

/** Every OAuth scope the description's security schemes name. */
const DAY_SECONDS = 24 * 60 * 60;

/**
 * The most days the listing takes to be ready (✅ Etsy dates a transaction's expected_ship_date
 * from the processing time): the offering's processing profile, else the listing's own
 * processing days, else its shipping profile's; three when none says.
 */
function processingDays(
  shop: EtsyShopRecord | undefined,
  listing: EtsyListingRecord,
  offering: EtsyOfferingRecord,
): number {
  const stateId = offering.readinessStateId ?? listing.readinessStateId;
  const state = stateId === null ? undefined : shop?.readinessStates.get(stateId);
  const profile =
    listing.shippingProfileId === null
      ? undefined
      : shop?.shippingProfiles.get(listing.shippingProfileId);
  return state?.maxProcessingDays ?? listing.processingMax ?? profile?.maxProcessingDays ?? 3;
}

function oauthScopes(document: unknown): string[] {
  const flows = (
    document as {
      components?: {
        securitySchemes?: { oauth2?: { flows?: Record<string, { scopes?: object }> } };
      };
    }
  ).components?.securitySchemes?.oauth2?.flows;
  return [...new Set(Object.values(flows ?? {}).flatMap((flow) => Object.keys(flow.scopes ?? {})))];
}

export function createEtsyEmulator(options: EtsyEmulatorOptions = {}): Promise<EtsyEmulator> {
  return EtsyEmulator.create(options);
}
