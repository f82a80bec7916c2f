import crypto from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { Clock } from '../core/clock';
import {
  EmulatorServer,
  controlInput,
  type RouteContext,
  type RunningEmulator,
} from '../core/emulator-server';
import type { Fault, FaultSpec, Faults } from '../core/faults';
import { PhotoStore } from '../core/photo-store';
import {
  RequestTooLargeError,
  header,
  json,
  readRequest,
  redirect,
  sendResponse,
  type EmulatorRequest,
  type EmulatorResponse,
} from '../core/http';
import type { Violation } from '../core/violations';
import { INVALID_TOKEN_MESSAGE, handleGraphql } from './admin-api';
import {
  DEFAULT_TOKEN_LIFETIMES,
  OAuthState,
  parseScopes,
  type ShopifyEmulatorApp,
  type TokenLifetimes,
} from './oauth';
import { consentPage, oauthErrorPage, productPage, storePage, unavailablePage } from './pages';
import { CostBuckets, DEFAULT_THROTTLE, type ThrottleSettings } from './query-cost';
import {
  IdSequence,
  ShopState,
  type MetafieldDefinitionRecord,
  type OrderRecord,
  type ProductRecord,
  type ProductSetInput,
  type ProductStatus,
  type ShopEvent,
  type ShopSettings,
} from './store';
import { WebhookDispatcher, type WebhookDelivery } from './webhooks';

/** A shop's domain as Shopify names stores: `<name>.myshopify.com`. */
export const MYSHOPIFY_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

export const DEFAULT_SHOP_DOMAIN = 'listloop-sandbox.myshopify.com';

/** The app the emulator knows when none is configured (tests and the sandbox use it). */
export const SHOPIFY_EMULATOR_APP: ShopifyEmulatorApp = {
  clientId: 'listloop-shopify-emulator-client',
  clientSecret: 'listloop-shopify-emulator-secret',
  name: 'ListLoop',
};

/** POST {shop}/admin/api/{version}/graphql.json, with the shop in the path when not the default. */
const ADMIN_API_PATH = /^(?:\/shops\/([^/]+))?\/admin\/api\/([^/]+)\/graphql\.json$/;

/** API versions look like 2025-07 (quarterly releases) or `unstable`. */
const API_VERSION = /^(\d{4}-(01|04|07|10)|unstable)$/;

/** Product metafield definitions every new emulated shop starts with (the sandbox maps to them). */
export const DEFAULT_METAFIELD_DEFINITIONS: ReadonlyArray<Omit<MetafieldDefinitionRecord, 'id'>> = [
  {
    name: 'Condition',
    namespace: 'custom',
    key: 'condition',
    description: 'The condition of a second-hand item.',
    type: 'single_line_text_field',
    ownerType: 'PRODUCT',
    pinnedPosition: 1,
    validations: [],
  },
  {
    name: 'Size',
    namespace: 'custom',
    key: 'size',
    description: 'The size on the label.',
    type: 'single_line_text_field',
    ownerType: 'PRODUCT',
    pinnedPosition: 2,
    validations: [],
  },
  {
    name: 'Color',
    namespace: 'custom',
    key: 'color',
    description: 'The main colour.',
    type: 'single_line_text_field',
    ownerType: 'PRODUCT',
    pinnedPosition: 3,
    validations: [],
  },
  {
    name: 'Material',
    namespace: 'custom',
    key: 'material',
    description: null,
    type: 'single_line_text_field',
    ownerType: 'PRODUCT',
    pinnedPosition: null,
    validations: [],
  },
  {
    name: 'Year made',
    namespace: 'custom',
    key: 'year_made',
    description: null,
    type: 'number_integer',
    ownerType: 'PRODUCT',
    pinnedPosition: null,
    validations: [],
  },
];

