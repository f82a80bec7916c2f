/**
 * The browser extension's figures (issue 14), measured with the extension sellers install
 * (apps/extension/dist, built first) in a real Chromium, against the real server with the demo
 * account seeded and the seven replica marketplaces served over TLS under their own host names,
 * as the end-to-end journeys run them (e2e/support/extension.ts):
 * - per adapter, one list and one delist on its replica, BENCH_EXTENSION_OPS of each, one at a
 *   time: from the extension claiming the operation to the server taking its report (the
 *   extension's own results list, so the loop's pick-up delay is left out), and from the queue
 *   request to the outcome the server recorded (which includes it); an operation the
 *   extension stops on (handing it to the seller) or fails is counted, not timed;
 * - a sale on Mercari's sold list to the last delist of the item elsewhere (eBay by its
 *   sandbox connector, Poshmark by the extension), BENCH_EXTENSION_SALES times, with the
 *   sold lists read every 5 s;
 * - the size of the zip the server offers for download.
 * Run by bench/run.ts (BENCH_PARTS=extension) against a server started with the demo and the
 * sandbox marketplaces.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  EXTENSION_DOWNLOAD_PATH,
  EXTENSION_ID,
  EXTENSION_MARKETPLACES,
  type ExtensionMarketplace,
  type MarketplaceId,
} from '@listloop/domain';
import {
  EXTENSION_REPLICAS,
  replicaChromiumArgs,
  startReplicaSite,
  type RunningReplica,
} from '@listloop/emulators';
import { chromium, type BrowserContext, type Worker } from 'playwright-core';
import { TestClient } from '../test/client';
import { percentile } from './timing';

export interface ExtensionFigure {
  name: string;
  value: number;
  unit: string;
  /** `none` for a figure no database takes part in; else the scratch database's. */
  database?: 'none';
}

const OPS = Number(process.env.BENCH_EXTENSION_OPS ?? 20);
const SALES = Number(process.env.BENCH_EXTENSION_SALES ?? 20);
/** The adapters to measure (all by default), comma-separated: `BENCH_EXTENSION_ADAPTERS=facebook`. */
const ADAPTERS = (process.env.BENCH_EXTENSION_ADAPTERS ?? EXTENSION_MARKETPLACES.join(','))
  .split(',')
  .map((m) => m.trim())
  .filter((m): m is (typeof EXTENSION_MARKETPLACES)[number] =>
    (EXTENSION_MARKETPLACES as readonly string[]).includes(m),
  );
/** The sold lists' poll for the sale figure: the popup's shortest is a minute, this is a test's. */
const SOLD_POLL_SECONDS = 5;
/** How often the extension's loop looks (TICK_MS in apps/extension/src/background.ts). */
const LOOP_TICK_MS = 2000;
/**
 * A read is due on the first look at least the poll after the last, so a 5 s poll reads every
 * 6 s. A wait drawn over two of those periods before each sale puts the sale at any point of
 * the period alike, however the last iteration ended.
 */
const SALE_WAIT_MS = 2 * Math.ceil((SOLD_POLL_SECONDS * 1000) / LOOP_TICK_MS) * LOOP_TICK_MS;
/**
 * While the lists and delists are timed the sold lists are read hourly, so no marketplace's
 * sold-list read runs beside the operation being timed.
 */
const QUIET_SOLD_POLL_SECONDS = 3600;
const OPERATION_TIMEOUT_MS = 90_000;
const DEMO = { email: 'demo@listloop.local', password: 'listloop-demo' };
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const EXTENSION_DIR = path.join(repoRoot, 'apps/extension/dist');

/**
 * Each replica's sign-in page (any e-mail and password open a session there), and the button
 * that shows its form where the site first offers other ways in.
 */
