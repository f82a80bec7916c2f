import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import pino from 'pino';
import { createContainer, type Container } from '../src/container';
import { loadConfig } from '../src/platform/config';
import { createTestDatabase, type TestDatabase } from './database';

/**
 * Server processes one after another on one fresh test database, for the tests of what
 * survives a stop: each `open` is a new container (as a restarted server builds it) with its
 * queue started and no worker yet, so a test decides when work begins. `dispose` closes what is
 * still open and drops the database.
 */
export function restartableContainers(options: { env?: Record<string, string> } = {}) {
  let testDb: Promise<TestDatabase> | null = null;
  const cleanups: (() => Promise<void>)[] = [];
  return {
    async open(register?: (container: Container) => void): Promise<Container> {
      testDb ??= createTestDatabase();
      const { database } = await testDb;
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'listloop-restart-'));
      cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      const config = loadConfig(
        {
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATA_DIR: dataDir,
          SEED_DEMO: 'false',
          PORT: '0',
          MARKETPLACES: 'live',
          WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
          ...options.env,
        },
        [],
      );
      const container = await createContainer(config, {
        database,
        logger: pino({ level: 'silent' }),
        queue: { pollingIntervalSeconds: 0.5, schedule: false },
      });
      register?.(container);
      await container.queue.start();
      // Closing twice is harmless: a test may stop a process itself, as a crash would.
      cleanups.push(() => container.close());
      return container;
    },
    async dispose(): Promise<void> {
      for (const cleanup of cleanups.reverse()) await cleanup();
      if (testDb) await (await testDb).dispose();
    },
  };
}

/** Rows of a raw SQL query on a container's database. */
export async function rowsIn<T>(container: Container, query: SQL): Promise<T[]> {
  return ((await container.database.db.execute(query)) as { rows: T[] }).rows;
}
