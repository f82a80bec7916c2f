import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPOP_NEW_ORDER_EVENT } from '@listloop/emulators';
import type { TestClient } from '../../../test/client';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { signDepopWebhook } from '../../connectors/depop/webhook';
import { newId } from '../../platform/ids';

const CONNECTIONS = '/api/rest/v1/enterprise/connection';
const CREDENTIALS = '/integration-depop/v1/credentials';

describe('a pasted Depop API key is checked with Depop before it is stored', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ env: { MARKETPLACES: 'sandbox', LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
    owner = await signIn(server, account);
  });
  afterAll(() => server.close());

  async function newConnection(nickname: string): Promise<string> {
    const id = newId();
    const created = await owner.put(`${CONNECTIONS}/${id}`, { marketplace: 'depop', nickname });
    expect(created.status, created.text).toBe(201);
    return id;
  }

  const storeKey = (connectionId: string, apiKey: string) =>
    owner.put(CREDENTIALS, {
      connectionId,
      credentials: { marketplaceAccount: { marketplaceID: 'depop' }, apiKey },
    });

  const stored = (connectionId: string) =>
    queryRows<{ n: number }>(
      server,
      sql`SELECT count(*)::int AS n FROM marketplace_credentials WHERE connection_id = ${connectionId}`,
    ).then((rows) => rows[0]!.n);

  async function connection(id: string) {
    const list = await owner.get(CONNECTIONS);
    return (
      list.body.connections as { id: string; externalAccountId: string | null; status: string }[]
    ).find((c) => c.id === id)!;
  }

  it('stores a key Depop accepts, with the seller id its webhooks are matched by', async () => {
    const depop = server.container.sandbox!.depop;
    const id = await newConnection('My Depop');
    const apiKey = depop.issueApiKey();
    const response = await storeKey(id, apiKey);
    expect(response.status, response.text).toBe(200);
    expect(response.body.credentials).toMatchObject({ connectionId: id, marketplace: 'depop' });
    expect(await stored(id)).toBe(1);
    expect(await connection(id)).toMatchObject({
      externalAccountId: String(depop.seller.id),
      status: 'connected',
    });

    // A signed Depop webhook for that seller is recorded with the account.
    const webhookId = `wh-${newId()}`;
    const body = JSON.stringify({
      id: webhookId,
      event_type: DEPOP_NEW_ORDER_EVENT,
      created_at: new Date().toISOString(),
      data: {
        seller_id: depop.seller.id,
        purchase_id: 987654,
        currency: 'USD',
        line_items: [
          { product_id: 123456, purchase_item_id: 1, sku: 'SKU-1', sold_price: '20.00' },
        ],
      },
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const delivered = await fetch(`${server.baseUrl}/webhook/depop`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-depop-timestamp': timestamp,
        'x-depop-signature': signDepopWebhook(
          server.container.sandbox!.depopWebhookSecret,
          timestamp,
          body,
        ),
      },
      body,
    });
    expect(delivered.status, await delivered.text()).toBe(200);
    const rows = await queryRows<{ account_id: string | null; error: string | null }>(
      server,
      sql`SELECT account_id, error FROM webhook_deliveries
          WHERE marketplace = 'depop' AND delivery_id = ${webhookId}`,
    );
    expect(rows).toEqual([{ account_id: account.accountId, error: null }]);
  });

  it('refuses a revoked or unknown key with 400 and stores nothing', async () => {
    const depop = server.container.sandbox!.depop;
    const id = await newConnection('Depop refused');
    const revoked = depop.issueApiKey();
    depop.revokeApiKey(revoked);
    for (const apiKey of [revoked, `depop-unknown-key-${newId()}`]) {
      const response = await storeKey(id, apiKey);
      expect(response.status, response.text).toBe(400);
      expect(response.body.message).toMatch(/^Depop did not accept this API key\./);
    }
    expect(await stored(id)).toBe(0);
    expect((await connection(id)).externalAccountId).toBeNull();
  });

  it('answers 503 and stores nothing when Depop cannot be reached', async () => {
    const depop = server.container.sandbox!.depop;
    const id = await newConnection('Depop offline');
    depop.faults.inject({ kind: 'server-error', status: 503 });
    const response = await storeKey(id, depop.issueApiKey());
    expect(response.status, response.text).toBe(503);
    expect(response.body.message).toMatch(/^Depop could not be reached to check this API key/);
    expect(await stored(id)).toBe(0);
    expect((await connection(id)).externalAccountId).toBeNull();
  });
});
