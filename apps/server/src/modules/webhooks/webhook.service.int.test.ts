import crypto from 'node:crypto';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { ConnectorRegistry, type ConnectionAuth, type SaleEvent } from '../../connectors/contract';
import { createDepopConnector } from '../../connectors/depop/connector';
import { signDepopWebhook } from '../../connectors/depop/webhook';
import { createShopifyConnector } from '../../connectors/shopify/connector';
import { migrateDatabase } from '../../platform/db/database';
import { AppError } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import { AccountRepository } from '../accounts/account.repository';
import { ConnectionRepository } from '../connections/connection.repository';
import { ConnectionService } from '../connections/connection.service';
import { WebhookDeliveryRepository } from './webhook-delivery.repository';
import { WebhookService } from './webhook.service';

const SHOPIFY_SECRET = 'shpss_service-test';
const DEPOP_SECRET = 'whsec_service-test';
const SHOP = 'service-test.myshopify.com';
const DEPOP_SELLER = '4242';

/** Webhooks need no seller token: nothing here calls the marketplace. */
const noAuth: ConnectionAuth = {
  token: () => Promise.reject(new Error('no token in this test')),
  refreshAfterRejection: () => Promise.reject(new Error('no token in this test')),
};

function shopifyDelivery(payload: unknown, options: { webhookId?: string; secret?: string } = {}) {
  const raw = Buffer.from(JSON.stringify(payload));
  return {
    raw,
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/create',
      'x-shopify-hmac-sha256': crypto
        .createHmac('sha256', options.secret ?? SHOPIFY_SECRET)
        .update(raw)
        .digest('base64'),
      'x-shopify-shop-domain': SHOP,
      'x-shopify-api-version': '2025-07',
      'x-shopify-webhook-id': options.webhookId ?? crypto.randomUUID(),
      'x-shopify-event-id': crypto.randomUUID(),
      'x-shopify-triggered-at': new Date().toISOString(),
    },
  };
}

const ORDER = {
  id: 5001,
  admin_graphql_api_id: 'gid://shopify/Order/5001',
  name: '#1001',
  created_at: '2026-11-20T10:00:00Z',
  currency: 'usd',
  line_items: [
    { product_id: 777, variant_id: 888, sku: 'SKU-1', quantity: 2, price: '19.50' },
    // A custom line (no product): not a listing of ours, so no sale.
    { product_id: null, sku: null, quantity: 1, price: '5.00' },
  ],
};

