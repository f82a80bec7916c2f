import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client';
import { connectMarketplace } from '../../../test/connections';
import { createAccount, memberContext, signIn, type AccountFixture } from '../../../test/fixtures';
import { listingServiceThatNeverSends } from '../../../test/listings';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { waitFor } from '../../../test/wait';

const ITEMS = '/api/account/item';

/**
 * The one check (preview, queue, job): "Ready" in the cross-list dialog must be exactly what
 * the connector and ListLoop's reach allow. Sandbox mode: the real eBay and Etsy connectors,
 * against the emulators, with the account connected to them.
 */
describe('the listing check: what the preview calls ready is what the queue accepts', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;
  let sku = 0;

  const newItem = async (category: string): Promise<string> => {
    sku += 1;
    const created = await owner.post(ITEMS, {
      generalDetails: {
        title: "1990s Levi's 501 Jeans",
        description: 'Straight leg, light fading, no holes.',
        brand: "Levi's",
        condition: 'good',
        price: 48,
        primaryColor: 'Blue',
        size: '32',
        category,
        quantity: 1,
        sku: `CHK-${sku}`,
        weight: { pounds: 1, ounces: 8 },
        images: [{ id: `img-${sku}`, url: 'https://images.listloop.test/jeans-1.jpg' }],
      },
    });
    expect(created.status, created.text).toBe(201);
    return created.body.item.itemID as string;
  };
  const preview = async (itemId: string, marketplaces: string[]) => {
    const response = await owner.post(`${ITEMS}/${account.userId}/${itemId}/preview`, {
      marketplaces,
    });
    expect(response.status, response.text).toBe(200);
    const previews = response.body.previews as { marketplace: string; problems: any[] }[];
    return Object.fromEntries(previews.map((p) => [p.marketplace, p.problems])) as Record<
      string,
      any[]
    >;
  };
  const queue = (itemId: string, marketplace: string) =>
    owner.put(`/api/rest/v1/item/${itemId}/status`, {
      userId: account.userId,
      marketplace,
      status: 'queue',
      operation: 'list',
    });
  /** The account's one eBay category rule for the item's category, made or changed. */
  const mapEbayJeans = async (to: string) => {
    const current = await owner.get('/api/account/mappingRule/ebay');
    const existing = (current.body.mappingRules?.rules ?? []) as { id: string; from: string }[];
    const id = existing.find((rule) => rule.from === 'Clothing > Men > Jeans')?.id;
    const put = await owner.put('/api/account/mappingRule/ebay', {
      rules: [{ ...(id ? { id } : {}), field: 'category', from: 'Clothing > Men > Jeans', to }],
    });
    expect(put.status, put.text).toBe(200);
  };
  const operationsOf = (itemId: string) =>
    queryRows<{ marketplace: string; executor: string }>(
      server,
      sql`SELECT marketplace, executor FROM listing_operations WHERE item_id = ${itemId}`,
    );

  beforeAll(async () => {
    server = await startTestServer({ env: { MARKETPLACES: 'sandbox', LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
    owner = await signIn(server, account);
    const seeded = server.container.sandbox!.etsy.seeded;
    const defaults = {
      ebay: { location: { postalCode: '10001', country: 'US' } },
      etsy: {
        shipping: {
          profileId: String(seeded.shippingProfileId),
          processingProfileId: String(seeded.readinessStateId),
        },
        extra: { who_made: 'someone_else', when_made: '1990s' },
      },
    };
    for (const [marketplace, body] of Object.entries(defaults)) {
      const put = await owner.put(`/api/account/defaults/${marketplace}`, { defaults: body });
      expect(put.status, put.text).toBe(200);
    }
    // Connecting eBay fills the eBay defaults with the seller's business policies (a job).
    await server.container.sandboxConnections!.connectAccount(account.accountId, account.userId);
    await waitFor(
      async () => (await owner.get('/api/account/defaults/ebay')).body.defaults,
      (found) => !!found?.policies?.fulfillment,
    );
  });
  afterAll(() => server.close());

  it('a general category is no eBay or Etsy category: refused at preview and at queue, with the same problem', async () => {
    const itemId = await newItem('Men › Jeans');
    const problems = await preview(itemId, ['ebay', 'etsy']);
    for (const [marketplace, name] of [
      ['ebay', 'eBay'],
      ['etsy', 'Etsy'],
    ] as const) {
      expect(problems[marketplace]).toEqual([
        {
          code: 'category.notMarketplaceCategory',
          field: 'category',
          params: { marketplace: name, category: 'Men › Jeans' },
          message: `'Men › Jeans' is not one of ${name}’s categories; choose one on the ${name} tab, or map this category with a category mapping rule for ${name}.`,
        },
      ]);
      const refused = await queue(itemId, marketplace);
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.problems).toEqual(problems[marketplace]);
      expect(refused.body.message).toBe(
        `${name} would not take this listing: ${problems[marketplace]![0].message}`,
      );
    }
    expect(await operationsOf(itemId)).toEqual([]);
  });

  it('a category mapped to eBay’s id, typed with either separator, is ready and is queued', async () => {
    await mapEbayJeans('11483');
    const itemId = await newItem('Clothing › Men › Jeans');
    expect((await preview(itemId, ['ebay'])).ebay).toEqual([]);
    const queued = await queue(itemId, 'ebay');
    expect(queued.status, queued.text).toBe(202);
    expect(await operationsOf(itemId)).toEqual([{ marketplace: 'ebay', executor: 'connector' }]);
  });

  it('an eBay id its tree does not hold, or one with subcategories, is not ready either', async () => {
    const itemId = await newItem('Clothing › Men › Jeans');
    const mapTo = async (to: string) => {
      await mapEbayJeans(to);
      return (await preview(itemId, ['ebay'])).ebay;
    };
    expect(await mapTo('99999')).toEqual([
      {
        code: 'category.unknown',
        field: 'category',
        params: { marketplace: 'eBay', category: '99999' },
        message: 'eBay has no category 99999; choose one of eBay’s categories on the eBay tab.',
      },
    ]);
    expect(await mapTo('1059')).toEqual([
      {
        code: 'category.notLeaf',
        field: 'category',
        params: {
          marketplace: 'eBay',
          category: '1059',
          path: "Clothing, Shoes & Accessories › Men › Men's Clothing",
        },
        message:
          "eBay lists only in the most specific categories, and 'Clothing, Shoes & Accessories › Men › Men's Clothing' has subcategories; choose one of them on the eBay tab.",
      },
    ]);
    expect((await queue(itemId, 'ebay')).status).toBe(400);
    expect(await mapTo('11483')).toEqual([]);
  });

  it('the job checks again before calling eBay: a listing broken since the queue is never sent', async () => {
    await mapEbayJeans('11483');
    const { container } = server;
    // Queued by a process whose send never happened, so the job runs when this test says.
    const unsent = listingServiceThatNeverSends(container);
    const context = await memberContext(container, account);
    const itemId = await newItem('Clothing › Men › Jeans');
    const queued = await unsent.queue(context, itemId, {
      userId: account.userId,
      marketplace: 'ebay',
      operation: 'list',
    });
    // Meanwhile the seller's rule sends the category to the general words again.
    await mapEbayJeans('Jeans');
    await container.services.listings.execute(
      { operationId: queued.operation.operationId, accountId: account.accountId },
      { retryCount: 0, retryLimit: 5, logger: container.logger },
    );
    const listing = (await owner.get(`${ITEMS}/${account.userId}/${itemId}`)).body.item.listings
      .ebay;
    expect(listing).toMatchObject({
      status: 'list_failure',
      failureReason:
        "eBay would not take this listing: 'Jeans' is not one of eBay’s categories; choose one on the eBay tab, or map this category with a category mapping rule for eBay.",
    });
    const sku = (await owner.get(`${ITEMS}/${account.userId}/${itemId}`)).body.item.generalDetails
      .sku as string;
    const offers = [...container.sandbox!.ebay.store.offers.values()].filter((o) => o.sku === sku);
    expect(offers).toEqual([]);
  });

  it('Whatnot, which ListLoop cannot reach, is never ready and is refused at queue time', async () => {
    const itemId = await newItem('Men › Jeans');
    const problems = await preview(itemId, ['whatnot']);
    expect(problems.whatnot).toEqual([
      {
        code: 'marketplace.unreachable',
        field: 'marketplace',
        params: { marketplace: 'Whatnot' },
        message: 'ListLoop cannot list on Whatnot from this server; choose another marketplace.',
      },
    ]);
    const refused = await queue(itemId, 'whatnot');
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.problems).toEqual(problems.whatnot);
    expect(await operationsOf(itemId)).toEqual([]);
  });

  it('Poshmark needs a connected account for the extension: refused without one, queued with one', async () => {
    // Poshmark shows what the item sold for new.
    const poshmarkItem = async () => {
      const itemId = await newItem('Men › Jeans');
      const own = await owner.put(`${ITEMS}/${account.userId}/${itemId}/listing/poshmark`, {
        listing: { originalPrice: 98 },
      });
      expect(own.status, own.text).toBe(200);
      return itemId;
    };
    const itemId = await poshmarkItem();
    const missing = await preview(itemId, ['poshmark']);
    expect(missing.poshmark).toEqual([
      {
        code: 'connection.missing',
        field: 'marketplace',
        params: { marketplace: 'Poshmark' },
        message: 'Connect your Poshmark account in Marketplaces first.',
      },
    ]);
    const refused = await queue(itemId, 'poshmark');
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.problems).toEqual(missing.poshmark);
    expect(refused.body.message).toBe(
      'ListLoop cannot list on Poshmark yet: Connect your Poshmark account in Marketplaces first.',
    );

    // The seller connects the Poshmark account the extension lists for (Marketplaces screen).
    const connectionId = await connectMarketplace(owner, 'poshmark', { nickname: 'My closet' });
    expect((await preview(itemId, ['poshmark'])).poshmark).toEqual([]);
    const queued = await queue(itemId, 'poshmark');
    expect(queued.status, queued.text).toBe(202);
    expect(await operationsOf(itemId)).toEqual([
      { marketplace: 'poshmark', executor: 'extension' },
    ]);

    // A connection the seller switched off is none.
    const off = await owner.put(`/api/rest/v1/enterprise/connection/${connectionId}`, {
      status: 'disconnected',
    });
    expect(off.status, off.text).toBe(200);
    const other = await poshmarkItem();
    expect((await preview(other, ['poshmark'])).poshmark!.map((p: any) => p.code)).toEqual([
      'connection.missing',
    ]);
  });

  it('a connection that needs reconnecting is named, and nothing is queued through it', async () => {
    const id = await connectMarketplace(owner, 'mercari', {
      nickname: 'Old Mercari',
      status: 'needs_reconnect',
    });
    const itemId = await newItem('Men › Jeans');
    const shipping = await owner.put(`/api/account/defaults/mercari`, {
      defaults: { shipping: { cost: 5, payer: 'buyer' } },
    });
    expect(shipping.status, shipping.text).toBe(200);
    const problems = await preview(itemId, ['mercari']);
    expect(problems.mercari).toEqual([
      {
        code: 'connection.needsReconnect',
        field: 'marketplace',
        params: { marketplace: 'Mercari', nickname: 'Old Mercari' },
        message:
          'Your Mercari connection “Old Mercari” needs reconnecting; reconnect it in Marketplaces.',
      },
    ]);
    expect((await queue(itemId, 'mercari')).status).toBe(409);
    await owner.put(`/api/rest/v1/enterprise/connection/${id}`, { status: 'connected' });
    expect((await preview(itemId, ['mercari'])).mercari).toEqual([]);
  });
});
