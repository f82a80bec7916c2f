import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaleEvent } from '@listloop/domain';
import type { TestClient } from '../../../test/client';
import { addMember, createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';

const ITEMS = '/api/account/item';
const EVENTS = '/api/rest/v1/sale_detection/events';

/**
 * Mark as sold (PUT …/mark-item-as-sold, decision 0020): a sale the seller records, on one of
 * the item's marketplaces or in person, with its price, date and quantity, handled as any sale.
 */
describe('mark as sold: a sale the seller records', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;
  let n = 0;

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
    owner = await signIn(server, account);
  });
  afterAll(() => server.close());

  /** An item of `quantity` units, live on Shopify and Mercari. */
  const liveItem = async (quantity: number) => {
    n += 1;
    const created = await owner.post(ITEMS, {
      generalDetails: { title: `Leather satchel ${n}`, quantity, price: 60 },
    });
    expect(created.status, created.text).toBe(201);
    const itemId = created.body.item.itemID as string;
    const now = Date.now();
    const live = (m: string) => ({
      status: 'listed',
      listedID: `${m}-${itemId}`,
      listingURL: null,
      lastStatusDate: now,
      dateCreated: now,
      dateLastModified: now,
    });
    await queryRows(
      server,
      sql`UPDATE items SET listings = ${JSON.stringify({
        shopify: live('shopify'),
        mercari: live('mercari'),
      })}::jsonb WHERE id = ${itemId}`,
    );
    return itemId;
  };
  const markSold = (itemId: string, body: unknown, client: TestClient = owner) =>
    client.put(`${ITEMS}/${account.userId}/${itemId}/mark-item-as-sold`, body);
  const salesOf = async (itemId: string) => {
    const read = await owner.get(`${EVENTS}?itemId=${itemId}`);
    expect(read.status, read.text).toBe(200);
    return read.body.events as SaleEvent[];
  };

  it('in person, with a price in cents, a date and two of three units: recorded, and the rest follows', async () => {
    const itemId = await liveItem(3);
    const yesterday = new Date(Date.now() - 24 * 3600_000).toISOString();
    const first = await markSold(itemId, {
      marketplace: 'in_person',
      quantity: 2,
      salePrice: 24.99,
      currency: 'usd',
      soldAt: yesterday,
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body.item.generalDetails.quantity).toBe(1);
    // Units are left: the listings stay up.
    expect(first.body.item.listings.shopify.status).toBe('listed');

    const [event] = await salesOf(itemId);
    expect(event).toMatchObject({
      kind: 'sale',
      source: 'manual',
      marketplace: 'in_person',
      quantity: 2,
      quantityLeft: 1,
      salePrice: 24.99,
      currency: 'USD',
      soldAt: yesterday,
    });
    expect(event!.outcomes.map((o) => [o.marketplace, o.outcome])).toEqual([
      ['mercari', 'quantity_left'],
      ['shopify', 'quantity_left'],
    ]);

    // The last one: down everywhere, the seller (and their team) told.
    const last = await markSold(itemId, { marketplace: 'in_person', salePrice: 30 });
    expect(last.status, last.text).toBe(200);
    expect(last.body.item.generalDetails.quantity).toBe(0);
    for (const m of ['shopify', 'mercari']) {
      expect(last.body.item.listings[m]).toMatchObject({
        status: 'queued',
        pendingOperation: 'delist',
      });
    }
    const sales = await salesOf(itemId);
    expect(sales.map((s) => [s.marketplace, s.quantityLeft])).toEqual([
      ['in_person', 0],
      ['in_person', 1],
    ]);
    // Mercari waits for the extension; Shopify, not connected here, ends at once (failed).
    expect(sales[0]!.outcomes.map((o) => [o.marketplace, o.outcome.slice(0, 7)])).toEqual([
      ['mercari', 'delist_'],
      ['shopify', 'delist_'],
    ]);
    const inbox = await owner.get('/api/user/notifications?limit=50');
    const mine = (
      inbox.body.notifications as { kind: string; params: Record<string, unknown> }[]
    ).filter((x) => x.params.itemId === itemId);
    expect(mine.map((x) => x.params)).toContainEqual(
      expect.objectContaining({ marketplace: 'in_person', price: 30, quantity: 1 }),
    );
  });

  it('on one of its marketplaces, the spec’s body alone: one unit, that listing sold', async () => {
    const itemId = await liveItem(1);
    const sold = await markSold(itemId, { marketplace: 'mercari' });
    expect(sold.status, sold.text).toBe(200);
    expect(sold.body.item.listings.mercari.status).toBe('sold');
    expect(sold.body.item.listings.shopify).toMatchObject({ pendingOperation: 'delist' });
    const [event] = await salesOf(itemId);
    expect(event).toMatchObject({
      marketplace: 'mercari',
      source: 'manual',
      salePrice: null,
      // Every sale is in a currency: the account's, when nothing else says.
      currency: 'USD',
    });
  });

  it('refuses bad input with a reason (400), and what the item cannot have sold (409)', async () => {
    const itemId = await liveItem(2);
    const future = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
    const bad: [unknown, string][] = [
      [{ marketplace: 'in_person', quantity: 0 }, 'quantity'],
      [{ marketplace: 'in_person', quantity: 1.5 }, 'quantity'],
      [{ marketplace: 'in_person', salePrice: -1 }, 'salePrice'],
      [{ marketplace: 'in_person', salePrice: 24.999 }, 'salePrice'],
      [{ marketplace: 'in_person', currency: 'dollars' }, 'currency'],
      [{ marketplace: 'in_person', soldAt: 'yesterday' }, 'soldAt'],
      [{ marketplace: 'in_person', soldAt: future }, 'soldAt'],
      [{ marketplace: 'myspace' }, 'marketplace'],
      [{}, 'marketplace'],
    ];
    for (const [body, field] of bad) {
      const refused = await markSold(itemId, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(
        (refused.body.issues as { path: string; message: string }[]).map((i) => i.path),
        JSON.stringify(body),
      ).toContainEqual(expect.stringContaining(field));
    }
    const tooMany = await markSold(itemId, { marketplace: 'in_person', quantity: 3 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe(
      'Only 2 units are left, so 3 cannot have sold. Raise the quantity first if you had more.',
    );
    const notThere = await markSold(itemId, { marketplace: 'etsy' });
    expect(notThere.status).toBe(409);
    expect(notThere.body.message).toMatch(
      /^Etsy: an item that is not listed cannot be marked sold/,
    );
    expect(await salesOf(itemId)).toEqual([]);

    expect((await markSold(itemId, { marketplace: 'in_person', quantity: 2 })).status).toBe(200);
    const gone = await markSold(itemId, { marketplace: 'in_person' });
    expect(gone.status).toBe(409);
    expect(gone.body.message).toMatch(/^No units of this item are left/);
  });

  it('needs sales.manage and listings.delist, and another account’s item is not found', async () => {
    const itemId = await liveItem(1);
    const viewer = await signIn(
      server,
      await addMember(server, account, { roleId: account.viewerRoleId }),
    );
    const forbidden = await markSold(itemId, { marketplace: 'in_person' }, viewer);
    expect(forbidden.status).toBe(403);
    const stranger = await signIn(server, await createAccount(server));
    const other = await markSold(itemId, { marketplace: 'in_person' }, stranger);
    expect(other.status).toBe(404);
    const theirs = await stranger.put(`${ITEMS}/${account.userId}/${itemId}/mark-item-as-sold`, {
      marketplace: 'in_person',
    });
    expect(theirs.status).toBe(404);
    expect(await salesOf(itemId)).toEqual([]);
    expect((await stranger.get(`${EVENTS}?itemId=${itemId}`)).body.events).toEqual([]);
  });

  it('the item’s sales are all of them, whatever their age; the tracker keeps its 30 days', async () => {
    const itemId = await liveItem(1);
    expect((await markSold(itemId, { marketplace: 'in_person', salePrice: 12 })).status).toBe(200);
    await queryRows(
      server,
      sql`UPDATE sale_events SET detected_at = now() - interval '90 days' WHERE item_id = ${itemId}`,
    );
    expect((await salesOf(itemId)).map((s) => s.salePrice)).toEqual([12]);
    const tracker = await owner.get(`${EVENTS}?limit=200`);
    expect((tracker.body.events as SaleEvent[]).some((e) => e.itemId === itemId)).toBe(false);
    // In-person sales are filtered and dismissed like a marketplace's.
    const inPerson = await owner.get(`${EVENTS}?marketplace=in_person&days=365`);
    expect((inPerson.body.events as SaleEvent[]).map((e) => e.itemId)).toContain(itemId);
    const dismissed = await owner.post('/api/rest/v1/sale_detection/dismiss_all', {
      originPlatform: 'in_person',
    });
    expect(dismissed.status, dismissed.text).toBe(200);
    expect(dismissed.body.dismissed).toBeGreaterThanOrEqual(1);
  });
});
