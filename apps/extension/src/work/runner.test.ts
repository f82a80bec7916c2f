import { BuiltListingSchema, type ExecutorWhoAmI } from '@listloop/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Adapter, StepRequest, StepResult } from '../adapters/contract';
import { UnpairedError, type ApiAnswer, type WorkClient } from '../api';
import { EMPTY_PAIRING, type PairingState } from '../pairing';
import { createRunner, type RunnerDeps } from './runner';
import { DEFAULT_SETTINGS, type WorkSettings } from './settings';
import { createWorkStore, type KeyValueArea } from './state';
import { PageGoneError, type Tabs } from './tabs';

/**
 * The work loop's rules, with the browser and the server played by fakes: a marketplace whose
 * pages answer the driver's steps, a server that leases and records. A "killed" worker is a
 * new runner on the same storage, as a service worker the browser restarted is.
 */

const who: ExecutorWhoAmI = {
  tokenId: 'tok_1',
  name: 'Chrome on Linux',
  userName: 'Ada',
  email: 'ada@example.com',
  accountId: 'acc_1',
  companyName: 'Ada’s shop',
  marketplaces: ['poshmark'],
};
const pairing: PairingState = {
  ...EMPTY_PAIRING,
  server: 'https://ll.test',
  token: 'llx_t',
  tokenId: 'tok_1',
  who,
};

const listing = BuiltListingSchema.parse({
  marketplace: 'poshmark',
  title: 'Denim jacket',
  description: 'Good.',
  price: 40,
  category: 'Women > Jeans > Straight Leg',
  size: 'M',
  photos: ['https://ll.test/photos/1.jpg'],
});

function memoryArea(): KeyValueArea {
  const data = new Map<string, unknown>();
  return {
    get: async (key) => (data.has(key) ? { [key]: structuredClone(data.get(key)) } : {}),
    set: async (items) => {
      for (const [k, v] of Object.entries(items)) data.set(k, structuredClone(v));
    },
  };
}

/** The marketplace: its sell form, its listings and what its pages answer. */
class FakeSite {
  listings = new Set<string>();
  created = 0;
  captcha = false;
  sold: { externalOrderId: string; listedID: string }[] = [];
  /** Where each tab is, and what it prepared (the submitting press). */
  pages = new Map<number, { url: string; pending: (() => void) | null }>();
  private nextTab = 1;
  /** Throws instead of answering, once, at this step (a worker killed there). */
  dieAt: { step: StepRequest['step'] | 'commit'; after?: boolean } | null = null;

  tabs(): Tabs {
    return {
      open: async (url, tabId) => {
        const id = tabId !== null && this.pages.has(tabId) ? tabId : this.nextTab++;
        this.pages.set(id, { url, pending: null });
        return id;
      },
      step: async (tabId, request) => this.step(tabId, request),
      commit: async (tabId) => {
        const page = this.pages.get(tabId)!;
        const press = page.pending;
        page.pending = null;
        if (this.dieAt?.step === 'commit') {
          const after = this.dieAt.after;
          this.dieAt = null;
          if (after) press?.();
          throw new Error('worker killed');
        }
        press?.();
        return press !== null;
      },
      settled: async () => undefined,
      url: async (tabId) => this.pages.get(tabId)?.url ?? null,
      close: async (tabId) => void this.pages.delete(tabId),
    };
  }