export interface ShopifyEmulatorOptions {
  /** The apps that may be installed; their secrets sign OAuth redirects and webhooks. */
  apps?: ShopifyEmulatorApp[];
  /** Shops that exist from the start; the first is the default shop, also served at the root. */
  shops?: Array<Partial<ShopSettings> & { domain: string }>;
  /** Whether installing on an unknown `*.myshopify.com` shop creates it (sandbox accounts). */
  createShopsOnInstall?: boolean;
  /**
   * Where the emulator is reached from outside, for links (product URLs, consent form). A
   * host that mounts it under a prefix gives that URL and strips the prefix from requests.
   */
  publicBaseUrl?: string;
  /** Show Shopify's install consent page instead of approving at once (sandbox mode). */
  consentPage?: boolean;
  clock?: Clock;
  /**
   * How the emulator reaches out: webhooks, and the photos its CDN copies from productSet's
   * `files` URLs (the global fetch by default).
   */
  fetch?: typeof fetch;
  throttle?: Partial<ThrottleSettings>;
  tokenLifetimes?: Partial<TokenLifetimes>;
  metafieldDefinitions?: ReadonlyArray<Omit<MetafieldDefinitionRecord, 'id'>>;
}

export interface ShopifySaleInput {
  /** The shop's domain; the default shop when absent. */
  shop?: string;
  /** Which variant sells: by SKU, by variant GID, or the first variant of a product GID. */
  sku?: string;
  variantId?: string;
  productId?: string;
  quantity?: number;
  /** Extra deliveries of the same webhooks (same X-Shopify-Webhook-Id): Shopify delivers at least once. */
  duplicates?: number;
}

export interface ShopifySaleResult {
  order: OrderRecord;
  /** The orders/create webhooks of the sale, after every attempt finished. */
  deliveries: WebhookDelivery[];
}

export class ShopifySaleError extends Error {
  override readonly name = 'ShopifySaleError';
}

/**
 * A product the seller made in Shopify's admin before ListLoop (the import's source): one
 * variant or a few, stocked at the shop's location, photos uploaded to Shopify's CDN.
 */
export interface ShopifyExistingProductInput {
  /** The shop's domain; the default shop when absent. */
  shop?: string;
  title: string;
  descriptionHtml?: string;
  vendor?: string;
  productType?: string;
  tags?: string[];
  /** ACTIVE by default. */
  status?: ProductStatus;
  /** Whether it is on the Online Store sales channel; true by default. */
  published?: boolean;
  variants: Array<{
    sku?: string | null;
    price: string | number;
    /** Available at the shop's location; 1 by default. */
    quantity?: number;
    /** The variant's option values by option name ({ Size: 'M', Color: 'Blue' }); none: Shopify's default Title. */
    options?: Record<string, string>;
  }>;
  photos?: Array<{ bytes: Buffer; contentType: string; alt?: string | null }>;
}

/** The most Shopify takes of one image (◐ 20 MB, 20 megapixels). */
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/** Where the emulated CDN serves uploaded files, and the copies of files made from URLs. */
const CDN_FILES = '/s/files/{id}';
const CDN_COPIES = '/s/files/copies/:copyId';

interface CopiedImage {
  bytes: Buffer;
  contentType: string;
}

