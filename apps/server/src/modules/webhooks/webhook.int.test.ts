import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { signWebhook } from '@listloop/emulators';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestClient } from '../../../test/client';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { linkMarketplaceAccount } from '../../../test/connections';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { newId } from '../../platform/ids';

const SECRET = 'shpss_live-test-app-secret';
const SHOP = 'webhook-shop.myshopify.com';

/** orders/create as Shopify sends it (the fields the connector reads). */
function orderBody(productId: number): string {
  return JSON.stringify({
    id: 820982911946154500,
    admin_graphql_api_id: 'gid://shopify/Order/820982911946154500',
    name: '#1001',
    created_at: '2026-03-01T10:00:00-05:00',
    currency: 'USD',
    email: 'buyer@example.test',
    line_items: [
      {
        id: 466157049,
        product_id: productId,
        variant_id: 39072856,
        sku: 'item-000000000000000001',
        quantity: 1,
        price: '64.00',
      },
    ],
  });
}

function headersFor(body: string, overrides: Record<string, string> = {}) {
  return {
    'content-type': 'application/json',
    'x-shopify-topic': 'orders/create',
    'x-shopify-hmac-sha256': signWebhook(SECRET, body),
    'x-shopify-shop-domain': SHOP,
    'x-shopify-api-version': '2025-07',
    'x-shopify-webhook-id': crypto.randomUUID(),
    'x-shopify-event-id': crypto.randomUUID(),
    'x-shopify-triggered-at': '2026-03-01T15:00:00.000Z',
    ...overrides,
  };
}

