import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ItemCreateSchema } from '@listloop/domain';
import { createContainer, type Container } from '../../container';
import { loadConfig } from '../../platform/config';
import type { RequestContext } from '../../platform/http/request-context';
import { createAccount, memberContext, type AccountFixture } from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { jobIdOf } from './listing.messages';
import { connectStandIn, standInConnector } from '../../../test/stand-in-connector';
import { waitFor, waitUntil } from '../../../test/wait';
import { COMPLETE_DETAILS } from '../items/item.test-fixtures';

const MARKETPLACE = 'sellwild';

/**
 * A process that stops while a marketplace call hangs: its queue stops fetching and fails the
 * job back to the queue at the deadline, and the listing operation it held is queued again at
 * once, without waiting for its lease (two minutes) to run out. Another process on the same
 * database then carries it out, once.
 */
describe('a listing operation held at shutdown', () => {
  let server: TestServer;
  let account: AccountFixture;
  let ctx: RequestContext;
  let other: Container | null = null;
  let dataDir = '';
  let publishing: () => void = () => undefined;
  const published = new Promise<void>((resolve) => (publishing = resolve));

  beforeAll(async () => {
    server = await startTestServer();
    account = await createAccount(server);
    const { container } = server;
    ctx = await memberContext(
      container,
      { userId: account.userId, email: account.email, name: 'Ada Seller' },
      'shutdown-test',
    );
    // This process's marketplace call never returns: a hung connection at shutdown.
    container.connectors.register(
      standInConnector(MARKETPLACE, {
        publish: () => {
          publishing();
          return new Promise(() => undefined);
        },
      }),
    );
    await connectStandIn(container, ctx, MARKETPLACE);
  });
  afterAll(async () => {
    await other?.close();
    await server?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('is handed back at once and carried out by another process', async () => {
    const { container } = server;
    const item = await container.services.items.create(
      ctx,
      ItemCreateSchema.parse({ generalDetails: { ...COMPLETE_DETAILS, sku: 'STOP-1' } }),
    );
    const queued = await container.services.listings.queue(ctx, item.itemID, {
      userId: account.userId,
      marketplace: MARKETPLACE,
      operation: 'list',
    });
    const operationId = queued.operation.operationId;
    await published;
    const operation = async () =>
      (
        await queryRows<{ status: string; lease_owner: string | null; job_id: string | null }>(
          server,
          sql`SELECT status, lease_owner, job_id FROM listing_operations WHERE id = ${operationId}`,
        )
      )[0]!;
    expect(await operation()).toMatchObject({ status: 'running' });

    // SIGTERM's job half: stop fetching, wait (1 s here), fail the job back, hand the lease back.
    await container.queue.stop({ timeoutMs: 1000 });
    expect(await container.services.listings.releaseHeld()).toBe(1);
    const released = await operation();
    expect(released).toMatchObject({ status: 'queued', lease_owner: null });
    const job = await queryRows<{ state: string }>(
      server,
      sql`SELECT state::text FROM pgboss.job WHERE id = ${released.job_id ?? jobIdOf(operationId)}`,
    );
    expect(job).toEqual([{ state: 'retry' }]);

    // Another process on the same database: its worker takes the retry, with no lease to wait.
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'listloop-shutdown-'));
    other = await createContainer(
      loadConfig(
        {
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATA_DIR: dataDir,
          SEED_DEMO: 'false',
          MARKETPLACES: 'live',
          AUTH_SECRET: 'x'.repeat(40),
        },
        [],
      ),
      {
        database: container.database,
        logger: pino({ level: 'silent' }),
        queue: { pollingIntervalSeconds: 0.5, schedule: false },
      },
    );
    let publishes = 0;
    other.connectors.register(
      standInConnector(MARKETPLACE, {
        publish: async () => {
          publishes += 1;
          return { listedID: 'SW-STOP-1' };
        },
      }),
    );
    await other.queue.start();
    await other.queue.work();
    const listing = await waitFor(
      async () =>
        (await other!.repositories.items.find(account.accountId, account.userId, item.itemID))
          ?.listings[MARKETPLACE] as { status: string; listedID?: string } | undefined,
      (current) => current?.status === 'listed',
      20_000,
    );
    expect(listing).toMatchObject({ status: 'listed', listedID: 'SW-STOP-1' });
    expect(publishes).toBe(1);
    await waitUntil(async () => (await operation()).status === 'succeeded', 5000);
  });
});
