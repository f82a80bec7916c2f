/**
 * The `connectors` part of `npm run bench`: publish and delist latency of
 * each marketplace connector against its emulator, and how many HTTP calls each takes.
 *
 * For eBay, Etsy, Shopify and Depop: the emulator is started on 127.0.0.1, port 0 (a real HTTP
 * server, so every figure includes HTTP and the emulator's request and response validation
 * against the API description); the real connector is built with a ConnectionAuth holding a
 * token the emulator issued through its own OAuth flow (Depop: an API key it issued); what a
 * publish needs is readied as on connect (eBay: `prepareSeller` with the ship-from postal code,
 * the emulator's seeded business policies; Etsy: the seeded shop, shipping and processing
 * profiles; Shopify: the seeded shop with its location and Online Store; Depop: the API key).
 * Then 200 distinct listings, each with 2 JPEG photos served by a local HTTP server (Etsy
 * downloads and uploads them), are published one after another, and the first 50 of them are
 * delisted one after another. Each call is timed with `performance.now()` around the
 * connector's method; calls are counted with the connector's `onCall` hook.
 *
 * "Emulator answering at once": no faults, no injected latency, and Shopify's cost bucket made
 * large enough never to throttle 200 publishes in a few seconds (the default bucket refills at
 * 100 points a second; a wait for it would measure the rate limit, not the connector).
 *
 * Figures are recorded with database `none`: no database is involved. run.ts merges figures per
 * (name, database), so these are replaced only by a later `connectors` run, and a run of the
 * other parts (database `pglite` or `postgres`) keeps them.
 *
 * Any emulator validation violation fails the part: a figure must not count a request the real
 * API would refuse.
 */
import { randomBytes, createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BuiltListingSchema,
  GeneralDetailsSchema,
  type BuiltListingInput,
  type Item,
} from '@listloop/domain';
import {
  createDepopEmulator,
  createEbayEmulator,
  createEtsyEmulator,
  createShopifyEmulator,
  describeViolations,
  type EtsyApp,
  type RunningEmulator,
} from '@listloop/emulators';
import sharp from 'sharp';
import { createDepopConnector } from '../src/connectors/depop/connector';
import { createEbayConnector } from '../src/connectors/ebay/connector';
import { EBAY_SCOPES, ebayOAuthProvider } from '../src/connectors/ebay/oauth';
import { createEtsyConnector } from '../src/connectors/etsy/connector';
import { etsyOAuthProvider } from '../src/connectors/etsy/oauth';
import type {
  ConnectionAuth,
  ConnectionToken,
  OAuthProvider,
  TokenSet,
  Connector,
  ConnectorListingInput,
  ConnectorScope,
} from '../src/connectors/contract';
import type { MarketplaceCall } from '../src/connectors/shared/marketplace-http';
import { SHOPIFY_API_VERSION } from '../src/connectors/shopify/client';
import { createShopifyConnector } from '../src/connectors/shopify/connector';
import { SHOPIFY_SCOPES, shopifyOAuthProvider } from '../src/connectors/shopify/oauth';
import { ConnectorError } from '../src/connectors/contract';
import { percentile } from './timing';

export interface ConnectorFigure {
  name: string;
  value: number;
  unit: string;
}

const PUBLISHES = Number(process.env.BENCH_CONNECTOR_ITEMS ?? 200);
const DELISTS = Math.min(PUBLISHES, 50);
const SCOPE: ConnectorScope = {
  accountId: 'account-bench-connectors-01',
  userId: 'user-bench-connectors-0001',
};

