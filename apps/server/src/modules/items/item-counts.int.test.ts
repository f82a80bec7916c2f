import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestClient } from '../../../test/client';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { startTestServer, type TestServer } from '../../../test/server';
import { COMPLETE_DETAILS } from './item.test-fixtures';

const ITEMS = '/api/account/item';

/**
 * The inventory total comes from counters the item triggers keep. Whatever writes items (one
 * save, a bulk edit, an import, a delete, many saves at once, an account going away), the
 * counters must equal a count of the rows.
 */
describe('kept item counts', () => {
  let server: TestServer;
  let account: AccountFixture;
  let client: TestClient;

  const counted = async () => {
    const rows = await server.container.database.db.execute(sql`
      SELECT account_id, user_id, status::text AS status, count(*)::int AS n
      FROM items GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
    return (rows as unknown as { rows: unknown[] }).rows;
  };
  const kept = async () => {
    const rows = await server.container.database.db.execute(sql`
      SELECT account_id, user_id, status::text AS status, n::int AS n
      FROM item_counts ORDER BY 1, 2, 3`);
    return (rows as unknown as { rows: unknown[] }).rows;
  };
  const total = async (query = '') => {
    const response = await client.get(`${ITEMS}?limit=1${query}`);
    expect(response.status, response.text).toBe(200);
    const { total: n, totalCapped } = response.body as { total: number; totalCapped: boolean };
    return { total: n, totalCapped };
  };

  beforeAll(async () => {
    server = await startTestServer();
    account = await createAccount(server);
    client = await signIn(server, account);
  });
  afterAll(() => server.close());

  it('follow saves, status changes, bulk edits and deletes', async () => {
    expect(await total()).toEqual({ total: 0, totalCapped: false });

    const complete = await client.post(ITEMS, {
      generalDetails: { ...COMPLETE_DETAILS, sku: 'COUNT-1' },
    });
    const draft = await client.post(ITEMS, { generalDetails: { title: 'A draft' } });
    const other = await client.post(ITEMS, { generalDetails: { title: 'Another draft' } });
    for (const response of [complete, draft, other]) expect(response.status).toBe(201);
    expect(await total()).toEqual({ total: 3, totalCapped: false });
    expect((await total('&status=inProgress')).total).toBe(2);
    expect(await kept()).toEqual(await counted());

    // A draft completed moves from one counter to the other.
    const draftId = draft.body.item.itemID as string;
    const saved = await client.put(`${ITEMS}/${account.userId}/${draftId}/general-details`, {
      generalDetails: { ...COMPLETE_DETAILS, title: 'A draft, finished', sku: 'COUNT-2' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect((await total('&status=inProgress')).total).toBe(1);
    expect((await total('&status=complete')).total).toBe(2);

    // A bulk edit that changes no status moves nothing.
    const bulk = await client.patch(`${ITEMS}/${account.userId}/bulk-items`, {
      itemIds: [complete.body.item.itemID, draftId],
      changes: { price: 42, addLabels: ['counted'] },
    });
    expect(bulk.status, bulk.text).toBe(200);
    expect(await kept()).toEqual(await counted());

    const removed = await client.delete(
      `${ITEMS}/${account.userId}/${other.body.item.itemID as string}`,
    );
    expect(removed.status).toBe(204);
    expect(await total()).toEqual({ total: 2, totalCapped: false });
    expect(await kept()).toEqual(await counted());
  });

  it('stay exact when many saves arrive at once', async () => {
    const before = (await total()).total;
    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        client.post(ITEMS, {
          generalDetails:
            i % 2 === 0
              ? { ...COMPLETE_DETAILS, sku: `BURST-${i}` }
              : { title: `Burst draft ${i}`, sku: `BURST-${i}` },
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 201));
    expect((await total()).total).toBe(before + 24);
    expect(await kept()).toEqual(await counted());
  });

  it('follow a set-based insert and are emptied with the account', async () => {
    const other = await createAccount(server);
    const { seedBenchItems } = await import('../../../bench/seed-items');
    await seedBenchItems(server.container.database, other, 700);
    expect(await kept()).toEqual(await counted());

    await server.container.database.db.execute(
      sql`DELETE FROM accounts WHERE account_id = ${other.accountId}`,
    );
    const left = (await kept()) as { account_id: string }[];
    expect(left.some((row) => row.account_id === other.accountId)).toBe(false);
    expect(await kept()).toEqual(await counted());
  });
});
