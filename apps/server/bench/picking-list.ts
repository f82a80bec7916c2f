/**
 * The picking-list figures, over HTTP on a scratch database: a list of 250 orders waiting to
 * be packed (500 items, two an order, each sold as the extension reports a sale), read as the
 * screen reads it; a scanned SKU; the printed list in both layouts (time, size, pages); and
 * marking orders packed. Sales are made through the real route, so the list is the product's.
 */
import { PICKING_LIST_PRINT_PATH, PICKING_LIST_SALES_PATH } from '@listloop/domain';
import { TestClient } from '../test/client';
import { inTurn, percentile, timed } from './timing';

const ORDERS = Number(process.env.BENCH_PICKING_ORDERS ?? 250);
const LINES_PER_ORDER = 2;
const READS = 20;

export async function benchPickingList(
  baseUrl: string,
  owner: { email: string; password: string },
  add: (figure: { name: string; value: number; unit: string; target?: string }) => void,
) {
  const client = new TestClient(baseUrl);
  const login = await client.post('/api/rest/v1/auth/session_login', owner);
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.text}`);
  const on = await client.put('/api/account', {
    config: { features: { pickingList: { isEnabled: true, verificationMethod: 'via_barcode' } } },
  });
  if (on.status !== 200) throw new Error(`turning the picking list on failed: ${on.text}`);

  const lines = ORDERS * LINES_PER_ORDER;
  console.log(`Picking list: ${lines} items sold in ${ORDERS} orders…`);
  await inTurn(lines, async (index) => {
    const created = await client.post('/api/account/item', {
      generalDetails: {
        title: `Bench picked item ${index}`,
        sku: `PICK-${String(index).padStart(5, '0')}`,
        location: `Shelf ${String.fromCharCode(65 + (index % 26))}${index % 40}`,
        quantity: 1,
        price: 20,
      },
    });
    if (created.status !== 201) throw new Error(`item create failed: ${created.text}`);
    const sold = await client.post('/api/rest/v1/executor/sales', {
      marketplace: 'poshmark',
      externalOrderId: `BENCH-ORDER-${Math.floor(index / LINES_PER_ORDER)}`,
      itemId: created.body.item.itemID,
    });
    if (sold.status !== 200) throw new Error(`sale failed: ${sold.text}`);
  });

  const reads = await timed(READS, async () => {
    const list = await client.get(PICKING_LIST_SALES_PATH);
    if (list.status !== 200 || list.body.orders.length !== ORDERS) {
      throw new Error(`the list did not hold ${ORDERS} orders: ${list.text.slice(0, 200)}`);
    }
  });
  add({
    name: `picking list of ${ORDERS} orders (${lines} items) p50`,
    value: percentile(reads, 50),
    unit: 'ms',
  });
  add({
    name: `picking list of ${ORDERS} orders (${lines} items) p95`,
    value: percentile(reads, 95),
    unit: 'ms',
  });

  for (const layout of ['order_per_page', 'compact'] as const) {
    const started = performance.now();
    const response = await fetch(baseUrl + PICKING_LIST_PRINT_PATH, {
      method: 'POST',
      headers: { origin: baseUrl, cookie: client.cookieHeader, 'content-type': 'application/json' },
      body: JSON.stringify({ layout, columns: ['photo', 'title', 'sku', 'location', 'quantity'] }),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`print failed: ${bytes.toString().slice(0, 200)}`);
    const pages = (bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    add({ name: `printed list of ${ORDERS} orders, ${layout}`, value: ms, unit: 'ms' });
    add({
      name: `printed list of ${ORDERS} orders, ${layout}, size`,
      value: bytes.length / 1024,
      unit: 'KiB',
    });
    add({
      name: `printed list of ${ORDERS} orders, ${layout}, pages`,
      value: pages,
      unit: 'pages',
    });
  }

  const packs = 20;
  const scans = await timed(packs, async (index) => {
    const scanned = await client.put(PICKING_LIST_SALES_PATH, {
      action: 'scan',
      marketplace: 'poshmark',
      externalOrderId: `BENCH-ORDER-${index}`,
      sku: `PICK-${String(index * LINES_PER_ORDER).padStart(5, '0')}`,
    });
    if (scanned.body?.scan?.outcome !== 'verified') throw new Error(`scan failed: ${scanned.text}`);
  });
  add({
    name: `scan a SKU, list of ${ORDERS} orders p50`,
    value: percentile(scans, 50),
    unit: 'ms',
  });
  for (let index = 0; index < packs; index += 1) {
    const second = await client.put(PICKING_LIST_SALES_PATH, {
      action: 'scan',
      marketplace: 'poshmark',
      externalOrderId: `BENCH-ORDER-${index}`,
      sku: `PICK-${String(index * LINES_PER_ORDER + 1).padStart(5, '0')}`,
    });
    if (second.status !== 200) throw new Error(`scan failed: ${second.text}`);
  }
  const packed = await timed(packs, async (index) => {
    const done = await client.put(PICKING_LIST_SALES_PATH, {
      action: 'pack',
      marketplace: 'poshmark',
      externalOrderId: `BENCH-ORDER-${index}`,
    });
    if (done.status !== 200) throw new Error(`pack failed: ${done.text}`);
  });
  add({
    name: `mark an order packed, list of ${ORDERS} orders p50`,
    value: percentile(packed, 50),
    unit: 'ms',
  });
}