const SIGN_IN: Record<ExtensionMarketplace, { url: string; reveal?: string }> = {
  poshmark: { url: 'https://poshmark.com/login' },
  mercari: { url: 'https://www.mercari.com/login/' },
  grailed: { url: 'https://www.grailed.com/users/sign_in' },
  facebook: { url: 'https://www.facebook.com/login/' },
  vinted: { url: 'https://www.vinted.com/member/signup/select_type', reveal: 'Log in with email' },
  vestiaire: { url: 'https://www.vestiairecollective.com/authentication/' },
  depop: { url: 'https://www.depop.com/login/' },
};

const shipping = (values: { price?: number; service?: string }) => ({
  price: values.price ?? null,
  service: values.service ?? null,
  profileId: null,
  processingProfileId: null,
  fromPostalCode: null,
});

/**
 * What each item's tab for the marketplace holds: the values each adapter's tests (and the
 * journeys, for Poshmark and Mercari) list with on its replica, in the marketplace's own
 * vocabulary. The demo items' general details fill the rest (title, description).
 */
const LISTING_VALUES: Record<ExtensionMarketplace, Record<string, unknown>> = {
  poshmark: {
    category: 'Women > Jeans > Straight Leg',
    size: '30',
    brand: 'Levi’s',
    colour: 'Blue',
    condition: 'not_nwt',
    price: 45,
    originalPrice: 98,
  },
  mercari: {
    category: 'Women > Coats & jackets > Denim',
    brand: 'Sony',
    condition: 'good',
    price: 40,
    shipping: shipping({ price: 5 }),
  },
  grailed: {
    category: 'Menswear > Outerwear > Denim Jackets',
    size: 'M',
    brand: 'Levi’s',
    colour: 'Blue',
    condition: 'is_gently_used',
    price: 45,
  },
  facebook: {
    category: 'Clothing, Shoes & Accessories > Men’s Clothing > Jeans',
    brand: 'Levi’s',
    condition: 'used',
    price: 45,
  },
  vinted: {
    category: 'Women > Clothing > Jeans > Straight jeans',
    brand: 'Levi’s',
    size: 'S / US 4-6',
    colour: 'Blue, White',
    condition: 'very_good',
    price: 45,
    shipping: shipping({ service: 'medium' }),
    extra: { materials: ['Cotton', 'Elastane'] },
  },
  vestiaire: {
    category: 'Womenswear > Bags > Handbags',
    brand: 'Hermès',
    colour: 'Black',
    condition: 'very_good',
    price: 6500,
    extra: { material: 'Leather', model: 'Kelly' },
  },
  depop: {
    category: 'Bottoms > Jeans',
    size: '52:10',
    brand: 'Levi’s',
    colour: 'Blue, gray',
    condition: 'used_excellent',
    price: 45,
    shipping: shipping({ price: 5 }),
    extra: { department: 'menswear' },
  },
};
/** The sandbox eBay takes the demo's categories through the demo's rules, and asks a UPC. */
const EBAY_VALUES = { extra: { upc: '012345678905' } };
/** Every listing carries this many photos (Vestiaire asks for three at least). */
const PHOTOS = 3;

interface ListingState {
  status: string;
  listedID: string | null;
  lastStatusDate: number | null;
}

interface DemoItem {
  itemID: string;
  userID: string;
  generalDetails: {
    title: string;
    description: string;
    price: number | null;
    quantity: number;
    sku: string;
    images: { url: string; url_l?: string }[];
  };
  listings: Record<string, ListingState | undefined>;
}

/** An entry of the extension's results list (apps/extension/src/work/state.ts). */
interface WorkResult {
  at: number;
  startedAt: number | null;
  marketplace: string;
  operation: string;
  title: string | null;
  outcome: string;
  url: string | null;
  message: string | null;
  reason: string | null;
}

