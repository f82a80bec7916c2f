import crypto from 'node:crypto';
import type {
  IncomingHttpHeaders,
  IncomingMessage,
  OutgoingHttpHeaders,
  ServerResponse,
} from 'node:http';
import {
  createDepopEmulator,
  createEbayEmulator,
  createEtsyEmulator,
  createShopifyEmulator,
  DEFAULT_SHOP_DOMAIN,
  EBAY_US_CATEGORY_TREE,
  ebayLeafCategoryIds,
  ETSY_EMULATOR_APP,
  ETSY_SELLER_TAXONOMY,
  etsyTaxonomyIds,
  SHOPIFY_EMULATOR_APP,
  type DepopEmulator,
  type EbayEmulator,
  type EbayExistingListing,
  type EbayOAuthClient,
  type EtsyEmulator,
  type ShopifyEmulator,
} from '@listloop/emulators';
import type { TokenSet } from '../../connectors/contract';
import { SIGNED_IMAGE_PREFIX } from '../images';
import {
  sandboxShopPhotos,
  seedEbayShop,
  seedEtsyShop,
  seedShopifyShop,
  type DemoShopCatalogue,
  type ShopPhotoBytes,
} from './sandbox-shop-seed';

/** The marketplaces the sandbox emulates; each is mounted at `/sandbox/<marketplace>`. */
export const SANDBOX_MARKETPLACES = ['ebay', 'shopify', 'etsy', 'depop'] as const;
export type SandboxMarketplace = (typeof SANDBOX_MARKETPLACES)[number];

export const SANDBOX_PREFIX = '/sandbox';

/** The emulated eBay seller every sandbox connection signs in as. */
export const SANDBOX_EBAY_SELLER = {
  userId: 'listloop-sandbox-seller',
  username: 'listloop_sandbox',
};

/** The emulated Shopify store the demo account is connected to. */
export const SANDBOX_SHOP = DEFAULT_SHOP_DOMAIN;

/** The emulated Etsy app: its callback URLs grow per app origin, as eBay's RuNames do. */
export interface SandboxEtsyApp {
  keystring: string;
  sharedSecret: string;
  applicationId: number;
  name?: string;
  redirectUris: string[];
}

/** RuNames the sandbox's eBay app keeps, one per address the app was reached at. */
const RU_NAMES_MAX = 100;