describe('WebhookService: one path for every marketplace, on a real database', () => {
  const storeA = newId();
  const storeB = newId();
  const depopAccount = newId();
  let testDb: TestDatabase;
  let deliveries: WebhookDeliveryRepository;
  let connectionService: ConnectionService;
  let handed: { accountIds: readonly string[]; sales: readonly SaleEvent[] }[];
  let service: WebhookService;

  const recorded = async () =>
    (
      (await testDb.database.db.execute(
        sql`SELECT marketplace, delivery_id, account_id, topic, error FROM webhook_deliveries ORDER BY received_at`,
      )) as { rows: Record<string, unknown>[] }
    ).rows;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await migrateDatabase(testDb.database);
    const { db } = testDb.database;
    const accounts = new AccountRepository(db);
    const connections = new ConnectionRepository(db);
    for (const accountId of [storeA, storeB, depopAccount]) {
      await accounts.create({ accountId, companyName: 'Webhook test' });
    }
    // Two accounts connected to the same store: each is told of the sale once.
    await connections.insert({
      id: newId(),
      accountId: storeA,
      marketplace: 'shopify',
      nickname: 'store a',
      externalAccountId: SHOP,
    });
    await connections.insert({
      id: newId(),
      accountId: storeB,
      marketplace: 'shopify',
      nickname: 'store b',
      externalAccountId: SHOP.toUpperCase(),
    });
    await connections.insert({
      id: newId(),
      accountId: depopAccount,
      marketplace: 'depop',
      nickname: 'depop',
      externalAccountId: DEPOP_SELLER,
    });
    deliveries = new WebhookDeliveryRepository(db);
    connectionService = new ConnectionService(db, connections);
  });
  afterAll(() => testDb.dispose());

  beforeEach(() => {
    handed = [];
    const registry = new ConnectorRegistry();
    registry.register(
      createShopifyConnector({
        auth: noAuth,
        apiVersion: '2025-07',
        webhookSecret: SHOPIFY_SECRET,
      }),
    );
    registry.register(
      createDepopConnector({
        baseUrl: 'https://partnerapi.depop.invalid',
        auth: noAuth,
        webhookSecret: DEPOP_SECRET,
      }),
    );
    registry.seal(['shopify', 'depop']);
    service = new WebhookService(
      registry,
      deliveries,
      connectionService,
      pino({ level: 'silent' }),
      async (accountIds, sales) => {
        handed.push({ accountIds, sales });
      },
    );
  });

  it('reads a signed Shopify order into typed sale events for every account of the store', async () => {
    const { headers, raw } = shopifyDelivery(ORDER);
    expect(await service.receive('shopify', headers, raw)).toEqual({ recorded: true });
    expect(handed).toEqual([
      {
        accountIds: [storeA, storeB],
        sales: [
          {
            marketplace: 'shopify',
            externalOrderId: 'gid://shopify/Order/5001',
            item: { itemId: null, listedID: 'gid://shopify/Product/777', sku: 'SKU-1' },
            quantity: 2,
            salePrice: 19.5,
            currency: 'USD',
            soldAt: Date.parse('2026-11-20T10:00:00Z'),
          },
        ],
      },
    ]);
    const rows = await recorded();
    expect(rows.at(-1)).toMatchObject({
      marketplace: 'shopify',
      delivery_id: headers['x-shopify-webhook-id'],
      account_id: storeA,
      topic: 'orders/create',
      error: null,
    });
  });

  it('records a repeated delivery id once, and hands its sales on again (recording is idempotent)', async () => {
    const before = (await recorded()).length;
    const webhookId = crypto.randomUUID();
    const first = shopifyDelivery(ORDER, { webhookId });
    const again = shopifyDelivery(ORDER, { webhookId });
    expect(await service.receive('shopify', first.headers, first.raw)).toEqual({
      recorded: true,
    });
    expect(await service.receive('shopify', again.headers, again.raw)).toEqual({
      recorded: false,
    });
    expect((await recorded()).length).toBe(before + 1);
    expect(handed).toHaveLength(2);
  });

  it('refuses a forged delivery with 401 before its body is read, and records nothing', async () => {
    const before = (await recorded()).length;
    // Not JSON at all: a parse before the signature check would answer 400, not 401.
    const raw = Buffer.from('{ not json');
    const { headers } = shopifyDelivery(ORDER, { secret: 'someone-else' });
    const refusal = await service.receive('shopify', headers, raw).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).statusCode).toBe(401);
    // Signed but not JSON: genuine and unreadable is a 400.
    const signed = shopifyDelivery(ORDER);
    const unreadable = await service
      .receive(
        'shopify',
        {
          ...signed.headers,
          'x-shopify-hmac-sha256': crypto
            .createHmac('sha256', SHOPIFY_SECRET)
            .update(raw)
            .digest('base64'),
        },
        raw,
      )
      .catch((e: unknown) => e);
    expect((unreadable as AppError).statusCode).toBe(400);
    expect((await recorded()).length).toBe(before);
    expect(handed).toEqual([]);
  });

  it('takes a signed Depop newOrder by the same path: the item id read back from its SKU', async () => {
    const payload = {
      id: 'wh-depop-1',
      event_type: 'v1:order.new',
      created_at: '2026-11-21T09:00:00Z',
      data: {
        seller_id: Number(DEPOP_SELLER),
        purchase_id: 'P-9',
        currency: 'gbp',
        line_items: [{ product_id: 31, sku: 'item123-r1', sold_price: '12.00' }],
      },
    };
    const raw = Buffer.from(JSON.stringify(payload));
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = {
      'x-depop-timestamp': timestamp,
      'x-depop-signature': signDepopWebhook(DEPOP_SECRET, timestamp, raw),
    };
    expect(await service.receive('depop', headers, raw)).toEqual({ recorded: true });
    expect(handed).toHaveLength(1);
    expect(handed[0]!.accountIds).toEqual([depopAccount]);
    expect(handed[0]!.sales).toEqual([
      {
        marketplace: 'depop',
        externalOrderId: 'P-9',
        item: { itemId: 'item123', listedID: '31', sku: 'item123-r1' },
        quantity: 1,
        salePrice: 12,
        currency: 'GBP',
        soldAt: Date.parse('2026-11-21T09:00:00Z'),
      },
    ]);
  });

  it('answers 404 for a marketplace whose connector takes no webhooks', async () => {
    const registry = new ConnectorRegistry();
    const plain = new WebhookService(
      registry,
      deliveries,
      connectionService,
      pino({ level: 'silent' }),
    );
    const refusal = await plain.receive('shopify', {}, Buffer.from('{}')).catch((e: unknown) => e);
    expect((refusal as AppError).statusCode).toBe(404);
  });
});
