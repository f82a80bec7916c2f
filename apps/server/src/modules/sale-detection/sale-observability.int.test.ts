import crypto from 'node:crypto';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client';
import { memberContext, type AccountFixture } from '../../../test/fixtures';
import { crossList } from '../../../test/listings';
import { metricValue } from '../../../test/metrics';
import { sandboxSeller } from '../../../test/connections';
import { startTestServer, type TestServer } from '../../../test/server';
import { connectStandIn, standInConnector } from '../../../test/stand-in-connector';
import { waitFor } from '../../../test/wait';

const TOKEN = 'sale-observability-token-0123';

/**
 * A sale as an operator follows it: one trace from the Shopify webhook to each delist call it
 * caused on the other marketplaces (through the job that carried it), and the metrics it moved:
 * the webhook delivery, the listing operations, and the time from the sale to its last delist.
 */
describe('a webhook sale, traced and measured', () => {
  const exporter = new InMemorySpanExporter();
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;

  const scrape = async () => {
    const response = await fetch(`${server.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    return response.text();
  };

  beforeAll(async () => {
    server = await startTestServer({
      env: { MARKETPLACES: 'sandbox', METRICS_TOKEN: TOKEN, LOGIN_MAX_PER_IP: '1000' },
      spanExporter: exporter,
    });
    ({ account, owner } = await sandboxSeller(server));
    // A third marketplace through a connector of the test's, so the sale has two delists.
    const { container } = server;
    container.connectors.register(
      standInConnector('sellwild', { publish: async () => ({ listedID: 'SW-OBS-1' }) }),
    );
    const context = await memberContext(
      container,
      { userId: account.userId, email: account.email, name: 'Ada Seller' },
      'observability-test',
    );
    await connectStandIn(container, context, 'sellwild');
  });
  afterAll(() => server?.close());

  it('is one trace from the webhook to the delists, and the metrics count it', async () => {
    const sku = `OBS-${Date.now().toString(36)}`;
    const created = await owner.post('/api/account/item', {
      generalDetails: {
        title: `Wool field jacket ${sku}`,
        description: 'Heavy wool, horn buttons, no moth holes.',
        brand: 'Barbour',
        condition: 'good',
        price: 80,
        primaryColor: 'Green',
        size: 'L',
        category: '57988',
        quantity: 1,
        sku,
        images: [{ id: 'photo-1', url: 'https://images.listloop.test/jacket-1.jpg' }],
      },
    });
    expect(created.status, created.text).toBe(201);
    const item = created.body.item as { itemID: string; userID: string };
    const listed = await crossList(owner, item, ['ebay', 'shopify', 'sellwild']);
    for (const marketplace of ['ebay', 'shopify', 'sellwild']) {
      expect(listed[marketplace]?.status, marketplace).toBe('listed');
    }
    exporter.reset();

    await server.container.sandbox!.shopify.sale({ sku });
    await waitFor(
      async () =>
        (await owner.get(`/api/account/item/${item.userID}/${item.itemID}`)).body.item.listings,
      (listings: Record<string, { status: string }>) =>
        listings.ebay?.status === 'delisted' && listings.sellwild?.status === 'delisted',
    );
    const spans = await waitFor(
      async () => exporter.getFinishedSpans(),
      (all) => ['ebay delist', 'sellwild delist'].every((name) => all.some((s) => s.name === name)),
      10_000,
    );

    const webhook = spans.find((s) => s.name === 'webhook shopify');
    expect(webhook).toBeDefined();
    expect(webhook!.parentSpanContext).toBeUndefined();
    const traceId = webhook!.spanContext().traceId;
    const bySpanId = new Map(spans.map((s) => [s.spanContext().spanId, s]));
    const ancestry = (span: ReadableSpan) => {
      const names: string[] = [];
      for (let at: ReadableSpan | undefined = span; at;) {
        names.push(at.name);
        const parent: string | undefined = at.parentSpanContext?.spanId;
        at = parent ? bySpanId.get(parent) : undefined;
      }
      return names;
    };
    for (const name of ['ebay delist', 'sellwild delist']) {
      const delist = spans.find((s) => s.name === name)!;
      expect(delist.spanContext().traceId, name).toBe(traceId);
      expect(ancestry(delist), name).toEqual([name, 'job listings.execute', 'webhook shopify']);
      expect(delist.attributes['listloop.item_id']).toBe(item.itemID);
    }

    const text = await waitFor(
      scrape,
      (body) => metricValue(body, 'listloop_sale_to_last_delist_seconds_count') === 1,
      10_000,
    );
    expect(metricValue(text, 'listloop_sale_to_last_delist_seconds_sum')).toBeGreaterThan(0);
    for (const marketplace of ['ebay', 'sellwild']) {
      expect(
        metricValue(text, 'listloop_listing_operations_total', {
          marketplace,
          operation: 'delist',
          outcome: 'succeeded',
        }),
        marketplace,
      ).toBe(1);
      expect(
        metricValue(text, 'listloop_listing_operations_total', {
          marketplace,
          operation: 'list',
          outcome: 'succeeded',
        }),
        marketplace,
      ).toBe(1);
    }
    expect(
      metricValue(text, 'listloop_webhook_deliveries_total', {
        marketplace: 'shopify',
        result: 'recorded',
      }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts a webhook refused for its signature', async () => {
    const forged = await fetch(`${server.baseUrl}/webhook/shopify`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': 'orders/create',
        'x-shopify-hmac-sha256': 'bm90IHRoZSByaWdodCBzaWduYXR1cmU=',
        'x-shopify-shop-domain': 'listloop-demo.myshopify.com',
        'x-shopify-webhook-id': crypto.randomUUID(),
      },
      body: JSON.stringify({ id: 1 }),
    });
    expect(forged.status).toBe(401);
    expect(
      metricValue(await scrape(), 'listloop_webhook_refusals_total', {
        marketplace: 'shopify',
        reason: 'signature',
      }),
    ).toBe(1);
  });
});