/** Each distinct message once, with how many times it was said. */
function tally(messages: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const message of messages) counts.set(message, (counts.get(message) ?? 0) + 1);
  return [...counts].map(([message, count]) => `${count}× ${message}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Builds apps/extension/dist when its sources changed: the browser loads it, the server packs it. */
export async function buildExtension(): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/build-extension.mjs')], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`building the extension failed (exit ${code})`)),
    );
  });
}

/** The extension's service worker (a new one if the browser restarted it). */
async function extensionWorker(context: BrowserContext): Promise<Worker> {
  const ours = (w: Worker) => w.url().startsWith(`chrome-extension://${EXTENSION_ID}/`);
  return (
    context.serviceWorkers().find(ours) ??
    (await context.waitForEvent('serviceworker', { predicate: ours }))
  );
}

async function storage<T>(context: BrowserContext, key: string): Promise<T | undefined> {
  const worker = await extensionWorker(context);
  const stored = (await worker.evaluate(
    `chrome.storage.local.get(${JSON.stringify(key)})`,
  )) as Record<string, T | undefined>;
  return stored[key];
}

async function workResults(context: BrowserContext): Promise<WorkResult[]> {
  return (await storage<{ results?: WorkResult[] }>(context, 'work'))?.results ?? [];
}

/** The pace, as the popup stores it: no wait between operations, the sold lists at `poll`. */
async function setPace(
  context: BrowserContext,
  soldPollSeconds: number,
  off: readonly ExtensionMarketplace[] = [],
) {
  const settings = {
    paused: false,
    delaySeconds: { min: 0, max: 0 },
    dailyCap: 500,
    soldPollSeconds,
    off,
  };
  const worker = await extensionWorker(context);
  await worker.evaluate(`chrome.storage.local.set(${JSON.stringify({ settings })})`);
}

async function startReplicas(): Promise<RunningReplica[]> {
  const running: RunningReplica[] = [];
  for (const marketplace of EXTENSION_MARKETPLACES) {
    running.push(await startReplicaSite(EXTENSION_REPLICAS[marketplace](), { tls: true }));
  }
  return running;
}

/**
 * Chromium with the unpacked extension in a fresh profile; each marketplace's host names reach
 * its replica, whose test certificate it accepts.
 */
async function launchBrowser(replicas: readonly RunningReplica[]) {
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'listloop-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
      ...replicaChromiumArgs(replicas),
    ],
  });
  await extensionWorker(context);
  return {
    context,
    close: async () => {
      await context.close();
      await fs.rm(profile, { recursive: true, force: true });
    },
  };
}

/** Signs in on the replica's own sign-in page, in a tab of this browser, as a seller would. */
async function signInToReplica(context: BrowserContext, marketplace: ExtensionMarketplace) {
  const { url, reveal } = SIGN_IN[marketplace];
  const page = await context.newPage();
  try {
    await page.goto(url);
    if (reveal) await page.getByRole('button', { name: reveal }).click();
    const form = page.locator('form').filter({ has: page.locator('input[type=password]') });
    await form
      .locator('input:not([type=hidden]):not([type=password])')
      .first()
      .fill('seller@example.com');
    await form.locator('input[type=password]').fill('secret-password');
    await Promise.all([
      page.waitForURL(
        (address) =>
          address.href !== url && !/login|sign_in|signup|authentication/.test(address.pathname),
      ),
      form.locator('button[type=submit]').click(),
    ]);
  } finally {
    await page.close();
  }
}

/**
 * Pairs the extension as the Marketplaces screen does: a token made for the signed-in member,
 * handed to the extension by a page of the server's own origin.
 */
async function pair(context: BrowserContext, client: TestClient) {
  const made = await client.post('/api/executor-tokens', { name: 'Bench Chromium' });
  if (made.status !== 201) throw new Error(`pairing token: ${made.text}`);
  const page = await context.newPage();
  try {
    await page.goto(`${client.baseUrl}/api/health`);
    const message = { type: 'listloop.pair', server: client.baseUrl, token: made.body.token };
    const reply = (await page.evaluate(
      `new Promise((resolve) => chrome.runtime.sendMessage(${JSON.stringify(EXTENSION_ID)}, ${JSON.stringify(message)}, resolve))`,
    )) as { paired?: boolean; error?: string | null };
    if (!reply.paired) throw new Error(`the extension did not pair: ${JSON.stringify(reply)}`);
  } finally {
    await page.close();
  }
}

