import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../core/clock';
import type { RunningEmulator } from '../core/emulator-server';
import { describeViolations } from '../core/violations';
import { depopSchemaCheck } from './depop-description';
import { createDepopEmulator, DEPOP_EMULATOR_API_KEY, type DepopEmulator } from './depop-emulator';
import { signDepopWebhook } from './webhooks';

interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
}

async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/webhook/depop`, received };
}

const PRODUCT = {
  address: { country_code: 'GB', state: 'Greater London' },
  description: 'Vintage Nike T-Shirt in excellent condition.\n\n#vintage #nike',
  price_currency: 'GBP',
  price_amount: '25.99',
  national_shipping_cost: '3.50',
  quantity: 2,
  pictures: [{ url: 'https://images.listloop.test/1.jpg' }],
  department: 'menswear',
  product_type: 'tshirts',
  size_set_id: 52,
  size_id: 10,
  condition: 'used_excellent',
  colour: ['black', 'white'],
  brand_name: 'Nike',
  attributes: {},
};

describe('Depop emulator', () => {
  let clock: ManualClock;
  let emulator: DepopEmulator;
  let running: RunningEmulator;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const secret = 'whsec_test_secret_0123456789';

  const call = async (
    method: string,
    path: string,
    body?: unknown,
    key: string | null = DEPOP_EMULATOR_API_KEY,
  ) => {
    const response = await fetch(`${running.url}${path}`, {
      method,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text ? JSON.parse(text) : null,
    };
  };

  const expectNoViolations = () =>
    expect(emulator.violations, describeViolations(emulator.violations)).toEqual([]);

  beforeEach(async () => {
    clock = new ManualClock(Date.parse('2025-06-01T12:00:00Z'));
    receiver = await startReceiver();
    emulator = await createDepopEmulator({
      clock,
      seller: { countryCode: 'GB' },
      webhook: { url: receiver.url, secret },
    });
    running = await emulator.listen();
  });

  afterEach(async () => {
    await running.close();
    await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
  });

  it('creates a product by SKU, updates it in place, and shows it on its page', async () => {
    const created = await call('PUT', '/api/v1/products/by-sku/SKU-1/', PRODUCT);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      sku: 'SKU-1',
      slug: expect.stringMatching(/^vintage-nike/),
    });
    const updated = await call('PUT', '/api/v1/products/by-sku/SKU-1/', {
      ...PRODUCT,
      price_amount: '20.00',
    });
    expect(updated.body.product_id).toBe(created.body.product_id);
    expect(emulator.store.products.size).toBe(1);

    const got = await call('GET', `/api/v1/products/by-product-id/${created.body.product_id}/`);
    expect(got.body).toMatchObject({
      status: 'STATUS_ONSALE',
      price_amount: '20.00',
      brand: 'Nike',
    });

    const page = await fetch(emulator.productUrl(created.body.slug));
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Vintage Nike T-Shirt');
    expect(html).toContain('Simulate a sale');
    expectNoViolations();
  });

  it('refuses what the description refuses, and records it as a violation', async () => {
    const refused = await call('PUT', '/api/v1/products/by-sku/SKU-2/', {
      ...PRODUCT,
      condition: 'gently_used',
      colour: ['black', 'white', 'red'],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e: { code: string }) => e.code)).toContain('bad-request');
    expect(emulator.violations).toHaveLength(1);
    expect(emulator.violations[0]?.messages.join(' ')).toMatch(/colour must NOT have more than 2/);

    emulator.server.violationLog.clear();
    const noSlash = await call('GET', '/api/v1/products/by-sku/SKU-2');
    expect(noSlash.status).toBe(404);
    expect(emulator.violations[0]?.messages.join(' ')).toMatch(/end in '\/'/);
  });

  it('answers Depop’s 422 for its own rules: hashtags, department, size, shipping', async () => {
    const refused = await call('PUT', '/api/v1/products/by-sku/SKU-3/', {
      ...PRODUCT,
      description: 'Tee #a #b #c #d #e #f',
      department: 'unisex',
      size_id: undefined,
      national_shipping_cost: undefined,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((e: { code: string }) => e.code)).toEqual([
      'invalid_description',
      'invalid_department',
      'invalid_size',
      'validation',
    ]);
    expectNoViolations();
  });

  it('deletes idempotently, keeps the SKU spent, and restocks a sold product by PUT', async () => {
    const created = await call('PUT', '/api/v1/products/by-sku/SKU-4/', PRODUCT);
    expect((await call('DELETE', '/api/v1/products/by-sku/SKU-4/')).status).toBe(200);
    expect((await call('DELETE', '/api/v1/products/by-sku/SKU-4/')).status).toBe(200);
    expect((await call('DELETE', '/api/v1/products/by-sku/NEVER/')).status).toBe(200);
    const gone = await call('GET', `/api/v1/products/by-product-id/${created.body.product_id}/`);
    expect(gone.body.status).toBe('STATUS_DELETED_ONSALE');
    const reused = await call('PUT', '/api/v1/products/by-sku/SKU-4/', PRODUCT);
    expect(reused.status).toBe(400);
    expect(reused.body.errors[0].code).toBe('sku_not_reusable');

    const sold = await call('PUT', '/api/v1/products/by-sku/SKU-5/', { ...PRODUCT, quantity: 1 });
    expect((await call('POST', '/api/v1/products/by-sku/SKU-5/mark-as-sold/')).status).toBe(200);
    expect((await call('PATCH', '/api/v1/products/by-sku/SKU-5/', { quantity: 3 })).status).toBe(
      400,
    );
    await call('PUT', '/api/v1/products/by-sku/SKU-5/', { ...PRODUCT, quantity: 3 });
    const restocked = await call('GET', `/api/v1/products/by-product-id/${sold.body.product_id}/`);
    expect(restocked.body).toMatchObject({ status: 'STATUS_ONSALE', quantity: 3 });
    expectNoViolations();
  });

  it('lists the shop’s products by state, page by page', async () => {
    for (const sku of ['L-1', 'L-2', 'L-3']) {
      await call('PUT', `/api/v1/products/by-sku/${sku}/`, PRODUCT);
    }
    await call('POST', '/api/v1/products/by-sku/L-2/mark-as-sold/');
    const first = await call('GET', '/api/v1/products/?limit=1&state=selling');
    expect(first.body.data.map((p: { sku: string }) => p.sku)).toEqual(['L-3']);
    const next = await call(
      'GET',
      `/api/v1/products/?limit=5&state=selling&cursor=${first.body.meta.cursor}`,
    );
    expect(next.body.data.map((p: { sku: string }) => p.sku)).toEqual(['L-1']);
    expect(next.body.meta.has_more).toBe(false);
    const sold = await call('GET', '/api/v1/products/?state=sold');
    expect(sold.body.data.map((p: { sku: string }) => p.sku)).toEqual(['L-2']);
    expectNoViolations();
  });

  it('sells: an order to list, and a signed newOrder webhook, twice on demand with one id', async () => {
    const created = await call('PUT', '/api/v1/products/by-sku/SKU-6/', PRODUCT);
    const { order, webhook } = await emulator.produceSale({ sku: 'SKU-6', deliveries: 2 });
    await emulator.settled();
    expect(receiver.received).toHaveLength(2);
    const [first, second] = receiver.received;
    expect(first?.raw).toBe(second?.raw);
    const payload = JSON.parse(first?.raw ?? '{}');
    expect(payload).toMatchObject({
      id: webhook?.webhookId,
      event_type: 'v1:order.new',
      data: {
        purchase_id: order.purchase_id,
        buyer_address: { country: 'GB' },
        line_items: [{ sku: 'SKU-6', product_id: created.body.product_id }],
      },
    });
    const timestamp = String(first?.headers['x-depop-timestamp']);
    expect(timestamp).toBe(String(Math.floor(clock.now() / 1000)));
    expect(first?.headers['x-depop-signature']).toBe(
      signDepopWebhook(secret, timestamp, first?.raw ?? ''),
    );

    const orders = await call('GET', '/api/v1/orders/?limit=1');
    expect(orders.body.data).toEqual([order]);
    const one = await call('GET', `/api/v1/orders/${String(order.purchase_id)}/`);
    expect(one.body.buyer_address.country_code).toBe('GB');
    const product = await call('GET', '/api/v1/products/by-sku/SKU-6/');
    expect(product.body.quantity).toBe(1);
    expectNoViolations();
  });

  it('pages orders newest first with the cursor, within from and to', async () => {
    await call('PUT', '/api/v1/products/by-sku/SKU-7/', { ...PRODUCT, quantity: 5 });
    const since = new Date(clock.now()).toISOString();
    const made: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      clock.advance(60_000);
      made.push(String((await emulator.produceSale({ sku: 'SKU-7' })).order.purchase_id));
    }
    const first = await call('GET', `/api/v1/orders/?limit=2&from=${encodeURIComponent(since)}`);
    expect(first.body.meta.has_more).toBe(true);
    const next = await call(
      'GET',
      `/api/v1/orders/?limit=2&from=${encodeURIComponent(since)}&cursor=${first.body.meta.cursor}`,
    );
    expect(next.body.meta.has_more).toBe(false);
    expect([...first.body.data, ...next.body.data].map((o) => o.purchase_id)).toEqual(
      [...made].reverse(),
    );
    expectNoViolations();
  });

  it('sells through the page’s "Simulate a sale" button and the testing purchase endpoint', async () => {
    const created = await call('PUT', '/api/v1/products/by-sku/SKU-8/', PRODUCT);
    const response = await fetch(`${running.url}/__emulator/sales`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ productId: String(created.body.product_id) }).toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toContain(`/products/${created.body.slug}/`);
    expect((await call('POST', '/api/v1/products/by-sku/SKU-8/purchase/')).status).toBe(200);
    expect(emulator.store.orders.size).toBe(2);
    expect(emulator.store.bySku('SKU-8')?.status).toBe('STATUS_PURCHASED');
    await emulator.settled();
    expect(receiver.received).toHaveLength(2);
    expectNoViolations();
  });

  it('answers 401 for a missing or revoked key, and injected faults in Depop’s format', async () => {
    expect((await call('GET', '/api/v1/shop/', undefined, null)).status).toBe(401);
    const key = emulator.issueApiKey();
    expect((await call('GET', '/api/v1/shop/', undefined, key)).body).toEqual({
      id: 97_082_934,
      username: 'listloop_seller',
      country_code: 'GB',
    });
    emulator.revokeApiKey(key);
    const revoked = await call('GET', '/api/v1/shop/', undefined, key);
    expect(revoked.status).toBe(401);
    expect(revoked.body.errors).toEqual([{ code: 'unauthorized', message: 'invalid api key' }]);

    emulator.faults.inject({ kind: 'rate-limit', retryAfterSeconds: 9 });
    const limited = await call('GET', '/api/v1/shop/');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('9');
    emulator.faults.inject({ kind: 'server-error', status: 503 });
    expect((await call('GET', '/api/v1/shop/')).status).toBe(503);
    // The request without a key is the only violation: a client must always send one.
    expect(emulator.violations.map((v) => v.messages.join(' '))).toEqual([
      'no bearer token in the Authorization header',
    ]);
  });

  it('checks its webhooks against the description’s Webhook schema', async () => {
    const check = await depopSchemaCheck('Webhook');
    await call('PUT', '/api/v1/products/by-sku/SKU-9/', PRODUCT);
    await emulator.produceSale({ sku: 'SKU-9' });
    await emulator.settled();
    expect(check(JSON.parse(receiver.received[0]?.raw ?? '{}'))).toEqual([]);
    expect(
      check({ id: 'x', event_type: 'v1:order.new', created_at: 'yesterday', data: {} }),
    ).not.toEqual([]);
    expectNoViolations();
  });
});