  private async step(tabId: number, request: StepRequest): Promise<StepResult> {
    const page = this.pages.get(tabId);
    if (!page) throw new PageGoneError('closed');
    if (this.dieAt?.step === request.step) {
      this.dieAt = null;
      throw new Error('worker killed');
    }
    if (this.captcha) return { kind: 'stop', reason: 'captcha', detail: null };
    const path = new URL(page.url).pathname;
    switch (request.step) {
      case 'fill':
        if (path !== '/create-listing')
          return { kind: 'stop', reason: 'unknown_layout', detail: path };
        page.pending = () => {
          this.created += 1;
          const id = `L${this.created}`;
          this.listings.add(id);
          page.url = `https://poshmark.com/listing/${id}`;
        };
        return { kind: 'submitted' };
      case 'read-listed': {
        const match = /^\/listing\/(.+)$/.exec(path);
        return match
          ? { kind: 'listed', listedID: match[1]!, listingURL: page.url }
          : { kind: 'stop', reason: 'unknown_layout', detail: `still on ${path}` };
      }
      case 'delist': {
        const id = request.listedID;
        page.pending = () => {
          this.listings.delete(id);
          page.url = 'https://poshmark.com/closet/me?deleted=1';
        };
        return { kind: 'submitted' };
      }
      case 'read-delisted':
        return path.startsWith('/closet')
          ? { kind: 'delisted' }
          : { kind: 'page', page: 'unknown' };
      case 'read-sold':
        return {
          kind: 'sold',
          sales: this.sold.map((s) => ({
            ...s,
            title: 'Denim jacket',
            price: 40,
            currency: 'USD',
            soldAt: null,
          })),
        };
      default:
        return { kind: 'page', page: 'unknown' };
    }
  }
}

interface Operation {
  operationId: string;
  kind: 'list' | 'delist' | 'relist' | 'update';
  status: 'queued' | 'running' | 'succeeded';
  owner: string | null;
  listedID: string | null;
}

/** The server: a queue of operations, leases, and the reports it took. */
class FakeServer {
  ops: Operation[] = [];
  calls: { method: string; path: string; body: unknown }[] = [];
  refuseToken = false;
  reports = () => this.calls.filter((c) => /set-listing|needs-you|\/sales$/.test(c.path));

  client(): WorkClient {
    const answer = (status: number, body: unknown = null): ApiAnswer => ({ status, body });
    return {
      call: async (method, path, body) => {
        this.calls.push({ method, path, body });
        if (this.refuseToken) throw new UnpairedError('The token was refused.');
        const b = (body ?? {}) as Record<string, unknown>;
        if (path.endsWith('/claim')) {
          const op = this.ops.find((o) => o.status === 'queued');
          if (!op) return answer(200, { operations: [] });
          op.status = 'running';
          op.owner = b.executorId as string;
          return answer(200, {
            operations: [
              {
                operationId: op.operationId,
                itemId: 'item1',
                userId: 'user1',
                operation: op.kind,
                leaseExpiresAt: Date.now() + 180_000,
              },
            ],
          });
        }
        const detail = /\/operations\/([^/]+)$/.exec(path);
        if (detail && method === 'GET') {
          const op = this.ops.find((o) => o.operationId === detail[1]);
          if (!op) return answer(404, { message: 'No such operation.' });
          return answer(200, {
            operation: { status: op.status, needsYou: null },
            item: { listings: { poshmark: { listedID: op.listedID } } },
            listing,
          });
        }
        const running = this.ops.find((o) => o.status === 'running');
        if (
          /set-listing-(listed|delisted|list-failure)$/.test(path) ||
          path.endsWith('/needs-you')
        ) {
          if (!running) return answer(409, { message: 'Nothing is running.' });
          // A relist's delist half leaves it running: its list half follows.
          const half = running.kind === 'relist' && path.endsWith('set-listing-delisted');
          if (!half) running.status = path.endsWith('/needs-you') ? 'queued' : 'succeeded';
          return answer(200, {});
        }
        if (path.endsWith('/sales')) {
          return b.listedID === 'unknown'
            ? answer(404, { message: 'Not ours.' })
            : answer(200, { duplicate: false });
        }
        return answer(200, {});
      },
      messageOf: (a) => String((a.body as { message?: string } | null)?.message ?? a.status),
      photo: async () => ({ bytes: new Uint8Array([0xff, 0xd8, 0xff]), type: 'image/jpeg' }),
    };
  }
}

