import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { makeJpeg } from '../../../test/images';
import { crossList } from '../../../test/listings';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { waitFor } from '../../../test/wait';
import pino from 'pino';
import type { EbayConnector } from '../../connectors/ebay/connector';
import type { ShopifyConnector } from '../../connectors/shopify/connector';
import { createContainer } from '../../container';
import { seedDemo } from '../../seed/demo';
import { SANDBOX_SHOP } from './sandbox-marketplaces';

function unescapeHtml(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The one form of an emulator's page: where it posts, and its hidden fields. */
function formOf(page: string): { action: string; fields: Record<string, string> } {
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
  if (!action) throw new Error(`no form on the page: ${page.slice(0, 500)}`);
  const fields: Record<string, string> = {};
  for (const match of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[unescapeHtml(match[1]!)] = unescapeHtml(match[2]!);
  }
  return { action: unescapeHtml(action), fields };
}

/** The listing page's "Simulate a sale" form, posted as the browser does (with `client`'s session). */
function postSale(
  action: string,
  fields: Record<string, string>,
  client: TestClient | null,
  origin = new URL(action).origin,
): Promise<Response> {
  return fetch(action, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin,
      ...(client ? { cookie: client.cookieHeader } : {}),
    },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** What the seller's browser does on a marketplace's consent page: press the first button. */
async function consent(authorizeUrl: string, decision: string): Promise<string> {
  const page = await fetch(authorizeUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('<form');
  const form = formOf(html);
  const answer = await fetch(form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form.fields, decision }).toString(),
    redirect: 'manual',
  });
  expect([302, 303]).toContain(answer.status);
  return answer.headers.get('location')!;
}

/** Connects a marketplace the way the Marketplaces screen does, through the emulator's pages. */
async function connectByOAuth(
  server: TestServer,
  client: TestClient,
  marketplace: 'ebay' | 'shopify',
  decision: string,
  query = '',
): Promise<URL> {
  const started = await client.get(
    `/api/user/auth/web-auth-url?marketplace=${marketplace}&redirect=/app/marketplaces${query}`,
  );
  expect(started.status, started.text).toBe(200);
  const authorizeUrl = started.body.url as string;
  expect(authorizeUrl.startsWith(`${server.baseUrl}/sandbox/${marketplace}/`)).toBe(true);
  const callback = new URL(await consent(authorizeUrl, decision));
  expect(callback.origin).toBe(server.baseUrl);
  expect(callback.pathname).toBe(`/api/user/auth/callback/${marketplace}`);
  const back = await client.get(`${callback.pathname}${callback.search}`);
  expect(back.status).toBe(302);
  return new URL(back.headers.get('location')!, server.baseUrl);
}

const PHOTO = {
  id: 'photo-1',
  url: 'https://images.listloop.test/denim-1.jpg',
  url_l: 'https://images.listloop.test/denim-1.jpg',
  url_s: 'https://images.listloop.test/denim-1.jpg',
};

async function createListableItem(client: TestClient, sku: string) {
  const created = await client.post('/api/account/item', {
    generalDetails: {
      title: `1990s Levi's Denim Jacket ${sku}`,
      description: 'Classic trucker jacket, light fading, no holes.',
      brand: "Levi's",
      condition: 'good',
      price: 64,
      primaryColor: 'Blue',
      size: 'M',
      category: '57988',
      quantity: 1,
      sku,
      images: [PHOTO],
    },
  });
  expect(created.status, created.text).toBe(201);
  return created.body.item as { itemID: string; userID: string };
}

