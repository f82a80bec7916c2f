import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { startTestServer, type TestServer } from '../../../test/server';
import { COMPLETE_DETAILS } from '../items/item.test-fixtures';
import { SANDBOX_SHOP } from '../sandbox/sandbox-marketplaces';
import { waitFor } from '../../../test/wait';

const BASE = '/api/marketplaces/shopify';

describe('Shopify metafields: the mapper and the sync of definitions (sandbox store)', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;
  let stranger: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ env: { MARKETPLACES: 'sandbox', LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
    owner = await signIn(server, account);
    await server.container.sandboxConnections!.connectAccount(account.accountId, account.userId);
    stranger = await signIn(server, await createAccount(server));
  });
  afterAll(() => server.close());

  it('syncs the store’s definitions in a job, and answers the last sync', async () => {
    expect((await owner.get(`${BASE}/metafields/sync/last`)).body).toEqual({
      sync: null,
      definitions: [],
    });
    const started = await owner.post(`${BASE}/metafields/sync`, {});
    expect(started.status, started.text).toBe(202);
    expect(started.body.sync.status).toMatch(/queued|running|done/);
    const last = await waitFor(
      async () => (await owner.get(`${BASE}/metafields/sync/last`)).body,
      (body) => body.sync?.status === 'done',
    );
    expect(last.sync.syncId).toBe(started.body.sync.syncId);
    expect(last.sync.definitionCount).toBe(last.definitions.length);
    expect(last.definitions).toContainEqual(
      expect.objectContaining({ namespace: 'custom', key: 'condition', ownerType: 'PRODUCT' }),
    );
    const refused = await stranger.post(`${BASE}/metafields/sync`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Connect your Shopify account first.');
  });

  it('keeps the mapper per account, refuses two rows for one metafield, and applies it on publish', async () => {
    expect((await owner.get(`${BASE}/metafieldMapper`)).body).toEqual({ mapping: [] });
    const twice = await owner.put(`${BASE}/metafieldMapper`, {
      mapping: [
        {
          source: 'condition',
          namespace: 'custom',
          key: 'condition',
          type: 'single_line_text_field',
        },
        { source: 'brand', namespace: 'custom', key: 'condition', type: 'single_line_text_field' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('Two rows fill the metafield custom.condition; keep one.');
    const badSource = await owner.put(`${BASE}/metafieldMapper`, {
      mapping: [
        { source: 'password', namespace: 'custom', key: 'x1', type: 'single_line_text_field' },
      ],
    });
    expect(badSource.status).toBe(400);

    const mapping = [
      {
        source: 'condition',
        namespace: 'custom',
        key: 'condition',
        type: 'single_line_text_field',
      },
    ];
    const saved = await owner.put(`${BASE}/metafieldMapper`, { mapping });
    expect(saved.status, saved.text).toBe(200);
    expect((await owner.get(`${BASE}/metafieldMapper`)).body).toEqual({ mapping });
    expect((await stranger.get(`${BASE}/metafieldMapper`)).body).toEqual({ mapping: [] });

    const created = await owner.post('/api/account/item', {
      generalDetails: { ...COMPLETE_DETAILS, sku: 'META-1' },
    });
    const itemId = created.body.item.itemID as string;
    const queued = await owner.put(`/api/rest/v1/item/${itemId}/status`, {
      userId: account.userId,
      marketplace: 'shopify',
      status: 'queue',
    });
    expect(queued.status, queued.text).toBe(202);
    const listing = await waitFor(
      async () =>
        (await owner.get(`/api/account/item/${account.userId}/${itemId}`)).body.item.listings
          .shopify,
      (l) => l.status !== 'queued',
    );
    expect(listing.status, JSON.stringify(listing)).toBe('listed');
    const shop = server.container.sandbox!.shopify.shop(SANDBOX_SHOP);
    const product = [...shop.products.values()].find((p) => p.id === listing.listedID);
    expect(product?.metafields).toContainEqual(
      expect.objectContaining({ namespace: 'custom', key: 'condition', value: expect.any(String) }),
    );
  });
});
