import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  allPermissions,
  DASHBOARD_PATH,
  type Dashboard,
  type PermissionKey,
} from '@listloop/domain';
import type { TestClient } from '../../../test/client';
import { addMember, createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';

const ITEMS = '/api/account/item';
const ROLES = '/api/rest/v1/enterprise/roles';

/** An item of the client's inventory: a title and a price, so still in progress. */
async function createItem(
  client: TestClient,
  title: string,
  options: { quantity?: number } = {},
): Promise<string> {
  const created = await client.post(ITEMS, {
    generalDetails: { title, price: 10, quantity: options.quantity ?? 1 },
  });
  expect(created.status, created.text).toBe(201);
  return created.body.item.itemID as string;
}

/**
 * Sets the item's listings as the listing engine would have left them, the item complete
 * (photographed, described: what the listings need): test setup.
 */
async function setListings(server: TestServer, itemId: string, listings: Record<string, unknown>) {
  await queryRows(
    server,
    sql`UPDATE items SET listings = ${JSON.stringify(listings)}::jsonb, status = 'complete'
        WHERE id = ${itemId}`,
  );
}

const listed = (id: string, at = Date.now()) => ({
  status: 'listed',
  listedID: id,
  listingURL: null,
  lastStatusDate: at,
});

describe('GET /api/dashboard', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;
  let other: AccountFixture;
  let otherOwner: TestClient;

  const dashboard = async (client: TestClient, query = ''): Promise<Dashboard> => {
    const response = await client.get(`${DASHBOARD_PATH}${query}`);
    expect(response.status, response.text).toBe(200);
    return response.body as Dashboard;
  };

  /** Records a sale in person, as the seller does from the item screen. */
  const sell = async (
    client: TestClient,
    seller: AccountFixture,
    itemId: string,
    body: { soldAt: string; salePrice?: number; currency?: string },
  ) => {
    const sold = await client.put(`${ITEMS}/${seller.userId}/${itemId}/mark-item-as-sold`, {
      marketplace: 'in_person',
      ...body,
    });
    expect(sold.status, sold.text).toBe(200);
  };

  /** A member of the account whose role holds exactly these keys. */
  const memberWith = async (name: string, keys: PermissionKey[]) => {
    const permissions = Object.fromEntries(
      Object.keys(allPermissions(false)).map((key) => [key, keys.includes(key as PermissionKey)]),
    );
    const role = await owner.put(ROLES, { name, permissions });
    expect(role.status, role.text).toBe(200);
    const member = await addMember(server, account, { roleId: role.body.data.id as string });
    return signIn(server, member);
  };

  beforeAll(async () => {
    // The sale workflow's jobs (delists, notifications) are not what is read here.
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' }, work: false });
    account = await createAccount(server, { companyName: 'Loop Vintage' });
    owner = await signIn(server, account);
    other = await createAccount(server, { companyName: 'Other Goods' });
    otherOwner = await signIn(server, other);
  });
  afterAll(() => server.close());

  it('counts today’s and this week’s sales in the caller’s time zone, on either side of midnight', async () => {
    // Wednesday 2025-01-15, 23:30 in New York: Thursday 04:30 in UTC, 05:30 in Rome.
    const now = Date.parse('2025-01-16T04:30:00Z');
    const stock = await createItem(owner, 'Wool coats', { quantity: 20 });
    const sales: [string, number | undefined, string?][] = [
      ['2025-01-16T03:00:00Z', 10], // Wed 22:00 in New York, Thu in UTC and Rome
      ['2025-01-15T23:00:00Z', 20], // Wed 18:00 in New York, Wed in UTC, Thu 00:00 in Rome
      ['2025-01-15T04:00:00Z', 40], // Tue 23:00 in New York, Wed in UTC and Rome
      ['2025-01-13T03:00:00Z', 80], // Sun 12th in New York, Mon 13th in UTC and Rome
      ['2025-01-12T12:00:00Z', 160], // Sun 12th everywhere
      ['2025-01-16T01:00:00Z', undefined], // no price given
      ['2025-01-16T02:00:00Z', 5, 'EUR'], // another currency
      ['2025-01-08T12:00:00Z', 320], // the week before
    ];
    for (const [soldAt, salePrice, currency] of sales) {
      await sell(owner, account, stock, {
        soldAt,
        ...(salePrice === undefined ? {} : { salePrice, currency: currency ?? 'USD' }),
      });
    }
    // Another account's sale at the same time is never counted.
    const theirs = await createItem(otherOwner, 'Their coat', { quantity: 2 });
    await sell(otherOwner, other, theirs, { soldAt: '2025-01-16T03:30:00Z', salePrice: 999 });

    const read = async (query: string) => {
      // Only the server's "now" is moved, for this one read, with a session made for it.
      const client = await signIn(server, account);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(now);
      try {
        return await dashboard(client, query);
      } finally {
        vi.useRealTimers();
      }
    };

    const newYork = await read('?timeZone=America/New_York&weekStart=monday');
    expect(newYork.period).toEqual({
      timeZone: 'America/New_York',
      weekStart: 'monday',
      todayFrom: '2025-01-15T05:00:00.000Z',
      weekFrom: '2025-01-13T05:00:00.000Z',
      until: '2025-01-16T05:00:00.000Z',
    });
    expect(newYork.sales).toMatchObject({
      currency: 'USD',
      today: { count: 3, revenue: 30, unpriced: 1 },
      week: { count: 4, revenue: 70, unpriced: 1 },
      otherCurrencies: [
        { currency: 'EUR', today: { count: 1, revenue: 5, unpriced: 0 }, week: { count: 1 } },
      ],
    });
    // The latest first, each named by its item; none of the other account's.
    expect(newYork.sales!.latest.map((s) => [s.soldAt, s.salePrice, s.currency])).toEqual([
      ['2025-01-16T03:00:00.000Z', 10, 'USD'],
      ['2025-01-16T02:00:00.000Z', 5, 'EUR'],
      ['2025-01-16T01:00:00.000Z', null, 'USD'],
      ['2025-01-15T23:00:00.000Z', 20, 'USD'],
      ['2025-01-15T04:00:00.000Z', 40, 'USD'],
    ]);
    expect(newYork.sales!.latest[0]).toMatchObject({ itemTitle: 'Wool coats', quantity: 1 });

    // The US counts its weeks from Sunday: the 12th joins this week.
    const sunday = await read('?timeZone=America/New_York&weekStart=sunday');
    expect(sunday.sales).toMatchObject({
      today: { count: 3, revenue: 30 },
      week: { count: 6, revenue: 310, unpriced: 1 },
    });

    const utc = await read('');
    expect(utc.period.timeZone).toBe('UTC');
    expect(utc.sales).toMatchObject({
      today: { count: 2, revenue: 10, unpriced: 1 },
      week: { count: 5, revenue: 150, unpriced: 1 },
    });

    // Rome's Thursday starts at 23:00 UTC: the sale at exactly that instant is today's.
    const rome = await read('?timeZone=Europe/Rome');
    expect(rome.period.todayFrom).toBe('2025-01-15T23:00:00.000Z');
    expect(rome.sales).toMatchObject({
      today: { count: 3, revenue: 30, unpriced: 1 },
      week: { count: 5, revenue: 150, unpriced: 1 },
    });

    // The other account sees its own sale only.
    const client = await signIn(server, other);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    try {
      const theirView = await dashboard(client, '?timeZone=America/New_York');
      expect(theirView.sales).toMatchObject({ today: { count: 1, revenue: 999 } });
      expect(theirView.sales!.latest.map((s) => s.itemTitle)).toEqual(['Their coat']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lists what is live per marketplace, the failures with a retry that works, the extension’s waiting work and the items in progress', async () => {
    const jeans = await createItem(owner, 'Levi’s 501');
    const boots = await createItem(owner, 'Dr. Martens boots');
    const scarf = await createItem(owner, 'Silk scarf');
    const draft = await createItem(owner, 'Half-written draft');
    await setListings(server, jeans, { ebay: listed('E-1'), mercari: listed('M-1') });
    await setListings(server, boots, { ebay: listed('E-2'), etsy: { status: 'not_listed' } });
    await setListings(server, scarf, {
      etsy: {
        status: 'list_failure',
        failureReason: 'Etsy would not take this listing: a shipping profile is needed.',
        lastStatusDate: Date.parse('2025-02-01T10:00:00Z'),
      },
      mercari: {
        status: 'delist_failure',
        listedID: 'M-3',
        failureReason: 'Mercari did not answer.',
        lastStatusDate: Date.parse('2025-02-02T10:00:00Z'),
      },
    });
    // Another account's listings and failures count for it, never here.
    const theirs = await createItem(otherOwner, 'Their jacket');
    await setListings(server, theirs, {
      ebay: listed('E-9'),
      poshmark: { status: 'delist_failure', listedID: 'P-9', failureReason: 'No.' },
    });

    const view = await dashboard(owner);
    expect(view.listings).toEqual({
      total: 3,
      marketplaces: [
        { marketplace: 'ebay', listed: 2 },
        { marketplace: 'mercari', listed: 1 },
      ],
    });
    expect(view.needsYou.failedListings).toEqual({
      lists: 1,
      delists: 1,
      entries: [
        {
          itemId: scarf,
          userId: account.userId,
          title: 'Silk scarf',
          marketplace: 'mercari',
          operation: 'delist',
          reason: 'Mercari did not answer.',
          failedAt: Date.parse('2025-02-02T10:00:00Z'),
        },
        {
          itemId: scarf,
          userId: account.userId,
          title: 'Silk scarf',
          marketplace: 'etsy',
          operation: 'list',
          reason: 'Etsy would not take this listing: a shipping profile is needed.',
          failedAt: Date.parse('2025-02-01T10:00:00Z'),
        },
      ],
    });
    expect(view.needsYou.waitingForExtension).toEqual({ marketplaces: [] });
    // In progress: as many as the Inventory's filter finds, the latest changed first.
    const inProgress = await owner.get(`${ITEMS}?status=inProgress&limit=1`);
    expect(view.needsYou.incompleteItems).toMatchObject({
      total: inProgress.body.total,
      totalCapped: false,
    });
    expect(view.needsYou.incompleteItems!.entries[0]).toEqual({
      itemId: draft,
      title: 'Half-written draft',
      issues: expect.arrayContaining([
        { code: 'missingImages', message: 'Missing Images' },
        { code: 'missingField', field: 'description', message: 'Missing Description' },
        { code: 'missingCategory', message: 'Missing category' },
      ]),
    });
    expect(view.needsYou.incompleteItems!.entries.map((e) => e.itemId)).not.toContain(jeans);
    // The picking list answers, and it is off for this account: nothing waits to be packed.
    expect(view.needsYou.ordersToPack).toEqual({ count: 0 });

    // "Try again" on the failed delist is the listing engine's own call, as the Inventory's.
    const retried = await owner.put(`/api/rest/v1/item/${scarf}/status`, {
      userId: account.userId,
      marketplace: 'mercari',
      status: 'queue',
      operation: 'delist',
    });
    expect(retried.status, retried.text).toBe(202);
    const after = await dashboard(owner);
    expect(after.needsYou.failedListings).toMatchObject({ lists: 1, delists: 0 });
    expect(after.needsYou.failedListings!.entries.map((e) => e.marketplace)).toEqual(['etsy']);
    // Mercari's delist now waits for the browser extension, which nobody has running.
    expect(after.needsYou.waitingForExtension).toEqual({
      marketplaces: [{ marketplace: 'mercari', waiting: 1, held: 0, absence: 'notSeen' }],
    });

    // The other account's dashboard has its own, and nothing of these.
    const theirView = await dashboard(otherOwner);
    expect(theirView.listings).toEqual({
      total: 1,
      marketplaces: [{ marketplace: 'ebay', listed: 1 }],
    });
    expect(theirView.needsYou.failedListings!.entries.map((e) => e.title)).toEqual([
      'Their jacket',
    ]);
    expect(theirView.needsYou.waitingForExtension).toEqual({ marketplaces: [] });
    expect(JSON.stringify(theirView)).not.toContain('Silk scarf');
  });

  it('lists the double sales not dismissed, and the account’s recent activity', async () => {
    const lamp = await createItem(owner, 'Brass lamp');
    await setListings(server, lamp, { ebay: listed('E-lamp') });
    await sell(owner, account, lamp, { soldAt: new Date().toISOString(), salePrice: 45 });
    // eBay reports the same lamp sold there too, after it sold in person: a double sale.
    const recorded = await server.container.services.saleDetection.record({
      accountId: account.accountId,
      marketplace: 'ebay',
      externalOrderId: 'order-lamp-2',
      item: { listedID: 'E-lamp' },
      quantity: 1,
      salePrice: 45,
      currency: 'USD',
      soldAt: Date.now(),
      source: 'webhook',
    });
    expect(recorded.status).toBe('recorded');

    const view = await dashboard(owner);
    expect(view.needsYou.doubleSales).toMatchObject({
      total: 1,
      entries: [{ itemId: lamp, itemTitle: 'Brass lamp', marketplace: 'ebay' }],
    });
    // A double sale is no sale to add up: the lamp counts once.
    expect(view.sales!.latest.filter((s) => s.itemId === lamp)).toHaveLength(1);
    expect(view.activity!.entries.length).toBeGreaterThan(0);
    expect(view.activity!.entries[0]).toMatchObject({ action: 'item.sold', subjectId: lamp });

    const event = view.needsYou.doubleSales!.entries[0]!;
    const dismissed = await owner.post('/api/rest/v1/sale_detection/dismiss', {
      originPlatform: 'ebay',
      payload: { event_id: event.eventId },
    });
    expect(dismissed.status, dismissed.text).toBe(200);
    expect((await dashboard(owner)).needsYou.doubleSales).toEqual({ total: 0, entries: [] });
    expect((await dashboard(otherOwner)).activity!.entries).not.toContainEqual(
      expect.objectContaining({ subjectId: lamp }),
    );
  });

  it('gives each member only the sections their role holds the key to', async () => {
    const itemsOnly = await memberWith('lister', ['items.read']);
    const listed = await dashboard(itemsOnly);
    expect(listed.sales).toBeNull();
    expect(listed.activity).toBeNull();
    expect(listed.needsYou.doubleSales).toBeNull();
    expect(listed.listings).not.toBeNull();
    expect(listed.needsYou.failedListings).not.toBeNull();
    expect(listed.needsYou.waitingForExtension).not.toBeNull();
    expect(listed.needsYou.incompleteItems).not.toBeNull();

    const salesOnly = await memberWith('bookkeeper', ['sales.read']);
    const sold = await dashboard(salesOnly);
    expect(sold.sales).not.toBeNull();
    expect(sold.needsYou.doubleSales).not.toBeNull();
    expect(sold.listings).toBeNull();
    expect(sold.needsYou.failedListings).toBeNull();
    expect(sold.needsYou.waitingForExtension).toBeNull();
    expect(sold.needsYou.incompleteItems).toBeNull();
    expect(sold.activity).toBeNull();

    const auditor = await memberWith('auditor', ['activity.read']);
    const audited = await dashboard(auditor);
    expect(audited.activity).not.toBeNull();
    expect(audited.sales).toBeNull();
    expect(audited.listings).toBeNull();

    const nothing = await memberWith('nobody yet', []);
    const bare = await dashboard(nothing);
    expect(bare).toMatchObject({
      sales: null,
      listings: null,
      activity: null,
      needsYou: {
        failedListings: null,
        waitingForExtension: null,
        doubleSales: null,
        incompleteItems: null,
        ordersToPack: null,
      },
    });
  });

  it('refuses what is not a time zone or a week start with a clear 400, and a signed-out caller with 401', async () => {
    const bad: [string, string][] = [
      ['?timeZone=Mars/Olympus_Mons', 'timeZone'],
      ['?timeZone=%2B01:00', 'timeZone'],
      [`?timeZone=${'Europe/'.repeat(12)}Rome`, 'timeZone'],
      ['?timeZone=', 'timeZone'],
      ['?weekStart=friday', 'weekStart'],
      ['?days=7', ''],
    ];
    for (const [query, field] of bad) {
      const response = await owner.get(`${DASHBOARD_PATH}${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.message, query).toEqual(expect.any(String));
      if (field) {
        expect(
          (response.body.issues as { path: string }[]).map((issue) => issue.path).join(' '),
          query,
        ).toContain(field);
      }
    }
    const { TestClient: Client } = await import('../../../test/client');
    const anonymous = await new Client(server.baseUrl).get(DASHBOARD_PATH);
    expect(anonymous.status).toBe(401);
  });
});
