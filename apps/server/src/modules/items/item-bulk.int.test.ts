import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { ITEM_CSV_COLUMNS, labelLimitMessage } from '@listloop/domain';
import type { TestClient } from '../../../test/client';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { COMPLETE_DETAILS } from './item.test-fixtures';

const ITEMS = '/api/account/item';
const REST = '/api/rest/v1/item';

interface Item {
  itemID: string;
  userID: string;
  status: string;
  labels: string[];
  completeness: string[];
  dateLastModified: number;
  generalDetails: Record<string, unknown> & { sku: string; weight: unknown; price: number | null };
}

describe('bulk and by-SKU changes, CSV export', () => {
  let server: TestServer;
  let account: AccountFixture;
  let client: TestClient;

  const create = async (body: Record<string, unknown>): Promise<Item> => {
    const response = await client.post(ITEMS, body);
    expect(response.status, response.text).toBe(201);
    return response.body.item;
  };
  const read = async (item: Item): Promise<Item> =>
    (await client.get(`${ITEMS}/${item.userID}/${item.itemID}`)).body.item;

  beforeAll(async () => {
    server = await startTestServer();
    account = await createAccount(server);
    client = await signIn(server, account);
  });
  afterAll(() => server.close());

  describe('bulk-items', () => {
    it('changes every item named, recomputing each one’s completeness', async () => {
      const a = await create({
        generalDetails: { ...COMPLETE_DETAILS, price: null, sku: 'B-1' },
        labels: ['keep', 'drop me'],
      });
      const b = await create({ generalDetails: { title: 'Draft', sku: 'B-2' }, labels: ['keep'] });
      const response = await client.patch(`${ITEMS}/${account.userId}/bulk-items`, {
        itemIds: [a.itemID, b.itemID, 'x'.repeat(24)],
        changes: {
          price: 19.99,
          quantity: 3,
          condition: 'like_new',
          brand: 'Acme',
          category: 'Home',
          location: 'Shelf 2',
          weight: { pounds: 2, ounces: 0 },
          addLabels: ['Bulk'],
          removeLabels: ['DROP ME'],
        },
      });
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({
        updated: 2,
        failed: [{ itemId: 'x'.repeat(24), message: 'No such item.' }],
      });
      const [after, afterB] = [await read(a), await read(b)];
      expect(after.status).toBe('complete');
      expect(after.generalDetails).toMatchObject({
        price: 19.99,
        quantity: 3,
        condition: 'like_new',
        brand: 'Acme',
        category: 'Home',
        location: 'Shelf 2',
        weight: { pounds: 2, ounces: 0 },
        title: COMPLETE_DETAILS.title,
      });
      expect(after.labels).toEqual(['keep', 'Bulk']);
      expect(after.dateLastModified).toBeGreaterThanOrEqual(a.dateLastModified);
      expect(afterB.status).toBe('inProgress');
      expect(afterB.completeness).toEqual(['Missing Images', 'Missing Description']);
      const [row] = await queryRows<{ search_text: string }>(
        server,
        sql`select search_text from items where id = ${a.itemID}`,
      );
      expect(row?.search_text).toContain('acme');
      expect(row?.search_text).toContain('bulk');
      expect(row?.search_text).not.toContain('drop me');
    });

    it('leaves an item that would pass 20 labels as it is and says why', async () => {
      const full = await create({ labels: Array.from({ length: 20 }, (_, i) => `full ${i}`) });
      const roomy = await create({ labels: [] });
      const response = await client.patch(`${ITEMS}/${account.userId}/bulk-items`, {
        itemIds: [full.itemID, roomy.itemID],
        changes: { addLabels: ['one more'] },
      });
      expect(response.body).toEqual({
        updated: 1,
        failed: [{ itemId: full.itemID, message: labelLimitMessage(20) }],
      });
      expect((await read(full)).labels).toHaveLength(20);
      expect((await read(roomy)).labels).toEqual(['one more']);
    });

    it('updates 1,000 items in one request', async () => {
      const { db } = server.container.database;
      await db.execute(sql`
        INSERT INTO items (id, account_id, user_id, date_created, date_last_modified, general_details)
        SELECT 'bulk' || lpad(g::text, 20, '0'), ${account.accountId}, ${account.userId}, 1, 1,
               jsonb_build_object('title', 'Bulk ' || g, 'sku', 'BULK-' || g)
        FROM generate_series(1, 1000) AS g`);
      const ids = Array.from({ length: 1000 }, (_, i) => `bulk${String(i + 1).padStart(20, '0')}`);
      const started = Date.now();
      const response = await client.patch(`${ITEMS}/${account.userId}/bulk-items`, {
        itemIds: ids,
        changes: { price: 42, addLabels: ['bulk-edited'] },
      });
      const elapsed = Date.now() - started;
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({ updated: 1000, failed: [] });
      if (server.databaseKind === 'postgres') expect(elapsed).toBeLessThan(2000);
      const [count] = await queryRows<{ n: number }>(
        server,
        sql`select count(*)::int as n from items where labels @> ARRAY['bulk-edited']
            and price = 42 and search_text like '%bulk-edited%'`,
      );
      expect(count?.n).toBe(1000);
    });
  });

  describe('by SKU', () => {
    it('adds, replaces and removes labels on the items with the given SKUs', async () => {
      const one = await create({ generalDetails: { sku: 'LBL-1' }, labels: ['old'] });
      const two = await create({ generalDetails: { sku: 'LBL-2' } });
      const add = await client.patch(`${REST}/set-labels-by-sku-list`, {
        skus: ['LBL-1', 'LBL-2', 'NOPE'],
        labels: ['Sale', 'Old'],
      });
      expect(add.status, add.text).toBe(200);
      expect(add.body).toEqual({ updated: 2, notFound: ['NOPE'] });
      expect((await read(one)).labels).toEqual(['old', 'Sale']);
      expect((await read(two)).labels).toEqual(['Sale', 'old']);

      await client.patch(`${REST}/set-labels-by-sku-list`, {
        skus: ['LBL-1'],
        labels: ['fresh'],
        mode: 'replace',
      });
      expect((await read(one)).labels).toEqual(['fresh']);
      await client.patch(`${REST}/set-labels-by-sku-list`, {
        skus: ['LBL-2'],
        labels: ['SALE'],
        mode: 'remove',
      });
      expect((await read(two)).labels).toEqual(['old']);
    });

    it('refuses the whole request, naming the SKUs, when an item would pass 20 labels', async () => {
      const full = await create({
        generalDetails: { sku: 'FULL-1' },
        labels: Array.from({ length: 19 }, (_, i) => `many ${i}`),
      });
      const other = await create({ generalDetails: { sku: 'FINE-1' } });
      const response = await client.patch(`${REST}/set-labels-by-sku-list`, {
        skus: ['FULL-1', 'FINE-1'],
        labels: ['a1', 'a2'],
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toContain('FULL-1');
      expect(response.body.message).not.toContain('FINE-1');
      expect((await read(full)).labels).toHaveLength(19);
      expect((await read(other)).labels).toEqual([]);
      // Exactly 20 is fine.
      const twenty = await client.patch(`${REST}/set-labels-by-sku-list`, {
        skus: ['FULL-1'],
        labels: ['a1'],
      });
      expect(twenty.body).toEqual({ updated: 1, notFound: [] });
    });

    it('sets package weight and dimensions by SKU and by id', async () => {
      const bySku = await create({
        generalDetails: { ...COMPLETE_DETAILS, sku: 'PKG-1', weight: { pounds: 0, ounces: 0 } },
      });
      const byId = await create({ generalDetails: { sku: 'PKG-2' } });
      expect(bySku.status).toBe('inProgress');
      const response = await client.patch(`${REST}/set-package-dimensions-and-weight`, {
        skus: ['PKG-1', 'PKG-404'],
        itemIds: [byId.itemID],
        weight: { pounds: 1, ounces: 2 },
        dimensions: { length: 10, width: 8, height: 2 },
      });
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({ updated: 2, notFound: ['PKG-404'] });
      const after = await read(bySku);
      expect(after.status).toBe('complete');
      expect(after.generalDetails).toMatchObject({
        weight: { pounds: 1, ounces: 2 },
        dimensions: { length: 10, width: 8, height: 2 },
      });
      expect((await read(byId)).generalDetails.weight).toEqual({ pounds: 1, ounces: 2 });
      const neither = await client.patch(`${REST}/set-package-dimensions-and-weight`, {
        skus: ['PKG-1'],
      });
      expect(neither.status).toBe(400);
    });
  });

  describe('export', () => {
    it('streams the matching items as ListLoop CSV, every page', async () => {
      const exporter = await createAccount(server);
      const exporterClient = await signIn(server, exporter);
      const first = (
        await exporterClient.post(ITEMS, {
          generalDetails: {
            ...COMPLETE_DETAILS,
            sku: 'EXP-1',
            description: 'Line one\nline "two", with comma',
            dimensions: { length: 12, width: 10, height: 3 },
            costOfGoods: 8,
            size: 'M',
            primaryColor: 'Blue',
            location: 'Bin 4',
            notes: '=SUM(A1:A2)',
          },
          labels: ['Winter', 'denim'],
        })
      ).body.item;
      await server.container.database.db.execute(sql`
        INSERT INTO items (id, account_id, user_id, date_created, date_last_modified, general_details)
        SELECT 'export' || lpad(g::text, 18, '0'), ${exporter.accountId}, ${exporter.userId}, g, g,
               jsonb_build_object('title', 'Export ' || g, 'sku', 'EXP-BULK-' || g, 'price', g)
        FROM generate_series(1, 1203) AS g`);

      const response = await exporterClient.get(`${ITEMS}/export?sort=dateCreated:asc`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="listloop-items-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      // A BOM first, so spreadsheets read UTF-8 (fetch's text() drops it, so read the bytes).
      const raw = await fetch(`${server.baseUrl}${ITEMS}/export?q=exp-1`, {
        headers: { cookie: exporterClient.cookieHeader },
      });
      expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows = parse(response.text, { bom: true, columns: true }) as Record<string, string>[];
      expect(Object.keys(rows[0]!)).toEqual([...ITEM_CSV_COLUMNS]);
      expect(rows).toHaveLength(1204);
      expect(new Set(rows.map((r) => r.item_id)).size).toBe(1204);
      expect(rows.slice(0, 3).map((r) => r.title)).toEqual(['Export 1', 'Export 2', 'Export 3']);
      const mine = rows.find((r) => r.sku === 'EXP-1')!;
      expect(mine).toEqual({
        sku: 'EXP-1',
        title: COMPLETE_DETAILS.title,
        description: 'Line one\nline "two", with comma',
        brand: "Levi's",
        condition: 'good',
        price: '45',
        quantity: '1',
        cost_of_goods: '8',
        size: 'M',
        primary_color: 'Blue',
        category: COMPLETE_DETAILS.category,
        weight_lb: '1',
        weight_oz: '4',
        length_in: '12',
        width_in: '10',
        height_in: '3',
        location: 'Bin 4',
        notes: "'=SUM(A1:A2)",
        labels: 'Winter|denim',
        image_urls: 'https://images.example.test/1.jpg',
        item_id: first.itemID,
        status: 'complete',
        date_created: new Date(first.dateCreated).toISOString(),
      });

      const filtered = await exporterClient.get(`${ITEMS}/export?q=exp-1&label=denim`);
      const filteredRows = parse(filtered.text, { bom: true, columns: true });
      expect(filteredRows).toHaveLength(1);
      const empty = await exporterClient.get(`${ITEMS}/export?q=nothing-matches-this`);
      expect(empty.status).toBe(200);
      expect(parse(empty.text, { bom: true, columns: true })).toEqual([]);
    });
  });
});
