import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ITEM_COUNT_CAP, ITEM_SORTS } from '@listloop/domain';
import type { TestClient } from '../../../test/client';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { startTestServer, type TestServer } from '../../../test/server';
import { COMPLETE_DETAILS } from './item.test-fixtures';

const ITEMS = '/api/account/item';

interface ListedItem {
  itemID: string;
  dateCreated: number;
  dateLastModified: number;
  status: string;
  labels: string[];
  generalDetails: { title: string; price: number | null; sku: string };
  listings: Record<string, { status: string }>;
}

describe('item list: search, filters, sort and cursor', () => {
  let server: TestServer;
  let account: AccountFixture;
  let client: TestClient;
  const created: ListedItem[] = [];

  const list = async (query: string) => {
    const response = await client.get(`${ITEMS}?${query}`);
    expect(response.status, response.text).toBe(200);
    return response.body as { items: ListedItem[]; total: number; nextCursor: string | null };
  };
  const titles = (items: ListedItem[]) => items.map((i) => i.generalDetails.title).sort();

  beforeAll(async () => {
    server = await startTestServer();
    account = await createAccount(server);
    client = await signIn(server, account);
    const fixtures = [
      { title: 'Blue denim jacket', price: 45, labels: ['denim', 'Winter'] },
      { title: 'Red denim skirt', price: 30, labels: ['denim'] },
      { title: 'Blue silk scarf', price: 12.5, labels: ['Summer'] },
      { title: '100% wool sweater', price: null, labels: [] },
      { title: 'Leather boots', price: 80, labels: ['Winter'], sku: 'BOOT-42' },
      { title: 'Canvas tote', price: 12.5, labels: [] },
    ];
    for (const [index, f] of fixtures.entries()) {
      const response = await client.post(ITEMS, {
        generalDetails: {
          ...COMPLETE_DETAILS,
          title: f.title,
          price: f.price,
          sku: f.sku ?? `SKU-${index}`,
        },
        labels: f.labels,
      });
      created.push(response.body.item);
    }
    // Forty more drafts with repeating prices and some missing ones, for the cursor walks.
    for (let i = 0; i < 40; i += 1) {
      const response = await client.post(ITEMS, {
        generalDetails: {
          title: `draft ${String(i % 13).padStart(2, '0')}`,
          price: i % 5 === 0 ? null : (i % 7) * 10,
        },
      });
      created.push(response.body.item);
    }
    const { db } = server.container.database;
    // Spread the dates (and give some items the same one) and list two items on marketplaces.
    for (const [index, item] of created.entries()) {
      const day = Math.floor(index / 3);
      await db.execute(sql`UPDATE items SET date_created = ${Date.UTC(2024, 0, 1 + day)},
        date_last_modified = ${Date.UTC(2024, 5, 1) + (index % 4) * 1000} WHERE id = ${item.itemID}`);
    }
    await db.execute(
      sql`UPDATE items SET listings = ${JSON.stringify({
        ebay: { status: 'listed' },
        poshmark: { status: 'sold' },
      })}::jsonb WHERE id = ${created[0]!.itemID}`,
    );
    await db.execute(
      sql`UPDATE items SET listings = ${JSON.stringify({
        ebay: { status: 'not_listed' },
      })}::jsonb WHERE id = ${created[1]!.itemID}`,
    );
  });
  afterAll(() => server.close());

  it('answers the newest first with the total', async () => {
    const page = await list('limit=5');
    expect(page.total).toBe(46);
    expect(page.items).toHaveLength(5);
    expect(page.nextCursor).toBeTruthy();
    expect(page.items[0]!.dateCreated).toBe(Date.UTC(2024, 0, 16));
  });

  it('searches every term, in any case, across title, description, brand, SKU and labels', async () => {
    expect(titles((await list('q=denim')).items)).toEqual(['Blue denim jacket', 'Red denim skirt']);
    expect(titles((await list('q=SKIRT%20Denim')).items)).toEqual(['Red denim skirt']);
    expect(titles((await list('q=%20silk%20%20blue%20')).items)).toEqual(['Blue silk scarf']);
    expect(titles((await list('q=boot-42')).items)).toEqual(['Leather boots']);
    expect(titles((await list('q=winter')).items)).toEqual(['Blue denim jacket', 'Leather boots']);
    // Wildcards are plain characters.
    expect(titles((await list('q=100%25')).items)).toEqual(['100% wool sweater']);
    expect((await list('q=%25')).total).toBe(1);
    expect((await list('q=_')).total).toBe(0);
    const search = await list('q=denim&limit=1');
    expect(search.total).toBe(2);
    expect(search.items).toHaveLength(1);
  });

  it('filters by status, marketplace and listing status, label, price and creation date', async () => {
    expect((await list('status=complete')).total).toBe(5);
    expect((await list('status=inProgress')).total).toBe(41);
    expect(titles((await list('marketplace=ebay')).items)).toEqual([
      'Blue denim jacket',
      'Red denim skirt',
    ]);
    expect(titles((await list('marketplace=ebay&listingStatus=listed')).items)).toEqual([
      'Blue denim jacket',
    ]);
    expect(titles((await list('listingStatus=sold')).items)).toEqual(['Blue denim jacket']);
    expect((await list('marketplace=mercari')).total).toBe(0);
    expect(titles((await list('label=Winter')).items)).toEqual([
      'Blue denim jacket',
      'Leather boots',
    ]);
    expect(titles((await list('priceMin=12.5&priceMax=30&q=e')).items)).toEqual([
      'Blue silk scarf',
      'Canvas tote',
      'Red denim skirt',
    ]);
    const from = Date.UTC(2024, 0, 1);
    const to = Date.UTC(2024, 0, 2);
    expect((await list(`createdFrom=${from}&createdTo=${to}`)).total).toBe(6);
    expect((await list(`createdFrom=${from}&createdTo=${to}&q=denim`)).total).toBe(2);
  });

  describe('walks every page of every sort without a duplicate or a miss', () => {
    for (const sort of ITEM_SORTS) {
      it(sort, async () => {
        const whole = await list(`sort=${sort}&limit=200`);
        expect(whole.nextCursor).toBeNull();
        const seen: ListedItem[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const page = await list(
            `sort=${sort}&limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          );
          expect(page.total).toBe(46);
          seen.push(...page.items);
          cursor = page.nextCursor;
          pages += 1;
        } while (cursor && pages < 20);
        expect(pages).toBe(7);
        const ids = seen.map((i) => i.itemID);
        expect(new Set(ids).size).toBe(46);
        expect(ids).toEqual(whole.items.map((i) => i.itemID));

        const [key, dir] = sort.split(':') as [string, 'asc' | 'desc'];
        const values = seen.map((i) =>
          key === 'price'
            ? i.generalDetails.price
            : key === 'title'
              ? i.generalDetails.title
              : (i as unknown as Record<string, number>)[key],
        );
        if (key === 'price') {
          const firstNull = values.indexOf(null);
          // No price comes last, whichever the direction.
          expect(values.slice(firstNull).every((v) => v === null)).toBe(true);
          const priced = values.slice(0, firstNull) as number[];
          const ordered = [...priced].sort((a, b) => (dir === 'asc' ? a - b : b - a));
          expect(priced).toEqual(ordered);
        } else if (key !== 'title') {
          const numbers = values as number[];
          const ordered = [...numbers].sort((a, b) => (dir === 'asc' ? a - b : b - a));
          expect(numbers).toEqual(ordered);
        }
      });
    }
  });

  it('pages through a search with the same cursor rules', async () => {
    const first = await list('q=draft&sort=price:asc&limit=15');
    expect(first.total).toBe(40);
    const second = await list(
      `q=draft&sort=price:asc&limit=15&cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    const third = await list(
      `q=draft&sort=price:asc&limit=15&cursor=${encodeURIComponent(second.nextCursor!)}`,
    );
    expect(third.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items, ...third.items].map((i) => i.itemID);
    expect(new Set(ids).size).toBe(40);
  });

  describe('a searched list is the unsearched one cut to its matches, in the same order', () => {
    // "draft" fills a page from the rows read in the list's order; "denim" and "draft 1" do not,
    // and are read from their matches: every sort, paged, must come out the same either way.
    for (const sort of ITEM_SORTS) {
      it(sort, async () => {
        const whole = (await list(`sort=${sort}&limit=200`)).items.map((i) => i.itemID);
        for (const q of ['draft', 'denim', 'draft 1', 'DRAFT 0']) {
          const matching = await list(`q=${encodeURIComponent(q)}&sort=${sort}&limit=200`);
          const ids = new Set(matching.items.map((i) => i.itemID));
          expect(matching.total).toBe(ids.size);
          const seen: string[] = [];
          let cursor: string | null = null;
          let pages = 0;
          do {
            const page = await list(
              `q=${encodeURIComponent(q)}&sort=${sort}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
            );
            expect(page.total).toBe(ids.size);
            seen.push(...page.items.map((i) => i.itemID));
            cursor = page.nextCursor;
            pages += 1;
          } while (cursor && pages < 30);
          expect(seen, q).toEqual(whole.filter((id) => ids.has(id)));
        }
      });
    }
  });

  it('refuses a tampered cursor, or one from another sort, with a 400', async () => {
    const page = await list('sort=price:asc&limit=3');
    const cursor = page.nextCursor!;
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const forge = (value: unknown) =>
      encodeURIComponent(Buffer.from(JSON.stringify(value)).toString('base64url'));
    for (const bad of [
      'not a cursor!',
      encodeURIComponent(cursor.slice(0, -3)),
      forge({ ...decoded, v: 'forty' }),
      forge({ ...decoded, extra: 1 }),
      forge({ ...decoded, i: '' }),
      forge([1, 2, 3]),
      forge({ ...decoded, s: 'title:asc' }),
    ]) {
      const response = await client.get(`${ITEMS}?sort=price:asc&cursor=${bad}`);
      expect(response.status, bad).toBe(400);
      expect(response.body.message).toContain('cursor');
    }
    const otherSort = await client.get(
      `${ITEMS}?sort=dateCreated:desc&cursor=${encodeURIComponent(cursor)}`,
    );
    expect(otherSort.status).toBe(400);
  });
});

describe('item list total on a very large inventory', () => {
  let server: TestServer;
  let client: TestClient;

  beforeAll(async () => {
    server = await startTestServer();
    const account = await createAccount(server);
    client = await signIn(server, account);
    const { seedBenchItems } = await import('../../../bench/seed-items');
    await seedBenchItems(server.container.database, account, ITEM_COUNT_CAP + 5);
  });
  afterAll(() => server.close());

  it('totals the whole inventory and each status exactly, past the cap', async () => {
    const all = await client.get(`${ITEMS}?limit=10`);
    expect(all.body).toMatchObject({ total: ITEM_COUNT_CAP + 5, totalCapped: false });
    expect(all.body.items).toHaveLength(10);
    // The seed makes every seventh item a draft.
    const drafts = Math.floor((ITEM_COUNT_CAP + 5) / 7);
    const inProgress = await client.get(`${ITEMS}?limit=1&status=inProgress`);
    expect(inProgress.body).toMatchObject({ total: drafts, totalCapped: false });
    const complete = await client.get(`${ITEMS}?limit=1&status=complete`);
    expect(complete.body).toMatchObject({
      total: ITEM_COUNT_CAP + 5 - drafts,
      totalCapped: false,
    });
  });

  it('counts a searched view up to the cap, says when there are more, and counts it once', async () => {
    // Every seeded description says "second-hand".
    const first = await client.get(`${ITEMS}?limit=10&q=second-hand`);
    expect(first.body).toMatchObject({ total: ITEM_COUNT_CAP, totalCapped: true });
    // A narrower filter is counted exactly.
    const few = await client.get(`${ITEMS}?q=${encodeURIComponent('#10003')}`);
    expect(few.body).toMatchObject({ total: 1, totalCapped: false });

    // The pages after the first carry its total rather than counting again: an item added
    // meanwhile shows on the next first page, not halfway through a view.
    const pageOf = await client.get(`${ITEMS}?limit=3&q=vintage%20levi`);
    const shown = pageOf.body.total as number;
    expect(shown).toBeGreaterThan(3);
    const added = await client.post(ITEMS, {
      generalDetails: { title: "Vintage Levi's added meanwhile", sku: 'MEANWHILE-1' },
    });
    expect(added.status).toBe(201);
    const next = await client.get(
      `${ITEMS}?limit=3&q=vintage%20levi&cursor=${encodeURIComponent(pageOf.body.nextCursor)}`,
    );
    expect(next.body.total).toBe(shown);
    const again = await client.get(`${ITEMS}?limit=3&q=vintage%20levi`);
    expect(again.body.total).toBe(shown + 1);
  });

  it('leaves a searched view’s count to its own request when asked to', async () => {
    const page = await client.get(`${ITEMS}?limit=5&q=second-hand&total=later`);
    expect(page.status, page.text).toBe(200);
    expect(page.body).toMatchObject({ total: null, totalCapped: false });
    expect(page.body.items).toHaveLength(5);
    const next = await client.get(
      `${ITEMS}?limit=5&q=second-hand&total=later&cursor=${encodeURIComponent(page.body.nextCursor)}`,
    );
    expect(next.body.total).toBeNull();
    // The whole inventory is totalled all the same: it costs nothing.
    const whole = await client.get(`${ITEMS}?limit=1&total=later`);
    expect(whole.body.total).toBeGreaterThan(ITEM_COUNT_CAP);

    const many = await client.get(`${ITEMS}/total?q=second-hand`);
    expect(many.status, many.text).toBe(200);
    expect(many.body).toEqual({ total: ITEM_COUNT_CAP, totalCapped: true });
    const one = await client.get(`${ITEMS}/total?q=${encodeURIComponent('#10003')}`);
    expect(one.body).toEqual({ total: 1, totalCapped: false });
    const drafts = await client.get(`${ITEMS}/total?status=inProgress`);
    const listed = await client.get(`${ITEMS}?limit=1&status=inProgress`);
    expect(drafts.body).toEqual({ total: listed.body.total, totalCapped: false });
    const wrong = await client.get(`${ITEMS}/total?priceMin=cheap`);
    expect(wrong.status).toBe(400);
    const wrongWhen = await client.get(`${ITEMS}?total=sometime`);
    expect(wrongWhen.status).toBe(400);
  });

  it('counts a searched view exactly under the cap and caps it above, in the same order', async () => {
    const { db } = server.container.database;
    const expected = async (term: string, order: string) =>
      (
        (await db.execute(
          sql`SELECT id FROM items WHERE search_text ILIKE ${`%${term}%`} ORDER BY ${sql.raw(order)} LIMIT 50`,
        )) as unknown as { rows: { id: string }[] }
      ).rows.map((row) => row.id);
    const matches = async (term: string) =>
      Number(
        (
          (await db.execute(
            sql`SELECT count(*) AS n FROM items WHERE search_text ILIKE ${`%${term}%`}`,
          )) as unknown as { rows: { n: string }[] }
        ).rows[0]!.n,
      );
    // A tenth of the items are denim jackets (about a thousand), one in seven is a draft: both
    // under the cap, counted exactly; every item is second-hand, over it.
    for (const [q, sort, order] of [
      ['denim', 'dateCreated:desc', 'date_created DESC, id ASC'],
      ['Denim', 'price:asc', 'price ASC NULLS LAST, id ASC'],
      ['denim levi', 'title:desc', 'title DESC NULLS LAST, id DESC'],
      ['#1000', 'price:desc', 'price DESC NULLS LAST, id DESC'],
    ] as const) {
      const terms = q.toLowerCase().split(' ');
      const page = await client.get(`${ITEMS}?limit=50&q=${encodeURIComponent(q)}&sort=${sort}`);
      const rows = (
        (await db.execute(
          sql`SELECT id FROM items WHERE ${sql.join(
            terms.map((t) => sql`search_text ILIKE ${`%${t}%`}`),
            sql` AND `,
          )} ORDER BY ${sql.raw(order)} LIMIT 50`,
        )) as unknown as { rows: { id: string }[] }
      ).rows.map((row) => row.id);
      expect(
        page.body.items.map((i: { itemID: string }) => i.itemID),
        q,
      ).toEqual(rows);
      const count = Number(
        (
          (await db.execute(
            sql`SELECT count(*) AS n FROM items WHERE ${sql.join(
              terms.map((t) => sql`search_text ILIKE ${`%${t}%`}`),
              sql` AND `,
            )}`,
          )) as unknown as { rows: { n: string }[] }
        ).rows[0]!.n,
      );
      expect(count).toBeLessThan(ITEM_COUNT_CAP);
      expect(page.body, q).toMatchObject({ total: count, totalCapped: false });
    }
    expect(await expected('denim', 'date_created DESC, id ASC')).toHaveLength(50);
    expect(await matches('second-hand')).toBeGreaterThan(ITEM_COUNT_CAP);
    const above = await client.get(`${ITEMS}?limit=50&q=second-hand`);
    expect(above.body).toMatchObject({ total: ITEM_COUNT_CAP, totalCapped: true });
    expect(above.body.items.map((i: { itemID: string }) => i.itemID)).toEqual(
      await expected('second-hand', 'date_created DESC, id ASC'),
    );
  });
});
