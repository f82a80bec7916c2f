import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import type { TestClient } from '../../../test/client';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { COMPLETE_DETAILS } from '../items/item.test-fixtures';

const IMPORT = '/api/rest/v1/enterprise/item-import';
const ITEMS = '/api/account/item';
const EBAY_FIXTURE = path.join(import.meta.dirname, 'fixtures', 'ebay-active-listings.csv');

interface Item {
  itemID: string;
  labels: string[];
  status: string;
  generalDetails: Record<string, unknown> & {
    sku: string;
    title: string;
    images: { url: string }[];
  };
  listings: Record<string, Record<string, unknown>>;
}

describe('CSV item import', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
  });
  afterAll(() => server.close());

  const newSeller = async (): Promise<{ account: AccountFixture; client: TestClient }> => {
    const account = await createAccount(server);
    return { account, client: await signIn(server, account) };
  };

  const upload = (client: TestClient, csv: string, fileName = 'items.csv') =>
    client.request('POST', `${IMPORT}/normalize?fileName=${encodeURIComponent(fileName)}`, {
      rawBody: csv,
      headers: { 'content-type': 'text/csv' },
    });

  /** Starts a previewed import and waits for the job to finish it. */
  const runImport = async (client: TestClient, importId: string) => {
    const started = await client.post(`${IMPORT}/${importId}/start`, {});
    expect(started.status, started.text).toBe(202);
    expect(['queued', 'running', 'done']).toContain(started.body.status);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const status = await client.get(`${IMPORT}/${importId}`);
      expect(status.status).toBe(200);
      if (status.body.status === 'done' || status.body.status === 'failed') return status.body;
      if (Date.now() > deadline) throw new Error(`import still ${status.body.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const allItems = async (client: TestClient): Promise<Item[]> => {
    const items: Item[] = [];
    let cursor: string | null = null;
    do {
      const response = await client.get(
        `${ITEMS}?limit=200&sort=dateCreated:asc${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      items.push(...response.body.items);
      cursor = response.body.nextCursor;
    } while (cursor);
    return items;
  };

  describe('eBay active listings report', () => {
    it('is recognised, mapped and previewed with its errors', async () => {
      const { client } = await newSeller();
      const csv = await fs.readFile(EBAY_FIXTURE, 'utf8');
      const preview = await upload(client, csv, 'eBay-all-active-listings.csv');
      expect(preview.status, preview.text).toBe(200);
      const body = preview.body;
      expect(body).toMatchObject({
        format: 'ebay',
        fileName: 'eBay-all-active-listings.csv',
        totalRows: 4,
        validRows: 3,
      });
      expect(body.importId).toMatch(/^[0-9A-Za-z]{24}$/);
      expect(body.columns).toEqual(
        expect.arrayContaining([
          { column: 'Item number', field: 'listings.ebay.listedID' },
          { column: 'Custom label (SKU)', field: 'generalDetails.sku' },
          { column: 'Available quantity', field: 'generalDetails.quantity' },
          { column: 'Current price', field: 'generalDetails.price' },
          { column: 'eBay category 1 name', field: 'generalDetails.category' },
          { column: 'Start price', field: null },
        ]),
      );
      expect(body.rows).toEqual([
        {
          row: 2,
          sku: 'LEV-501-3230',
          title: "Levi's 501 Jeans W32 L30 Blue",
          price: 39.99,
          action: 'create',
          errors: [],
        },
        {
          row: 3,
          sku: '',
          title: "Nike Air Max 90 Men's Size 10",
          price: 85,
          action: 'create',
          errors: [],
        },
        {
          row: 4,
          sku: 'COACH-77',
          title: 'Vintage Coach Leather Handbag, brown',
          price: 1250,
          action: 'create',
          errors: [],
        },
        {
          row: 5,
          sku: 'BOOKS-5',
          title: 'Lot of 5 paperbacks',
          price: 15,
          action: 'skip',
          errors: ['quantity: "lots" is not a whole number'],
        },
      ]);
      // The file is kept in storage, and nothing is imported before the start.
      const [stored] = await queryRows<{ storage_key: string; status: string }>(
        server,
        sql`select storage_key, status from item_imports where id = ${body.importId}`,
      );
      expect(stored?.status).toBe('previewed');
      expect(stored?.storage_key).toMatch(/^imports\/[0-9A-Za-z]{24}\/[0-9A-Za-z]{24}\.csv$/);
      expect(await server.container.storage.stat(stored!.storage_key)).not.toBeNull();
      expect((await allItems(client)).length).toBe(0);
    });

    it('imports the valid rows as items listed on eBay, and a second import updates them', async () => {
      const { client } = await newSeller();
      const csv = await fs.readFile(EBAY_FIXTURE, 'utf8');
      const first = await upload(client, csv);
      const done = await runImport(client, first.body.importId);
      expect(done).toMatchObject({
        status: 'done',
        totalRows: 4,
        processedRows: 4,
        createdItems: 3,
        updatedItems: 0,
        errorRows: [{ row: 5, messages: ['quantity: "lots" is not a whole number'] }],
        failureReason: null,
      });
      const items = await allItems(client);
      expect(items).toHaveLength(3);
      const levis = items.find((i) => i.generalDetails.sku === 'LEV-501-3230')!;
      expect(levis.generalDetails).toMatchObject({
        title: "Levi's 501 Jeans W32 L30 Blue",
        price: 39.99,
        quantity: 1,
        condition: 'good',
        category: 'Jeans',
      });
      expect(levis.listings.ebay).toMatchObject({ status: 'listed', listedID: '256123456789' });
      const nike = items.find((i) => i.generalDetails.title.startsWith('Nike'))!;
      expect(nike.generalDetails).toMatchObject({ quantity: 2, condition: 'new_without_tags' });

      const again = await upload(client, csv);
      expect(again.body.rows.map((r: { action: string }) => r.action)).toEqual([
        'update',
        'update',
        'update',
        'skip',
      ]);
      const second = await runImport(client, again.body.importId);
      expect(second).toMatchObject({ status: 'done', createdItems: 0, updatedItems: 3 });
      expect(await allItems(client)).toHaveLength(3);
    });
  });

  describe('ListLoop CSV', () => {
    const HEADER =
      'sku,title,description,brand,condition,price,quantity,weight_lb,weight_oz,category,labels';

    it('accepts a partial set of our columns, a BOM, odd header spelling and JSON', async () => {
      const { client } = await newSeller();
      const csv = `\uFEFFSKU, Title ,Price,Weight (lb),Labels\nA-1,First,10,1,one|two\nA-2,Second,,0,\n`;
      const preview = await upload(client, csv);
      expect(preview.status, preview.text).toBe(200);
      expect(preview.body).toMatchObject({ format: 'listloop', totalRows: 2, validRows: 2 });
      expect(preview.body.columns).toEqual([
        { column: 'SKU', field: 'generalDetails.sku' },
        { column: ' Title ', field: 'generalDetails.title' },
        { column: 'Price', field: 'generalDetails.price' },
        { column: 'Weight (lb)', field: 'generalDetails.weight.pounds' },
        { column: 'Labels', field: 'labels' },
      ]);
      const json = await client.post(`${IMPORT}/normalize`, {
        fileName: 'semi.csv',
        csv: 'sku;title\nS-1;Semi\n',
      });
      expect(json.status, json.text).toBe(200);
      expect(json.body).toMatchObject({ format: 'listloop', fileName: 'semi.csv', totalRows: 1 });
      expect(json.body.rows[0]).toMatchObject({ sku: 'S-1', title: 'Semi' });
    });

    it('refuses a file it cannot recognise, an empty one and one with no rows', async () => {
      const { client } = await newSeller();
      const unknown = await upload(client, 'name,age\nAda,36\n');
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toContain('not one we can import');
      expect((await upload(client, '')).status).toBe(400);
      const headerOnly = await upload(client, `${HEADER}\n`);
      expect(headerOnly.status).toBe(400);
      expect(headerOnly.body.message).toContain('no items');
      const broken = await upload(client, `${HEADER}\n"unclosed,quote\n`);
      expect(broken.status).toBe(400);
      expect(broken.body.message).toContain('could not be read');
      const wrongType = await client.request('POST', `${IMPORT}/normalize`, {
        rawBody: JSON.stringify('sku,title\n1,2'),
      });
      expect(wrongType.status).toBe(400);
    });

    it('skips rows with errors, imports the rest, and reports them by row', async () => {
      const { client } = await newSeller();
      const csv = [
        HEADER,
        'E-1,Good row,Fine,Acme,good,10,1,1,0,Home,',
        'E-2,Bad price,Fine,Acme,good,ten,1,1,0,Home,',
        `E-3,Bad label,Fine,Acme,good,10,1,1,0,Home,${'x'.repeat(21)}`,
        'E-4,Bad condition,Fine,Acme,mint,10,1,1,0,Home,',
        'E-5,,,,,,,,,,',
      ].join('\n');
      const preview = await upload(client, csv);
      expect(preview.body).toMatchObject({ totalRows: 5, validRows: 2 });
      const done = await runImport(client, preview.body.importId);
      expect(done.createdItems).toBe(2);
      expect(done.errorRows).toEqual([
        { row: 3, messages: ['price: "ten" is not a number'] },
        { row: 4, messages: ['labels: A label is at most 20 characters'] },
        { row: 5, messages: ['condition: "mint" is not a known condition'] },
      ]);
      const items = await allItems(client);
      expect(items.map((i) => i.generalDetails.sku).sort()).toEqual(['E-1', 'E-5']);
      expect(items.find((i) => i.generalDetails.sku === 'E-1')!.status).toBe('inProgress');
    });

    it('resumes after the rows already processed, and leaves a finished import alone', async () => {
      const { account, client } = await newSeller();
      const rows = Array.from(
        { length: 1200 },
        (_, i) => `R-${i},Resumed ${i},Desc,Acme,good,${i},1,0,8,Home,batch`,
      );
      const preview = await upload(client, [HEADER, ...rows].join('\n'));
      expect(preview.body.totalRows).toBe(1200);
      // As if a first run had finished one batch (of rows we then did not write) and stopped.
      await server.container.database.db.execute(
        sql`update item_imports set processed_rows = 500, status = 'failed' where id = ${preview.body.importId}`,
      );
      const done = await runImport(client, preview.body.importId);
      expect(done).toMatchObject({ status: 'done', processedRows: 1200, createdItems: 700 });
      const skus = (await allItems(client)).map((i) => i.generalDetails.sku);
      expect(skus).toHaveLength(700);
      expect(skus).not.toContain('R-499');
      expect(skus).toContain('R-500');

      // Running the job again for a finished import changes nothing.
      await server.container.services.itemImports.run(
        { importId: preview.body.importId, accountId: account.accountId },
        { retryCount: 0, retryLimit: 3, logger: pino({ level: 'silent' }) },
      );
      expect(await allItems(client)).toHaveLength(700);
      // Starting it again answers its state and queues nothing.
      const restarted = await client.post(`${IMPORT}/${preview.body.importId}/start`, {});
      expect(restarted.status).toBe(202);
      expect(restarted.body.status).toBe('done');
    });

    it('round-trips: an export imported into an empty account gives the same items, twice without duplicates', async () => {
      const source = await newSeller();
      const bodies = [
        {
          generalDetails: {
            ...COMPLETE_DETAILS,
            sku: 'RT-1',
            description: 'Multi-line\n"quoted", with commas',
            costOfGoods: 12.5,
            size: 'L',
            primaryColor: 'Navy',
            dimensions: { length: 14, width: 10, height: 2.5 },
            location: 'Shelf A',
            notes: '-fragile- and =careful=',
            images: [
              { id: 'a', url: 'https://images.example.test/a.jpg' },
              { id: 'b', url: 'https://images.example.test/b.jpg' },
            ],
          },
          labels: ['Winter', 'bin 3'],
        },
        { generalDetails: { title: 'No SKU draft', price: 5, quantity: 0 }, labels: ['drafts'] },
        {
          generalDetails: {
            title: '+Plus title',
            condition: 'new_with_tags',
            weight: { pounds: 0, ounces: 7.5 },
          },
        },
      ];
      for (const body of bodies) {
        expect((await source.client.post(ITEMS, body)).status).toBe(201);
      }
      const exported = await source.client.get(`${ITEMS}/export`);
      expect(exported.status).toBe(200);

      const target = await newSeller();
      const preview = await upload(target.client, exported.text, 'listloop-items.csv');
      expect(preview.body).toMatchObject({ format: 'listloop', totalRows: 3, validRows: 3 });
      await runImport(target.client, preview.body.importId);
      const comparable = (items: Item[]) =>
        items
          .map((item) => ({
            generalDetails: {
              ...item.generalDetails,
              images: item.generalDetails.images.map((image) => image.url),
            },
            labels: item.labels,
            status: item.status,
          }))
          .sort((a, b) =>
            String(a.generalDetails.title).localeCompare(String(b.generalDetails.title)),
          );
      const original = comparable(await allItems(source.client));
      const copied = await allItems(target.client);
      expect(comparable(copied)).toEqual(original);
      const sourceItems = await allItems(source.client);
      expect(copied.map((i) => i.itemID).sort()).not.toEqual(
        sourceItems.map((i) => i.itemID).sort(),
      );

      // The same file again: every row finds its item (by SKU, or by the item id it names).
      const again = await upload(target.client, exported.text);
      expect(again.body.rows.map((r: { action: string }) => r.action)).toEqual([
        'update',
        'update',
        'update',
      ]);
      const second = await runImport(target.client, again.body.importId);
      expect(second).toMatchObject({ createdItems: 0, updatedItems: 3 });
      expect(comparable(await allItems(target.client))).toEqual(original);

      // Imported back into the account it came from, it updates the items themselves.
      const home = await upload(source.client, exported.text);
      const back = await runImport(source.client, home.body.importId);
      expect(back).toMatchObject({ createdItems: 0, updatedItems: 3 });
      expect(await allItems(source.client)).toHaveLength(3);
    });
  });

  it('takes files over the usual 1 MB body limit, up to 20 MB, as CSV or JSON', async () => {
    const { client } = await newSeller();
    const rows = Array.from({ length: 500 }, (_, i) => `BIG-${i},Big ${i},${'n'.repeat(5000)}`);
    const csv = ['sku,title,notes', ...rows].join('\n');
    expect(csv.length).toBeGreaterThan(2_500_000);
    const raw = await upload(client, csv);
    expect(raw.status, raw.text.slice(0, 200)).toBe(200);
    expect(raw.body).toMatchObject({ totalRows: 500, validRows: 500 });
    const json = await client.post(`${IMPORT}/normalize`, { fileName: 'big.csv', csv });
    expect(json.status).toBe(200);
    const tooBig = await upload(client, `sku,title,notes\nX,Y,${'z'.repeat(21 * 1024 * 1024)}`);
    expect(tooBig.status).toBe(413);
  });

  it('fails an import whose file has gone, saying so', async () => {
    const { client } = await newSeller();
    const preview = await upload(client, 'sku,title\nG-1,Gone\n');
    const [row] = await queryRows<{ storage_key: string }>(
      server,
      sql`select storage_key from item_imports where id = ${preview.body.importId}`,
    );
    await server.container.storage.delete(row!.storage_key);
    const done = await runImport(client, preview.body.importId);
    expect(done.status).toBe('failed');
    expect(done.failureReason).toContain('upload it again');
  });

  it('404s an import of another account', async () => {
    const owner = await newSeller();
    const preview = await upload(owner.client, 'sku,title\nX-1,One\n');
    const other = await newSeller();
    expect((await other.client.get(`${IMPORT}/${preview.body.importId}`)).status).toBe(404);
    expect((await other.client.post(`${IMPORT}/${preview.body.importId}/start`, {})).status).toBe(
      404,
    );
  });
});
