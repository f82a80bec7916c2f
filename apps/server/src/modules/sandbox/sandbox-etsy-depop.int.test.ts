import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPOP_NEW_ORDER_EVENT } from '@listloop/emulators';
import type { TestClient } from '../../../test/client';
import { connectMarketplace } from '../../../test/connections';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { makeJpeg } from '../../../test/images';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { waitFor } from '../../../test/wait';
import { signDepopWebhook } from '../../connectors/depop/webhook';

const MARKETPLACES = ['etsy', 'depop'] as const;

describe('sandbox mode: Etsy and Depop wired like eBay and Shopify', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;
  let item: { itemID: string; userID: string };
  let listings: Record<string, { status: string; listingURL: string; listedID: string }>;

  const newItem = async (sku: string, images: unknown[]) => {
    const created = await owner.post('/api/account/item', {
      generalDetails: {
        title: "1990s Levi's Denim Jacket",
        description: 'Classic trucker jacket, light fading, no holes.',
        brand: "Levi's",
        condition: 'good',
        price: 64,
        primaryColor: 'Blue',
        size: 'M',
        category: 'Clothing > Men > Coats & Jackets',
        quantity: 1,
        sku,
        weight: { pounds: 1, ounces: 4 },
        images,
      },
    });
    expect(created.status, created.text).toBe(201);
    return created.body.item as { itemID: string; userID: string };
  };

  beforeAll(async () => {
    server = await startTestServer({ env: { MARKETPLACES: 'sandbox', LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
    owner = await signIn(server, account);
    const photo = await server.container.services.images.storeImage(
      { accountId: account.accountId, userId: account.userId, countryCode: 'US' },
      await makeJpeg({ width: 1200, height: 900 }),
      'image/jpeg',
    );
    item = await newItem('SBX-ED-1', [photo.image]);
    // Etsy's categories are its taxonomy ids (the emulator takes any).
    const mapping = await owner.put('/api/account/mappingRule/etsy', {
      rules: [{ field: 'category', from: 'Clothing > Men > Coats & Jackets', to: '1813' }],
    });
    expect(mapping.status, mapping.text).toBe(200);
    // Depop's sizes are its size set and size ids, its categories its product types.
    const sizes = await owner.put('/api/account/mappingRule/depop', {
      rules: [
        { field: 'size', from: 'M', to: '52:10' },
        { field: 'category', from: 'Clothing > Men > Coats & Jackets', to: 'jackets' },
      ],
    });
    expect(sizes.status, sizes.text).toBe(200);
    // What Etsy and Depop need beyond the general details.
    const seeded = server.container.sandbox!.etsy.seeded;
    for (const [marketplace, defaults] of Object.entries({
      etsy: {
        shipping: {
          profileId: String(seeded.shippingProfileId),
          processingProfileId: String(seeded.readinessStateId),
        },
        extra: { who_made: 'someone_else', when_made: '1990s' },
      },
      depop: { shipping: { cost: 5, payer: 'buyer' }, extra: { department: 'menswear' } },
    })) {
      const put = await owner.put(`/api/account/defaults/${marketplace}`, { defaults });
      expect(put.status, put.text).toBe(200);
    }
  });
  afterAll(() => server.close());

  it('offers Etsy by signing in, and Depop by API key or through the extension', async () => {
    const response = await owner.get('/api/marketplaces/connect-options');
    expect(response.status).toBe(200);
    expect(response.body.marketplaces).toEqual(
      expect.arrayContaining([
        { marketplace: 'etsy', method: 'oauth', needs: [] },
        { marketplace: 'depop', method: 'token', needs: [] },
        { marketplace: 'depop', method: 'extension', needs: [] },
      ]),
    );
  });

  it('without a Depop API connection a Depop listing waits for the extension', async () => {
    // The Depop account the extension lists for, connected on the Marketplaces screen.
    await connectMarketplace(owner, 'depop', { credentials: false });
    const other = await newItem('SBX-ED-2', [
      { id: 'elsewhere-1', url: 'https://images.listloop.test/denim-1.jpg' },
    ]);
    const queued = await owner.put(`/api/rest/v1/item/${other.itemID}/status`, {
      userId: other.userID,
      marketplace: 'depop',
      status: 'queue',
      operation: 'list',
    });
    expect(queued.status, queued.text).toBe(202);
    const [operation] = await queryRows<{ executor: string; status: string }>(
      server,
      sql`SELECT executor, status FROM listing_operations
          WHERE item_id = ${other.itemID} AND marketplace = 'depop'`,
    );
    expect(operation).toEqual({ executor: 'extension', status: 'queued' });
  });

  it('cross-lists to Etsy and Depop through their connectors: listed, with pages that open', async () => {
    await server.container.sandboxConnections!.connectAccount(account.accountId, account.userId);
    for (const marketplace of MARKETPLACES) {
      const queued = await owner.put(`/api/rest/v1/item/${item.itemID}/status`, {
        userId: item.userID,
        marketplace,
        status: 'queue',
        operation: 'list',
      });
      expect(queued.status, queued.text).toBe(202);
    }
    listings = await waitFor(
      async () =>
        (await owner.get(`/api/account/item/${item.userID}/${item.itemID}`)).body.item.listings,
      (found) =>
        MARKETPLACES.every((m) =>
          ['listed', 'list_failure'].includes(found?.[m]?.status as string),
        ),
    );
    expect(listings.etsy!, JSON.stringify(listings.etsy)).toMatchObject({ status: 'listed' });
    expect(listings.depop!, JSON.stringify(listings.depop)).toMatchObject({ status: 'listed' });
    const [depopOp] = await queryRows<{ executor: string }>(
      server,
      sql`SELECT executor FROM listing_operations WHERE item_id = ${item.itemID}
          AND marketplace = 'depop' ORDER BY created_at DESC LIMIT 1`,
    );
    expect(depopOp!.executor).toBe('connector');
    expect(listings.etsy!.listingURL).toMatch(/^\/sandbox\/etsy\/listing\/\d+$/);
    expect(listings.depop!.listingURL).toMatch(/^\/sandbox\/depop\/products\/[^/]+\/$/);
    for (const marketplace of MARKETPLACES) {
      const page = await fetch(`${server.baseUrl}${listings[marketplace]!.listingURL}`);
      expect(page.status, marketplace).toBe(200);
      const html = await page.text();
      // Depop has no title: its page names the description.
      expect(html).toMatch(/Denim Jacket|trucker jacket/);
    }
    // Etsy's connector downloaded the photo from its signed address and uploaded it.
    const etsyListing = server.container.sandbox!.etsy.listing(listings.etsy!.listedID)!;
    expect(etsyListing.images).toHaveLength(1);
  });

  it('a Depop sale arrives as a signed webhook, recorded once though delivered twice', async () => {
    const deliveries = () =>
      queryRows<{ delivery_id: string; account_id: string | null; topic: string }>(
        server,
        sql`SELECT delivery_id, account_id, topic FROM webhook_deliveries WHERE marketplace = 'depop'`,
      );
    const before = (await deliveries()).length;
    const depop = server.container.sandbox!.depop;
    const sale = await depop.produceSale({
      productId: Number(listings.depop!.listedID),
      deliveries: 2,
    });
    await depop.settled();
    const rows = await deliveries();
    expect(rows.length - before).toBe(1);
    expect(rows.at(-1)).toMatchObject({
      account_id: account.accountId,
      topic: DEPOP_NEW_ORDER_EVENT,
      delivery_id: sale.webhook!.webhookId,
    });
  });

  it('refuses a Depop webhook with a wrong signature with 401 and records nothing', async () => {
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          server,
          sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE marketplace = 'depop'`,
        )
      )[0]!.n;
    const before = await count();
    const body = JSON.stringify({
      id: 'forged-1',
      event_type: DEPOP_NEW_ORDER_EVENT,
      created_at: new Date().toISOString(),
      data: { seller_id: server.container.sandbox!.depop.seller.id, line_items: [] },
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    for (const signature of [signDepopWebhook('not-the-secret', timestamp, body), '']) {
      const response = await fetch(`${server.baseUrl}/webhook/depop`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-depop-timestamp': timestamp,
          ...(signature ? { 'x-depop-signature': signature } : {}),
        },
        body,
      });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { message: string }).message).toMatch(
        /not a genuine Depop webhook/,
      );
    }
    expect(await count()).toBe(before);
  });
});
