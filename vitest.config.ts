import { defineConfig } from 'vitest/config';

const integrationDatabases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

/**
 * unit: pure code of every workspace, no server.
 * integration-<db>: the real server on a random port against a fresh database; the same
 * files run once on PGlite and, when TEST_DATABASE_URL is set, once on Postgres.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          // Files share a worker's modules, as the integration files do: re-importing each
          // file's module graph cost three times the tests' own time (decision 0038). What a
          // test stubs is put back after it, so the next file in the worker never sees it.
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
          restoreMocks: true,
          sequence: { groupOrder: 0 },
        },
      },
      ...integrationDatabases.map((db, index) => ({
        test: {
          name: `integration-${db}`,
          include: ['apps/server/src/**/*.int.test.ts', 'apps/server/test/**/*.int.test.ts'],
          environment: 'node',
          env: { LISTLOOP_TEST_DB: db },
          // Postgres: one migrated template per run, copied per test server (see the file).
          ...(db === 'postgres'
            ? { globalSetup: ['apps/server/test/postgres-template.global.ts'] }
            : {}),
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file boots its own server and database; two at a time fit two cores.
          maxWorkers: 2,
          // Files share a worker's modules: every file builds its own container, server and
          // database, so nothing a test sees lives at module level, and loading the server's
          // module graph once per worker instead of once per file saves about 4 s a file.
          isolate: false,
          // Projects with their own worker counts run one group after another.
          sequence: { groupOrder: index + 1 },
        },
      })),
    ],
  },
});
