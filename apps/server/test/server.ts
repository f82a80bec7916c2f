import type { SQL } from 'drizzle-orm';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../src/platform/config';
import type { RouteInfo } from '../src/platform/http/app';
import { buildServerApp } from '../src/routes';
import { createContainer, type Container, type ContainerOptions } from '../src/container';
import type { Database } from '../src/platform/db/database';
import { createTestDatabase, type TestDatabaseKind } from './database';

export interface TestServer {
  baseUrl: string;
  container: Container;
  routes: RouteInfo[];
  databaseKind: TestDatabaseKind;
  close(): Promise<void>;
}

/**
 * Boots the real server (every plugin, hook and route) on a random port against a fresh
 * database. `env` overrides configuration as the environment would.
 */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    work?: boolean;
    /**
     * Which database, when not the one the test project names (the benchmark chooses its own).
     * `configured`: the one the configuration names (DATABASE_URL, or PGlite in DATA_DIR), opened
     * by the server as in production and left in place at close: servers sharing a database,
     * or starting on a restored one. `open`: a database the test opened itself and closes.
     */
    database?:
      | { kind: 'pglite' }
      | { kind: 'postgres'; adminUrl: string }
      | { kind: 'configured' }
      | { kind: 'open'; database: Database };
    /** Where the container's spans go (the tracing tests' in-memory exporter). */
    spanExporter?: ContainerOptions['spanExporter'];
    /** The logger of the container and of the HTTP server (a test that reads the logs). */
    logger?: pino.Logger;
  } = {},
): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'listloop-test-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      PORT: '0',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      // The real marketplaces with no app keys: nothing is connected unless a test says so
      // (MARKETPLACES=sandbox, or keys of its own).
      MARKETPLACES: 'live',
      ...options.env,
    },
    [],
  );
  const testDb =
    options.database?.kind === 'configured' || options.database?.kind === 'open'
      ? null
      : options.database
        ? await createTestDatabase(
            options.database.kind,
            options.database.kind === 'postgres' ? options.database.adminUrl : undefined,
          )
        : await createTestDatabase();
  const logger = options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const container = await createContainer(config, {
    ...(testDb ? { database: testDb.database } : {}),
    ...(options.database?.kind === 'open' ? { database: options.database.database } : {}),
    logger,
    queue: { pollingIntervalSeconds: 0.5, schedule: false },
    ...(options.spanExporter ? { spanExporter: options.spanExporter } : {}),
  });
  await container.queue.start();
  if (options.work !== false) await container.queue.work();
  const { app, routes } = await buildServerApp(
    container,
    options.logger ? { loggerInstance: options.logger } : { logger: false },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    container,
    routes,
    databaseKind: container.database.kind,
    async close() {
      await app.close();
      await container.close();
      await testDb?.dispose();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Rows of a raw SQL query on the test server's database (both drivers answer `{ rows }`). */
export async function queryRows<T>(server: TestServer, query: SQL): Promise<T[]> {
  const result = (await server.container.database.db.execute(query)) as { rows: T[] };
  return result.rows;
}