/** Until the extension has looked at every marketplace and found the seller signed in. */
async function waitSignedIn(context: BrowserContext) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const work = await storage<{ marketplaces?: Record<string, { signedIn: boolean | null }> }>(
      context,
      'work',
    );
    const missing = EXTENSION_MARKETPLACES.filter(
      (m) => work?.marketplaces?.[m]?.signedIn !== true,
    );
    if (missing.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(`the extension did not find the seller signed in on ${missing.join(', ')}`);
    }
    await sleep(500);
  }
}

async function itemOf(client: TestClient, item: DemoItem): Promise<DemoItem> {
  const response = await client.get(`/api/account/item/${item.userID}/${item.itemID}`);
  if (response.status !== 200) throw new Error(`item read: ${response.text}`);
  return response.body.item as DemoItem;
}

/**
 * The demo items, once the background job has photographed every one of them (so it no longer
 * competes for the CPU): those any of the marketplaces takes, oldest first.
 */
async function listableDemoItems(client: TestClient): Promise<DemoItem[]> {
  const deadline = Date.now() + 600_000;
  for (;;) {
    const response = await client.get('/api/account/item?limit=200&sort=dateCreated:asc');
    if (response.status !== 200) throw new Error(`inventory read: ${response.text}`);
    const items = response.body.items as DemoItem[];
    if (items.length > 0 && items.every((item) => item.generalDetails.images.length > 0)) {
      return items.filter(
        ({ generalDetails: d }) =>
          d.sku.startsWith('LT-') &&
          d.images.length >= PHOTOS &&
          d.description.trim() !== '' &&
          d.quantity === 1 &&
          d.price !== null &&
          d.price >= 1 &&
          d.price <= 2000 &&
          // Grailed's limit, the shortest of the seven.
          d.title.length <= 60,
      );
    }
    if (Date.now() > deadline) throw new Error('the demo photos were not made within 10 minutes');
    await sleep(2000);
  }
}

/** Stores the item's tabs for these marketplaces, each with the item's first photos. */
async function setListings(
  client: TestClient,
  item: DemoItem,
  listings: Partial<Record<MarketplaceId, Record<string, unknown>>>,
) {
  const photos = item.generalDetails.images
    .slice(0, PHOTOS)
    .map((image) => image.url_l ?? image.url);
  const body = Object.fromEntries(
    Object.entries(listings).map(([marketplace, values]) => [marketplace, { ...values, photos }]),
  );
  const saved = await client.put(`/api/account/item/${item.userID}/${item.itemID}/listings`, {
    listings: body,
  });
  if (saved.status !== 200) throw new Error(`listing values: ${saved.text}`);
}

async function queue(
  client: TestClient,
  item: DemoItem,
  marketplace: MarketplaceId,
  operation: 'list' | 'delist',
) {
  const response = await client.put(`/api/rest/v1/item/${item.itemID}/status`, {
    userId: item.userID,
    marketplace,
    status: 'queue',
    operation,
  });
  if (response.status !== 202) {
    throw new Error(`queue ${operation} on ${marketplace}: ${response.status} ${response.text}`);
  }
}

/** The extension's result of an operation it claimed since `since`, once it has stored it. */
async function resultOf(
  context: BrowserContext,
  marketplace: ExtensionMarketplace,
  operation: string,
  since: number,
): Promise<WorkResult | undefined> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = (await workResults(context)).find(
      (r) =>
        r.marketplace === marketplace && r.operation === operation && (r.startedAt ?? 0) >= since,
    );
    if (found || Date.now() > deadline) return found;
    await sleep(100);
  }
}

