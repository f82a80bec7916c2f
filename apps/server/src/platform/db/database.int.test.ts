import { describe, expect, it } from 'vitest';
import * as schema from '../../schema';
import { migrateDatabase, openDatabase } from './database';
import {
  createPostgresDatabase,
  createTestDatabase,
  testDatabaseKind,
} from '../../../test/database';

/** Whether a promise settled within `ms` (true/false), without awaiting it further. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, ms));
  return settled;
}

describe(`the job queue's SQL executor after the database closed (${testDatabaseKind()})`, () => {
  it('answers a late job outcome never, rather than rows pg-boss cannot read', async () => {
    const { database, dispose } = await createTestDatabase();
    await expect(database.executor.executeSql('select 1 as count')).resolves.toEqual({
      rows: [{ count: 1 }],
    });
    await dispose();
    // pg-boss reads rows[0].count of a completion it records; a stopped server's late
    // completion must neither answer empty rows (a TypeError, unhandled) nor reject (unhandled).
    const late = database.executor.executeSql('select $1::int as count', [0]);
    expect(await settlesWithin(late, 200)).toBe(false);
  });
});

describe.skipIf(testDatabaseKind() !== 'postgres')(
  'processes starting together on one empty database (Postgres)',
  () => {
    it('migrate one after another, and all of them start', async () => {
      const empty = await createPostgresDatabase({ empty: true });
      const databases = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: empty.url }, schema)),
      );
      try {
        await Promise.all(databases.map((database) => migrateDatabase(database)));
        const { rows } = await databases[0]!.executor.executeSql(
          'select count(*)::int as n from drizzle.__drizzle_migrations',
        );
        const journal = (await import('../../../drizzle/meta/_journal.json')).default;
        expect(rows).toEqual([{ n: journal.entries.length }]);
      } finally {
        await Promise.all(databases.map((database) => database.close()));
        await empty.drop();
      }
    });
  },
);