describe('sandbox mode: the emulated marketplaces inside the server', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;

  beforeAll(async () => {
    server = await startTestServer({
      env: { MARKETPLACES: 'sandbox', LOGIN_MAX_PER_IP: '1000' },
    });
    account = await createAccount(server);
    owner = await signIn(server, account);
    // eBay needs where the item ships from.
    const defaults = await owner.put('/api/account/defaults/ebay', {
      defaults: { location: { postalCode: '10001', country: 'US' } },
    });
    expect(defaults.status, defaults.text).toBe(200);
  });
  afterAll(() => server.close());

  it('offers eBay and Shopify by signing in, marked as the sandbox', async () => {
    const response = await owner.get('/api/marketplaces/connect-options');
    expect(response.status).toBe(200);
    expect(response.body.mode).toBe('sandbox');
    expect(response.body.marketplaces).toEqual(
      expect.arrayContaining([
        { marketplace: 'ebay', method: 'oauth', needs: [] },
        { marketplace: 'shopify', method: 'oauth', needs: ['shop'] },
        { marketplace: 'mercari', method: 'extension', needs: [] },
      ]),
    );
  });

  it('a seller who declines on the consent page is told so, and nothing is connected', async () => {
    const back = await connectByOAuth(server, owner, 'ebay', 'deny');
    expect(back.searchParams.get('connectError')).toMatch(/eBay did not connect your account/);
    const list = await owner.get('/api/rest/v1/enterprise/connection');
    expect(list.body.connections).toEqual([]);
  });

  it('connects eBay and Shopify through the emulators’ sign-in pages; Shopify’s webhooks follow', async () => {
    const ebay = await connectByOAuth(server, owner, 'ebay', 'allow');
    expect(ebay.pathname).toBe('/app/marketplaces');
    expect(ebay.searchParams.get('connected')).toBe('ebay');
    const shopify = await connectByOAuth(
      server,
      owner,
      'shopify',
      'approve',
      '&shop=vintage-test-shop',
    );
    expect(shopify.searchParams.get('connected')).toBe('shopify');

    const list = await owner.get('/api/rest/v1/enterprise/connection');
    expect(list.body.connections).toEqual([
      expect.objectContaining({
        marketplace: 'ebay',
        status: 'connected',
        externalAccountId: 'listloop_sandbox',
      }),
      expect.objectContaining({
        marketplace: 'shopify',
        status: 'connected',
        nickname: 'vintage-test-shop.myshopify.com',
        externalAccountId: 'vintage-test-shop.myshopify.com',
      }),
    ]);

    // The job after connecting subscribes the store to orders/create at this server.
    const shop = server.container.sandbox!.shopify.shop('vintage-test-shop.myshopify.com');
    await waitFor(
      async () => [...shop.webhookSubscriptions.values()],
      (subscriptions) => subscriptions.length > 0,
    );
    expect([...shop.webhookSubscriptions.values()].map((s) => [s.topic, s.callbackUrl])).toEqual([
      ['ORDERS_CREATE', `${server.baseUrl}/webhook/shopify`],
    ]);

    // And eBay's: the seller's default business policies fill the account's eBay defaults.
    const seeded = server.container.sandbox!.ebay.seededPolicies.EBAY_US!;
    const defaults = await waitFor(
      async () => (await owner.get('/api/account/defaults/ebay')).body.defaults,
      (value) => value?.policies?.fulfillment !== null,
    );
    expect(defaults).toMatchObject({
      location: { postalCode: '10001', country: 'US' },
      policies: {
        fulfillment: seeded.fulfillment,
        payment: seeded.payment,
        return: seeded.return,
      },
    });
  });

  it('shows our photos on an emulated listing page under the address the app was opened at', async () => {
    const photo = await server.container.services.images.storeImage(
      { accountId: account.accountId, userId: account.userId, countryCode: 'US' },
      await makeJpeg({ width: 400, height: 300 }),
      'image/jpeg',
    );
    const created = await owner.post('/api/account/item', {
      generalDetails: {
        title: "1990s Levi's Denim Jacket SBX-PHOTO",
        description: 'Classic trucker jacket, light fading, no holes.',
        brand: "Levi's",
        condition: 'good',
        price: 64,
        category: '57988',
        quantity: 1,
        sku: 'SBX-PHOTO',
        images: [photo.image],
      },
    });
    expect(created.status, created.text).toBe(201);
    const listings = await crossList(owner, created.body.item, ['ebay']);
    expect(listings.ebay).toMatchObject({ status: 'listed' });

    // The server's own address is http://localhost:<PORT>; this page is asked at 127.0.0.1.
    const page = await (await fetch(`${server.baseUrl}${listings.ebay.listingURL}`)).text();
    const sources = [...page.matchAll(/<img src="([^"]+)"/g)].map((m) => unescapeHtml(m[1]!));
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(source.startsWith(`${server.baseUrl}/api/images/public/`), source).toBe(true);
      const image = await fetch(source);
      expect(image.status, source).toBe(200);
      expect(image.headers.get('content-type')).toMatch(/^image\//);
    }
    expect(page).not.toContain('http://localhost');
  });

  it('cross-lists an item to eBay and Shopify: both listed, their pages open and sell', async () => {
    const item = await createListableItem(owner, 'SBX-1');
    const listings = await crossList(owner, item, ['ebay', 'shopify']);
    expect(listings.ebay).toMatchObject({ status: 'listed' });
    expect(listings.shopify).toMatchObject({ status: 'listed' });
    expect(listings.ebay.listingURL).toMatch(/^\/sandbox\/ebay\/itm\/\d+$/);
    expect(listings.shopify.listingURL).toMatch(
      /^\/sandbox\/shopify\/shops\/vintage-test-shop\.myshopify\.com\/products\/[a-z0-9-]+$/,
    );

    for (const marketplace of ['ebay', 'shopify']) {
      const page = await fetch(`${server.baseUrl}${listings[marketplace].listingURL}`);
      expect(page.status, marketplace).toBe(200);
      const html = await page.text();
      expect(html).toContain('SBX-1');
      expect(html).toContain('Simulate a sale');
    }

    // The eBay page's button: a buyer buys, and the page says so.
    const ebayPage = await (await fetch(`${server.baseUrl}${listings.ebay.listingURL}`)).text();
    const sale = formOf(ebayPage);
    expect(sale.action).toBe(`${server.baseUrl}/sandbox/ebay/__emulator/sales`);
    const sold = await postSale(sale.action, sale.fields, owner);
    expect(sold.status).toBe(303);
    const after = await fetch(sold.headers.get('location')!);
    expect(await after.text()).toMatch(/Sold: order/);
    expect(server.container.sandbox!.ebay.store.orders.size).toBe(1);
    expect(server.container.sandbox!.ebay.violations).toEqual([]);
    expect(server.container.sandbox!.shopify.violations).toEqual([]);
  });

  it('sells only with the seller’s session, and only a listing of their own account', async () => {
    const item = await createListableItem(owner, 'SBX-OWN');
    const listings = await crossList(owner, item, ['ebay', 'shopify']);
    const sandbox = server.container.sandbox!;
    const ordersBefore = sandbox.ebay.store.orders.size;
    const ebaySale = formOf(
      await (await fetch(`${server.baseUrl}${listings.ebay.listingURL}`)).text(),
    );
    const shopifySale = formOf(
      await (await fetch(`${server.baseUrl}${listings.shopify.listingURL}`)).text(),
    );

    // Nobody signed in: no sale.
    expect((await postSale(ebaySale.action, ebaySale.fields, null)).status).toBe(401);
    // Another account's seller: not their listing, and no order at the marketplace.
    const strangerAccount = await createAccount(server);
    const stranger = await signIn(server, strangerAccount);
    for (const sale of [ebaySale, shopifySale]) {
      const refused = await postSale(sale.action, sale.fields, stranger);
      expect(refused.status, sale.action).toBe(404);
    }
    // A field the page does not send (a SKU) cannot point the sale at another listing.
    const bySku = await postSale(ebaySale.action, { sku: 'SBX-OWN' }, stranger);
    expect(bySku.status).toBe(404);
    expect(sandbox.ebay.store.orders.size).toBe(ordersBefore);
    // From another site, even with the seller's cookie: refused.
    const crossSite = await postSale(
      ebaySale.action,
      ebaySale.fields,
      owner,
      'https://evil.example',
    );
    expect(crossSite.status).toBe(403);

    // The emulators' other controls are not on the web at all.
    for (const [method, path] of [
      ['POST', '/sandbox/ebay/__emulator/reset'],
      ['POST', '/sandbox/shopify/__emulator/faults'],
      ['GET', '/sandbox/ebay/__emulator/tokens'],
      ['GET', '/sandbox/shopify/__emulator/state'],
      ['POST', '/sandbox/shopify/__emulator/webhooks/redeliver'],
    ] as const) {
      const response = await fetch(`${server.baseUrl}${path}`, { method });
      expect(response.status, path).toBe(404);
    }
    expect(sandbox.ebay.store.orders.size).toBe(ordersBefore);

    // The seller's own sale goes through.
    const sold = await postSale(ebaySale.action, ebaySale.fields, owner);
    expect(sold.status).toBe(303);
    expect(sandbox.ebay.store.orders.size).toBe(ordersBefore + 1);
  });

  it('a sale on the emulated Shopify arrives as a signed webhook, recorded once though delivered twice', async () => {
    const item = await createListableItem(owner, 'SBX-2');
    const listings = await crossList(owner, item, ['ebay', 'shopify']);
    expect(listings.shopify.status).toBe('listed');
    const sandbox = server.container.sandbox!;
    const { deliveries } = await sandbox.shopify.sale({
      shop: 'vintage-test-shop.myshopify.com',
      sku: 'SBX-2',
      duplicates: 1,
    });
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.attempts.map((a) => a.status)).toEqual([200, 200]);
    const rows = await queryRows<{
      account_id: string;
      topic: string;
      payload: { events: { type: string; listedID: string; data: { sku: string } }[] };
    }>(
      server,
      sql`SELECT account_id, topic, payload FROM webhook_deliveries WHERE marketplace = 'shopify' AND delivery_id = ${deliveries[0]!.webhookId}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ account_id: account.accountId, topic: 'orders/create' });
    expect(rows[0]!.payload.events).toEqual([
      expect.objectContaining({
        type: 'sold',
        listedID: listings.shopify.listedID,
        data: expect.objectContaining({ sku: 'SBX-2' }),
      }),
    ]);
  });

  it('after a restart (the emulators empty) the stored connections get tokens again and work', async () => {
    const sandbox = server.container.sandbox!;
    sandbox.ebay.reset();
    sandbox.shopify.reset();
    expect(await server.container.sandboxConnections!.restore()).toBe(2);
    const shop = sandbox.shopify.shop('vintage-test-shop.myshopify.com');
    expect([...shop.webhookSubscriptions.values()].map((s) => s.topic)).toEqual(['ORDERS_CREATE']);
    const item = await createListableItem(owner, 'SBX-3');
    const listings = await crossList(owner, item, ['ebay', 'shopify']);
    expect(listings.ebay).toMatchObject({ status: 'listed' });
    expect(listings.shopify).toMatchObject({ status: 'listed' });
  });

  it('a new server process on the same database (a real restart) restores them at start', async () => {
    const scope = { accountId: account.accountId, userId: account.userId };
    const restarted = await createContainer(server.container.config, {
      database: server.container.database,
      logger: pino({ level: 'silent' }),
      queue: { schedule: false },
    });
    try {
      // Its emulators are new and empty; the stored tokens were re-issued by them at start.
      expect(restarted.sandbox).not.toBe(server.container.sandbox);
      const ebay = restarted.connectors.get('ebay') as EbayConnector;
      const policies = await ebay.businessPolicies(scope, 'fulfillment', '*');
      expect(policies.map((p) => p.name)).toEqual(['Standard shipping']);
      const shopify = restarted.connectors.get('shopify') as ShopifyConnector;
      const { definitions } = await shopify.metafieldDefinitions(scope);
      expect(definitions.length).toBeGreaterThan(0);
      const shop = restarted.sandbox!.shopify.shop('vintage-test-shop.myshopify.com');
      expect([...shop.webhookSubscriptions.values()].map((s) => s.topic)).toEqual([
        'ORDERS_CREATE',
      ]);
    } finally {
      await restarted.close();
    }
    // The first server's connections now hold the new process's tokens: reconnect them here.
    expect(await server.container.sandboxConnections!.restore()).toBe(2);
  });

  it('the demo account starts connected to all four and can cross-list a demo item to all four at once', async () => {
    expect(await seedDemo(server.container, { itemCount: 4 })).toEqual({ created: true });
    const demo = await signIn(server, { email: 'demo@listloop.local', password: 'listloop-demo' });
    const list = await demo.get('/api/rest/v1/enterprise/connection');
    expect(
      list.body.connections.map((c: { nickname: string; marketplace: string }) => [
        c.marketplace,
        c.nickname,
      ]),
    ).toEqual([
      ['depop', 'Depop sandbox'],
      ['ebay', 'eBay sandbox'],
      ['etsy', 'Etsy sandbox'],
      ['shopify', 'Shopify sandbox'],
    ]);
    const shop = server.container.sandbox!.shopify.shop(SANDBOX_SHOP);
    expect([...shop.webhookSubscriptions.values()].map((s) => s.topic)).toEqual(['ORDERS_CREATE']);

    // A finished demo clothing item (sized), once its photos are made.
    const item = await waitFor(
      async () =>
        (await demo.get('/api/account/item?limit=50')).body.items.find(
          (i: {
            generalDetails: {
              images: unknown[];
              description: string;
              category: string;
              size: string;
            };
          }) =>
            i.generalDetails.images.length > 0 &&
            i.generalDetails.description !== '' &&
            i.generalDetails.category.startsWith('Clothing') &&
            i.generalDetails.size !== '',
        ) as { itemID: string; userID: string } | undefined,
      (found) => found !== undefined,
      60_000,
    );
    // What the seed set once (Etsy's and Depop's defaults and mapping rules) is all they need.
    const preview = await demo.post(`/api/account/item/${item!.userID}/${item!.itemID}/preview`, {
      marketplaces: ['etsy', 'depop'],
    });
    expect(preview.status, preview.text).toBe(200);
    for (const built of preview.body.previews as { marketplace: string; problems: unknown[] }[]) {
      expect(built.problems, built.marketplace).toEqual([]);
    }
    const all = ['ebay', 'shopify', 'etsy', 'depop'] as const;
    const listings = await crossList(demo, item!, all);
    for (const marketplace of all) {
      expect(listings[marketplace], JSON.stringify(listings[marketplace])).toMatchObject({
        status: 'listed',
      });
    }
    expect(listings.etsy.listingURL).toMatch(/^\/sandbox\/etsy\/listing\/\d+$/);
    expect(listings.depop.listingURL).toMatch(/^\/sandbox\/depop\/products\/[^/]+\/$/);
    // Listed with the seed's values: Etsy's vintage fields, Depop's product type and size ids.
    const etsyListing = server.container.sandbox!.etsy.listing(listings.etsy.listedID)!;
    expect(etsyListing).toMatchObject({ whoMade: 'someone_else', whenMade: 'before_2002' });
    const product = server.container.sandbox!.depop.store.products.get(
      Number(listings.depop.listedID),
    )!;
    expect(product.fields.product_type).toMatch(/^[a-z]+$/);
    expect(product.fields.department).toMatch(/^(menswear|womenswear)$/);
    expect(product.fields.size_set_id).toBe(52);
  });
});