/** An operation the extension reported failed, or handed to the seller, instead of done. */
class OperationStopped extends Error {}

/**
 * Waits for the listing to reach `wanted`; a failure, or a stop the extension handed to the
 * seller, ends the wait with what the extension's results list says.
 */
async function waitForStatus(
  client: TestClient,
  context: BrowserContext,
  item: DemoItem,
  marketplace: MarketplaceId,
  wanted: 'listed' | 'delisted',
  since: number,
): Promise<ListingState> {
  const deadline = Date.now() + OPERATION_TIMEOUT_MS;
  for (let look = 1; ; look += 1) {
    const listing = (await itemOf(client, item)).listings[marketplace];
    if (listing?.status === wanted) return listing;
    const failed = listing?.status === 'list_failure' || listing?.status === 'delist_failure';
    if (failed || look % 10 === 0 || Date.now() > deadline) {
      const stop = (await workResults(context)).find(
        (r) =>
          r.marketplace === marketplace && (r.startedAt ?? r.at) >= since && r.outcome !== 'done',
      );
      if (failed || stop || Date.now() > deadline) {
        const said = stop
          ? `${stop.outcome}${stop.reason ? ` (${stop.reason})` : ''}: ${stop.message ?? ''}`
          : `the listing is ${listing?.status ?? 'missing'}`;
        const message = `${marketplace}: ${wanted === 'listed' ? 'list' : 'delist'}: ${said}`;
        throw failed || stop ? new OperationStopped(message) : new Error(message);
      }
    }
    await sleep(100);
  }
}

interface AdapterTimes {
  claimed: number[];
  queued: number[];
  /** What the extension said of each operation that did not end done. */
  stopped: string[];
}

/**
 * One adapter: OPS items listed one after another, then those listed delisted one after
 * another. Each operation is queued once the last has ended, so the extension holds one at a
 * time. An operation the extension stops on is counted and left to the seller (as it would
 * be), and the next one goes on.
 */
async function benchAdapter(
  client: TestClient,
  context: BrowserContext,
  marketplace: ExtensionMarketplace,
  items: readonly DemoItem[],
): Promise<Record<'list' | 'delist', AdapterTimes>> {
  const times: Record<'list' | 'delist', AdapterTimes> = {
    list: { claimed: [], queued: [], stopped: [] },
    delist: { claimed: [], queued: [], stopped: [] },
  };
  const listed: DemoItem[] = [];
  for (const operation of ['list', 'delist'] as const) {
    for (const item of operation === 'list' ? items : listed) {
      const since = Date.now();
      await queue(client, item, marketplace, operation);
      const wanted = operation === 'list' ? 'listed' : 'delisted';
      let listing: ListingState;
      try {
        listing = await waitForStatus(client, context, item, marketplace, wanted, since);
      } catch (error) {
        if (!(error instanceof OperationStopped)) throw error;
        times[operation].stopped.push(error.message);
        continue;
      }
      if (operation === 'list') listed.push(item);
      const result = await resultOf(context, marketplace, operation, since);
      if (!result || result.startedAt === null) {
        throw new Error(`${marketplace}: the extension's result of a ${operation} was not found`);
      }
      times[operation].claimed.push(result.at - result.startedAt);
      times[operation].queued.push((listing.lastStatusDate ?? Date.now()) - since);
    }
  }
  return times;
}

/**
 * The sale figure: each item listed on eBay, Poshmark and Mercari, then sold on Mercari's
 * replica at a random point of the sold-list poll, and the time until the server has recorded
 * the last of its delists elsewhere.
 */
