import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { ItemCreateSchema } from '@listloop/domain';
import { createContainer, type Container } from '../../container';
import { loadConfig } from '../../platform/config';
import { createPostgresDatabase, testDatabaseKind } from '../../../test/database';
import { COMPLETE_DETAILS } from '../items/item.test-fixtures';
import { createSellerIn } from '../../../test/fixtures';
import { connectStandIn, standInConnector } from '../../../test/stand-in-connector';
import type { Connector } from '../../connectors/contract';
import { listingJobLookup } from './listing.jobs';

const WORKER_SCRIPT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test/stalling-worker.ts',
);
const MARKETPLACE = 'sellwild';
const LEASE_SECONDS = 5;

async function rows<T>(container: Container, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await container.database.db.execute(query)) as { rows: T[] }).rows;
}

/**
 * A worker killed mid-job (process exit) leaves the operation to be retried, not
 * lost. A real worker process takes a listing job and is killed with SIGKILL while the
 * marketplace call is in flight; a new process finds the operation after its lease ran out,
 * sends it again, and it is carried out once. On PGlite the database directory is the one the
 * killed process had open, so this also shows the embedded database survives the kill.
 */
describe('a worker killed mid-job', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function environment(): Promise<Record<string, string>> {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'listloop-crash-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      PORT: '0',
      LISTING_LEASE_SECONDS: String(LEASE_SECONDS),
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    };
    if (testDatabaseKind() === 'postgres') {
      const database = await createPostgresDatabase();
      cleanups.push(() => database.drop());
      env.DATABASE_URL = database.url;
    }
    return env;
  }

  const open = (env: Record<string, string>) =>
    createContainer(loadConfig(env, []), {
      logger: pino({ level: 'silent' }),
      queue: { pollingIntervalSeconds: 0.5, schedule: false },
    });

  it('is sent again after its lease runs out, and listed once', async () => {
    const env = await environment();

    // 1. A seller queues an item; no worker runs in this process.
    let container = await open(env);
    await container.queue.start();
    const seller = await createSellerIn(container, {
      companyName: 'Crash Test Vintage',
      emailPrefix: 'crash',
    });
    const { ctx } = seller;
    const item = await container.services.items.create(
      ctx,
      ItemCreateSchema.parse({ generalDetails: { ...COMPLETE_DETAILS, sku: 'CRASH-1' } }),
    );
    container.connectors.register(standInConnector(MARKETPLACE));
    await connectStandIn(container, ctx, MARKETPLACE);
    const queued = await container.services.listings.queue(ctx, item.itemID, {
      userId: seller.userId,
      marketplace: MARKETPLACE,
      operation: 'list',
    });
    const operationId = queued.operation.operationId;
    await container.close();

    // 2. A worker process takes the job and is killed while the marketplace call is in flight.
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER_SCRIPT], {
      env: { ...process.env, ...env, STALL_MARKETPLACE: MARKETPLACE },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`worker did not start: ${stderr}`)), 45_000);
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes(`publishing ${item.itemID}`)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`worker exited (${code}) before publishing: ${stderr}`));
      });
    });
    child.kill('SIGKILL');
    await exited;

    // 3. A new process: the operation is still running under the dead worker's lease.
    container = await open(env);
    cleanups.push(() => container.close());
    let publishes = 0;
    const connector: Connector = {
      marketplace: MARKETPLACE,
      build: async () => ({}),
      validate: async () => [],
      publish: async () => {
        publishes += 1;
        return { listedID: 'SW-CRASH-1', listingURL: 'https://sellwild.example/CRASH-1' };
      },
      update: async () => ({}),
      delist: async () => undefined,
      updateQuantity: async () => undefined,
      fetchOrders: async () => [],
    };
    container.connectors.register(connector);
    await container.queue.start();
    await container.queue.work();

    const [before] = await rows<{ status: string; lease_owner: string | null; attempts: number }>(
      container,
      sql`SELECT status, lease_owner, attempts FROM listing_operations WHERE id = ${operationId}`,
    );
    expect(before).toMatchObject({ status: 'running', attempts: 1 });
    expect(before!.lease_owner).toBeTruthy();

    const jobState = listingJobLookup(container.queue);
    // While the lease is live nothing is sent again: the worker might only be slow.
    expect(await container.services.listings.sweep(jobState, container.logger)).toEqual({
      resent: 0,
      failed: 0,
    });
    await new Promise((resolve) => setTimeout(resolve, LEASE_SECONDS * 1000 + 500));
    expect(await container.services.listings.sweep(jobState, container.logger)).toEqual({
      resent: 1,
      failed: 0,
    });

    const deadline = Date.now() + 20_000;
    let listing: Record<string, unknown> | undefined;
    while (Date.now() < deadline) {
      const row = await container.repositories.items.find(
        seller.accountId,
        seller.userId,
        item.itemID,
      );
      listing = row?.listings[MARKETPLACE] as Record<string, unknown> | undefined;
      if (listing?.status !== 'queued') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(listing).toMatchObject({ status: 'listed', listedID: 'SW-CRASH-1' });
    expect(publishes).toBe(1);
    const [after] = await rows<{ status: string; attempts: number }>(
      container,
      sql`SELECT status, attempts FROM listing_operations WHERE id = ${operationId}`,
    );
    expect(after).toEqual({ status: 'succeeded', attempts: 2 });
    const history = await rows<{ event: string; by: string }>(
      container,
      sql`SELECT event, by FROM listing_events WHERE item_id = ${item.itemID} ORDER BY at, id`,
    );
    expect(history).toEqual([
      { event: 'queue_list', by: seller.userId },
      { event: 'listed', by: `connector:${MARKETPLACE}` },
    ]);
  }, 90_000);
});