function sortedCopy(values: number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

/**
 * The connections module's part as the connectors see it: the tokens the emulator issued,
 * refreshed once per rejected token through the provider (never needed in a run this short).
 */
class BenchConnectionAuth implements ConnectionAuth {
  constructor(
    private tokens: TokenSet,
    private readonly provider: OAuthProvider | null,
    private readonly extra: Record<string, string> = {},
  ) {}

  async token(): Promise<ConnectionToken> {
    return {
      connectionId: 'bench-connection',
      accessToken: this.tokens.accessToken,
      extra: this.extra,
    };
  }

  async refreshAfterRejection(
    _scope: ConnectorScope,
    marketplace: string,
    rejected: string,
  ): Promise<ConnectionToken> {
    if (!this.provider || !this.tokens.refreshToken) {
      throw new ConnectorError(`The bench's ${marketplace} token was refused.`);
    }
    if (rejected === this.tokens.accessToken) {
      this.tokens = await this.provider.refresh(this.tokens.refreshToken, this.extra);
    }
    return this.token();
  }
}

/** Follows the provider's authorize URL (the emulator approves at once) and trades the code. */
async function authorize(
  provider: OAuthProvider,
  redirectUri: string,
  extra: Record<string, string> = {},
): Promise<TokenSet> {
  const verifier = provider.usesPkce ? randomBytes(48).toString('base64url') : null;
  const challenge = verifier ? createHash('sha256').update(verifier).digest('base64url') : null;
  const url = provider.authorizeUrl({
    state: 'bench-state',
    redirectUri,
    codeChallenge: challenge,
    extra,
  });
  const redirect = await fetch(url, { redirect: 'manual' });
  const location = redirect.headers.get('location');
  if (redirect.status !== 302 || !location) {
    throw new Error(`${provider.marketplace} authorize answered ${redirect.status}, no redirect`);
  }
  const code = new URL(location).searchParams.get('code');
  if (!code) throw new Error(`${provider.marketplace} redirected without a code: ${location}`);
  return provider.exchangeCode({ code, redirectUri, codeVerifier: verifier, extra });
}

/** Two small JPEGs, where ListLoop's image endpoint would be in production. */
async function startPhotoServer(): Promise<{ url: string; server: Server }> {
  const jpeg = (r: number, g: number, b: number) =>
    sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } })
      .jpeg({ quality: 80 })
      .toBuffer();
  const files = new Map([
    ['/photos/front.jpg', await jpeg(40, 70, 140)],
    ['/photos/back.jpg', await jpeg(150, 120, 90)],
  ]);
  const server = createServer((req, res) => {
    const bytes = files.get(req.url ?? '');
    if (!bytes) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': bytes.length });
    res.end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const COLOURS = ['Blue', 'Black', 'Grey', 'Green', 'Red', 'White', 'Brown', 'Navy'];
const SIZES = ['28x30', '30x30', '30x32', '32x32', '32x34', '34x32', '36x32', '38x34'];

/** Item i of a marketplace's run: a distinct id, title, price, size and colour. */
function listingInput(
  marketplace: string,
  index: number,
  photos: readonly string[],
  built: Omit<BuiltListingInput, 'marketplace'>,
): ConnectorListingInput {
  const itemID = `bench${marketplace}${String(index).padStart(16, '0')}`;
  const item: Item = {
    itemID,
    userID: SCOPE.userId,
    dateCreated: 0,
    dateLastModified: 0,
    status: 'complete',
    labels: [],
    generalDetails: GeneralDetailsSchema.parse({ title: built.title ?? 'Bench item' }),
    listings: {},
    variants: [],
    completeness: [],
  };
  return {
    ...SCOPE,
    item,
    listing: {},
    built: BuiltListingSchema.parse({ marketplace, photos: [...photos], ...built }),
  };
}

const variety = (i: number) => ({
  colour: COLOURS[i % COLOURS.length] ?? 'Blue',
  size: SIZES[Math.floor(i / COLOURS.length) % SIZES.length] ?? '32x32',
  price: 25 + (i % 40) + 0.5 * (i % 2),
});

interface Target {
  label: string;
  connector: Connector;
  input(index: number): ConnectorListingInput;
  /** Every call the connector made, emptied by `measure` before each step. */
  calls: MarketplaceCall[];
  /**
   * A new connector on the same seller, as after a server restart (what the connector keeps in
   * memory is gone); its first publish shows the calls a restart adds.
   */
  restarted?: () => Connector;
  violations(): readonly unknown[];
  describe(): string;
  close(): Promise<void>;
}

async function ebayTarget(photos: readonly string[]): Promise<Target> {
  const client = {
    clientId: 'ListLoop-Bench-PRD-1234567890-abcdef12',
    clientSecret: 'PRD-bench-secret',
    ruName: 'ListLoop-ListLoop-Bench-PRD-abcdefgh',
    acceptUrl: 'https://listloop.test/api/marketplaces/ebay/callback',
  };
  const emulator = await createEbayEmulator({
    clients: [
      {
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        ruNames: { [client.ruName]: client.acceptUrl },
      },
    ],
  });
  const running: RunningEmulator = await emulator.listen(0, '127.0.0.1');
  const provider = ebayOAuthProvider({
    authBaseUrl: running.url,
    apiBaseUrl: running.url,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    ruName: client.ruName,
    scopes: EBAY_SCOPES,
  });
  const auth = new BenchConnectionAuth(await authorize(provider, client.acceptUrl), provider);
  const policies = emulator.seededPolicies.EBAY_US;
  if (!policies) throw new Error('The eBay emulator seeds EBAY_US business policies');
  const calls: MarketplaceCall[] = [];
  const build = () =>
    createEbayConnector({
      baseUrl: running.url,
      auth,
      listingUrlBase: `${running.url}/itm/`,
      onCall: (call) => calls.push(call),
    });
  const connector = build();
  // What connecting does (MarketplaceAccountService.afterConnect): the business-policy opt-in
  // and the ship-from location of the account's postal code.
  await connector.prepareSeller(SCOPE, { postalCode: '10001' });
  console.log(`  eBay setup (prepareSeller): ${calls.length} calls`);
  calls.length = 0;
  return {
    label: 'eBay',
    connector,
    calls,
    restarted: build,
    input: (i) =>
      listingInput('ebay', i, photos, {
        ...variety(i),
        title: `Levi’s 501 jeans, ${variety(i).colour.toLowerCase()}, ${variety(i).size} #${i}`,
        description: '<p>Classic straight fit, barely worn.</p>',
        currency: 'USD',
        quantity: 1,
        condition: 'USED_GOOD',
        brand: 'Levi’s',
        category: '11483',
        shipping: { profileId: policies.fulfillment, fromPostalCode: '10001' },
        extra: { paymentPolicyId: policies.payment, returnPolicyId: policies.return },
      }),
    violations: () => emulator.violations,
    describe: () => describeViolations(emulator.violations),
    close: () => running.close(),
  };
}

async function etsyTarget(photos: readonly string[]): Promise<Target> {
  const app: EtsyApp = {
    keystring: 'benchkeystring0000000001',
    sharedSecret: 'benchsecret',
    applicationId: 424243,
    redirectUris: ['https://listloop.test/api/marketplaces/etsy/callback'],
  };
  const emulator = await createEtsyEmulator({ apps: [app] });
  const running = await emulator.listen(0, '127.0.0.1');
  const provider = etsyOAuthProvider({
    authBaseUrl: running.url,
    apiBaseUrl: running.url,
    clientId: app.keystring,
  });
  const tokens = await authorize(provider, app.redirectUris[0] ?? '');
  const auth = new BenchConnectionAuth(tokens, provider);
  const calls: MarketplaceCall[] = [];
  const connector = createEtsyConnector({
    baseUrl: running.url,
    apiKey: app.keystring,
    sharedSecret: app.sharedSecret,
    auth,
    listingUrlBase: `${running.url}/listing/`,
    onCall: (call) => calls.push(call),
  });
  const { shippingProfileId, readinessStateId } = emulator.seeded;
  return {
    label: 'Etsy',
    connector,
    calls,
    input: (i) =>
      listingInput('etsy', i, photos, {
        price: variety(i).price,
        title: `Vintage 1970s enamel pin, ${variety(i).colour.toLowerCase()} rose, no. ${i}`,
        description: '<p>A rose enamel pin.</p><p>Made in the 1970s.</p>',
        currency: 'USD',
        quantity: 1,
        category: '1',
        tags: ['vintage', 'enamel pin', 'rose'],
        weight: { pounds: 0, ounces: 2 },
        shipping: {
          profileId: String(shippingProfileId),
          processingProfileId: String(readinessStateId),
        },
        extra: { who_made: 'someone_else', when_made: '1970s', materials: ['enamel', 'metal'] },
      }),
    violations: () => emulator.violations,
    describe: () => describeViolations(emulator.violations),
    close: () => running.close(),
  };
}

async function shopifyTarget(photos: readonly string[]): Promise<Target> {
  const app = {
    clientId: 'listloop-bench-client',
    clientSecret: 'listloop-bench-secret',
    name: 'ListLoop',
  };
  const shop = 'bench-threads.myshopify.com';
  const emulator = createShopifyEmulator({
    apps: [app],
    shops: [{ domain: shop, name: 'Bench Threads' }],
    throttle: { maximumAvailable: 1_000_000, restoreRate: 1_000_000 },
  });
  const running = await emulator.listen(0, '127.0.0.1');
  const provider = shopifyOAuthProvider({
    clientId: app.clientId,
    clientSecret: app.clientSecret,
    scopes: SHOPIFY_SCOPES,
    shopBaseUrl: (s) => emulator.shopBaseUrl(s),
  });
  const tokens = await authorize(provider, 'https://listloop.test/api/user/auth/callback/shopify', {
    shop,
  });
  const auth = new BenchConnectionAuth(tokens, provider, { shop });
  const calls: MarketplaceCall[] = [];
  const connector = createShopifyConnector({
    auth,
    apiVersion: SHOPIFY_API_VERSION,
    webhookSecret: app.clientSecret,
    shopBaseUrl: (s) => emulator.shopBaseUrl(s),
    publicUrl: 'https://listloop.test',
    onCall: (call) => calls.push(call),
  });
  return {
    label: 'Shopify',
    connector,
    calls,
    input: (i) =>
      listingInput('shopify', i, photos, {
        ...variety(i),
        title: `Levi’s 501 jeans, ${variety(i).colour.toLowerCase()}, ${variety(i).size} #${i}`,
        description: 'Classic straight fit.\n\nBarely worn.',
        currency: 'USD',
        quantity: 1,
        brand: 'Levi’s',
        category: 'Clothing > Jeans',
        tags: ['Brand: Levi’s', 'denim'],
      }),
    violations: () => emulator.violations,
    describe: () => describeViolations(emulator.violations),
    close: () => running.close(),
  };
}

async function depopTarget(photos: readonly string[]): Promise<Target> {
  const emulator = await createDepopEmulator({
    seller: { countryCode: 'GB', username: 'bench_finds' },
  });
  const running = await emulator.listen(0, '127.0.0.1');
  const apiKey = emulator.issueApiKey();
  const auth = new BenchConnectionAuth(
    {
      accessToken: apiKey,
      refreshToken: null,
      expiresAt: null,
      refreshTokenExpiresAt: null,
      externalAccountId: null,
      scope: null,
    },
    null,
  );
  const calls: MarketplaceCall[] = [];
  const connector = createDepopConnector({
    baseUrl: running.url,
    auth,
    listingUrlBase: `${running.url}/products/`,
    publicUrl: 'https://listloop.test',
    onCall: (call) => calls.push(call),
  });
  return {
    label: 'Depop',
    connector,
    calls,
    input: (i) =>
      listingInput('depop', i, photos, {
        price: variety(i).price,
        description: `Levi’s 501 jeans no. ${i}, classic straight fit.\nBarely worn. #vintage`,
        currency: 'GBP',
        quantity: 1,
        condition: 'used_good',
        brand: 'Levi’s',
        category: 'Bottoms > Jeans',
        size: 'W32 L32',
        colour: 'Light blue',
        tags: ['denim', 'Levi’s', 'vintage', '90s'],
        shipping: { price: 3.5 },
        extra: { department: 'menswear', sizeSetId: 52, sizeId: 10, shipsFromCountry: 'UK' },
      }),
    violations: () => emulator.violations,
    describe: () => describeViolations(emulator.violations),
    close: () => running.close(),
  };
}

/** "GET /path/:id" with ids and SKUs folded, to say which calls a step made. */
function shape(call: MarketplaceCall): string {
  const path = call.path
    .replace(/\/bench[a-z]+\d+/g, '/:sku')
    .replace(/\/\d+(?=\/|$)/g, '/:id')
    .replace(/\/(location|offer)\/[^/]+/g, '/$1/:id');
  return `${call.method} ${path}${call.status >= 400 ? ` → ${call.status}` : ''}`;
}

function describeCalls(calls: readonly MarketplaceCall[]): string {
  return calls.map(shape).join(', ');
}

async function measure(target: Target, add: (figure: ConnectorFigure) => void): Promise<void> {
  const { connector, calls, label } = target;
  const publishMs: number[] = [];
  const publishCalls: number[] = [];
  const listed: { input: ConnectorListingInput; listedID: string | null }[] = [];
  let firstPublish = '';
  let steadyPublish = '';
  for (let i = 0; i < PUBLISHES; i += 1) {
    const input = target.input(i);
    calls.length = 0;
    const started = performance.now();
    const result = await connector.publish(input);
    publishMs.push(performance.now() - started);
    publishCalls.push(calls.length);
    if (!result.listedID) throw new Error(`${label}: publish ${i} answered no listing id`);
    listed.push({ input, listedID: result.listedID });
    if (i === 0) firstPublish = describeCalls(calls);
    if (i === PUBLISHES - 1) steadyPublish = describeCalls(calls);
  }
  if (new Set(listed.map((l) => l.listedID)).size !== PUBLISHES) {
    throw new Error(`${label}: ${PUBLISHES} publishes did not make ${PUBLISHES} listings`);
  }

  const delistMs: number[] = [];
  const delistCalls: number[] = [];
  let oneDelist = '';
  for (const { input, listedID } of listed.slice(0, DELISTS)) {
    calls.length = 0;
    const started = performance.now();
    await connector.delist({ ...input, listedID });
    delistMs.push(performance.now() - started);
    delistCalls.push(calls.length);
    if (!oneDelist) oneDelist = describeCalls(calls);
  }

  if (target.restarted) {
    calls.length = 0;
    await target.restarted().publish(target.input(PUBLISHES));
    console.log(`    first publish after a restart: ${describeCalls(calls)}`);
  }

  if (target.violations().length > 0) {
    throw new Error(`${label} emulator violations:\n${target.describe()}`);
  }
  const publishSorted = sortedCopy(publishMs);
  const delistSorted = sortedCopy(delistMs);
  const publishCounts = sortedCopy(publishCalls);
  const delistCounts = sortedCopy(delistCalls);
  const tag = `${PUBLISHES} items, emulator`;
  add({ name: `${label} publish p50 (${tag})`, value: percentile(publishSorted, 50), unit: 'ms' });
  add({ name: `${label} publish p95 (${tag})`, value: percentile(publishSorted, 95), unit: 'ms' });
  add({
    name: `${label} HTTP calls per publish`,
    value: percentile(publishCounts, 50),
    unit: 'calls',
  });
  add({ name: `${label} HTTP calls, first publish`, value: publishCalls[0] ?? 0, unit: 'calls' });
  const delistTag = `${DELISTS} items, emulator`;
  add({
    name: `${label} delist p50 (${delistTag})`,
    value: percentile(delistSorted, 50),
    unit: 'ms',
  });
  add({
    name: `${label} delist p95 (${delistTag})`,
    value: percentile(delistSorted, 95),
    unit: 'ms',
  });
  add({
    name: `${label} HTTP calls per delist`,
    value: percentile(delistCounts, 50),
    unit: 'calls',
  });

  const range = (sorted: number[]) => `${sorted[0]}–${sorted[sorted.length - 1]}`;
  const median = (values: number[]) => percentile(sortedCopy(values), 50).toFixed(1);
  const tenth = Math.max(1, Math.floor(PUBLISHES / 10));
  console.log(
    `    publish p50 of the first ${tenth}: ${median(publishMs.slice(0, tenth))} ms, of the last ${tenth}: ${median(publishMs.slice(-tenth))} ms`,
  );
  console.log(`    publish calls ${range(publishCounts)}; first: ${firstPublish}`);
  console.log(`    publish calls, last: ${steadyPublish}`);
  console.log(`    delist calls ${range(delistCounts)}: ${oneDelist}`);
}

/** Measures the four connectors one after another; answers nothing, tells `add` each figure. */
export async function benchConnectors(add: (figure: ConnectorFigure) => void): Promise<void> {
  const photoServer = await startPhotoServer();
  const photos = [`${photoServer.url}/photos/front.jpg`, `${photoServer.url}/photos/back.jpg`];
  try {
    for (const start of [ebayTarget, etsyTarget, shopifyTarget, depopTarget]) {
      const target = await start(photos);
      try {
        console.log(`Connectors: ${target.label}, ${PUBLISHES} publishes and ${DELISTS} delists…`);
        await measure(target, add);
      } finally {
        await target.close();
      }
    }
  } finally {
    await new Promise<void>((resolve) => photoServer.server.close(() => resolve()));
  }
}
