import crypto from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../src/platform/db/database';
import * as schema from '../src/schema';

export interface PostgresTemplate {
  /** A database with every migration applied, copied for each test server. */
  template: string;
  /** Every database this run creates starts with it, so the run can drop them all at its end. */
  prefix: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: PostgresTemplate | undefined;
  }
}

async function admin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Once per run of the Postgres integration tests: one migrated database to copy from, since
 * migrating each test's new database took 1–2 s, and the databases are dropped together at the
 * end, since each DROP DATABASE forces a checkpoint while the other tests are writing.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    project.provide('postgresTemplate', undefined);
    return;
  }
  const run = crypto.randomBytes(4).toString('hex');
  const template = `listloop_tpl_${run}`;
  const prefix = `listloop_t_${run}_`;
  await admin(adminUrl, (client) => client.query(`CREATE DATABASE ${template}`));
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() }, schema);
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  project.provide('postgresTemplate', { template, prefix });

  return async () => {
    await admin(adminUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
        [`${prefix}%`, template],
      );
      for (const { datname } of rows) {
        await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
    });
  };
}
