import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database';
import { PreparingClient, statementName } from './preparing-client';

/** The statements this connection has prepared, by name. */
async function preparedOn(client: PreparingClient): Promise<Map<string, string>> {
  const { rows } = await client.query<{ name: string; statement: string }>(
    'SELECT name, statement FROM pg_prepared_statements',
  );
  return new Map(rows.map((row) => [row.name, row.statement]));
}

describe.skipIf(testDatabaseKind() !== 'postgres')(
  'statements with parameters are prepared once per connection (Postgres)',
  () => {
    let testDb: TestDatabase;
    let url: string;
    const clients: PreparingClient[] = [];
    const connect = async (preparedLimit?: number) => {
      const client = new PreparingClient({
        connectionString: url,
        ...(preparedLimit === undefined ? {} : { preparedLimit }),
      });
      await client.connect();
      clients.push(client);
      return client;
    };

    beforeAll(async () => {
      testDb = await createTestDatabase();
      const found = new URL(process.env.TEST_DATABASE_URL ?? '');
      const { rows } = await testDb.database.executor.executeSql(
        'SELECT current_database() AS name',
      );
      found.pathname = `/${(rows[0] as { name: string }).name}`;
      url = found.toString();
    });
    afterAll(async () => {
      for (const client of clients) await client.end();
      await testDb?.dispose();
    });

    it('prepares a statement with parameters under its text’s name, and reuses it', async () => {
      const client = await connect();
      const text = 'SELECT $1::int + 1 AS next';
      for (const n of [1, 2, 3]) {
        const { rows } = await client.query<{ next: number }>(text, [n]);
        expect(rows).toEqual([{ next: n + 1 }]);
      }
      const { rows } = await client.query<{ next: number }>({ text, values: [41] });
      expect(rows).toEqual([{ next: 42 }]);
      const prepared = await preparedOn(client);
      expect(prepared.get(statementName(text))).toBe(text);
      expect(prepared.size).toBe(1);
    });

    it('runs statements without parameters as they are: several in one text still work', async () => {
      const client = await connect();
      await client.query('LISTEN a_channel; LISTEN another_channel');
      await client.query('BEGIN');
      await client.query('COMMIT');
      expect((await preparedOn(client)).size).toBe(0);
    });

    it('keeps a statement that failed to parse from breaking the next good one', async () => {
      const client = await connect();
      await expect(client.query('SELECT nothing_here($1)', [1])).rejects.toThrow(/nothing_here/);
      const { rows } = await client.query<{ n: number }>('SELECT $1::int AS n', [7]);
      expect(rows).toEqual([{ n: 7 }]);
    });

    it('prepares no more than its limit; past it statements still answer, unnamed', async () => {
      const client = await connect(2);
      for (const n of [1, 2, 3, 4]) {
        const { rows } = await client.query<{ n: number }>(`SELECT $1::int * ${n} AS n`, [n]);
        expect(rows).toEqual([{ n: n * n }]);
      }
      // The two first texts stay prepared and are used again.
      await client.query('SELECT $1::int * 1 AS n', [5]);
      const prepared = await preparedOn(client);
      expect([...prepared.keys()].sort()).toEqual(
        [statementName('SELECT $1::int * 1 AS n'), statementName('SELECT $1::int * 2 AS n')].sort(),
      );
    });
  },
);
