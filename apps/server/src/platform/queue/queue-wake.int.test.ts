import pg from 'pg';
import pino from 'pino';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../schema';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database';
import { waitUntil } from '../../../test/wait';
import { LISTENER_APPLICATION_NAME, openDatabase, type Database } from '../db/database';
import { defineJob } from './job';
import { Queue } from './queue';

/** Long enough that a job started within a second was woken, not found by a poll. */
const POLL_SECONDS = 30;

/**
 * Two processes on one Postgres, as the API and a worker run when deployed apart: each its own
 * pool and queue in this test. A job the API sends starts in the worker at once (NOTIFY on
 * `listloop_jobs`, decision 0064), not at the worker's next poll.
 */
describe.skipIf(testDatabaseKind() !== 'postgres')(
  'a job sent in one process wakes a worker in another (Postgres: one process is all PGlite has)',
  () => {
    let testDb: TestDatabase;
    let databaseUrl: string;
    let workerDb: Database;
    let api: Queue;
    let worker: Queue;
    const started = new Map<string, number>();
    const job = defineJob({
      name: 'test.wake',
      schema: z.object({ key: z.string() }).strict(),
      retryLimit: 0,
      concurrency: 2,
      handler: async ({ key }) => {
        started.set(key, performance.now());
      },
    });
    const logger = pino({ level: 'silent' });

    beforeAll(async () => {
      testDb = await createTestDatabase();
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      const name = (
        (await testDb.database.executor.executeSql('SELECT current_database() AS name'))
          .rows[0] as {
          name: string;
        }
      ).name;
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      workerDb = await openDatabase({ kind: 'postgres', url: databaseUrl }, schema);
      const options = { pollingIntervalSeconds: POLL_SECONDS, schedule: false };
      api = new Queue(testDb.database, logger, options);
      worker = new Queue(workerDb, logger, options);
      api.register([job]);
      worker.register([job]);
      await api.start();
      await worker.start();
      await worker.work();
      // Each worker polls once as it starts; past that, only a wake-up starts a job early.
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    afterAll(async () => {
      await worker?.stop();
      await api?.stop();
      await workerDb?.close();
      await testDb?.dispose();
    });

    it('starts each job well within the poll interval', async () => {
      const delays: number[] = [];
      for (let n = 0; n < 20; n += 1) {
        const key = `direct-${n}`;
        const sentAt = performance.now();
        await api.send(job, { key });
        await waitUntil(async () => started.has(key), 5_000, 5);
        delays.push(started.get(key)! - sentAt);
        // Idle again between jobs: each one must be woken, never found by a fetch already due.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(Math.max(...delays)).toBeLessThan(1000);
    });

    it('listens again when its listening connection is lost', async () => {
      const terminated = await testDb.database.executor.executeSql(
        `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
         WHERE application_name = $1 AND datname = current_database()`,
        [LISTENER_APPLICATION_NAME],
      );
      // The worker's, the one process here that works jobs.
      expect(terminated.rows).toEqual([{ done: true }]);
      // The listener connects again a second later; a job sent meanwhile waits for a poll.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const sentAt = performance.now();
      await api.send(job, { key: 'after-reconnect' });
      await waitUntil(async () => started.has('after-reconnect'), 5_000, 5);
      expect(started.get('after-reconnect')! - sentAt).toBeLessThan(1000);
    });

    it('wakes nobody before the transaction that sent the job commits', async () => {
      const tx = new pg.Client({ connectionString: databaseUrl });
      await tx.connect();
      try {
        await tx.query('BEGIN');
        const db = {
          executeSql: async (text: string, values?: unknown[]) => ({
            rows: (await tx.query(text, values)).rows as unknown[],
          }),
        };
        await api.send(job, { key: 'in-transaction' }, { db });
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(started.has('in-transaction')).toBe(false);
        const committedAt = performance.now();
        await tx.query('COMMIT');
        await waitUntil(async () => started.has('in-transaction'), 5_000, 5);
        expect(started.get('in-transaction')! - committedAt).toBeLessThan(1000);
      } finally {
        await tx.end();
      }
    });
  },
);