async function benchSales(
  client: TestClient,
  context: BrowserContext,
  mercari: RunningReplica,
  items: readonly DemoItem[],
): Promise<{ delisted: number[]; seen: number[] }> {
  const others = ['ebay', 'poshmark'] as const;
  for (const item of items) {
    await setListings(client, item, {
      ebay: EBAY_VALUES,
      poshmark: LISTING_VALUES.poshmark,
      mercari: LISTING_VALUES.mercari,
    });
  }
  console.log(`  listing ${items.length} items on eBay, Poshmark and Mercari…`);
  const since = Date.now();
  for (const item of items) {
    for (const marketplace of ['ebay', 'poshmark', 'mercari'] as const) {
      await queue(client, item, marketplace, 'list');
    }
  }
  for (const item of items) {
    for (const marketplace of ['ebay', 'poshmark', 'mercari'] as const) {
      await waitForStatus(client, context, item, marketplace, 'listed', since);
    }
  }

  // The other marketplaces are off meanwhile, so only Mercari's and Poshmark's work is timed.
  await setPace(
    context,
    SOLD_POLL_SECONDS,
    EXTENSION_MARKETPLACES.filter((m) => m !== 'mercari' && m !== 'poshmark'),
  );
  console.log(
    `  selling them on Mercari one at a time (sold lists read every ${SOLD_POLL_SECONDS} s)…`,
  );
  const delisted: number[] = [];
  const seen: number[] = [];
  for (const item of items) {
    const listedID = (await itemOf(client, item)).listings.mercari?.listedID;
    if (!listedID) throw new Error('mercari: a listed item has no listing id');
    await sleep(Math.random() * SALE_WAIT_MS);
    const soldAt = Date.now();
    mercari.site.state.sell(listedID);
    const deadline = soldAt + OPERATION_TIMEOUT_MS;
    for (;;) {
      const { listings } = await itemOf(client, item);
      if (others.every((m) => listings[m]?.status === 'delisted')) {
        delisted.push(
          Math.max(...others.map((m) => listings[m]!.lastStatusDate ?? Date.now())) - soldAt,
        );
        seen.push((listings.mercari?.lastStatusDate ?? Date.now()) - soldAt);
        break;
      }
      if (Date.now() > deadline) {
        const results = (await workResults(context)).slice(0, 5);
        throw new Error(
          `a sale on Mercari was not followed by every delist within ${OPERATION_TIMEOUT_MS / 1000} s: ${JSON.stringify({ listings, results })}`,
        );
      }
      await sleep(100);
    }
  }
  return { delisted, seen };
}

