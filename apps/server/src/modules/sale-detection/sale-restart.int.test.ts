import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { ItemCreateSchema, type MarketplaceId } from '@listloop/domain';
import { createContainer, type Container } from '../../container';
import { loadConfig } from '../../platform/config';
import { loadMemberContext } from '../../platform/http/request-context';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import type { Connector } from '../listings/connector';

const logger = pino({ level: 'silent' });
/** API marketplaces (the server delists them) with a stand-in for each. */
const OTHERS = ['ebay', 'etsy'] as const satisfies readonly MarketplaceId[];

async function rows<T>(container: Container, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await container.database.db.execute(query)) as { rows: T[] }).rows;
}

/** A marketplace that takes delists and remembers them (what the emulators would see). */
function standIn(marketplace: MarketplaceId, delisted: string[]): Connector {
  return {
    marketplace,
    build: async () => ({}),
    validate: async () => [],
    publish: async () => ({}),
    update: async () => ({}),
    delist: async (input) => {
      delisted.push(`${marketplace}:${input.listedID}`);
    },
    updateQuantity: async () => undefined,
    fetchOrders: async () => [],
    parseWebhook: async () => [],
  };
}

/**
 * Issue 6: "a worker killed between marking sold and delisting (the delists still happen after
 * restart)". The first process records the sale (the item sold, its delists queued and sent to
 * the job queue) and stops before any worker carries them out; a new process on the same
 * database does, once each.
 */
describe('a sale across a restart', () => {
  let testDb: TestDatabase;
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function open(delisted: string[]): Promise<Container> {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'listloop-sale-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    testDb ??= await createTestDatabase().then((db) => {
      cleanups.unshift(() => db.dispose());
      return db;
    });
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        PORT: '0',
        MARKETPLACES: 'live',
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      },
      [],
    );
    const container = await createContainer(config, {
      database: testDb.database,
      logger,
      queue: { pollingIntervalSeconds: 0.5, schedule: false },
    });
    for (const marketplace of OTHERS) container.connectors.register(standIn(marketplace, delisted));
    await container.queue.start();
    return container;
  }

  it('the delists queued by a sale are carried out by the next process, once each', async () => {
    const firstDelisted: string[] = [];
    let container = await open(firstDelisted);
    const email = `sale-restart-${crypto.randomBytes(4).toString('hex')}@example.test`;
    const created = await container.services.accounts.createWithOwner({
      companyName: 'Restart Vintage',
      owner: { email, password: 'a-long-password-1', firstName: 'Rae', lastName: 'Seller' },
      accessLevel: 'member',
      accountFeatureFlags: {},
    });
    const { context } = await loadMemberContext(
      container.repositories.accountUsers,
      { id: created.userId, email, name: 'Rae Seller' },
      'sale-restart-test',
    );
    const ctx = context!;
    const item = await container.services.items.create(
      ctx,
      ItemCreateSchema.parse({ generalDetails: { title: 'Restart jacket', quantity: 1 } }),
    );
    const now = Date.now();
    const live = (listedID: string) => ({
      status: 'listed',
      listedID,
      listingURL: null,
      lastStatusDate: now,
      dateCreated: now,
      dateLastModified: now,
    });
    await container.database.db.execute(
      sql`UPDATE items SET listings = ${JSON.stringify({
        shopify: live('gid://shopify/Product/1'),
        ebay: live('EBAY-1'),
        etsy: live('ETSY-1'),
      })}::jsonb WHERE id = ${item.itemID}`,
    );

    // 1. The sale is recorded; no worker runs in this process, and then it stops.
    const recorded = await container.services.saleDetection.record({
      accountId: ctx.accountId,
      marketplace: 'shopify',
      externalOrderId: 'gid://shopify/Order/1',
      item: { listedID: 'gid://shopify/Product/1' },
      quantity: 1,
      source: 'webhook',
    });
    expect(recorded.status).toBe('recorded');
    const queued = await rows<{ marketplace: string; job_id: string | null }>(
      container,
      sql`SELECT marketplace, job_id FROM listing_operations
          WHERE item_id = ${item.itemID} AND status = 'queued' ORDER BY marketplace`,
    );
    expect(queued.map((q) => q.marketplace)).toEqual([...OTHERS]);
    expect(queued.every((q) => q.job_id)).toBe(true);
    await container.close();
    expect(firstDelisted).toEqual([]);

    // 2. A new process on the same database works the queue: both delists happen, once each.
    const delisted: string[] = [];
    container = await open(delisted);
    cleanups.push(() => container.close());
    await container.queue.work();
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [state] = await rows<{ ebay: string; etsy: string; shopify: string }>(
        container,
        sql`SELECT listings->'ebay'->>'status' AS ebay, listings->'etsy'->>'status' AS etsy,
                   listings->'shopify'->>'status' AS shopify
            FROM items WHERE id = ${item.itemID}`,
      );
      if (state!.ebay === 'delisted' && state!.etsy === 'delisted') {
        expect(state!.shopify).toBe('sold');
        break;
      }
      if (Date.now() > deadline) throw new Error(`not delisted in time: ${JSON.stringify(state)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(delisted.sort()).toEqual(['ebay:EBAY-1', 'etsy:ETSY-1']);
  });
});
