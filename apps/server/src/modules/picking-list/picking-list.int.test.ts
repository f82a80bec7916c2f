import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  PICKING_LIST_COLUMNS_PATH,
  PICKING_LIST_FORM_DEFAULTS_PATH,
  PICKING_LIST_HISTORY_PATH,
  PICKING_LIST_PRINT_PATH,
  PICKING_LIST_SALES_PATH,
  type PickingList,
  type PickingOrder,
} from '@listloop/domain';
import type { TestClient } from '../../../test/client';
import { addMember, createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { makeJpeg, tusUpload } from '../../../test/images';
import { startTestServer, type TestServer } from '../../../test/server';
import { installPdfJsPolyfills, readPdf } from './pdf-reader.testing';

const SALES = PICKING_LIST_SALES_PATH;
const ACCOUNT = '/api/account';
const EXECUTOR_SALES = '/api/rest/v1/executor/sales';

/** The seller's account with its picking list on, and the way the web app checks items. */
async function turnOn(client: TestClient, method: 'via_photo' | 'via_barcode' = 'via_barcode') {
  const saved = await client.put(ACCOUNT, {
    config: { features: { pickingList: { isEnabled: true, verificationMethod: method } } },
  });
  expect(saved.status, saved.text).toBe(200);
}

interface ItemDetails {
  title: string;
  sku?: string;
  location?: string;
  quantity?: number;
  images?: unknown[];
}

async function newItem(client: TestClient, details: ItemDetails): Promise<string> {
  const created = await client.post('/api/account/item', {
    generalDetails: { quantity: 1, ...details },
  });
  expect(created.status, created.text).toBe(201);
  return created.body.item.itemID as string;
}

/** A sale the browser extension reports (as it does for Poshmark, Mercari…). */
async function sell(
  client: TestClient,
  itemId: string,
  externalOrderId: string,
  options: { marketplace?: string; quantity?: number; soldAt?: string } = {},
): Promise<string> {
  const sold = await client.post(EXECUTOR_SALES, {
    marketplace: options.marketplace ?? 'mercari',
    externalOrderId,
    itemId,
    quantity: options.quantity ?? 1,
    ...(options.soldAt ? { soldAt: options.soldAt } : {}),
  });
  expect(sold.status, sold.text).toBe(200);
  return sold.body.saleEvent.eventId as string;
}

async function list(client: TestClient): Promise<PickingList> {
  const response = await client.get(SALES);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

function orderOf(picking: PickingList, externalOrderId: string): PickingOrder | undefined {
  return picking.orders.find((order) => order.externalOrderId === externalOrderId);
}

async function pdfOf(
  client: TestClient,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string | null; bytes: Buffer; json: any }> {
  const response = await fetch(client.baseUrl + PICKING_LIST_PRINT_PATH, {
    method: 'POST',
    headers: {
      origin: client.baseUrl,
      cookie: client.cookieHeader,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type');
  return {
    status: response.status,
    type,
    bytes,
    json: type?.startsWith('application/json') ? JSON.parse(bytes.toString('utf8')) : null,
  };
}

describe('the picking list', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;
  let restorePdfJs: () => void = () => undefined;

  beforeAll(async () => {
    restorePdfJs = installPdfJsPolyfills();
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server, { companyName: 'Loop & Thread' });
    owner = await signIn(server, account);
  });
  afterAll(async () => {
    await server.close();
    restorePdfJs();
  });

  it('answers 409 on every route while the account has it off, and counts no order to pack', async () => {
    const shop = await createAccount(server);
    const client = await signIn(server, shop);
    await sell(client, await newItem(client, { title: 'Off item', sku: 'OFF-1' }), 'OFF-ORDER');
    const calls: [string, string, unknown?][] = [
      ['GET', SALES],
      ['PUT', SALES, { action: 'pack', marketplace: 'mercari', externalOrderId: 'OFF-ORDER' }],
      ['DELETE', SALES, { lineIds: ['x'.repeat(24)] }],
      ['POST', PICKING_LIST_PRINT_PATH, {}],
      ['GET', PICKING_LIST_HISTORY_PATH],
      ['GET', PICKING_LIST_COLUMNS_PATH],
      ['PUT', PICKING_LIST_COLUMNS_PATH, { columns: ['title'], sort: { by: 'ship_by' } }],
      ['GET', PICKING_LIST_FORM_DEFAULTS_PATH],
      ['PUT', PICKING_LIST_FORM_DEFAULTS_PATH, { layout: 'compact' }],
      ['DELETE', PICKING_LIST_FORM_DEFAULTS_PATH],
    ];
    for (const [method, path, body] of calls) {
      const response = await client.request(method, path, body === undefined ? {} : { body });
      expect(response.status, `${method} ${path}`).toBe(409);
      expect(response.body).toMatchObject({
        code: 'picking-list/off',
        message: expect.stringContaining('turn it on in the account settings'),
      });
    }
    const { pickingList } = server.container.services;
    expect(await pickingList.countOrdersToPack(shop.accountId)).toBe(0);
    await turnOn(client);
    expect(await pickingList.countOrdersToPack(shop.accountId)).toBe(1);
  });

  it('lists the sold items by order, each with its photo, title, SKU, location and deadline', async () => {
    const shop = await createAccount(server);
    const client = await signIn(server, shop);
    await turnOn(client);
    const { imageId } = await tusUpload(client, await makeJpeg({ width: 320, height: 240 }));
    const image = (await client.get(`/api/uploads/images/${imageId}`)).body.image;
    const jacket = await newItem(client, {
      title: 'Denim jacket',
      sku: 'LT-100',
      location: 'B10',
      images: [image],
    });
    const scarf = await newItem(client, { title: 'Wool scarf', sku: 'LT-101', location: 'B2' });
    const mug = await newItem(client, { title: 'Hand-made mug' });
    const belt = await newItem(client, { title: 'Leather belt', sku: 'LT-103', quantity: 3 });
    const stall = await newItem(client, { title: 'Sold at the stall', sku: 'LT-104' });
    const gone = await newItem(client, { title: 'Dismissed sale', sku: 'LT-105' });

    await sell(client, jacket, 'MULTI-1', { soldAt: '2025-01-02T10:00:00.000Z' });
    await sell(client, scarf, 'MULTI-1', { soldAt: '2025-01-02T10:00:00.000Z' });
    await sell(client, mug, 'SOLO-2', { marketplace: 'poshmark' });
    // The same order number on another marketplace is another order.
    await sell(client, belt, 'MULTI-1', { marketplace: 'depop', quantity: 2 });
    // A second sale of a unit already sold is a double sale: nothing to pack.
    await sell(client, mug, 'DOUBLE-3', { marketplace: 'depop' });
    // Handed over in person: not packed unless the account says so.
    const inPerson = await client.put(
      `/api/account/item/${shop.userId}/${stall}/mark-item-as-sold`,
      { marketplace: 'in_person' },
    );
    expect(inPerson.status, inPerson.text).toBe(200);
    // A sale the seller dismissed on the Sales screen leaves the list.
    const dismissedId = await sell(client, gone, 'GONE-4');
    const dismissed = await client.post('/api/rest/v1/sale_detection/dismiss', {
      payload: { event_id: dismissedId },
      originPlatform: 'mercari',
    });
    expect(dismissed.status, dismissed.text).toBe(200);
    // eBay says when it must ship: that order comes first.
    const shipsSoon = await newItem(client, { title: 'Camera', sku: 'LT-106', location: 'A1' });
    await server.container.services.saleDetection.record({
      accountId: shop.accountId,
      marketplace: 'ebay',
      externalOrderId: '12-34567-89012',
      item: { itemId: shipsSoon },
      quantity: 1,
      soldAt: Date.parse('2025-01-03T09:00:00.000Z'),
      shipBy: Date.parse('2025-01-05T23:59:59.000Z'),
      source: 'poll',
    });

    const picking = await list(client);
    expect(picking.verificationMethod).toBe('via_barcode');
    expect(picking.view).toEqual({
      columns: ['photo', 'title', 'sku', 'location', 'quantity'],
      sort: { by: 'ship_by', direction: 'asc' },
      saved: false,
    });
    expect(picking.totals).toEqual({ orders: 4, lines: 5, units: 6 });
    expect(picking.orders.map((o) => `${o.marketplace}/${o.externalOrderId}`)).toEqual([
      'ebay/12-34567-89012',
      // No deadline given: the oldest sale first.
      'mercari/MULTI-1',
      'poshmark/SOLO-2',
      'depop/MULTI-1',
    ]);
    const ebay = picking.orders[0]!;
    expect(ebay.shipBy).toBe('2025-01-05T23:59:59.000Z');
    expect(ebay.soldAt).toBe('2025-01-03T09:00:00.000Z');
    const multi = orderOf(picking, 'MULTI-1')!;
    expect(multi.shipBy).toBeNull();
    expect(multi.verified).toBe(false);
    // Lines in shelf order: B2 before B10.
    expect(multi.lines.map((l) => [l.title, l.sku, l.location, l.quantity])).toEqual([
      ['Wool scarf', 'LT-101', 'B2', 1],
      ['Denim jacket', 'LT-100', 'B10', 1],
    ]);
    expect(multi.lines[1]!.photo).toEqual({ small: image.url_s, large: image.url_l });
    expect(multi.lines[0]!.photo).toBeNull();
    const mugLine = orderOf(picking, 'SOLO-2')!.lines[0]!;
    expect(mugLine).toMatchObject({ title: 'Hand-made mug', sku: null, location: null });
    expect(picking.orders.find((o) => o.marketplace === 'depop')!.lines[0]).toMatchObject({
      title: 'Leather belt',
      quantity: 2,
      verifiedUnits: 0,
    });
    expect(JSON.stringify(picking)).not.toContain('Dismissed sale');
    expect(JSON.stringify(picking)).not.toContain('Sold at the stall');
    expect(await server.container.services.pickingList.countOrdersToPack(shop.accountId)).toBe(4);

    // The account packs what it sells in person too.
    const defaults = await client.put(PICKING_LIST_FORM_DEFAULTS_PATH, { includeInPerson: true });
    expect(defaults.status, defaults.text).toBe(200);
    const withStall = await list(client);
    expect(withStall.orders.find((o) => o.marketplace === 'in_person')?.lines[0]?.title).toBe(
      'Sold at the stall',
    );
    // A shorter reach leaves out the sales dated further back (by when they were heard of).
    await server.container.database.db.execute(sql`
      UPDATE sale_events SET detected_at = now() - interval '10 days'
      WHERE account_id = ${shop.accountId} AND external_order_id = 'SOLO-2'`);
    await client.put(PICKING_LIST_FORM_DEFAULTS_PATH, { daysBack: 7 });
    expect(orderOf(await list(client), 'SOLO-2')).toBeUndefined();
    await client.request('DELETE', PICKING_LIST_FORM_DEFAULTS_PATH);
    expect(orderOf(await list(client), 'SOLO-2')).toBeDefined();
  });

  it('checks items by their scanned or typed SKU, and says what a wrong SKU is', async () => {
    await turnOn(owner);
    const tee = await newItem(owner, { title: 'Band tee', sku: 'TEE-1', quantity: 2 });
    const cap = await newItem(owner, { title: 'Trucker cap', sku: 'CAP-2' });
    const boots = await newItem(owner, { title: 'Work boots', sku: 'BOOT-3' });
    await newItem(owner, { title: 'Still on the shelf', sku: 'SHELF-4' });
    await sell(owner, tee, 'SCAN-1', { quantity: 2 });
    await sell(owner, cap, 'SCAN-1');
    await sell(owner, boots, 'OTHER-2');
    const order = { marketplace: 'mercari', externalOrderId: 'SCAN-1' };
    const scan = (sku: string, via?: 'scan' | 'typed') =>
      owner.put(SALES, { action: 'scan', ...order, sku, ...(via ? { via } : {}) });

    // Two units of the tee: two scans, any case, with spaces around.
    const first = await scan(' tee-1 ', 'scan');
    expect(first.status, first.text).toBe(200);
    expect(first.body.scan).toMatchObject({
      outcome: 'verified',
      item: { itemId: tee, title: 'Band tee' },
    });
    const teeLine = first.body.order.lines.find((l: any) => l.sku === 'TEE-1');
    expect(teeLine).toMatchObject({ verifiedUnits: 1, verifiedVia: 'scan' });
    expect(teeLine.verifiedBy).toEqual({ userId: account.userId, name: 'Ada Seller' });
    expect(first.body.order.verified).toBe(false);
    expect((await scan('TEE-1')).body.scan.outcome).toBe('verified');
    const again = await scan('TEE-1');
    expect(again.body.scan).toMatchObject({ outcome: 'already_verified', lineId: teeLine.lineId });

    // On another order, in the inventory but not sold, or nothing of the account's.
    expect((await scan('BOOT-3')).body.scan).toEqual({
      sku: 'BOOT-3',
      outcome: 'on_another_order',
      lineId: expect.any(String),
      item: { itemId: boots, title: 'Work boots' },
      order: { marketplace: 'mercari', externalOrderId: 'OTHER-2' },
    });
    expect((await scan('shelf-4')).body.scan).toMatchObject({
      outcome: 'not_on_list',
      item: { title: 'Still on the shelf' },
      order: null,
    });
    const unknown = await scan('NOPE-9');
    expect(unknown.body.scan).toEqual({
      sku: 'NOPE-9',
      outcome: 'unknown',
      lineId: null,
      item: null,
      order: null,
    });
    expect(unknown.body.order.verified).toBe(false);

    const last = await scan('CAP-2', 'typed');
    expect(last.body.order.verified).toBe(true);
    expect(last.body.order.lines.find((l: any) => l.sku === 'CAP-2').verifiedVia).toBe('typed');
    // The list says the same to whoever reads it next.
    expect(orderOf(await list(owner), 'SCAN-1')?.verified).toBe(true);

    // A scan against an order that is not on the list.
    const missing = await owner.put(SALES, {
      action: 'scan',
      marketplace: 'mercari',
      externalOrderId: 'NO-SUCH-ORDER',
      sku: 'TEE-1',
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('This order is not on the picking list.');
  });

  it('confirms by the photo where the account says so, or for an item without SKU; undoes a check', async () => {
    const shop = await createAccount(server);
    const client = await signIn(server, shop);
    await turnOn(client, 'via_barcode');
    const withSku = await newItem(client, { title: 'Silk tie', sku: 'TIE-1' });
    const noSku = await newItem(client, { title: 'Clay vase' });
    await sell(client, withSku, 'EYE-1');
    await sell(client, noSku, 'EYE-1');
    const lines = orderOf(await list(client), 'EYE-1')!.lines;
    const tie = lines.find((l) => l.sku === 'TIE-1')!;
    const vase = lines.find((l) => l.sku === null)!;

    // Scanning is how this account checks: an item with a SKU is scanned or typed.
    const refused = await client.put(SALES, { action: 'confirm', lineId: tie.lineId });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('picking-list/scan-required');
    const byEye = await client.put(SALES, { action: 'confirm', lineId: vase.lineId });
    expect(byEye.status, byEye.text).toBe(200);
    expect(byEye.body.order.lines.find((l: any) => l.lineId === vase.lineId)).toMatchObject({
      verifiedUnits: 1,
      verifiedVia: 'photo',
    });

    await turnOn(client, 'via_photo');
    const confirmed = await client.put(SALES, { action: 'confirm', lineId: tie.lineId });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.order.verified).toBe(true);

    const undone = await client.put(SALES, { action: 'undo', lineId: tie.lineId });
    expect(undone.status, undone.text).toBe(200);
    expect(undone.body.order.verified).toBe(false);
    expect(undone.body.order.lines.find((l: any) => l.lineId === tie.lineId)).toMatchObject({
      verifiedUnits: 0,
      verifiedAt: null,
      verifiedBy: null,
      verifiedVia: null,
    });
    const noLine = await client.put(SALES, { action: 'confirm', lineId: 'x'.repeat(24) });
    expect(noLine.status).toBe(404);
    expect(noLine.body.message).toBe('This item is not on the picking list.');
  });

  it('packs an order once every item is checked: it leaves the list, the history keeps who and when', async () => {
    const shop = await createAccount(server);
    const client = await signIn(server, shop);
    await turnOn(client);
    const lamp = await newItem(client, { title: 'Desk lamp', sku: 'LAMP-1' });
    const shade = await newItem(client, { title: 'Lamp shade', sku: 'SHADE-2' });
    await sell(client, lamp, 'PACK-1');
    await sell(client, shade, 'PACK-1');
    const pack = { action: 'pack', marketplace: 'mercari', externalOrderId: 'PACK-1' };

    const ref = { marketplace: 'mercari', externalOrderId: 'PACK-1' };
    await client.put(SALES, { action: 'scan', ...ref, sku: 'LAMP-1' });
    const early = await client.put(SALES, pack);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('picking-list/not-verified');
    expect(early.body.message).toBe('Check every item of this order before marking it packed.');

    await client.put(SALES, { action: 'scan', ...ref, sku: 'SHADE-2' });
    const packed = await client.put(SALES, pack);
    expect(packed.status, packed.text).toBe(200);
    expect(packed.body.order).toBeNull();
    expect(packed.body.packed).toMatchObject({
      action: 'packed',
      marketplace: 'mercari',
      externalOrderId: 'PACK-1',
      by: { userId: shop.userId, name: 'Ada Seller' },
      lines: [
        expect.objectContaining({ itemId: lamp, title: 'Desk lamp', sku: 'LAMP-1', quantity: 1 }),
        expect.objectContaining({ itemId: shade, title: 'Lamp shade', sku: 'SHADE-2' }),
      ],
    });
    expect(Date.now() - Date.parse(packed.body.packed.at)).toBeLessThan(60_000);
    expect(orderOf(await list(client), 'PACK-1')).toBeUndefined();
    expect(await server.container.services.pickingList.countOrdersToPack(shop.accountId)).toBe(0);

    // Packed once: a second time finds nothing to pack.
    const twice = await client.put(SALES, pack);
    expect(twice.status).toBe(404);
    const history = await client.get(PICKING_LIST_HISTORY_PATH);
    expect(history.status, history.text).toBe(200);
    expect(history.body.entries).toEqual([packed.body.packed]);
    expect(history.body.nextCursor).toBeNull();
  });

  it('packs an order once when two packers mark it packed together', async () => {
    const shop = await createAccount(server);
    const client = await signIn(server, shop);
    const teammate = await signIn(server, await addMember(server, shop));
    await turnOn(client);
    await sell(client, await newItem(client, { title: 'Race item', sku: 'RACE-1' }), 'RACE-1');
    const ref = { marketplace: 'mercari', externalOrderId: 'RACE-1' };
    await client.put(SALES, { action: 'scan', ...ref, sku: 'RACE-1' });
    const answers = await Promise.all([
      client.put(SALES, { action: 'pack', ...ref }),
      teammate.put(SALES, { action: 'pack', ...ref }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    const history = await client.get(PICKING_LIST_HISTORY_PATH);
    expect(history.body.entries).toHaveLength(1);
  });

  it('removes lines without packing them, all or nothing, one history entry per order', async () => {
    const shop = await createAccount(server);
    const client = await signIn(server, shop);
    await turnOn(client);
    const a = await sell(client, await newItem(client, { title: 'Cancelled A' }), 'CANCEL-1');
    const b = await sell(client, await newItem(client, { title: 'Cancelled B' }), 'CANCEL-1');
    const c = await sell(client, await newItem(client, { title: 'Other order' }), 'CANCEL-2');
    const keep = await sell(client, await newItem(client, { title: 'Stays' }), 'KEEP-3');

    const unknown = await client.request('DELETE', SALES, {
      body: { lineIds: [a, 'x'.repeat(24)] },
    });
    expect(unknown.status).toBe(404);
    expect(orderOf(await list(client), 'CANCEL-1')?.lines).toHaveLength(2);

    const removed = await client.request('DELETE', SALES, { body: { lineIds: [a, b, c, a] } });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.removed).toBe(3);
    expect(
      removed.body.entries.map((e: any) => [e.action, e.externalOrderId, e.lines.length]).sort(),
    ).toEqual([
      ['removed', 'CANCEL-1', 2],
      ['removed', 'CANCEL-2', 1],
    ]);
    const after = await list(client);
    expect(after.orders.map((o) => o.externalOrderId)).toEqual(['KEEP-3']);
    const again = await client.request('DELETE', SALES, { body: { lineIds: [a] } });
    expect(again.status).toBe(404);
    expect(keep).toBeTruthy();
  });

  it('pages the history newest first', async () => {
    const shop = await createAccount(server);
    const client = await signIn(server, shop);
    await turnOn(client);
    for (const id of ['H-1', 'H-2', 'H-3']) {
      const line = await sell(client, await newItem(client, { title: `Item ${id}` }), id);
      const removed = await client.request('DELETE', SALES, { body: { lineIds: [line] } });
      expect(removed.status, removed.text).toBe(200);
    }
    const first = await client.get(`${PICKING_LIST_HISTORY_PATH}?limit=2`);
    expect(first.body.entries.map((e: any) => e.externalOrderId)).toEqual(['H-3', 'H-2']);
    const second = await client.get(
      `${PICKING_LIST_HISTORY_PATH}?limit=2&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.entries.map((e: any) => e.externalOrderId)).toEqual(['H-1']);
    expect(second.body.nextCursor).toBeNull();
    expect((await client.get(`${PICKING_LIST_HISTORY_PATH}?cursor=bm9wZQ`)).status).toBe(400);
    expect((await client.get(`${PICKING_LIST_HISTORY_PATH}?limit=0`)).status).toBe(400);
  });

  it('keeps each member’s own columns and sort; a viewer reads and arranges but does not pack', async () => {
    const shop = await createAccount(server);
    const client = await signIn(server, shop);
    await turnOn(client);
    const viewer = await signIn(
      server,
      await addMember(server, shop, { roleId: shop.viewerRoleId }),
    );
    const early = await newItem(client, { title: 'Early', sku: 'E-1', location: 'Z9' });
    const late = await newItem(client, { title: 'Late', sku: 'L-1', location: 'A1' });
    await sell(client, early, 'SORT-1', { soldAt: '2025-01-01T00:00:00.000Z' });
    await sell(client, late, 'SORT-2', { soldAt: '2025-01-02T00:00:00.000Z' });

    expect((await client.get(PICKING_LIST_COLUMNS_PATH)).body).toMatchObject({ saved: false });
    const saved = await client.put(PICKING_LIST_COLUMNS_PATH, {
      columns: ['sku', 'title', 'shipBy'],
      sort: { by: 'location', direction: 'asc' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({
      columns: ['sku', 'title', 'shipBy'],
      sort: { by: 'location', direction: 'asc' },
      saved: true,
    });
    const mine = await list(client);
    expect(mine.view.columns).toEqual(['sku', 'title', 'shipBy']);
    expect(mine.orders.map((o) => o.externalOrderId)).toEqual(['SORT-2', 'SORT-1']);

    // The viewer has their own, and may arrange it (sales.read) but not pack (sales.manage).
    const theirs = await list(viewer);
    expect(theirs.view.saved).toBe(false);
    expect(theirs.orders.map((o) => o.externalOrderId)).toEqual(['SORT-1', 'SORT-2']);
    const arranged = await viewer.put(PICKING_LIST_COLUMNS_PATH, {
      columns: ['title'],
      sort: { by: 'sold_at', direction: 'desc' },
    });
    expect(arranged.status, arranged.text).toBe(200);
    expect((await list(viewer)).orders.map((o) => o.externalOrderId)).toEqual(['SORT-2', 'SORT-1']);
    expect((await client.get(PICKING_LIST_COLUMNS_PATH)).body.columns).toEqual([
      'sku',
      'title',
      'shipBy',
    ]);
    for (const [method, path, body] of [
      [
        'PUT',
        SALES,
        { action: 'scan', marketplace: 'mercari', externalOrderId: 'SORT-1', sku: 'E-1' },
      ],
      ['DELETE', SALES, { lineIds: ['x'.repeat(24)] }],
      ['POST', PICKING_LIST_PRINT_PATH, {}],
      ['PUT', PICKING_LIST_FORM_DEFAULTS_PATH, { layout: 'compact' }],
      ['DELETE', PICKING_LIST_FORM_DEFAULTS_PATH, undefined],
    ] as const) {
      const refused = await viewer.request(method, path, body === undefined ? {} : { body });
      expect(refused.status, `${method} ${path}`).toBe(403);
    }
    expect((await viewer.get(PICKING_LIST_FORM_DEFAULTS_PATH)).status).toBe(200);
    expect((await viewer.get(PICKING_LIST_HISTORY_PATH)).status).toBe(200);
  });

  it('keeps the account’s form defaults: partial saves, and back to the product’s', async () => {
    const shop = await createAccount(server);
    const client = await signIn(server, shop);
    await turnOn(client);
    const initial = await client.get(PICKING_LIST_FORM_DEFAULTS_PATH);
    expect(initial.body).toEqual({
      layout: 'order_per_page',
      daysBack: 30,
      includeInPerson: false,
      updatedAt: null,
    });
    const saved = await client.put(PICKING_LIST_FORM_DEFAULTS_PATH, { layout: 'compact' });
    expect(saved.body).toMatchObject({
      layout: 'compact',
      daysBack: 30,
      updatedAt: expect.any(String),
    });
    const more = await client.put(PICKING_LIST_FORM_DEFAULTS_PATH, { daysBack: 3 });
    expect(more.body).toMatchObject({ layout: 'compact', daysBack: 3 });
    const reset = await client.request('DELETE', PICKING_LIST_FORM_DEFAULTS_PATH);
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body).toEqual(initial.body);
    // Another account keeps its own.
    const other = await signIn(server, await createAccount(server));
    await turnOn(other);
    await client.put(PICKING_LIST_FORM_DEFAULTS_PATH, { daysBack: 5 });
    expect((await other.get(PICKING_LIST_FORM_DEFAULTS_PATH)).body.daysBack).toBe(30);
  });

  it('refuses bad input with a clear 400', async () => {
    await turnOn(owner);
    const cases: [string, string, unknown][] = [
      ['PUT', SALES, { action: 'ship' }],
      ['PUT', SALES, { action: 'scan', marketplace: 'mercari', externalOrderId: 'A', sku: '' }],
      ['PUT', SALES, { action: 'scan', marketplace: 'nowhere', externalOrderId: 'A', sku: 'B' }],
      [
        'PUT',
        SALES,
        { action: 'scan', marketplace: 'mercari', externalOrderId: 'A', sku: 'x'.repeat(65) },
      ],
      ['PUT', SALES, { action: 'confirm', lineId: 'a\u0000b' }],
      ['PUT', SALES, { action: 'confirm', lineId: 'x', extra: true }],
      ['DELETE', SALES, { lineIds: [] }],
      ['DELETE', SALES, { lineIds: 'all' }],
      ['PUT', PICKING_LIST_COLUMNS_PATH, { columns: ['title', 'title'], sort: { by: 'ship_by' } }],
      ['PUT', PICKING_LIST_COLUMNS_PATH, { columns: ['price'], sort: { by: 'ship_by' } }],
      ['PUT', PICKING_LIST_COLUMNS_PATH, { columns: ['title'], sort: { by: 'price' } }],
      ['PUT', PICKING_LIST_FORM_DEFAULTS_PATH, { daysBack: 0 }],
      ['PUT', PICKING_LIST_FORM_DEFAULTS_PATH, { layout: 'poster' }],
      ['PUT', PICKING_LIST_FORM_DEFAULTS_PATH, { includeInPerson: 'yes' }],
      ['POST', PICKING_LIST_PRINT_PATH, { columns: ['barcode'] }],
      ['POST', PICKING_LIST_PRINT_PATH, { timeZone: 'Mars/Base' }],
      ['POST', PICKING_LIST_PRINT_PATH, { orders: [] }],
    ];
    for (const [method, path, body] of cases) {
      const response = await owner.request(method, path, { body });
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}: ${response.text}`).toBe(
        400,
      );
      expect(response.body.message.length).toBeGreaterThan(0);
    }
  });

  describe('printing', () => {
    let shop: AccountFixture;
    let client: TestClient;

    beforeAll(async () => {
      shop = await createAccount(server, { companyName: 'Print Shop' });
      client = await signIn(server, shop);
      await turnOn(client);
      const { imageId } = await tusUpload(client, await makeJpeg({ width: 320, height: 240 }));
      const image = (await client.get(`/api/uploads/images/${imageId}`)).body.image;
      await sell(
        client,
        await newItem(client, {
          title: 'Pleated skirt',
          sku: 'SKIRT-77',
          location: 'C3',
          images: [image],
        }),
        'PRINT-1',
        { soldAt: '2025-02-01T00:00:00.000Z' },
      );
      await sell(client, await newItem(client, { title: 'Knitted hat' }), 'PRINT-1', {
        soldAt: '2025-02-01T00:00:00.000Z',
      });
      await sell(
        client,
        await newItem(client, { title: 'Linen shirt', sku: 'SHIRT-88' }),
        'PRINT-2',
        {
          marketplace: 'poshmark',
          soldAt: '2025-02-02T00:00:00.000Z',
        },
      );
    });

    it('prints the list with an empty body: the caller’s columns, a page per order, each SKU as a barcode', async () => {
      const printed = await pdfOf(client);
      expect(printed.status, printed.bytes.toString('utf8').slice(0, 300)).toBe(200);
      expect(printed.type).toBe('application/pdf');
      const pages = await readPdf(printed.bytes);
      expect(pages).toHaveLength(2);
      const [first, second] = pages;
      expect(first!.text).toContain('Order PRINT-1');
      expect(first!.text).toContain(
        'Mercari · sold Feb 1, 2025 · 2 items · Shipping deadline not given',
      );
      for (const text of ['Pleated skirt', 'SKIRT-77', 'C3', 'Knitted hat', 'No SKU']) {
        expect(first!.text).toContain(text);
      }
      expect(first!.barcodes).toEqual(['SKIRT-77']);
      // The skirt's photo and its barcode.
      expect(first!.images).toBe(2);
      expect(second!.text).toContain('Order PRINT-2');
      expect(second!.text).toContain('Linen shirt');
      expect(second!.barcodes).toEqual(['SHIRT-88']);
    });

    it('prints on a compact sheet with other columns, the orders named, in the caller’s language', async () => {
      const printed = await pdfOf(client, {
        layout: 'compact',
        columns: ['title', 'sku', 'marketplace'],
        orders: [{ marketplace: 'poshmark', externalOrderId: 'PRINT-2' }],
        locale: 'es',
        timeZone: 'Europe/Madrid',
      });
      expect(printed.status).toBe(200);
      const pages = await readPdf(printed.bytes);
      expect(pages).toHaveLength(1);
      expect(pages[0]!.text).toContain('Lista de preparación');
      expect(pages[0]!.text).toContain('Pedido PRINT-2');
      expect(pages[0]!.text).toContain('Poshmark');
      expect(pages[0]!.text).not.toContain('PRINT-1');
      expect(pages[0]!.barcodes).toEqual(['SHIRT-88']);
      expect(pages[0]!.images).toBe(1);
    });

    it('follows the saved columns and layout, and the browser’s language when the body names none', async () => {
      await client.put(PICKING_LIST_COLUMNS_PATH, {
        columns: ['title', 'location'],
        sort: { by: 'sold_at', direction: 'desc' },
      });
      await client.put(PICKING_LIST_FORM_DEFAULTS_PATH, { layout: 'compact' });
      const printed = await pdfOf(client, {}, { 'accept-language': 'it-IT,it;q=0.9,en;q=0.8' });
      const [page, ...rest] = await readPdf(printed.bytes);
      expect(rest).toHaveLength(0);
      expect(page!.text).toContain('Lista di prelievo');
      expect(page!.text.indexOf('Ordine PRINT-2')).toBeLessThan(
        page!.text.indexOf('Ordine PRINT-1'),
      );
      expect(page!.text).toContain('Posizione');
      expect(page!.text).not.toContain('SKIRT-77');
      expect(page!.barcodes).toEqual([]);
      await client.request('DELETE', PICKING_LIST_FORM_DEFAULTS_PATH);
    });

    it('answers 404 for an order not on the list and 409 when nothing waits', async () => {
      const missing = await pdfOf(client, {
        orders: [{ marketplace: 'mercari', externalOrderId: 'NOT-THERE' }],
      });
      expect(missing.status).toBe(404);
      expect(missing.json.message).toBe('This order is not on the picking list.');
      const empty = await signIn(server, await createAccount(server));
      await turnOn(empty);
      const nothing = await pdfOf(empty, {});
      expect(nothing.status).toBe(409);
      expect(nothing.json.code).toBe('picking-list/nothing-to-print');
    });
  });
});