describe('the work loop', () => {
  let site: FakeSite;
  let server: FakeServer;
  let area: KeyValueArea;
  let settings: WorkSettings;
  let now: number;
  let unpaired: number;

  const runner = () => {
    const deps: RunnerDeps = {
      store: createWorkStore(area),
      settings: async () => settings,
      pairing: async () => pairing,
      unpaired: async () => {
        unpaired += 1;
      },
      client: () => server.client(),
      tabs: site.tabs(),
      adapters: {
        poshmark: {
          marketplace: 'poshmark',
          site: {
            origin: 'https://poshmark.com',
            matches: [],
            sell: '/create-listing',
            listing: (id) => `/listing/${id}`,
            edit: (id) => `/edit-listing/${id}`,
            sold: '/order/sales',
            delistFrom: 'listing',
          },
          maxPhotos: 16,
          map: (l) => ({ ok: true, values: { title: l.title } }),
          driver: {} as Adapter['driver'],
        },
      },
      now: () => now,
      random: () => 0.5,
      today: () => '2026-11-27',
    };
    return { loop: createRunner(deps), store: deps.store };
  };

  beforeEach(() => {
    site = new FakeSite();
    server = new FakeServer();
    area = memoryArea();
    settings = { ...DEFAULT_SETTINGS, delaySeconds: { min: 10, max: 30 }, dailyCap: 2 };
    now = Date.parse('2026-11-27T10:00:00Z');
    unpaired = 0;
  });

  const queue = (kind: Operation['kind'], listedID: string | null = null) =>
    server.ops.push({
      operationId: `op${server.ops.length + 1}`,
      kind,
      status: 'queued',
      owner: null,
      listedID,
    });

  it('first looks at the sold list (which says whether the seller is signed in), then lists', async () => {
    queue('list');
    const { loop, store } = runner();
    await loop.tick();
    expect(server.calls.some((c) => c.path.endsWith('/claim'))).toBe(false);
    expect((await store.marketplace('poshmark')).signedIn).toBe(true);

    await loop.tick();
    expect(site.created).toBe(1);
    const listed = server.calls.find((c) => c.path.endsWith('/set-listing-listed'))!;
    expect(listed.path).toBe('/api/account/item/user1/item1/set-listing-listed');
    expect(listed.body).toEqual({
      marketplace: 'poshmark',
      executorId: 'extension:tok_1',
      listedID: 'L1',
      listingURL: 'https://poshmark.com/listing/L1',
    });
    const state = await store.read();
    expect(state.marketplaces.poshmark!.current).toBeNull();
    expect(state.results[0]).toMatchObject({
      operation: 'list',
      outcome: 'done',
      title: 'Denim jacket',
    });
    // Presence went out, signed in.
    expect(server.calls.find((c) => c.path.endsWith('/presence'))!.body).toMatchObject({
      marketplaces: [{ marketplace: 'poshmark', signedIn: true }],
      paused: false,
    });
  });

  it('paces itself: a delay between operations, and no more than the daily cap', async () => {
    queue('list');
    queue('list');
    queue('list');
    const { loop } = runner();
    await loop.tick(); // the sold list
    await loop.tick();
    expect(site.created).toBe(1);
    await loop.tick(); // within the delay: nothing
    expect(site.created).toBe(1);
    now += 21_000; // min 10 + 0.5 × (30 − 10) seconds
    await loop.tick();
    expect(site.created).toBe(2);
    now += 60_000;
    await loop.tick(); // the sold list is due again first
    await loop.tick();
    expect(site.created).toBe(2); // the daily cap of 2
    expect(server.ops.filter((o) => o.status === 'queued')).toHaveLength(1);
  });

  it('a worker killed after the press: the one started again reads the page and lists once', async () => {
    queue('list');
    const first = runner();
    await first.loop.tick();
    site.dieAt = { step: 'commit', after: true };
    await first.loop.tick().catch(() => undefined);
    expect(site.created).toBe(1);
    expect((await first.store.marketplace('poshmark')).current).toMatchObject({
      phase: 'submitting',
    });

    const second = runner();
    await second.loop.tick();
    expect(site.created).toBe(1);
    expect(server.reports().map((c) => c.path.split('/').pop())).toEqual(['set-listing-listed']);
  });

  it('a worker killed just before the press: it is not sent again blindly; the seller is asked', async () => {
    queue('list');
    const first = runner();
    await first.loop.tick();
    site.dieAt = { step: 'commit', after: false };
    await first.loop.tick().catch(() => undefined);
    expect(site.created).toBe(0);

    await runner().loop.tick();
    expect(site.created).toBe(0);
    const held = server.calls.find((c) => c.path.endsWith('/needs-you'))!;
    expect(held.body).toMatchObject({ reason: 'interrupted', executorId: 'extension:tok_1' });
  });

  it('a worker killed while filling starts the form again: nothing was sent', async () => {
    queue('list');
    const first = runner();
    await first.loop.tick();
    site.dieAt = { step: 'fill' };
    await first.loop.tick();
    expect((await first.store.marketplace('poshmark')).current).toMatchObject({
      phase: 'start',
      troubles: 1,
    });
    await runner().loop.tick();
    expect(site.created).toBe(1);
    expect(server.reports().map((c) => c.path.split('/').pop())).toEqual(['set-listing-listed']);
  });

  it('an operation whose lease went elsewhere meanwhile is left alone', async () => {
    queue('list');
    const first = runner();
    await first.loop.tick();
    site.dieAt = { step: 'fill' };
    await first.loop.tick();
    server.ops[0]!.status = 'queued'; // the lease ran out; another browser will take it
    await runner().loop.tick();
    expect(site.created).toBe(0);
    expect(server.reports()).toEqual([]);
  });

  it('delists and relists: a relist is a delist, reported, then a list', async () => {
    site.listings.add('L0');
    queue('relist', 'L0');
    const { loop } = runner();
    await loop.tick();
    await loop.tick();
    expect(site.listings.has('L0')).toBe(false);
    expect(site.created).toBe(1);
    expect(server.reports().map((c) => c.path.split('/').pop())).toEqual([
      'set-listing-delisted',
      'set-listing-listed',
    ]);
  });

  it('stops on a captcha and hands the operation to the seller with the page', async () => {
    queue('list');
    const { loop } = runner();
    await loop.tick();
    site.captcha = true;
    await loop.tick();
    expect(server.calls.find((c) => c.path.endsWith('/needs-you'))!.body).toEqual({
      reason: 'captcha',
      pageUrl: 'https://poshmark.com/create-listing',
      executorId: 'extension:tok_1',
    });
    expect(site.created).toBe(0);
  });

  it('reports each new sale once; one that is not ListLoop’s is remembered, not retried', async () => {
    site.sold = [
      { externalOrderId: 'o1', listedID: 'L9' },
      { externalOrderId: 'o2', listedID: 'unknown' },
    ];
    const { loop } = runner();
    await loop.tick();
    now += settings.soldPollSeconds * 1000;
    await loop.tick();
    const sales = server.calls.filter((c) => c.path.endsWith('/sales'));
    expect(sales.map((c) => (c.body as { externalOrderId: string }).externalOrderId)).toEqual([
      'o1',
      'o2',
    ]);
    expect(sales[0]!.body).toMatchObject({
      marketplace: 'poshmark',
      listedID: 'L9',
      salePrice: 40,
      currency: 'USD',
      quantity: 1,
    });
  });

  it('paused: claims nothing and reads nothing, and says so', async () => {
    queue('list');
    settings = { ...settings, paused: true };
    const { loop } = runner();
    await loop.tick();
    await loop.tick();
    expect(site.pages.size).toBe(0);
    expect(server.calls.find((c) => c.path.endsWith('/presence'))!.body).toMatchObject({
      paused: true,
    });
  });

  it('a refused token stops it and unpairs', async () => {
    server.refuseToken = true;
    await runner().loop.tick();
    expect(unpaired).toBe(1);
  });
});