export async function benchExtension(
  baseUrl: string,
  add: (figure: ExtensionFigure) => void,
): Promise<void> {
  const zip = await fetch(`${baseUrl}${EXTENSION_DOWNLOAD_PATH}`);
  if (!zip.ok) throw new Error(`extension download: HTTP ${zip.status}`);
  add({
    name: `extension zip (GET ${EXTENSION_DOWNLOAD_PATH})`,
    value: (await zip.arrayBuffer()).byteLength,
    unit: 'bytes',
    database: 'none',
  });

  const client = new TestClient(baseUrl);
  const login = await client.post('/api/rest/v1/auth/session_login', DEMO);
  if (login.status !== 200) throw new Error(`demo sign-in failed: ${login.text}`);
  console.log('Extension: waiting for the demo photos…');
  const items = await listableDemoItems(client);
  if (items.length < OPS + SALES) {
    throw new Error(`only ${items.length} demo items fit; ${OPS + SALES} are needed`);
  }

  // The sandbox connects the demo to Depop's partner API; the extension's Depop adapter is
  // what is measured, so that connection goes and Depop's operations go to the extension.
  const connections = (await client.get('/api/rest/v1/enterprise/connection')).body.connections as {
    id: string;
    marketplace: string;
  }[];
  for (const connection of connections.filter((c) => c.marketplace === 'depop')) {
    const removed = await client.delete(`/api/rest/v1/enterprise/connection/${connection.id}`);
    if (removed.status !== 204) throw new Error(`depop disconnect: ${removed.text}`);
  }
  for (const [n, marketplace] of EXTENSION_MARKETPLACES.entries()) {
    const id = `benchextension${String(n).padStart(10, '0')}`;
    const made = await client.put(`/api/rest/v1/enterprise/connection/${id}`, {
      marketplace,
      nickname: `Bench ${marketplace}`,
    });
    if (made.status !== 201) throw new Error(`connect ${marketplace}: ${made.text}`);
  }

  const replicas = await startReplicas();
  let browser: Awaited<ReturnType<typeof launchBrowser>> | null = null;
  try {
    browser = await launchBrowser(replicas);
    const { context } = browser;
    for (const marketplace of EXTENSION_MARKETPLACES) await signInToReplica(context, marketplace);
    await setPace(context, QUIET_SOLD_POLL_SECONDS);
    await pair(context, client);
    await waitSignedIn(context);

    const listItems = items.slice(0, OPS);
    for (const item of listItems) await setListings(client, item, LISTING_VALUES);
    const failures: string[] = [];
    for (const marketplace of ADAPTERS) {
      console.log(`Extension: ${marketplace}, ${OPS} lists then their delists on its replica…`);
      let times: Awaited<ReturnType<typeof benchAdapter>>;
      try {
        times = await benchAdapter(client, context, marketplace, listItems);
      } catch (error) {
        // One driver failing on its replica says something about that adapter only: the
        // others are still measured, and the failure is printed for the report.
        const message = error instanceof Error ? error.message : String(error);
        console.error(`  ${message}`);
        failures.push(message);
        continue;
      }
      for (const operation of ['list', 'delist'] as const) {
        const { stopped } = times[operation];
        for (const line of tally(stopped)) console.error(`  ${line}`);
        failures.push(...tally(stopped));
        const claimed = [...times[operation].claimed].sort((a, b) => a - b);
        const queued = [...times[operation].queued].sort((a, b) => a - b);
        const label = `extension ${marketplace} ${operation}`;
        // Names keep the intended count, so a run with a stop replaces the figure of one
        // without; the stops beside them say how many the percentiles are short of.
        const count = `(${OPS} ops)`;
        if (claimed.length + stopped.length === 0) continue;
        add({ name: `${label}, stopped or failed ${count}`, value: stopped.length, unit: 'ops' });
        if (claimed.length === 0) continue;
        add({
          name: `${label}, claim → report p50 ${count}`,
          value: percentile(claimed, 50),
          unit: 'ms',
        });
        add({
          name: `${label}, claim → report p95 ${count}`,
          value: percentile(claimed, 95),
          unit: 'ms',
        });
        add({
          name: `${label}, queue → recorded p50 ${count}`,
          value: percentile(queued, 50),
          unit: 'ms',
        });
      }
    }

    console.log(`Extension: ${SALES} sales on Mercari's sold list…`);
    const sales = await benchSales(
      client,
      context,
      replicas[EXTENSION_MARKETPLACES.indexOf('mercari')]!,
      items.slice(OPS, OPS + SALES),
    );
    const delisted = [...sales.delisted].sort((a, b) => a - b);
    const seen = [...sales.seen].sort((a, b) => a - b);
    const label = `sale on Mercari (sold list read every ${SOLD_POLL_SECONDS} s)`;
    const count = `(${SALES} sales)`;
    add({
      name: `${label} → sale recorded p50 ${count}`,
      value: percentile(seen, 50),
      unit: 'ms',
    });
    add({
      name: `${label} → last delist (eBay, Poshmark) p50 ${count}`,
      value: percentile(delisted, 50),
      unit: 'ms',
    });
    add({
      name: `${label} → last delist (eBay, Poshmark) p99 ${count}`,
      value: percentile(delisted, 99),
      unit: 'ms',
    });
    if (failures.length > 0) {
      console.error(
        `Extension: operations not done (stopped or failed):\n  ${failures.join('\n  ')}`,
      );
    }
  } finally {
    if (browser) await browser.close();
    for (const replica of replicas) await replica.close();
  }
}
