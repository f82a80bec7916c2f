import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { labelLimitMessage } from '@listloop/domain';
import type { TestClient } from '../../../test/client';
import {
  addMember,
  addRole,
  createAccount,
  signIn,
  type AccountFixture,
} from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { COMPLETE_DETAILS } from './item.test-fixtures';

const ITEMS = '/api/account/item';

describe('items', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;

  const create = async (body: Record<string, unknown>, client: TestClient = owner) => {
    const response = await client.post(ITEMS, body);
    expect(response.status, response.text).toBe(201);
    return response.body.item;
  };
  const itemPath = (item: { userID: string; itemID: string }, suffix = '') =>
    `${ITEMS}/${item.userID}/${item.itemID}${suffix}`;

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
    owner = await signIn(server, account);
  });
  afterAll(() => server.close());

  describe('create', () => {
    it('creates a complete item with its id, dates and status', async () => {
      const before = Date.now();
      const response = await owner.post(ITEMS, {
        generalDetails: { ...COMPLETE_DETAILS, sku: 'JKT-1' },
      });
      expect(response.status).toBe(201);
      const { item } = response.body;
      expect(item.itemID).toMatch(/^[0-9A-Za-z]{24}$/);
      expect(item.userID).toBe(account.userId);
      expect(item.status).toBe('complete');
      expect(item.completeness).toEqual([]);
      expect(item.dateCreated).toBeGreaterThanOrEqual(before);
      expect(item.dateLastModified).toBe(item.dateCreated);
      expect(item.generalDetails).toMatchObject({ title: 'Vintage denim jacket', quantity: 1 });

      const read = await owner.get(itemPath(item));
      expect(read.status).toBe(200);
      expect(read.body.item).toEqual(item);
    });

    it.each([
      ['images', { images: [] }, 'Missing Images'],
      ['title', { title: '' }, 'Missing Title'],
      ['description', { description: '  ' }, 'Missing Description'],
      ['brand', { brand: '' }, 'Missing Brand'],
      ['condition', { condition: null }, 'Missing Condition'],
      ['price', { price: null }, 'Missing Price'],
      ['category', { category: null, categoryV2: null }, 'Missing category'],
    ])('reports a missing %s as %j', async (_field, override, message) => {
      const item = await create({ generalDetails: { ...COMPLETE_DETAILS, ...override } });
      expect(item.status).toBe('inProgress');
      expect(item.completeness).toEqual([message]);
    });

    it('accepts categoryV2 instead of category', async () => {
      const item = await create({
        generalDetails: {
          ...COMPLETE_DETAILS,
          category: null,
          categoryV2: { id: '57988', path: ['Clothing', 'Coats'] },
        },
      });
      expect(item.status).toBe('complete');
    });

    it('asks for a weight of at least one ounce in all', async () => {
      const none = await create({
        generalDetails: { ...COMPLETE_DETAILS, weight: { pounds: 0, ounces: 0 } },
      });
      expect(none.completeness).toEqual([
        'Please enter a valid weight (lb)',
        'Please enter a valid weight (oz)',
      ]);
      const ounce = await create({
        generalDetails: { ...COMPLETE_DETAILS, weight: { pounds: 0, ounces: 1 } },
      });
      expect(ounce.status).toBe('complete');
    });

    it('reports every missing field of an empty draft', async () => {
      const item = await create({});
      expect(item.status).toBe('inProgress');
      expect(item.completeness).toEqual([
        'Missing Images',
        'Missing Title',
        'Missing Description',
        'Missing Brand',
        'Missing Condition',
        'Missing Price',
        'Missing category',
        'Please enter a valid weight (lb)',
        'Please enter a valid weight (oz)',
      ]);
    });

    it('takes 20 labels on an item and refuses 21 with the label-limit message', async () => {
      const twenty = Array.from({ length: 20 }, (_, i) => `limit ${i}`);
      const item = await create({ generalDetails: COMPLETE_DETAILS, labels: twenty });
      expect(item.labels).toEqual(twenty);
      expect(item.status).toBe('complete');
      const refused = await owner.post(ITEMS, {
        generalDetails: COMPLETE_DETAILS,
        labels: [...twenty, 'one more'],
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(labelLimitMessage(20));
      const field = await owner.patch(itemPath(item, '/field'), {
        changes: { labels: [...twenty, 'one more'] },
      });
      expect(field.status).toBe(400);
      expect(field.body.issues).toContainEqual({ path: 'labels', message: labelLimitMessage(20) });
    });

    it('takes a label of 20 characters and refuses 21', async () => {
      const item = await create({ labels: ['x'.repeat(20)] });
      expect(item.labels).toEqual(['x'.repeat(20)]);
      const refused = await owner.post(ITEMS, { labels: ['y'.repeat(21)] });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('A label is at most 20 characters');
    });

    it('creates the labels it names in the owner’s label list, once, in their first spelling', async () => {
      await create({ labels: ['Summer Sale', 'bin 7'] });
      const second = await create({ labels: ['summer sale', 'BIN 7', 'fresh'] });
      expect(second.labels).toEqual(['Summer Sale', 'bin 7', 'fresh']);
      const labels = await owner.get(`/api/account/label/${account.userId}`);
      const names = (labels.body.labels as { name: string; itemCount: number }[]).filter((l) =>
        ['summer sale', 'bin 7', 'fresh'].includes(l.name.toLowerCase()),
      );
      expect(names.map((l) => [l.name, l.itemCount])).toEqual([
        ['bin 7', 2],
        ['fresh', 1],
        ['Summer Sale', 2],
      ]);
    });

    it('refuses a second item with the same SKU, and ignores the case of nothing', async () => {
      await create({ generalDetails: { sku: 'DUP-1' } });
      const again = await owner.post(ITEMS, { generalDetails: { sku: 'DUP-1' } });
      expect(again.status).toBe(409);
      expect(again.body.message).toContain('DUP-1');
      expect((await owner.post(ITEMS, { generalDetails: { sku: 'dup-1' } })).status).toBe(201);
      // Items without a SKU never clash.
      await create({});
      await create({});
    });

    it('resets the listing engine’s fields of a new listing and stamps its dates', async () => {
      const item = await create({
        listings: {
          ebay: { status: 'listed', listedID: 'X1', listingURL: 'https://x', price: 40 },
        },
      });
      expect(item.listings.ebay).toMatchObject({
        status: 'not_listed',
        listedID: null,
        listingURL: null,
        lastStatusDate: null,
        price: 40,
      });
      expect(item.listings.ebay.dateCreated).toBe(item.dateCreated);
      expect(item.listings.ebay.dateLastModified).toBe(item.dateCreated);
    });

    it('refuses values the domain schema refuses, with the field named', async () => {
      const response = await owner.post(ITEMS, {
        generalDetails: { price: -1, title: 't'.repeat(201) },
      });
      expect(response.status).toBe(400);
      const paths = (response.body.issues as { path: string }[]).map((i) => i.path);
      expect(paths).toEqual(
        expect.arrayContaining(['generalDetails.price', 'generalDetails.title']),
      );
    });
  });

  describe('whose inventory', () => {
    it('creates and reads in a team member’s inventory, and 404s for anyone else', async () => {
      const member = await addMember(server, account);
      const item = await create({ userId: member.userId, generalDetails: { title: 'Theirs' } });
      expect(item.userID).toBe(member.userId);
      expect((await owner.get(itemPath(item))).status).toBe(200);
      // The same item under the owner's own id does not exist.
      expect((await owner.get(`${ITEMS}/${account.userId}/${item.itemID}`)).status).toBe(404);

      const stranger = await createAccount(server);
      const notMember = await owner.post(ITEMS, { userId: stranger.userId });
      expect(notMember.status).toBe(404);
      expect((await owner.get(`${ITEMS}?userId=${stranger.userId}`)).status).toBe(404);
      expect((await owner.get(`${ITEMS}/total?userId=${stranger.userId}`)).status).toBe(404);
      // A member's total is of their inventory, never the caller's.
      const theirs = await owner.get(`${ITEMS}/total?userId=${member.userId}&q=theirs`);
      expect(theirs.body).toEqual({ total: 1, totalCapped: false });
    });

    it('counts only with items.read', async () => {
      const roleId = await addRole(server, account, 'no reading', { 'items.read': false });
      const blind = await signIn(server, await addMember(server, account, { roleId }));
      expect((await blind.get(`${ITEMS}/total?q=theirs`)).status).toBe(403);
      expect((await blind.get(`${ITEMS}?q=theirs&total=later`)).status).toBe(403);
    });

    it('lets the viewer role read but not write or delete', async () => {
      const item = await create({ generalDetails: { title: 'Look only' } });
      const viewer = await addMember(server, account, { roleId: account.viewerRoleId });
      const client = await signIn(server, viewer);
      expect((await client.get(itemPath(item))).status).toBe(200);
      expect((await client.post(ITEMS, {})).status).toBe(403);
      expect(
        (await client.patch(itemPath(item, '/field'), { changes: { 'generalDetails.title': 'x' } }))
          .status,
      ).toBe(403);
      expect((await client.delete(itemPath(item))).status).toBe(403);
    });
  });

  describe('field update', () => {
    it('applies dotted paths, recomputes completeness and modifies the date', async () => {
      const item = await create({ generalDetails: { ...COMPLETE_DETAILS, title: '' } });
      expect(item.completeness).toEqual(['Missing Title']);
      const response = await owner.patch(itemPath(item, '/field'), {
        changes: {
          'generalDetails.title': 'Found the title',
          'generalDetails.weight.ounces': 9,
          labels: ['patched'],
          'listings.ebay.price': 39,
        },
      });
      expect(response.status, response.text).toBe(200);
      const updated = response.body.item;
      expect(response.body.skipped).toEqual([]);
      expect(updated.status).toBe('complete');
      expect(updated.generalDetails.title).toBe('Found the title');
      expect(updated.generalDetails.weight).toEqual({ pounds: 1, ounces: 9 });
      expect(updated.labels).toEqual(['patched']);
      expect(updated.listings.ebay).toMatchObject({ price: 39, status: 'not_listed' });
      expect(updated.listings.ebay.dateCreated).toBeGreaterThanOrEqual(item.dateCreated);
      expect(updated.dateLastModified).toBeGreaterThanOrEqual(item.dateLastModified);
      expect((await owner.get(itemPath(item))).body.item).toEqual(updated);
    });

    it('refuses unknown fields and bad values, changing nothing', async () => {
      const item = await create({ generalDetails: { title: 'Stays' } });
      for (const changes of [
        { colour: 'red' },
        { 'generalDetails.flavour': 'sweet' },
        { 'listings.amazon.price': 3 },
        { 'generalDetails.__proto__.polluted': true },
        { 'generalDetails.price': 'cheap' },
        { 'generalDetails.condition': 'mint' },
        { variants: 'many' },
      ]) {
        const response = await owner.patch(itemPath(item, '/field'), { changes });
        expect(response.status, JSON.stringify(changes)).toBe(400);
        expect(response.body.message.length).toBeGreaterThan(0);
      }
      expect((await owner.get(itemPath(item))).body.item.generalDetails.title).toBe('Stays');
    });
  });

  describe('protected listing fields', () => {
    /** An item whose eBay listing the listing engine has published. */
    const listedItem = async () => {
      const item = await create({ generalDetails: { title: 'Listed' }, listings: { ebay: {} } });
      await server.container.database.db.execute(sql`
        UPDATE items SET listings = jsonb_set(listings, '{ebay}', listings->'ebay' || ${JSON.stringify(
          {
            status: 'listed',
            lastStatusDate: 1700000000000,
            listedID: 'EB-1',
            listingURL: 'https://www.ebay.com/itm/1',
            dateCreated: 1700000000000,
          },
        )}::jsonb)
        WHERE id = ${item.itemID}`);
      return item;
    };
    const ENGINE = {
      status: 'listed',
      lastStatusDate: 1700000000000,
      listedID: 'EB-1',
      listingURL: 'https://www.ebay.com/itm/1',
    };

    it('skips every field path that touches them', async () => {
      const item = await listedItem();
      const response = await owner.patch(itemPath(item, '/field'), {
        changes: {
          'listings.ebay.status': 'not_listed',
          'listings.ebay.listedID': 'hacked',
          'listings.ebay.lastStatusDate': 1,
          'listings.ebay.listingURL': 'https://evil',
          'listings.ebay': { status: 'sold', price: 1 },
          listings: { ebay: { listedID: 'again' } },
          'listings.ebay.price': 55,
        },
      });
      expect(response.status, response.text).toBe(200);
      expect(response.body.skipped.sort()).toEqual(
        [
          'listings.ebay.status',
          'listings.ebay.listedID',
          'listings.ebay.lastStatusDate',
          'listings.ebay.listingURL',
          'listings.ebay',
          'listings.ebay',
        ].sort(),
      );
      expect(response.body.item.listings.ebay).toMatchObject({ ...ENGINE, price: 55 });
    });

    it('keeps them through a whole listing set by field path without them', async () => {
      const item = await listedItem();
      const response = await owner.patch(itemPath(item, '/field'), {
        changes: { 'listings.ebay': { price: 12, title: 'eBay title' } },
      });
      expect(response.body.skipped).toEqual([]);
      expect(response.body.item.listings.ebay).toMatchObject({ ...ENGINE, price: 12 });
    });

    it('keeps them through PUT listing and PUT listings, and sets the listing dates', async () => {
      const item = await listedItem();
      const one = await owner.put(itemPath(item, '/listing/ebay'), {
        listing: { status: 'sold', listedID: 'X', price: 20, dateCreated: 5, dateLastModified: 5 },
      });
      expect(one.status, one.text).toBe(200);
      const ebay = one.body.item.listings.ebay;
      expect(ebay).toMatchObject({ ...ENGINE, price: 20 });
      // dateCreated was there already and stays; dateLastModified is now.
      expect(ebay.dateCreated).toBe(1700000000000);
      expect(ebay.dateLastModified).toBeGreaterThan(1700000000000);

      const many = await owner.put(itemPath(item, '/listings'), {
        listings: {
          ebay: { listingURL: 'https://evil', price: 21 },
          poshmark: { status: 'listed', price: 30 },
        },
      });
      expect(many.status, many.text).toBe(200);
      expect(many.body.item.listings.ebay).toMatchObject({ ...ENGINE, price: 21 });
      const poshmark = many.body.item.listings.poshmark;
      expect(poshmark).toMatchObject({ status: 'not_listed', price: 30 });
      // A new listing gets both dates.
      expect(poshmark.dateCreated).toBe(poshmark.dateLastModified);
      expect(poshmark.dateCreated).toBeGreaterThan(1700000000000);
    });

    it('keeps them through general-details and the general listing, whose saves stamp no listing', async () => {
      const item = await listedItem();
      const before = (await owner.get(itemPath(item))).body.item.listings.ebay;
      const general = await owner.put(itemPath(item, '/general-details'), {
        generalDetails: { ...COMPLETE_DETAILS, title: 'New title' },
      });
      expect(general.status, general.text).toBe(200);
      expect(general.body.item.status).toBe('complete');
      expect(general.body.item.listings.ebay).toEqual(before);

      const viaListing = await owner.put(itemPath(item, '/listing/general'), {
        listing: { ...COMPLETE_DETAILS, title: 'Via general' },
      });
      expect(viaListing.status, viaListing.text).toBe(200);
      expect(viaListing.body.item.generalDetails.title).toBe('Via general');
      expect(viaListing.body.item.listings.ebay).toEqual(before);

      const bad = await owner.put(itemPath(item, '/listing/general'), { listing: { price: 'x' } });
      expect(bad.status).toBe(400);
      const unknownMarketplace = await owner.put(itemPath(item, '/listing/amazon'), {
        listing: {},
      });
      expect(unknownMarketplace.status).toBe(400);
    });
  });

  describe('variants', () => {
    const VARIANTS = [
      { id: 'v1', size: 'M', color: 'Blue', sku: 'V-M', quantity: 2 },
      { id: 'v2', size: 'L', color: 'Blue', sku: 'V-L', quantity: 1 },
    ];
    const setVariantsEnabled = (enabled: boolean) =>
      server.container.database.db.execute(sql`
        UPDATE accounts SET config = jsonb_set(config, '{features,isMultiVariantsEnabled}', ${JSON.stringify(enabled)}::jsonb)
        WHERE account_id = ${account.accountId}`);

    it('refuses variants while the account has them off', async () => {
      const response = await owner.post(ITEMS, { variants: VARIANTS });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Variants are not enabled for this account.');
      const item = await create({});
      const field = await owner.patch(itemPath(item, '/field'), {
        changes: { variants: VARIANTS },
      });
      expect(field.status).toBe(400);
      expect(field.body.message).toBe('Variants are not enabled for this account.');
      // No variants is always fine.
      expect((await owner.post(ITEMS, { variants: [] })).status).toBe(201);
    });

    it('takes variants once enabled, with SKUs unique within the item', async () => {
      await setVariantsEnabled(true);
      try {
        const item = await create({ variants: VARIANTS });
        expect(item.variants).toHaveLength(2);
        const clash = await owner.patch(itemPath(item, '/field'), {
          changes: { 'variants.1.sku': 'v-m' },
        });
        expect(clash.status).toBe(400);
        expect(clash.body.issues[0]).toMatchObject({ path: 'variants.1.sku' });
        const options = await owner.get('/api/account/variants/options');
        expect(options.body.enabled).toBe(true);
      } finally {
        await setVariantsEnabled(false);
      }
    });
  });

  it('deletes an item, and 404s the second time', async () => {
    const item = await create({ generalDetails: { title: 'Gone soon' } });
    const response = await owner.delete(itemPath(item));
    expect(response.status).toBe(204);
    expect((await owner.get(itemPath(item))).status).toBe(404);
    expect((await owner.delete(itemPath(item))).status).toBe(404);
  });

  it('writes search_text from title, description, brand, SKU and labels, lowercased', async () => {
    const item = await create({
      generalDetails: { title: 'Red Dress', description: 'Silk', brand: 'Zara', sku: 'RD-9' },
      labels: ['Party'],
    });
    const [row] = await queryRows<{ search_text: string }>(
      server,
      sql`select search_text from items where id = ${item.itemID}`,
    );
    expect(row?.search_text).toBe('red dress silk zara rd-9 party');
  });

  it('keeps the listings index’s pending list short, so a sale’s lookup by listing reads little of it', async () => {
    // Every item write appends to a GIN index's pending list and every search reads it whole;
    // Postgres's 4 MB default turned the sale's lookup into a scan of the table.
    const [index] = await queryRows<{ options: string[] | null }>(
      server,
      sql`select reloptions as options from pg_class where relname = 'items_listings_idx'`,
    );
    expect(index?.options).toEqual(['gin_pending_list_limit=128']);
  });
});