/** Where the marketplace-auth module sends sellers back to (`<app>/api/user/auth/callback/<m>`). */
const CALLBACK_PATH = /\/api\/user\/auth\/callback\/[^/?#]+$/;

/** The app's own URL from an OAuth redirect URI of ours. */
export function appBaseOf(redirectUri: string): string {
  return redirectUri.replace(CALLBACK_PATH, '').replace(/\/+$/, '');
}

/** What a host server needs to run an in-process request through itself (Fastify's `inject`). */
export interface InjectingHost {
  inject(options: {
    method: string;
    url: string;
    headers: Record<string, string>;
    payload?: Buffer;
  }): Promise<{
    statusCode: number;
    headers: Record<string, string | string[] | number | undefined>;
    rawPayload: Buffer;
  }>;
}

interface EmulatorTarget {
  /** Publishes the public base URL for the request about to be handled. */
  setBase(url: string): void;
  handle(
    req: IncomingMessage,
    res: ServerResponse,
    preRead: { url?: string; body?: Buffer | string },
  ): Promise<void>;
}

/** What the latest seeding of the seller's shops before ListLoop made (sandbox-shop-seed.ts). */
export interface SandboxSeededShops {
  ebay: EbayExistingListing[];
  /** Etsy listing ids. */
  etsy: number[];
  /** Shopify product GIDs, in the sandbox's own store. */
  shopify: string[];
}

export interface SandboxOptions {
  /** PUBLIC_URL: when set, every emulator link is under it; otherwise each request's origin. */
  publicUrl: string | null;
  /** Where the server reaches itself when no request says (`http://localhost:<PORT>`). */
  serverUrl: string;
  /**
   * The connectors' OAuth terms (connectors/marketplaces.ts), given by the composition root:
   * the scopes tokens are issued with, and how Shopify names a shop.
   */
  oauth: {
    scopes: { ebay: readonly string[]; etsy: readonly string[]; shopify: readonly string[] };
    shopDomain: (value: string) => string;
  };
  /** What the seller's shops take from the demo inventory. */
  catalogue: DemoShopCatalogue;
}

/**
 * Sandbox mode (MARKETPLACES=sandbox): the eBay, Shopify, Etsy and Depop emulators run inside
 * the server,
 * with consent pages on, mounted under `/sandbox/<marketplace>` for the browser (OAuth pages,
 * listing pages with "Simulate a sale") and reached by the connectors through `fetch`, an
 * in-process transport that routes by path and never leaves the process: `/sandbox/<m>/…` to
 * the emulator, anything else (Shopify's webhooks to `/webhook/shopify`) through the server's
 * own routes. The emulators' state lives in memory; sandbox-connections.ts re-issues the
 * stored connections' tokens on every start. The seller's eBay, Etsy and Shopify shops hold a
 * few listings made there before ListLoop (sandbox-shop-seed.ts), for the import on connect.
 */
export class SandboxMarketplaces {
  /** The app the sandbox registers with the emulated eBay; its RuNames grow per app origin. */
  readonly ebayClient: EbayOAuthClient;
  /** Seeded at start and again after an emulator's reset. */
  readonly seededShops: SandboxSeededShops = { ebay: [], etsy: [], shopify: [] };
  private host: InjectingHost | null = null;

  private constructor(
    readonly ebay: EbayEmulator,
    readonly shopify: ShopifyEmulator,
    readonly etsy: EtsyEmulator,
    readonly depop: DepopEmulator,
    ebayClient: EbayOAuthClient,
    /** The app the sandbox registers with the emulated Etsy. */
    readonly etsyApp: SandboxEtsyApp,
    /** The secret the emulated Depop signs its webhooks with (to /webhook/depop). */
    readonly depopWebhookSecret: string,
    private readonly options: SandboxOptions,
  ) {
    this.ebayClient = ebayClient;
  }

  static async create(options: SandboxOptions): Promise<SandboxMarketplaces> {
    // Drawn by sharp on its own threads while the emulators below load their API descriptions.
    const shopPhotos = sandboxShopPhotos(options.catalogue);
    // Awaited at the end; this only keeps an early failure from counting as unhandled meanwhile.
    shopPhotos.catch(() => undefined);
    // The emulator keeps this object: a RuName added to it later is one it accepts.
    const ebayClient: EbayOAuthClient = {
      clientId: 'ListLoop-Sandbox-PRD-0000000000-00000000',
      clientSecret: `PRD-sandbox-${crypto.randomBytes(16).toString('hex')}`,
      ruNames: {},
    };
    const ebay = await createEbayEmulator({
      clients: [ebayClient],
      consentPage: true,
      seller: SANDBOX_EBAY_SELLER,
      seedPoliciesFor: ['EBAY_US'],
      // The sandbox's eBay takes only the categories its Taxonomy API offers, as eBay does.
      rules: { leafCategoryIds: ebayLeafCategoryIds(EBAY_US_CATEGORY_TREE) },
    });
    let sandbox: SandboxMarketplaces | null = null;
    const shopify = createShopifyEmulator({
      apps: [SHOPIFY_EMULATOR_APP],
      shops: [{ domain: SANDBOX_SHOP, name: 'ListLoop Sandbox' }],
      createShopsOnInstall: true,
      consentPage: true,
      // Webhooks come back to this server in-process, whatever address they were registered at.
      fetch: (input, init) => sandbox!.fetch(input, init),
    });
    // The emulator keeps this object too: a callback URL added later is one it accepts.
    const etsyApp: SandboxEtsyApp = { ...ETSY_EMULATOR_APP, redirectUris: [] };
    const etsy = await createEtsyEmulator({
      apps: [etsyApp],
      consentPage: true,
      // The sandbox's Etsy takes only the nodes its seller taxonomy offers, as Etsy does.
      rules: { taxonomyIds: etsyTaxonomyIds(ETSY_SELLER_TAXONOMY) },
      // The demo runs on http://localhost; real Etsy takes https callbacks only.
      httpsRedirectsOnly: false,
    });
    const depopWebhookSecret = `whsec_${crypto.randomBytes(24).toString('hex')}`;
    const depop = await createDepopEmulator({
      apiKeys: [],
      webhook: { url: `${options.serverUrl}/webhook/depop`, secret: depopWebhookSecret },
      fetch: (input, init) => sandbox!.fetch(input, init),
    });
    sandbox = new SandboxMarketplaces(
      ebay,
      shopify,
      etsy,
      depop,
      ebayClient,
      etsyApp,
      depopWebhookSecret,
      options,
    );
    sandbox.seedShops(await shopPhotos);
    return sandbox;
  }

  /**
   * Seeds the seller's shops now, before anything else takes ids from the emulators' counters
   * (so the listing ids are the same on every start), and again after each reset of an emulator,
   * whose own reset hooks (registered first, so run first) empty it.
   */
  private seedShops(photos: ShopPhotoBytes): void {
    const ebay = () => {
      // The photos' URLs are made now, absolute: under this server, where the connectors'
      // in-process fetch finds them by path.
      this.ebay.server.setPublicBaseUrl(this.baseUrl('ebay'));
      this.seededShops.ebay = seedEbayShop(this.ebay, photos, this.options.catalogue);
    };
    const etsy = () => {
      this.seededShops.etsy = seedEtsyShop(this.etsy, photos);
    };
    const shopify = () => {
      this.shopify.server.setPublicBaseUrl(this.baseUrl('shopify'));
      this.seededShops.shopify = seedShopifyShop(this.shopify, SANDBOX_SHOP, photos);
    };
    for (const [server, seed] of [
      [this.ebay.server, ebay],
      [this.etsy.server, etsy],
      [this.shopify.server, shopify],
    ] as const) {
      seed();
      server.onReset(seed);
    }
  }

  /** The server whose routes the transport sends non-emulator requests to (webhooks). */
  attach(host: InjectingHost): void {
    this.host = host;
  }

  /** `<app>/sandbox/<m>` for an app origin; PUBLIC_URL wins when configured. */
  baseUrl(marketplace: SandboxMarketplace, appOrigin?: string): string {
    const app = this.options.publicUrl ?? appOrigin ?? this.options.serverUrl;
    return `${app.replace(/\/+$/, '')}${SANDBOX_PREFIX}/${marketplace}`;
  }

  /** The emulated Shopify app ListLoop is installed as. */
  readonly shopifyApp = SHOPIFY_EMULATOR_APP;

  /** The emulated eBay seller's username: eBay names no seller in its token answer. */
  readonly ebaySellerName = SANDBOX_EBAY_SELLER.username;

  /** The app address an OAuth redirect URI belongs to. */
  appBaseOf(redirectUri: string): string {
    return appBaseOf(redirectUri);
  }

  /** A shop's domain as Shopify names it. */
  shopDomain(value: string): string {
    return this.options.oauth.shopDomain(value);
  }

  /** The app's address when no request names one: PUBLIC_URL, or the server's own. */
  get appUrl(): string {
    return (this.options.publicUrl ?? this.options.serverUrl).replace(/\/+$/, '');
  }

  /**
   * A listing URL as ListLoop stores it: under PUBLIC_URL when set, otherwise a path of this
   * server (`/sandbox/ebay/itm/…`), which the browser opens on the address it uses.
   */
  listingUrl(url: string | null | undefined): string | null {
    if (!url) return url ?? null;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return url;
    }
    if (!parsed.pathname.startsWith(`${SANDBOX_PREFIX}/`)) return url;
    return `${this.options.publicUrl ?? ''}${parsed.pathname}${parsed.search}`;
  }

  /**
   * The RuName whose accept URL is `redirectUri`: eBay sends sellers to a fixed URL per
   * RuName, and this server may be reached at several addresses, so each gets its own.
   */
  ruNameFor(redirectUri: string): string {
    const known = Object.entries(this.ebayClient.ruNames).find(([, url]) => url === redirectUri);
    if (known) return known[0];
    const hash = crypto.createHash('sha256').update(redirectUri).digest('hex').slice(0, 12);
    const ruName = `ListLoop-Sandbox-${hash}`;
    // A Host header is the client's to choose: keep the newest addresses only.
    const names = Object.keys(this.ebayClient.ruNames);
    if (names.length >= RU_NAMES_MAX) delete this.ebayClient.ruNames[names[0]!];
    this.ebayClient.ruNames[ruName] = redirectUri;
    return ruName;
  }

  /** Lets the emulated Etsy send sellers back to this callback URL (one per app address). */
  allowEtsyRedirect(redirectUri: string): void {
    const uris = this.etsyApp.redirectUris;
    if (uris.includes(redirectUri)) return;
    // A Host header is the client's to choose: keep the newest addresses only.
    if (uris.length >= RU_NAMES_MAX) uris.shift();
    uris.push(redirectUri);
  }

  /** Tokens of the emulated Etsy seller, as if they had just connected. */
  issueEtsyTokens(now = Date.now()): TokenSet {
    const answer = this.etsy.oauth.issueTokens(
      this.etsyApp.keystring,
      this.options.oauth.scopes.etsy,
    );
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
      expiresAt: now + answer.expires_in * 1000,
      refreshTokenExpiresAt: now + 90 * 86_400_000,
      externalAccountId: String(this.etsy.seller.userId),
      scope: this.options.oauth.scopes.etsy.join(' '),
    };
  }

  /**
   * A new API key of the emulated Depop seller, as a seller with partner access copies it from
   * Depop: it travels as the connection's access token and does not expire.
   */
  issueDepopApiKey(): TokenSet {
    return {
      accessToken: this.depop.issueApiKey(),
      refreshToken: null,
      expiresAt: null,
      refreshTokenExpiresAt: null,
      externalAccountId: String(this.depop.seller.id),
      scope: null,
    };
  }

  /** Tokens of the emulated eBay seller, as if they had just connected. */
  issueEbayTokens(now = Date.now()): TokenSet {
    const answer = this.ebay.oauth.issueTokens(
      this.ebayClient.clientId,
      this.options.oauth.scopes.ebay,
    );
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token ?? null,
      expiresAt: now + answer.expires_in * 1000,
      refreshTokenExpiresAt:
        answer.refresh_token_expires_in !== undefined
          ? now + answer.refresh_token_expires_in * 1000
          : null,
      externalAccountId: SANDBOX_EBAY_SELLER.username,
      scope: this.options.oauth.scopes.ebay.join(' '),
    };
  }

  /** Tokens of an emulated shop (created when new), as if the app had just been installed. */
  issueShopifyTokens(shop: string, now = Date.now()): TokenSet {
    const domain = this.shopify.addShop({ domain: shop }).domain;
    const app = SHOPIFY_EMULATOR_APP;
    const redirect = new URL(
      this.shopify.oauth.approve({
        shop: domain,
        app,
        scopes: [...this.options.oauth.scopes.shopify],
        redirectUri: `${this.options.serverUrl}/api/user/auth/callback/shopify`,
        state: crypto.randomBytes(8).toString('hex'),
        host: `admin.shopify.com/store/${domain.replace(/\.myshopify\.com$/, '')}`,
      }),
    );
    const result = this.shopify.oauth.exchange(domain, {
      client_id: app.clientId,
      client_secret: app.clientSecret,
      code: redirect.searchParams.get('code'),
      expiring: '1',
    });
    if (!result.ok) throw new Error(`The Shopify sandbox refused a token: ${result.error.error}`);
    const body = result.body as {
      access_token: string;
      scope?: string;
      expires_in?: number;
      refresh_token?: string;
      refresh_token_expires_in?: number;
    };
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token ?? null,
      expiresAt: body.expires_in !== undefined ? now + body.expires_in * 1000 : null,
      refreshTokenExpiresAt:
        body.refresh_token_expires_in !== undefined
          ? now + body.refresh_token_expires_in * 1000
          : null,
      externalAccountId: domain,
      scope: body.scope ?? null,
    };
  }

  /**
   * Hands a request under `/sandbox/<m>` to its emulator with the prefix stripped, telling the
   * emulator the public base URL for its links first. A host server calls this with the raw
   * request and its body (Fastify has read it); the in-process transport with stand-ins.
   */
  async handle(
    marketplace: SandboxMarketplace,
    input: {
      req: IncomingMessage;
      res: ServerResponse;
      /** The path and query below the prefix. */
      url: string;
      body: Buffer;
      /** The origin the request was sent to (`http://localhost:3000`). */
      origin: string;
    },
  ): Promise<void> {
    const target = this.target(marketplace);
    // Photos on the emulated listing pages are our signed addresses, made under the server's
    // own address when no PUBLIC_URL is set (http://localhost:<PORT>). A seller who opened the
    // app at another (http://127.0.0.1:<PORT>, a LAN address) gets them under that one.
    const own = this.options.serverUrl.replace(/\/+$/, '');
    if (this.options.publicUrl === null && input.origin !== own) {
      rewriteHtmlResponse(input.res, (html) =>
        html.split(`${own}${SIGNED_IMAGE_PREFIX}`).join(`${input.origin}${SIGNED_IMAGE_PREFIX}`),
      );
    }
    // Set and read in the same turn of the event loop: the emulator takes its base URL before
    // it awaits anything, so concurrent requests from other origins do not mix their links.
    target.setBase(this.baseUrl(marketplace, input.origin));
    await target.handle(input.req, input.res, { url: input.url, body: input.body });
  }

  /**
   * The connectors' `fetch` in sandbox mode: requests to `…/sandbox/<m>/…` go to that emulator
   * in-process; others (the emulated Shopify's webhooks) through the attached server's routes.
   * Nothing leaves the process, whatever the URL's host.
   */
  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = Buffer.from(await request.arrayBuffer());
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    headers.host = url.host;
    if (body.length > 0) headers['content-length'] = String(body.length);
    for (const marketplace of SANDBOX_MARKETPLACES) {
      const prefix = `${SANDBOX_PREFIX}/${marketplace}`;
      if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) continue;
      const below = `${url.pathname.slice(prefix.length) || '/'}${url.search}`;
      return this.inProcess(marketplace, request.method, below, headers, body, url.origin);
    }
    if (!this.host) {
      throw new TypeError('fetch failed', {
        cause: new Error(`The sandbox cannot reach ${url.pathname} before the server is up.`),
      });
    }
    const answer = await this.host.inject({
      method: request.method,
      url: `${url.pathname}${url.search}`,
      headers,
      ...(body.length > 0 ? { payload: body } : {}),
    });
    return toResponse(answer.statusCode, answer.headers, answer.rawPayload);
  };

  private target(marketplace: SandboxMarketplace): EmulatorTarget {
    if (marketplace === 'ebay') {
      const server = this.ebay.server;
      return {
        setBase: (url) => server.setPublicBaseUrl(url),
        handle: (req, res, preRead) => server.handle(req, res, preRead),
      };
    }
    if (marketplace === 'etsy') {
      const etsy = this.etsy;
      return {
        setBase: (url) => etsy.server.setPublicBaseUrl(url),
        handle: (req, res, preRead) => etsy.handle(req, res, preRead),
      };
    }
    if (marketplace === 'depop') {
      const server = this.depop.server;
      return {
        setBase: (url) => server.setPublicBaseUrl(url),
        handle: (req, res, preRead) => server.handle(req, res, preRead),
      };
    }
    const shopify = this.shopify;
    return {
      setBase: (url) => shopify.server.setPublicBaseUrl(url),
      handle: (req, res, preRead) => shopify.handle(req, res, preRead),
    };
  }

  /** One request to an emulator with no socket: a request and a response that record the answer. */
  private inProcess(
    marketplace: SandboxMarketplace,
    method: string,
    url: string,
    headers: Record<string, string>,
    body: Buffer,
    origin: string,
  ): Promise<Response> {
    return new Promise<Response>((resolve, reject) => {
      let status = 200;
      let answerHeaders: Record<string, string> = {};
      const res = {
        headersSent: false,
        writeHead(code: number, given?: Record<string, string>) {
          status = code;
          answerHeaders = given ?? {};
          res.headersSent = true;
          return res;
        },
        end(payload?: string | Buffer) {
          resolve(toResponse(status, answerHeaders, payload === undefined ? null : payload));
          return res;
        },
        destroy() {
          // The emulator dropped the connection (an injected fault): what fetch reports then.
          reject(
            new TypeError('fetch failed', {
              cause: new Error('The emulated marketplace closed the connection.'),
            }),
          );
          return res;
        },
      };
      const req = { method, url, headers: headers as IncomingHttpHeaders };
      this.handle(marketplace, {
        req: req as unknown as IncomingMessage,
        res: res as unknown as ServerResponse,
        url,
        body,
        origin,
      }).catch(reject);
    });
  }
}