describe('POST /webhook/shopify (live mode, the app’s keys configured)', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;
  let connectionId: string;

  const deliver = (body: string, headers: Record<string, string>) =>
    fetch(`${server.baseUrl}/webhook/shopify`, { method: 'POST', headers, body });

  const rowsOf = (webhookId: string) =>
    queryRows<{
      account_id: string | null;
      connection_id: string | null;
      topic: string;
      payload: any;
      error: string | null;
    }>(
      server,
      sql`SELECT account_id, connection_id, topic, payload, error FROM webhook_deliveries WHERE marketplace = 'shopify' AND delivery_id = ${webhookId}`,
    );

  beforeAll(async () => {
    server = await startTestServer({
      env: {
        SHOPIFY_CLIENT_ID: 'live-test-app',
        SHOPIFY_CLIENT_SECRET: SECRET,
        LOGIN_MAX_PER_IP: '1000',
      },
    });
    account = await createAccount(server);
    owner = await signIn(server, account);
    connectionId = newId();
    const created = await owner.put(`/api/rest/v1/enterprise/connection/${connectionId}`, {
      marketplace: 'shopify',
      nickname: 'Main store',
    });
    expect(created.status, created.text).toBe(201);
    await linkMarketplaceAccount(server, connectionId, SHOP);
  });
  afterAll(() => server.close());

  it('records a correctly signed orders/create once, though Shopify delivers it twice', async () => {
    const body = orderBody(632910392);
    const headers = headersFor(body);
    const first = await deliver(body, headers);
    expect(first.status, await first.clone().text()).toBe(200);
    expect(await first.json()).toEqual({ ok: true });
    const second = await deliver(body, headers);
    expect(second.status).toBe(200);

    const rows = await rowsOf(headers['x-shopify-webhook-id']);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      account_id: account.accountId,
      connection_id: connectionId,
      topic: 'orders/create',
      error: null,
    });
    expect(rows[0]!.payload).toMatchObject({
      shopDomain: SHOP,
      eventId: headers['x-shopify-event-id'],
      apiVersion: '2025-07',
      events: [
        {
          type: 'sold',
          listedID: 'gid://shopify/Product/632910392',
          data: expect.objectContaining({
            orderId: 'gid://shopify/Order/820982911946154500',
            sku: 'item-000000000000000001',
            quantity: 1,
            price: 64,
          }),
        },
      ],
    });
    // The buyer's details are not kept.
    expect(JSON.stringify(rows[0]!.payload)).not.toContain('buyer@example.test');
  });

  it('a wrong or missing signature answers 401 and records nothing', async () => {
    const body = orderBody(1);
    const wrong = headersFor(body, {
      'x-shopify-hmac-sha256': signWebhook('another-secret', body),
    });
    const refused = await deliver(body, wrong);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /not a genuine Shopify webhook.*signature/,
    );
    expect(await rowsOf(wrong['x-shopify-webhook-id'])).toEqual([]);

    // The signature of another body: one byte changed after signing.
    const signed = headersFor(body);
    const tampered = await deliver(body.replace('"64.00"', '"0.01"'), signed);
    expect(tampered.status).toBe(401);
    expect(await rowsOf(signed['x-shopify-webhook-id'])).toEqual([]);

    const { 'x-shopify-hmac-sha256': _hmac, ...unsigned } = headersFor(body);
    const missing = await deliver(body, unsigned);
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { message: string }).message).toMatch(
      /not a genuine Shopify webhook/,
    );
    expect(await rowsOf(unsigned['x-shopify-webhook-id'])).toEqual([]);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await deliver('not json', headersFor('not json'));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/JSON/);
  });

  it('goes only to the accounts the store itself connected, never to one that named it', async () => {
    const intruderAccount = await createAccount(server);
    const intruder = await signIn(server, intruderAccount);
    const forged = newId();
    const named = await intruder.put(`/api/rest/v1/enterprise/connection/${forged}`, {
      marketplace: 'shopify',
      nickname: 'Not my store',
      externalAccountId: SHOP,
    });
    expect(named.status, named.text).toBe(400);
    // Made without the field and given a pasted token: still not linked to the store.
    const plain = await intruder.put(`/api/rest/v1/enterprise/connection/${forged}`, {
      marketplace: 'shopify',
      nickname: 'Not my store',
    });
    expect(plain.status, plain.text).toBe(201);
    const stored = await intruder.put('/integration-shopify/v1/credentials', {
      connectionId: forged,
      credentials: {
        marketplaceAccount: { marketplaceID: 'shopify', externalAccountId: SHOP },
        accessToken: 'shpat_pasted-token-0123456789',
      },
    });
    expect(stored.status, stored.text).toBe(200);

    const body = orderBody(8);
    const headers = headersFor(body);
    expect((await deliver(body, headers)).status).toBe(200);
    const [row] = await rowsOf(headers['x-shopify-webhook-id']);
    expect(row!.account_id).toBe(account.accountId);
    expect(row!.payload.connections).toEqual([{ id: connectionId, accountId: account.accountId }]);
  });

  it('hears at once a second account connecting the store, and a connection moved to another store, though the store’s connections are kept', async () => {
    const connectionsOf = async () => {
      const body = orderBody(9);
      const headers = headersFor(body);
      expect((await deliver(body, headers)).status).toBe(200);
      const [row] = await rowsOf(headers['x-shopify-webhook-id']);
      return row!.payload.connections as { id: string; accountId: string }[];
    };
    const first = { id: connectionId, accountId: account.accountId };
    // Read twice: the second answer is the kept one.
    expect(await connectionsOf()).toEqual([first]);
    const reads = vi.spyOn(server.container.repositories.connections, 'ofExternalAccount');
    expect(await connectionsOf()).toEqual([first]);
    expect(reads).not.toHaveBeenCalled();

    const partnerAccount = await createAccount(server);
    const partner = await signIn(server, partnerAccount);
    const partnerConnection = newId();
    const made = await partner.put(`/api/rest/v1/enterprise/connection/${partnerConnection}`, {
      marketplace: 'shopify',
      nickname: 'Shared store',
    });
    expect(made.status, made.text).toBe(201);
    await linkMarketplaceAccount(server, partnerConnection, SHOP.toUpperCase());
    expect(await connectionsOf()).toEqual([
      first,
      { id: partnerConnection, accountId: partnerAccount.accountId },
    ]);

    await linkMarketplaceAccount(server, partnerConnection, 'another-shop.myshopify.com');
    expect(await connectionsOf()).toEqual([first]);
    expect(reads).toHaveBeenCalledTimes(2);
    reads.mockRestore();
  });

  it('records a webhook of a store nobody connected, with no account', async () => {
    const body = orderBody(7);
    const headers = headersFor(body, { 'x-shopify-shop-domain': 'stranger.myshopify.com' });
    expect((await deliver(body, headers)).status).toBe(200);
    const [row] = await rowsOf(headers['x-shopify-webhook-id']);
    expect(row).toMatchObject({
      account_id: null,
      connection_id: null,
      error: 'No connection of the Shopify store stranger.myshopify.com.',
    });
  });

  it('offers Shopify by signing in (a shop name first), and no eBay without its keys', async () => {
    const response = await owner.get('/api/marketplaces/connect-options');
    expect(response.body.mode).toBe('live');
    const shopify = response.body.marketplaces.filter(
      (m: { marketplace: string }) => m.marketplace === 'shopify',
    );
    expect(shopify).toEqual([{ marketplace: 'shopify', method: 'oauth', needs: ['shop'] }]);
    expect(
      response.body.marketplaces.filter((m: { marketplace: string }) => m.marketplace === 'ebay'),
    ).toEqual([]);
    const depop = response.body.marketplaces.filter(
      (m: { marketplace: string }) => m.marketplace === 'depop',
    );
    expect(depop).toContainEqual({ marketplace: 'depop', method: 'extension', needs: [] });
  });

  it('an eBay connection made with a token, on a server without eBay keys: 409 says why', async () => {
    const id = newId();
    await owner.put(`/api/rest/v1/enterprise/connection/${id}`, {
      marketplace: 'ebay',
      nickname: 'Token eBay',
    });
    const stored = await owner.put('/integration-ebay/v1/credentials', {
      connectionId: id,
      credentials: {
        marketplaceAccount: { marketplaceID: 'ebay' },
        accessToken: 'v^1.1#token-abcdef',
      },
    });
    expect(stored.status, stored.text).toBe(200);
    const response = await owner.get('/api/marketplaces/ebay/business-polices/payment/*');
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(
      'ListLoop cannot reach eBay here: this server has no eBay app keys configured.',
    );
  });
});