const ExistingProductSchema = z.object({
  shop: z.string().optional(),
  title: z.string().min(1),
  descriptionHtml: z.string().optional(),
  vendor: z.string().optional(),
  productType: z.string().optional(),
  tags: z.array(z.string()).optional(),
  status: z.enum(['ACTIVE', 'ARCHIVED', 'DRAFT']).optional(),
  published: z.boolean().optional(),
  variants: z
    .array(
      z.object({
        sku: z.string().nullable().optional(),
        price: z.union([z.string(), z.number()]),
        quantity: z.number().int().min(0).optional(),
        options: z.record(z.string(), z.string()).optional(),
      }),
    )
    .min(1),
  /** Each photo's bytes in base64. */
  photos: z
    .array(
      z.object({
        base64: z.string().min(1),
        contentType: z.string().regex(/^image\//),
        alt: z.string().nullable().optional(),
      }),
    )
    .optional(),
});

const SaleSchema = z.object({
  shop: z.string().optional(),
  sku: z.string().min(1).optional(),
  variantId: z.string().min(1).optional(),
  productId: z.string().min(1).optional(),
  quantity: z.coerce.number().int().min(1).max(1000).optional(),
  duplicates: z.coerce.number().int().min(0).max(10).optional(),
});

const ShopSchema = z.object({ shop: z.string().optional() });

/**
 * The emulated Shopify: per-shop OAuth (offline tokens, expiring or not), the Admin GraphQL
 * API for the operations ListLoop uses (every document validated against their schema, cost
 * throttling), signed webhooks, an online-store page per product with "Simulate a sale", and
 * a control surface under `/__emulator` (the core's faults, clock, violations and reset, plus
 * sales, token expiry, throttling and webhook redelivery).
 */
export class ShopifyEmulator {
  readonly server: EmulatorServer;
  readonly oauth: OAuthState;
  private readonly ids = new IdSequence();
  private readonly shops = new Map<string, ShopState>();
  private readonly buckets: CostBuckets;
  private readonly webhooks: WebhookDispatcher;
  private readonly fetchImpl: typeof fetch;
  /** Files uploaded to the shop (products made in the admin), served by the emulated CDN. */
  readonly photos: PhotoStore;
  /** productSet's files by copy id: their source, and the copy once the CDN has made it. */
  private readonly copies = new Map<
    string,
    { source: string; copy: Promise<CopiedImage | null> | null }
  >();
  /** The CDN's own addresses: a file given by one of these is not copied again. */
  private readonly hosted = new Set<string>();
  private nextCopy = 1;

  constructor(private readonly options: ShopifyEmulatorOptions = {}) {
    this.server = new EmulatorServer({
      name: 'Shopify',
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.publicBaseUrl ? { publicBaseUrl: options.publicBaseUrl } : {}),
    });
    const apps = options.apps ?? [SHOPIFY_EMULATOR_APP];
    if (apps.length === 0) throw new Error('The Shopify emulator needs at least one app');
    this.oauth = new OAuthState(apps, this.clock, {
      ...DEFAULT_TOKEN_LIFETIMES,
      ...options.tokenLifetimes,
    });
    this.buckets = new CostBuckets({ ...DEFAULT_THROTTLE, ...options.throttle }, this.clock);
    this.fetchImpl =
      options.fetch ?? ((input: string | URL | Request, init?: RequestInit) => fetch(input, init));
    this.webhooks = new WebhookDispatcher(
      (id) => this.oauth.app(id)?.clientSecret ?? null,
      this.clock,
      this.fetchImpl,
    );
    this.photos = new PhotoStore(this.server, CDN_FILES);
    this.seed();
    this.server.onReset(() => {
      this.shops.clear();
      this.oauth.clear();
      this.webhooks.clear();
      this.copies.clear();
      this.hosted.clear();
      this.seed();
    });
    this.registerOAuth();
    this.registerPages();
    this.registerCdn();
    this.registerControls();
  }

  get clock(): Clock {
    return this.server.clock;
  }

  get faults(): Faults {
    return this.server.faults;
  }

  get violations(): readonly Violation[] {
    return this.server.violations;
  }

  get deliveries(): readonly WebhookDelivery[] {
    return this.webhooks.deliveries;
  }

  /** The emulator's public base URL (configured, or where `listen` bound). */
  get baseUrl(): string {
    return this.server.baseUrl();
  }

  /** What `https://{shop}` is for the real Shopify: the shop's admin API and online store. */
  shopBaseUrl(shop = this.defaultShop): string {
    return `${this.baseUrl}/shops/${shop}`;
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
    const match = ADMIN_API_PATH.exec(path);
    if (!match) {
      await this.server.handle(req, res, preRead);
      return;
    }
    let request: EmulatorRequest;
    try {
      request = await readRequest(req, preRead);
    } catch (error) {
      sendResponse(
        res,
        json(error instanceof RequestTooLargeError ? 413 : 400, {
          errors: (error as Error).message,
        }),
      );
      return;
    }
    const fault = this.faults.take('api', 'graphql');
    if (fault?.kind === 'disconnect') {
      res.destroy();
      return;
    }
    try {
      sendResponse(
        res,
        this.adminApi(
          match[1] ? decodeURIComponent(match[1]) : this.defaultShop,
          match[2]!,
          request,
          fault,
        ),
      );
    } catch (error) {
      this.record(
        'shopify.admin',
        request,
        500,
        [(error as Error).stack ?? String(error)],
        'response',
      );
      sendResponse(res, json(500, { errors: 'Internal Server Error' }));
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
      close: async () => {
        await this.webhooks.settled();
        await new Promise<void>((resolve, reject) => {
          server.closeAllConnections();
          server.close((error) => (error ? reject(error) : resolve()));
        });
      },
    };
  }

  /** Back to the first state: the configured shops, empty; no tokens, faults or violations. */
  reset(): void {
    this.server.reset();
  }

  get defaultShop(): string {
    return [...this.shops.keys()][0]!;
  }

  shop(domain: string = this.defaultShop): ShopState {
    const shop = this.shops.get(domain.toLowerCase());
    if (!shop) throw new Error(`No emulated shop ${domain}`);
    return shop;
  }

  /** Creates a shop, or answers it when it exists. */
  addShop(settings: Partial<ShopSettings> & { domain: string }): ShopState {
    const domain = settings.domain.toLowerCase();
    const existing = this.shops.get(domain);
    if (existing) return existing;
    if (!MYSHOPIFY_DOMAIN.test(domain))
      throw new Error(`${domain} is not a *.myshopify.com domain`);
    const name =
      settings.name ??
      domain
        .replace(/\.myshopify\.com$/, '')
        .replace(/-/g, ' ')
        .replace(/\b\w/g, (c) => c.toUpperCase());
    const shop: ShopState = new ShopState(
      {
        domain,
        name,
        email: settings.email ?? `owner@${domain}`,
        currencyCode: settings.currencyCode ?? 'USD',
        ianaTimezone: settings.ianaTimezone ?? 'America/New_York',
      },
      this.ids,
      this.clock,
      (event) => this.notify(shop, event),
      (source) => this.hostImage(source),
    );
    for (const definition of this.options.metafieldDefinitions ?? DEFAULT_METAFIELD_DEFINITIONS) {
      shop.addMetafieldDefinition({ ...definition });
    }
    this.shops.set(domain, shop);
    return shop;
  }

  productUrl(shop: ShopState, product: ProductRecord): string {
    return `${this.shopBaseUrl(shop.domain)}/products/${encodeURIComponent(product.handle)}`;
  }

  /**
   * A product as a seller who made it in Shopify's admin has it, before ListLoop: the product
   * and its variants, stock at the shop's location, photos on the CDN (MediaImage, READY), on
   * the Online Store unless `published: false`, with its product page. Answers the product GID.
   * Refused (an Error with Shopify's words) as productSet would refuse it.
   */
  addExistingProduct(input: ShopifyExistingProductInput): string {
    const shop = this.shop(input.shop);
    const optionNames: string[] = [];
    for (const variant of input.variants) {
      for (const name of Object.keys(variant.options ?? {})) {
        if (!optionNames.includes(name)) optionNames.push(name);
      }
    }
    const productOptions =
      optionNames.length > 0
        ? optionNames.map((name) => ({
            name,
            values: [
              ...new Set(input.variants.map((v) => v.options?.[name]).filter((v) => v != null)),
            ].map((value) => ({ name: value })),
          }))
        : [{ name: 'Title', values: [{ name: 'Default Title' }] }];
    const files = (input.photos ?? []).map((photo) => {
      const url = this.photos.add(photo.bytes, photo.contentType);
      this.hosted.add(url);
      return { originalSource: url, alt: photo.alt ?? null };
    });
    const productSet: ProductSetInput = {
      title: input.title,
      descriptionHtml: input.descriptionHtml ?? '',
      vendor: input.vendor ?? '',
      productType: input.productType ?? '',
      tags: input.tags ?? [],
      status: input.status ?? 'ACTIVE',
      files,
      productOptions,
      variants: input.variants.map((variant) => ({
        sku: variant.sku ?? null,
        price: String(variant.price),
        inventoryQuantities: [
          { locationId: shop.location.id, name: 'available', quantity: variant.quantity ?? 1 },
        ],
        optionValues:
          optionNames.length > 0
            ? optionNames.map((name) => ({ optionName: name, name: variant.options?.[name] }))
            : [{ optionName: 'Title', name: 'Default Title' }],
      })),
    };
    const result = shop.productSet(null, productSet, {
      publicationIds: input.published === false ? [] : [shop.onlineStore.id],
    });
    if (!result.product) {
      throw new Error(
        `Shopify would refuse this product: ${result.userErrors.map((e) => e.message).join('; ')}`,
      );
    }
    return result.product.id;
  }

  /** A buyer's order: stock goes down, and orders/create reaches every subscribed app. */
  async sale(input: ShopifySaleInput = {}): Promise<ShopifySaleResult> {
    const shop = this.shop(input.shop);
    let variantId = input.variantId;
    if (!variantId && input.sku)
      variantId = [...shop.variants.values()].find((v) => v.sku === input.sku)?.id;
    if (!variantId && input.productId)
      variantId = shop.products.get(input.productId)?.variantIds[0];
    if (!variantId || !shop.variants.has(variantId)) {
      throw new ShopifySaleError(
        'No product variant matches that sale (give a sku, a variantId or a productId).',
      );
    }
    const before = this.webhooks.deliveries.length;
    let order: OrderRecord;
    try {
      order = shop.createOrder(variantId, input.quantity ?? 1);
    } catch (error) {
      throw new ShopifySaleError((error as Error).message);
    }
    await this.webhooks.settled();
    const deliveries = this.webhooks.deliveries
      .slice(before)
      .filter((d) => d.topic === 'orders/create');
    for (let n = 0; n < (input.duplicates ?? 0); n += 1) {
      for (const delivery of deliveries) await this.webhooks.redeliver(delivery.webhookId);
    }
    return { order, deliveries };
  }

  /** The next calls fail as told: 429 with Retry-After, a 5xx, a 401, a dropped connection. */
  injectFault(spec: FaultSpec): void {
    this.faults.inject(spec);
  }

  /** Access tokens stop working, as when they expire; answers how many. */
  expireTokens(shop?: string): number {
    return this.oauth.expireAccessTokens(shop);
  }

  /** Refresh tokens are refused from now on (the app was uninstalled, or they ran out). */
  revokeRefreshTokens(shop?: string): number {
    return this.oauth.revokeRefreshTokens(shop);
  }

  /** Sets the points left in the installed apps' cost buckets (0: the next query is THROTTLED). */
  setThrottleAvailable(points: number, shop?: string): void {
    for (const install of this.oauth.installations(shop)) {
      this.buckets.setAvailable(`${install.shop}|${install.clientId}`, points);
    }
  }

  /** Sends a webhook again, unchanged (same X-Shopify-Webhook-Id). */
  redeliver(webhookId: string): Promise<WebhookDelivery> {
    return this.webhooks.redeliver(webhookId);
  }

  /** Waits for the webhooks under way. */
  settled(): Promise<void> {
    return this.webhooks.settled();
  }

  // ---- internals ------------------------------------------------------------------------------

  private seed(): void {
    for (const settings of this.options.shops ?? [{ domain: DEFAULT_SHOP_DOMAIN }])
      this.addShop(settings);
  }

  /**
   * A productSet file from a URL gets an address on the CDN; the CDN copies the source when the
   * address is first read and keeps the copy (Shopify copies it as it processes the media).
   */
  private hostImage(source: string): string {
    if (this.hosted.has(source)) return source;
    const copyId = `c${String(this.nextCopy++).padStart(6, '0')}`;
    this.copies.set(copyId, { source, copy: null });
    const url = `${this.baseUrl}${CDN_COPIES.replace(':copyId', copyId)}`;
    this.hosted.add(url);
    return url;
  }

  private async copyImage(source: string): Promise<CopiedImage | null> {
    try {
      const response = await this.fetchImpl(source, { signal: AbortSignal.timeout(30_000) });
      const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
      if (!response.ok || !contentType.startsWith('image/')) {
        await response.body?.cancel().catch(() => undefined);
        return null;
      }
      const bytes = Buffer.from(await response.arrayBuffer());
      return bytes.length <= MAX_IMAGE_BYTES ? { bytes, contentType } : null;
    } catch {
      return null;
    }
  }

  private registerCdn(): void {
    this.server.route('GET', CDN_COPIES, async (ctx) => {
      const entry = this.copies.get(ctx.params.copyId ?? '');
      if (!entry) return { status: 404, text: 'Not found' };
      entry.copy ??= this.copyImage(entry.source);
      const image = await entry.copy;
      if (!image) {
        // The source could not be copied (media processing FAILED); a later read tries again.
        entry.copy = null;
        return { status: 404, text: 'Not found' };
      }
      return {
        status: 200,
        headers: { 'content-type': image.contentType, 'cache-control': 'public, max-age=3600' },
        bytes: image.bytes,
      };
    });
  }

  private notify(shop: ShopState, event: ShopEvent): void {
    const eventId = crypto.randomUUID();
    for (const subscription of shop.webhookSubscriptions.values()) {
      if (subscription.topic === event.topic)
        this.webhooks.dispatch(shop.domain, subscription, event.payload, eventId);
    }
  }

  private record(
    api: string,
    request: EmulatorRequest,
    status: number | null,
    messages: string[],
    direction: Violation['direction'] = 'request',
    operationId: string | null = null,
  ): void {
    this.server.recordViolation({
      direction,
      api,
      operationId,
      method: request.method,
      path: request.path,
      status,
      messages,
    });
  }

  private adminApi(
    domain: string,
    version: string,
    request: EmulatorRequest,
    fault: Fault | null,
  ): EmulatorResponse {
    const shop = this.shops.get(domain.toLowerCase());
    if (!shop) return json(404, { errors: 'Not Found' });
    if (!API_VERSION.test(version)) {
      this.record('shopify.admin', request, 404, [
        `${version} is not an Admin API version (YYYY-01, -04, -07, -10 or unstable)`,
      ]);
      return json(404, { errors: 'Not Found' });
    }
    if (request.method !== 'POST') {
      this.record('shopify.admin', request, 405, ['The GraphQL Admin API takes POST']);
      return json(405, { errors: 'Method Not Allowed' });
    }
    if (fault) return this.apiFault(fault);
    const token = header(request.headers, 'x-shopify-access-token');
    if (!token) {
      this.record('shopify.admin', request, 401, ['No X-Shopify-Access-Token header']);
      return json(401, { errors: INVALID_TOKEN_MESSAGE });
    }
    const grant = this.oauth.verify(token, shop.domain);
    if (!grant) return json(401, { errors: INVALID_TOKEN_MESSAGE });
    return handleGraphql({
      request,
      path: request.path,
      context: {
        shop,
        clientId: grant.clientId,
        scopes: grant.scopes,
        apiVersion: version,
        shopUrl: this.shopBaseUrl(shop.domain),
      },
      buckets: this.buckets,
      record: (violation) => this.server.violationLog.record(violation),
      now: this.clock.now(),
    });
  }

  /** Shopify's answers to the injected faults: a REST-style 429 with Retry-After, a 5xx, a 401. */
  private apiFault(fault: Fault): EmulatorResponse {
    if (fault.kind === 'rate-limit') {
      return json(
        429,
        {
          errors:
            'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
        },
        { 'retry-after': fault.retryAfterSeconds.toFixed(1) },
      );
    }
    if (fault.kind === 'expired-token') return json(401, { errors: INVALID_TOKEN_MESSAGE });
    return json(fault.status, {
      errors: fault.status === 503 ? 'Service Unavailable' : 'Internal Server Error',
    });
  }

  private shopFromPath(ctx: RouteContext): { domain: string; shop: ShopState | null } {
    const domain = (ctx.params.shop ?? this.defaultShop).toLowerCase();
    return { domain, shop: this.shops.get(domain) ?? null };
  }

  private registerOAuth(): void {
    const authorize = (ctx: RouteContext) => this.authorize(ctx);
    const token = (ctx: RouteContext) => this.accessToken(ctx);
    for (const prefix of ['', '/shops/:shop']) {
      this.server.route(['GET', 'POST'], `${prefix}/admin/oauth/authorize`, authorize, {
        faultTarget: 'oauth',
        name: 'authorize',
      });
      this.server.route('POST', `${prefix}/admin/oauth/access_token`, token, {
        faultTarget: 'oauth',
        name: 'accessToken',
      });
    }
  }

  private authorize(ctx: RouteContext): EmulatorResponse {
    const { request } = ctx;
    const params =
      request.method === 'GET' ? Object.fromEntries(request.query) : controlInput(ctx.body);
    const fail = (message: string) => {
      this.record('shopify.oauth', request, 400, [message], 'request', 'authorize');
      return oauthErrorPage(message);
    };
    const { domain, shop } = this.shopFromPath(ctx);
    const app = this.oauth.app(typeof params.client_id === 'string' ? params.client_id : null);
    if (!app) return fail('The client_id is missing or unknown.');
    const redirectUri = typeof params.redirect_uri === 'string' ? params.redirect_uri : '';
    if (!this.oauth.redirectAllowed(app, redirectUri))
      return fail('The redirect_uri is missing or not whitelisted for this app.');
    const state = typeof params.state === 'string' ? params.state : '';
    if (!state)
      return fail('The state parameter is missing (it protects the app against forged callbacks).');
    const scopes = parseScopes(typeof params.scope === 'string' ? params.scope : '');
    let target = shop;
    if (!target) {
      if (!this.options.createShopsOnInstall || !MYSHOPIFY_DOMAIN.test(domain))
        return fail(`There is no shop ${domain}.`);
      target = this.addShop({ domain });
    }
    const decision = params.decision;
    if (this.options.consentPage && decision === undefined) {
      return consentPage({
        shop: target,
        appName: app.name ?? 'This app',
        scopes,
        action: `${this.shopBaseUrl(target.domain)}/admin/oauth/authorize`,
        fields: {
          client_id: app.clientId,
          scope: scopes.join(','),
          redirect_uri: redirectUri,
          state,
        },
      });
    }
    if (decision === 'deny') {
      const url = new URL(redirectUri);
      url.searchParams.set('error', 'access_denied');
      url.searchParams.set('error_description', 'The merchant declined to install the app.');
      url.searchParams.set('state', state);
      return redirect(url.toString());
    }
    return redirect(
      this.oauth.approve({
        shop: target.domain,
        app,
        scopes,
        redirectUri,
        state,
        host: `admin.shopify.com/store/${target.domain.replace(/\.myshopify\.com$/, '')}`,
      }),
    );
  }

  private accessToken(ctx: RouteContext): EmulatorResponse {
    const { domain, shop } = this.shopFromPath(ctx);
    if (ctx.body.kind !== 'json' && ctx.body.kind !== 'form') {
      this.record(
        'shopify.oauth',
        ctx.request,
        400,
        ['The access_token request needs a JSON or form body'],
        'request',
        'accessToken',
      );
      return json(400, {
        error: 'invalid_request',
        error_description: 'The body must be JSON or a form.',
      });
    }
    if (!shop) return json(404, { errors: 'Not Found' });
    const result = this.oauth.exchange(domain, controlInput(ctx.body));
    if (!result.ok) {
      const { status, error, description } = result.error;
      return json(status, { error, error_description: description });
    }
    return json(200, result.body);
  }

  private registerPages(): void {
    const store = (ctx: RouteContext) => {
      const { shop } = this.shopFromPath(ctx);
      if (!shop) return json(404, { errors: 'Not Found' });
      return storePage(shop, (p) => this.productUrl(shop, p));
    };
    const product = (ctx: RouteContext) => {
      const { shop } = this.shopFromPath(ctx);
      if (!shop) return json(404, { errors: 'Not Found' });
      const handle = ctx.params.handle ?? '';
      const found = shop.findByHandle(handle);
      if (!found || !shop.isOnOnlineStore(found)) return unavailablePage(shop, handle);
      return productPage({
        shop,
        product: found,
        saleAction: `${this.baseUrl}/__emulator/sales`,
        notice: ctx.request.query.get('notice'),
      });
    };
    this.server.route('GET', '/', store);
    this.server.route('GET', '/shops/:shop', store);
    this.server.route('GET', '/products/:handle', product);
    this.server.route('GET', '/shops/:shop/products/:handle', product);
  }

  private registerControls(): void {
    this.server.control('POST', '/sales', async (ctx) => {
      const input = controlInput(ctx.body);
      const fromForm = ctx.body.kind === 'form';
      const parsed = SaleSchema.safeParse(input);
      const back = (notice: string) => {
        const shop = this.shops.get(String(input.shop ?? this.defaultShop));
        const variant = shop?.variants.get(String(input.variantId ?? ''));
        const product = variant ? shop?.products.get(variant.productId) : undefined;
        const url = new URL(shop && product ? this.productUrl(shop, product) : this.shopBaseUrl());
        url.searchParams.set('notice', notice);
        return redirect(url.toString(), 303);
      };
      if (!parsed.success) {
        return fromForm
          ? back(parsed.error.issues[0]?.message ?? 'Invalid sale')
          : json(400, { error: parsed.error.message });
      }
      try {
        const { order, deliveries } = await this.sale(parsed.data);
        const payload = this.shop(parsed.data.shop).orderPayload(order);
        return fromForm
          ? back(
              `Sold: order ${order.name} was created and orders/create sent to ${deliveries.length} subscriber${deliveries.length === 1 ? '' : 's'}.`,
            )
          : json(201, {
              order: payload,
              deliveries: deliveries.map(({ body: _body, ...rest }) => rest),
            });
      } catch (error) {
        if (!(error instanceof ShopifySaleError)) throw error;
        return fromForm ? back(error.message) : json(409, { error: error.message });
      }
    });
    this.server.control('POST', '/products', (ctx) => {
      const parsed = ExistingProductSchema.safeParse(controlInput(ctx.body));
      if (!parsed.success) return json(400, { error: parsed.error.message });
      const { photos, ...rest } = parsed.data;
      try {
        const id = this.addExistingProduct({
          ...rest,
          ...(photos
            ? {
                photos: photos.map((p) => ({
                  bytes: Buffer.from(p.base64, 'base64'),
                  contentType: p.contentType,
                  alt: p.alt ?? null,
                })),
              }
            : {}),
        });
        const shop = this.shop(rest.shop);
        return json(201, { product: shop.productPayload(shop.products.get(id)!) });
      } catch (error) {
        return json(409, { error: (error as Error).message });
      }
    });
    this.server.control('POST', '/tokens/expire', (ctx) => {
      const { shop } = ShopSchema.parse(controlInput(ctx.body));
      return json(200, { expired: this.expireTokens(shop) });
    });
    this.server.control('POST', '/refresh-tokens/revoke', (ctx) => {
      const { shop } = ShopSchema.parse(controlInput(ctx.body));
      return json(200, { revoked: this.revokeRefreshTokens(shop) });
    });
    this.server.control('POST', '/throttle', (ctx) => {
      const parsed = z
        .object({ shop: z.string().optional(), available: z.coerce.number().min(0) })
        .safeParse(controlInput(ctx.body));
      if (!parsed.success) return json(400, { error: parsed.error.message });
      this.setThrottleAvailable(parsed.data.available, parsed.data.shop);
      return json(200, { available: parsed.data.available });
    });
    this.server.control('GET', '/webhooks', () =>
      json(200, { deliveries: this.webhooks.deliveries.map(({ body: _body, ...rest }) => rest) }),
    );
    this.server.control('POST', '/webhooks/redeliver', async (ctx) => {
      const parsed = z.object({ webhookId: z.string().min(1) }).safeParse(controlInput(ctx.body));
      if (!parsed.success) return json(400, { error: parsed.error.message });
      try {
        const { body: _body, ...rest } = await this.redeliver(parsed.data.webhookId);
        return json(200, rest);
      } catch (error) {
        return json(404, { error: (error as Error).message });
      }
    });
    this.server.control('GET', '/state', () =>
      json(200, {
        shops: [...this.shops.values()].map((s) => ({
          domain: s.domain,
          baseUrl: this.shopBaseUrl(s.domain),
          products: [...s.products.values()].map((p) => s.productPayload(p)),
          orders: [...s.orders.values()].map((o) => s.orderPayload(o)),
          webhookSubscriptions: [...s.webhookSubscriptions.values()].map((w) => ({
            topic: w.topic,
            callbackUrl: w.callbackUrl,
            apiVersion: w.apiVersion,
          })),
        })),
      }),
    );
  }
}

export function createShopifyEmulator(options: ShopifyEmulatorOptions = {}): ShopifyEmulator {
  return new ShopifyEmulator(options);
}