function toResponse(
  status: number,
  headers: Record<string, string | string[] | number | undefined>,
  payload: string | Buffer | null,
): Response {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) out.append(name, String(one));
  }
  const empty = status === 204 || status === 304 || payload === null || payload.length === 0;
  return new Response(empty ? null : payload, { status, headers: out });
}

/**
 * Rewrites the HTML an emulator answers with before it is sent (the emulators answer with one
 * writeHead and one end, as their sendResponse does); anything else passes through untouched.
 */
export function rewriteHtmlResponse(
  res: Pick<ServerResponse, 'writeHead' | 'end'>,
  rewrite: (html: string) => string,
): void {
  const writeHead = res.writeHead.bind(res) as (
    status: number,
    headers?: OutgoingHttpHeaders,
  ) => unknown;
  const end = res.end.bind(res) as (chunk?: unknown) => unknown;
  let held: { status: number; headers: OutgoingHttpHeaders } | null = null;
  const patched = res as unknown as {
    writeHead: (status: number, headers?: OutgoingHttpHeaders) => unknown;
    end: (chunk?: unknown) => unknown;
  };
  patched.writeHead = (status, headers = {}) => {
    const type = headers['content-type'];
    if (typeof type === 'string' && type.includes('text/html')) {
      held = { status, headers: { ...headers } };
      return res;
    }
    return writeHead(status, headers);
  };
  patched.end = (chunk) => {
    if (!held) return end(chunk);
    const text = Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk ?? '');
    const html = rewrite(text);
    writeHead(held.status, { ...held.headers, 'content-length': String(Buffer.byteLength(html)) });
    return end(html);
  };
}
