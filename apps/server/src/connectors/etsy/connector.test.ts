import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import { BuiltListingSchema, checkListing, type BuiltListingInput } from '@listloop/domain';
import {
  createEtsyEmulator,
  ManualClock,
  type EtsyApp,
  type EtsyEmulator,
  type RunningEmulator,
} from '@listloop/emulators';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ConnectorError,
  type ConnectorExistingListing,
  type ConnectorListingInput,
  OAuthRefusedError,
  type OAuthProvider,
  type TokenSet,
} from '../contract';
import {
  createGuardedFetcher,
  trustOrigins,
  type GuardedFetcher,
} from '../../platform/net/guarded-fetch';
import type { MarketplaceCall } from '../shared/marketplace-http';
import { expectListingPage, expectNoViolations } from '../shared/testing/emulators';
import { TEST_SCOPE as SCOPE } from '../shared/testing/fixtures';
import {
  connectorInput,
  importedListing,
  importedListingInput,
  testItem,
} from '../shared/testing/items';
import { ProviderConnectionAuth } from '../shared/testing/provider-connection-auth';
import { createEtsyConnector, type EtsyConnector, type EtsyConnectorOptions } from './connector';
import { etsyOAuthProvider } from './oauth';

const APP: EtsyApp = {
  keystring: 'testkeystring00000000001',
  sharedSecret: 'testsecret',
  applicationId: 424242,
  redirectUris: ['https://listloop.test/api/marketplaces/etsy/callback'],
};
const CALLBACK = APP.redirectUris[0] ?? '';
const RECONNECT = 'Reconnect your Etsy account in Marketplaces.';

/** A real w×h PNG, so the emulator reads its size and type from the bytes. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width, 200)]);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Where the item photos live (ListLoop's image endpoint in production). */
async function photoServer(): Promise<{ url: string; server: Server }> {
  const webp = await sharp(png(30, 20)).webp().toBuffer();
  const server = createServer((req, res) => {
    if (req.url === '/photos/photo.webp') {
      res.writeHead(200, { 'content-type': 'image/webp', 'content-length': webp.length });
      res.end(webp);
      return;
    }
    const match = /^\/photos\/(\d+)\.png$/.exec(req.url ?? '');
    if (!match) {
      res.writeHead(404).end();
      return;
    }
    const bytes = png(10 + Number(match[1]), 8);
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': bytes.length });
    res.end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('Etsy connector against the Etsy emulator', () => {
  let clock: ManualClock;
  let emulator: EtsyEmulator;
  let running: RunningEmulator;
  let photos: { url: string; server: Server };
  let provider: OAuthProvider;
  let auth: ProviderConnectionAuth;
  let connector: EtsyConnector;
  let calls: MarketplaceCall[];
  /** Downloads from the emulator and the photo server, both on 127.0.0.1. */
  let photoFetcher: GuardedFetcher;

  const connect = async (verifier = randomBytes(48).toString('base64url')) => {
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const authorize = provider.authorizeUrl({
      state: 'state-123',
      redirectUri: CALLBACK,
      codeChallenge: challenge,
      extra: {},
    });
    const redirect = await fetch(authorize, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const back = new URL(redirect.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(back.searchParams.get('state')).toBe('state-123');
    return { code: back.searchParams.get('code') ?? '', verifier };
  };

  const connectTokens = async (): Promise<TokenSet> => {
    const { code, verifier } = await connect();
    return provider.exchangeCode({
      code,
      redirectUri: CALLBACK,
      codeVerifier: verifier,
      extra: {},
    });
  };

  const makeConnector = (options: Partial<EtsyConnectorOptions> = {}) =>
    createEtsyConnector({
      baseUrl: running.url,
      apiKey: APP.keystring,
      sharedSecret: APP.sharedSecret,
      auth,
      listingUrlBase: `${running.url}/listing/`,
      onCall: (call) => calls.push(call),
      photoFetcher,
      ...options,
    });

  const input = (
    overrides: Partial<BuiltListingInput> & { itemID?: string; listedID?: string } = {},
  ): ConnectorListingInput => {
    const { itemID, listedID, ...builtOverrides } = overrides;
    const item = testItem({ title: 'Enamel pin' }, { itemID });
    const built = BuiltListingSchema.parse({
      marketplace: 'etsy',
      title: 'Vintage 1970s enamel pin, red rose',
      description: '<p>A red rose enamel pin.</p><p>Made in the 1970s.</p>',
      price: 24,
      currency: 'USD',
      quantity: 1,
      category: '1',
      photos: [`${photos.url}/photos/1.png`, `${photos.url}/photos/2.png`],
      tags: ['vintage', 'enamel pin', 'rose'],
      weight: { pounds: 0, ounces: 2 },
      shipping: {
        profileId: String(emulator.seeded.shippingProfileId),
        processingProfileId: String(emulator.seeded.readinessStateId),
      },
      extra: { who_made: 'someone_else', when_made: '1970s', materials: ['enamel', 'metal'] },
      ...builtOverrides,
    });
    return connectorInput(item, built, listedID ? { listedID } : {});
  };

  const shape = (c: MarketplaceCall) =>
    `${c.method} ${c.path.replace(/\?.*$/, '').replace(/\/\d+/g, '/:id')}${c.status >= 400 ? ` ${c.status}` : ''}`;

  beforeEach(async () => {
    clock = new ManualClock(Date.UTC(2026, 3, 1, 12));
    emulator = await createEtsyEmulator({
      clock,
      apps: [APP],
      rules: { taxonomyIds: new Set([1, 2, 3]) },
    });
    running = await emulator.listen();
    photos = await photoServer();
    photoFetcher = createGuardedFetcher({ trusts: trustOrigins([running.url, photos.url]) });
    provider = etsyOAuthProvider({
      authBaseUrl: running.url,
      apiBaseUrl: running.url,
      clientId: APP.keystring,
      now: () => clock.now(),
    });
    auth = new ProviderConnectionAuth(provider, await connectTokens(), {
      reconnectMessage: RECONNECT,
    });
    calls = [];
    connector = makeConnector();
  });

  afterEach(async () => {
    await photoFetcher.close();
    await running.close();
    await new Promise((resolve) => photos.server.close(resolve));
  });

  it('connects with PKCE: tokens named after the seller, an hour long; a wrong verifier is refused', async () => {
    const tokens = await connectTokens();
    expect(tokens.accessToken.startsWith(`${emulator.seeded.userId}.`)).toBe(true);
    expect(tokens.externalAccountId).toBe(String(emulator.seeded.userId));
    expect(tokens.expiresAt).toBe(clock.now() + 3600 * 1000);
    expect(tokens.refreshToken).toBeTruthy();

    const { code } = await connect();
    const refused = await provider
      .exchangeCode({ code, redirectUri: CALLBACK, codeVerifier: 'x'.repeat(64), extra: {} })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OAuthRefusedError);
    expect((refused as Error).message).toMatch(/code_verifier/);

    const url = new URL(
      provider.authorizeUrl({
        state: 's',
        redirectUri: CALLBACK,
        codeChallenge: 'c'.repeat(43),
        extra: {},
      }),
    );
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: APP.keystring,
      scope: 'listings_r listings_w transactions_r shops_r',
      code_challenge_method: 'S256',
    });
    expectNoViolations(emulator);
  });

  it('rotates the refresh token on every refresh; each new one is saved and the old one retired', async () => {
    const first = auth.tokens.refreshToken ?? '';
    emulator.oauth.expireAccessTokens();
    await connector.fetchOrders(SCOPE, clock.now());
    emulator.oauth.expireAccessTokens();
    await connector.fetchOrders(SCOPE, clock.now());
    expect(auth.refreshes).toBe(2);
    expect(auth.savedRefreshTokens).toHaveLength(2);
    expect(new Set([first, ...auth.savedRefreshTokens]).size).toBe(3);
    expect(auth.tokens.refreshToken).toBe(auth.savedRefreshTokens[1]);
    await expect(provider.refresh(first, {})).rejects.toBeInstanceOf(OAuthRefusedError);
    await expect(provider.refresh(auth.savedRefreshTokens[0] ?? '', {})).rejects.toBeInstanceOf(
      OAuthRefusedError,
    );
    expectNoViolations(emulator);
  });

  it('publishes: draft → SKU → photos uploaded as files → active; the listing page shows it', async () => {
    const listing = input();
    const result = await connector.publish(listing);
    expect(result.listedID).toMatch(/^\d+$/);
    expect(result.listingURL).toBe(`${running.url}/listing/${result.listedID}`);
    expect(calls.map(shape)).toEqual([
      'GET /v3/application/users/:id/shops',
      'GET /v3/application/shops/:id/listings',
      'GET /v3/application/shops/:id/listings',
      'POST /v3/application/shops/:id/listings',
      'PUT /v3/application/listings/:id/inventory',
      'POST /v3/application/shops/:id/listings/:id/images',
      'POST /v3/application/shops/:id/listings/:id/images',
      'PATCH /v3/application/shops/:id/listings/:id',
    ]);

    const stored = emulator.listing(result.listedID ?? '');
    expect(stored).toMatchObject({
      state: 'active',
      title: 'Vintage 1970s enamel pin, red rose',
      description: 'A red rose enamel pin.\nMade in the 1970s.',
      whoMade: 'someone_else',
      whenMade: '1970s',
      taxonomyId: 1,
      tags: ['vintage', 'enamel pin', 'rose'],
      materials: ['enamel', 'metal'],
      shippingProfileId: emulator.seeded.shippingProfileId,
      readinessStateId: emulator.seeded.readinessStateId,
      itemWeight: 2,
      itemWeightUnit: 'oz',
    });
    expect(stored?.products.map((p) => p.sku)).toEqual([listing.item.itemID]);
    expect(stored?.products[0]?.offerings[0]).toMatchObject({ quantity: 1, priceCents: 2400 });
    expect(stored?.images.map((i) => [i.rank, i.width, i.contentType])).toEqual([
      [1, 11, 'image/png'],
      [2, 12, 'image/png'],
    ]);

    await expectListingPage(result.listingURL, 'Vintage 1970s enamel pin, red rose');

    calls = [];
    await connector.publish(input());
    // The shop is known now: 2 lookups, create, SKU, 2 photos, activate.
    expect(calls).toHaveLength(7);
    expectNoViolations(emulator);
  });

  it('updates a live listing in place: PATCH and the inventory (2 calls)', async () => {
    const listing = input();
    const first = await connector.publish(listing);
    calls = [];
    const changed = {
      ...listing,
      built: { ...listing.built, title: 'Enamel rose pin, 1970s', price: 19.5, tags: ['pin'] },
    };
    const updated = await connector.update({ ...changed, listedID: first.listedID ?? '' });
    expect(updated).toEqual(first);
    expect(calls.map(shape)).toEqual([
      'PATCH /v3/application/shops/:id/listings/:id',
      'PUT /v3/application/listings/:id/inventory',
    ]);
    expect(emulator.listing(first.listedID ?? '')).toMatchObject({
      state: 'active',
      title: 'Enamel rose pin, 1970s',
      tags: ['pin'],
    });
    expect(emulator.listing(first.listedID ?? '')?.products[0]?.offerings[0]?.priceCents).toBe(
      1950,
    );
    expectNoViolations(emulator);
  });

  it('delists with one PATCH (again without error), then relists the same listing', async () => {
    const listing = input();
    const first = await connector.publish(listing);
    calls = [];
    await connector.delist({ ...listing, listedID: first.listedID ?? null });
    expect(calls.map(shape)).toEqual(['PATCH /v3/application/shops/:id/listings/:id']);
    expect(emulator.listing(first.listedID ?? '')?.state).toBe('inactive');
    expect(await (await fetch(first.listingURL ?? '')).text()).not.toContain('Simulate a sale');

    calls = [];
    await connector.delist({ ...listing, listedID: first.listedID ?? null });
    expect(calls).toHaveLength(1);

    calls = [];
    const relisted = await connector.publish({ ...listing, listing: { listedID: first.listedID } });
    expect(relisted).toEqual(first);
    expect(calls.map(shape)).toEqual([
      'GET /v3/application/listings/:id',
      'GET /v3/application/listings/:id/images',
      'PUT /v3/application/listings/:id/inventory',
      'PATCH /v3/application/shops/:id/listings/:id',
    ]);
    expect(emulator.listing(first.listedID ?? '')?.state).toBe('active');
    expect(emulator.store.listings.size).toBe(1);
    expectNoViolations(emulator);
  });

  it('delists by SKU when no listedID was kept, and leaves a draft alone', async () => {
    const listing = input();
    const first = await connector.publish(listing);
    await connector.delist({ ...listing, listedID: null });
    expect(emulator.listing(first.listedID ?? '')?.state).toBe('inactive');

    emulator.faults.inject({ kind: 'server-error', operationId: 'uploadListingImage' });
    const other = input();
    await expect(connector.publish(other)).rejects.toMatchObject({ transient: true });
    const draft = [...emulator.store.listings.values()].find((l) => l.state === 'draft');
    expect(draft).toBeTruthy();
    await connector.delist({ ...other, listedID: String(draft?.listingId) });
    expect(draft?.state).toBe('draft');
    expectNoViolations(emulator);
  });

  describe('the seller’s SKU (decision 0024)', () => {
    it('lists under the seller’s SKU, keeps it when the item’s SKU changes, and a sale names it', async () => {
      const listing = input({ sku: 'PIN-ROSE-7' });
      const first = await connector.publish(listing);
      expect(first.sku).toBe('PIN-ROSE-7');
      expect(emulator.listing(first.listedID ?? '')?.products[0]?.sku).toBe('PIN-ROSE-7');

      const renamed = {
        ...listing,
        listing: { status: 'listed', listedID: first.listedID, marketplaceSku: first.sku },
        built: { ...listing.built, sku: 'PIN-ROSE-8', price: 21 },
      };
      const updated = await connector.update({ ...renamed, listedID: first.listedID ?? '' });
      expect(updated.sku).toBe('PIN-ROSE-7');
      expect(emulator.listing(first.listedID ?? '')?.products[0]).toMatchObject({
        sku: 'PIN-ROSE-7',
        offerings: [expect.objectContaining({ priceCents: 2100 })],
      });

      const since = clock.now();
      clock.advance(60_000);
      emulator.produceSale({ listingId: first.listedID ?? '' });
      expect(await connector.fetchOrders(SCOPE, since)).toEqual([
        expect.objectContaining({ listedID: first.listedID, sku: 'PIN-ROSE-7' }),
      ]);
      expectNoViolations(emulator);
    });

    it('a listing made before sellers’ SKUs were sent keeps the item id: updated, then delisted by it', async () => {
      const before = input({ sku: '' });
      const first = await connector.publish(before);
      expect(first.sku).toBe(before.item.itemID);
      const now = {
        ...before,
        listing: { status: 'listed', listedID: first.listedID },
        built: { ...before.built, sku: 'PIN-ROSE-7' },
      };
      await connector.update({ ...now, listedID: first.listedID ?? '' });
      expect(emulator.listing(first.listedID ?? '')?.products[0]?.sku).toBe(before.item.itemID);
      // Handed no listing id, the delist finds it by the SKU it carries (as a delist is: unbuilt).
      await connector.delist({ ...SCOPE, item: now.item, listing: now.listing, listedID: null });
      expect(emulator.listing(first.listedID ?? '')?.state).toBe('inactive');
      expectNoViolations(emulator);
    });

    it('says when Etsy cannot take the seller’s SKU (over 32 characters), and sends nothing', async () => {
      const listing = input({ sku: 'P'.repeat(33) });
      expect(await connector.validate(listing)).toEqual([
        expect.objectContaining({
          code: 'sku.tooLong',
          path: 'sku',
          message: expect.stringMatching(/^Etsy SKUs are at most 32 characters/),
        }),
      ]);
      await expect(connector.publish(listing)).rejects.toBeInstanceOf(ConnectorError);
      expect(emulator.store.listings.size).toBe(0);
    });
  });

  it('changes the quantity through the inventory (1 call); 0 takes the listing off sale', async () => {
    const listing = input({ quantity: 2 });
    const first = await connector.publish(listing);
    calls = [];
    await connector.updateQuantity({ ...listing, listedID: first.listedID ?? '', quantity: 5 });
    expect(calls.map(shape)).toEqual(['PUT /v3/application/listings/:id/inventory']);
    expect(emulator.listing(first.listedID ?? '')?.products[0]?.offerings[0]?.quantity).toBe(5);

    await connector.updateQuantity({ ...listing, listedID: first.listedID ?? '', quantity: 0 });
    expect(emulator.listing(first.listedID ?? '')?.state).toBe('inactive');
    expectNoViolations(emulator);
  });

  it('reads the seller taxonomy with the app key alone, flat, parents first', async () => {
    const categories = connector.categories!;
    expect(categories).toMatchObject({ needsConnection: false, leavesOnly: false });
    const tree = await categories.tree(null, await categories.treeId(null));
    expect(tree.categories).toContainEqual({
      id: '374',
      name: 'Clothing',
      parentId: null,
      leaf: false,
    });
    const men = tree.categories.find((c) => c.name === "Men's Clothing")!;
    expect(men.parentId).toBe('374');
    const pants = tree.categories.find((c) => c.parentId === men.id && c.name === 'Pants')!;
    expect(tree.categories).toContainEqual(
      expect.objectContaining({ name: 'Jeans', parentId: pants.id, leaf: true }),
    );
    expectNoViolations(emulator);
  });

  it('reads the shop’s shipping profiles by their titles and its processing profiles, page by page', async () => {
    const { shippingProfileId, largeItemsShippingProfileId, shopId } = emulator.seeded;
    const shipping = await connector.shopProfiles(SCOPE, 'shipping');
    expect(shipping).toEqual([
      {
        id: String(shippingProfileId),
        kind: 'shipping',
        name: 'Standard shipping',
        readinessState: null,
        minProcessingDays: null,
        maxProcessingDays: null,
        originCountry: 'US',
      },
      expect.objectContaining({
        id: String(largeItemsShippingProfileId),
        name: 'Large and fragile items',
      }),
    ]);

    const processing = await connector.shopProfiles(SCOPE, 'processing');
    expect(processing).toEqual([
      {
        id: String(emulator.seeded.readinessStateId),
        kind: 'processing',
        name: null,
        readinessState: 'ready_to_ship',
        minProcessingDays: 1,
        maxProcessingDays: 3,
        originCountry: null,
      },
      expect.objectContaining({
        id: String(emulator.seeded.madeToOrderReadinessStateId),
        readinessState: 'made_to_order',
        minProcessingDays: 5,
        maxProcessingDays: 10,
      }),
    ]);

    // A shop with more processing profiles than a page holds is read to its last one.
    const states = emulator.store.shops.get(shopId)!.readinessStates;
    for (let id = 1; id <= 120; id += 1) {
      states.set(id, {
        readinessStateId: id,
        readinessState: 'made_to_order',
        minProcessingDays: id % 10,
        maxProcessingDays: 10 + (id % 10),
      });
    }
    calls = [];
    const many = await connector.shopProfiles(SCOPE, 'processing');
    expect(many).toHaveLength(122);
    expect(calls.map(shape)).toEqual([
      'GET /v3/application/shops/:id/readiness-state-definitions',
      'GET /v3/application/shops/:id/readiness-state-definitions',
    ]);
    expectNoViolations(emulator);
  });

  it('tells a seller connected before ListLoop read shops to reconnect for their profiles', async () => {
    const older = ['listings_r', 'listings_w', 'transactions_r'];
    const answer = emulator.oauth.issueTokens(APP.keystring, older);
    auth = new ProviderConnectionAuth(
      provider,
      {
        accessToken: answer.access_token,
        refreshToken: answer.refresh_token,
        expiresAt: clock.now() + answer.expires_in * 1000,
        refreshTokenExpiresAt: null,
        externalAccountId: null,
        scope: older.join(' '),
      },
      { reconnectMessage: RECONNECT },
    );
    const refused = await makeConnector()
      .shopProfiles(SCOPE, 'processing')
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConnectorError);
    expect(refused).toMatchObject({ transient: false });
    expect((refused as Error).message).toMatch(/shops_r.*Reconnect your Etsy account/);
  });

  it('finds a sale by polling receipts once, with its SKU; many sales page by page', async () => {
    const listing = input({ quantity: 3 });
    const first = await connector.publish(listing);
    const since = clock.now();
    clock.advance(60_000);
    const receipt = emulator.produceSale({ listingId: first.listedID ?? '' });
    expect(emulator.listing(first.listedID ?? '')?.products[0]?.offerings[0]?.quantity).toBe(2);

    const orders = await connector.fetchOrders(SCOPE, since);
    expect(orders).toEqual([
      {
        orderId: String(receipt.receipt_id),
        listedID: first.listedID,
        sku: listing.item.itemID,
        soldAt: Math.floor(clock.now() / 1000) * 1000,
        price: 24,
        currency: 'USD',
        // The transaction's expected_ship_date: the sale plus the listing's three days to ready.
        shipBy: Math.floor(clock.now() / 1000) * 1000 + 3 * 24 * 60 * 60 * 1000,
      },
    ]);
    clock.advance(60_000);
    expect(await connector.fetchOrders(SCOPE, clock.now() - 1000)).toEqual([]);

    const paged = makeConnector({ receiptsPageSize: 2 });
    const many = input({ quantity: 10 });
    await paged.publish(many);
    for (let i = 0; i < 5; i += 1) {
      clock.advance(1000);
      emulator.produceSale({ sku: many.item.itemID });
    }
    calls = [];
    const all = await paged.fetchOrders(SCOPE, since);
    expect(all).toHaveLength(6);
    expect(new Set(all.map((o) => o.orderId)).size).toBe(6);
    expect(calls.map(shape)).toEqual(Array(3).fill('GET /v3/application/shops/:id/receipts'));
    expectNoViolations(emulator);
  });

  it('sells out on Etsy: the last one sold leaves the listing sold out', async () => {
    const first = await connector.publish(input());
    emulator.produceSale({ listingId: first.listedID ?? '' });
    expect(emulator.listing(first.listedID ?? '')?.state).toBe('sold_out');
    const [order] = await connector.fetchOrders(SCOPE, 0);
    expect(order?.listedID).toBe(first.listedID);
    expectNoViolations(emulator);
  });

  it('fails with Etsy’s own message when Etsy refuses the listing', async () => {
    const error = (await connector
      .publish(input({ category: '999' }))
      .catch((e: unknown) => e)) as ConnectorError;
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.transient).toBe(false);
    expect(error.message).toBe('Etsy: taxonomy_id 999 is not a seller taxonomy node.');
    expect(emulator.store.listings.size).toBe(0);
    expectNoViolations(emulator);
  });

  it('says clearly what Etsy misses before sending (validate)', async () => {
    const problems = await connector.validate(
      input({
        title: 'Pins & needles & thread',
        category: 'Jewelry',
        tags: ['a tag that is far too long for etsy'],
        shipping: { profileId: null, processingProfileId: null },
        extra: { who_made: 'me' },
      }),
    );
    expect(problems.map((p) => [p.path, p.code])).toEqual([
      ['title', 'title.characterRepeated'],
      ['category', 'category.notMarketplaceCategory'],
      ['extra.who_made', 'extra.invalid'],
      ['extra.when_made', 'extra.missing'],
      ['shipping.profileId', 'field.missing'],
      ['shipping.processingProfileId', 'field.missing'],
      ['tags', 'tags.tooLong'],
    ]);
    calls = [];
    await expect(connector.publish(input({ photos: [] }))).rejects.toThrow(
      'Etsy would refuse this listing: Etsy needs at least 1 photo; add one.',
    );
    expect(calls).toHaveLength(0);
  });

  it('refuses a listing priced in another currency than the shop’s', async () => {
    await expect(connector.publish(input({ currency: 'GBP' }))).rejects.toThrow(
      "The Etsy shop ListLoopVintage sells in USD; this listing's price is in GBP.",
    );
  });

  it('refreshes once on a 401 and goes on', async () => {
    emulator.oauth.expireAccessTokens();
    const result = await connector.publish(input());
    expect(result.listedID).toBeTruthy();
    expect(auth.refreshes).toBe(1);
    expect(auth.savedRefreshTokens).toHaveLength(1);
    expect(calls.filter((c) => c.status === 401)).toHaveLength(1);
    expectNoViolations(emulator);
  });

  it('surfaces the ConnectionAuth’s error when Etsy refuses the refresh', async () => {
    emulator.oauth.expireAccessTokens();
    emulator.oauth.revokeRefreshTokens();
    const error = (await connector.publish(input()).catch((e: unknown) => e)) as ConnectorError;
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.message).toBe(RECONNECT);
    expect(error.transient).toBe(false);
    expectNoViolations(emulator);
  });

  it('turns a 429 into a transient error with Etsy’s Retry-After', async () => {
    emulator.faults.inject({ kind: 'rate-limit', retryAfterSeconds: 7 });
    const error = (await connector.publish(input()).catch((e: unknown) => e)) as ConnectorError;
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.transient).toBe(true);
    expect(error.retryAfterSeconds).toBe(7);
    expect(error.message).toBe('Etsy: You have exceeded your rate limit. Try again later.');

    emulator.limiter.set({ perSecond: 2 });
    const limited = (await connector.publish(input()).catch((e: unknown) => e)) as ConnectorError;
    expect(limited.transient).toBe(true);
    expect(limited.retryAfterSeconds).toBe(1);
    expectNoViolations(emulator);
  });

  it('turns a 5xx or a dropped connection into a transient error', async () => {
    emulator.faults.inject({ kind: 'server-error', status: 503 });
    const error = (await connector.publish(input()).catch((e: unknown) => e)) as ConnectorError;
    expect(error.transient).toBe(true);
    expect(error.message).toBe('Etsy had a problem (503): Etsy: Service Unavailable');
    emulator.faults.inject({ kind: 'disconnect' });
    const dropped = (await connector
      .delist({ ...input(), listedID: '1600000999' })
      .catch((e: unknown) => e)) as ConnectorError;
    expect(dropped).toBeInstanceOf(ConnectorError);
    expect(dropped.transient).toBe(true);
    expectNoViolations(emulator);
  });

  it('says when the app key is refused (a server configuration problem)', async () => {
    const keyless = makeConnector({ sharedSecret: undefined });
    const error = (await keyless.publish(input()).catch((e: unknown) => e)) as ConnectorError;
    expect(error.transient).toBe(false);
    expect(error.message).toMatch(/^Etsy refused ListLoop's app key \(Shared secret is required/);

    // An unknown key is a 401 at Etsy: no token refresh, no "reconnect" for the seller.
    const unknown = makeConnector({ apiKey: 'notakeystring0000000000' });
    const refused = (await unknown.publish(input()).catch((e: unknown) => e)) as ConnectorError;
    expect(refused.message).toBe(
      "Etsy refused ListLoop's app key (Invalid API key). The server's Etsy keystring and shared secret need checking.",
    );
    expect(auth.refreshes).toBe(0);
  });

  it('publishes idempotently: a retry reuses the draft and its photos; a repeat finds the live listing', async () => {
    const listing = input();
    emulator.faults.inject({ kind: 'server-error', operationId: 'uploadListingImage', count: 1 });
    calls = [];
    // The first photo fails: the draft exists with its SKU and no photo.
    await expect(connector.publish(listing)).rejects.toMatchObject({ transient: true });
    emulator.faults.inject({ kind: 'server-error', operationId: 'updateListing' });
    // The retry finds the draft, uploads both photos, and fails to activate.
    await expect(connector.publish(listing)).rejects.toMatchObject({ transient: true });
    expect(emulator.store.listings.size).toBe(1);
    const [draft] = [...emulator.store.listings.values()];
    expect(draft).toMatchObject({ state: 'draft' });
    expect(draft?.images).toHaveLength(2);

    calls = [];
    const retried = await connector.publish(listing);
    expect(retried.listedID).toBe(String(draft?.listingId));
    expect(calls.map(shape)).toEqual([
      'GET /v3/application/shops/:id/listings',
      'GET /v3/application/listings/:id/images',
      'PUT /v3/application/listings/:id/inventory',
      'PATCH /v3/application/shops/:id/listings/:id',
    ]);
    expect(draft?.state).toBe('active');

    const again = await connector.publish(listing);
    expect(again).toEqual(retried);
    expect(emulator.store.listings.size).toBe(1);
    expect(draft?.images).toHaveLength(2);
    expectNoViolations(emulator);
  });

  it('fails clearly when a photo cannot be downloaded', async () => {
    const error = (await connector
      .publish(input({ photos: [`${photos.url}/missing.jpg`] }))
      .catch((e: unknown) => e)) as ConnectorError;
    expect(error.message).toBe('ListLoop could not download photo 1 for Etsy: the answer was 404.');
    expect(error.transient).toBe(false);
    expectNoViolations(emulator);
  });

  it('sends a WebP photo as a JPEG, since Etsy takes JPG, PNG and GIF', async () => {
    const result = await connector.publish(input({ photos: [`${photos.url}/photos/photo.webp`] }));
    const [image] = emulator.listing(result.listedID ?? '')?.images ?? [];
    expect(image).toMatchObject({ contentType: 'image/jpeg', width: 30, height: 20 });
    expectNoViolations(emulator);
  });

  it('reads photos through the loader it is given (ListLoop’s own image paths)', async () => {
    const read: string[] = [];
    const loading = makeConnector({
      loadPhoto: async (url, scope) => {
        read.push(`${scope.accountId} ${url}`);
        return { bytes: png(50, 40), contentType: 'image/png' };
      },
    });
    const result = await loading.publish(input({ photos: ['/api/images/a/1.png'] }));
    expect(read).toEqual([`${SCOPE.accountId} /api/images/a/1.png`]);
    expect(emulator.listing(result.listedID ?? '')?.images[0]).toMatchObject({ width: 50 });

    const failing = makeConnector({
      loadPhoto: async () => {
        throw new Error('no such image');
      },
    });
    await expect(failing.publish(input())).rejects.toMatchObject({
      message: 'ListLoop could not read photo 1 for Etsy: no such image.',
      transient: true,
    });
    expectNoViolations(emulator);
  });

  it('takes no webhooks: Etsy sales are found by polling', async () => {
    expect(connector.receiveWebhook).toBeUndefined();
  });

  describe('import on connect', () => {
    const photo = (width: number) => ({ bytes: png(width, 6), contentType: 'image/png' });
    const existing = (
      title: string,
      extra: Partial<Parameters<EtsyEmulator['addExistingListing']>[0]> = {},
    ) =>
      String(
        emulator.addExistingListing({
          title,
          description: `${title}, as listed on Etsy.`,
          price: 12,
          quantity: 1,
          photos: [photo(8)],
          ...extra,
        }),
      );
    const listings = (page: { listings: Array<{ listedID: string }> }) =>
      page.listings.map((l) => l.listedID);

    it('reads the active listings, then the inactive ones, a page a call, with their photos', async () => {
      const photos = [photo(21), photo(22), photo(23)];
      const lamp = existing('Brass desk lamp', {
        price: 45.5,
        quantity: 3,
        sku: 'LAMP-7',
        tags: ['brass'],
        photos,
      });
      const mug = existing('Mum&#39;s speckled mug');
      const scarf = existing('Silk scarf');
      const coat = existing('Wool coat', { state: 'inactive', price: 80 });
      existing('Half-written draft', { state: 'draft', photos: [] });
      const importing = makeConnector({ importPageSize: 2 });
      calls = [];

      const first = await importing.fetchListings!(SCOPE, null);
      expect(listings(first)).toEqual([lamp, mug]);
      expect(first.listings[0]).toEqual({
        listedID: lamp,
        listingURL: `${running.url}/listing/${lamp}`,
        sku: 'LAMP-7',
        state: 'active',
        title: 'Brass desk lamp',
        description: 'Brass desk lamp, as listed on Etsy.',
        price: 45.5,
        quantity: 3,
        brand: null,
        condition: null,
        primaryColor: null,
        size: null,
        photoUrls: emulator
          .listing(lamp)
          ?.images.map((i) => `${running.url}/images/listing/${i.listingImageId}/fullxfull`),
        listingFields: {
          category: '1',
          tags: ['brass'],
          shipping: {
            profileId: String(emulator.seeded.shippingProfileId),
            processingProfileId: String(emulator.seeded.readinessStateId),
          },
          extra: { who_made: 'someone_else', when_made: '2010_2019' },
        },
      });
      expect(first.listings[1]).toMatchObject({ sku: null, title: "Mum's speckled mug" });
      // The shop once per connection, then one call a page, with the images and inventory.
      expect(calls.map(shape)).toEqual([
        'GET /v3/application/users/:id/shops',
        'GET /v3/application/shops/:id/listings',
      ]);
      expect(calls[1]?.path).toMatch(/\?includes=Images&includes=Inventory$/);

      calls = [];
      const second = await importing.fetchListings!(SCOPE, first.nextCursor);
      expect(listings(second)).toEqual([scarf]);
      const third = await importing.fetchListings!(SCOPE, second.nextCursor);
      expect(listings(third)).toEqual([coat]);
      expect(third.listings[0]).toMatchObject({ state: 'inactive', price: 80, quantity: 1 });
      expect(third.nextCursor).toBeNull();
      expect(calls.map(shape)).toEqual(Array(2).fill('GET /v3/application/shops/:id/listings'));

      const urls = first.listings[0]?.photoUrls ?? [];
      expect(urls).toHaveLength(3);
      for (const [index, url] of urls.entries()) {
        const downloaded = await importing.fetchPhoto!(url);
        expect(downloaded.contentType).toBe('image/png');
        expect(downloaded.bytes.equals(photos[index]?.bytes ?? Buffer.alloc(0))).toBe(true);
      }
      expectNoViolations(emulator);
    });

    it('acts on an imported listing by its own SKU: update, quantity, delist, relist', async () => {
      const pin = existing('Rose enamel pin', { sku: 'PIN-7', price: 20, photos: [photo(30)] });
      const page = await connector.fetchListings!(SCOPE, null);
      const found = page.listings.find((l) => l.listedID === pin);
      expect(found).toMatchObject({ sku: 'PIN-7', state: 'active' });
      const base = input();
      const listing = { ...base, listing: importedListing(found!) };
      const count = emulator.store.listings.size;
      const skus = () => emulator.listing(pin)?.products.map((p) => p.sku);

      const updated = await connector.update({
        ...listing,
        built: { ...listing.built, title: 'Red rose enamel pin', price: 18 },
        listedID: pin,
      });
      expect(updated).toEqual({ listedID: pin, listingURL: found?.listingURL, sku: 'PIN-7' });
      expect(emulator.listing(pin)).toMatchObject({
        state: 'active',
        title: 'Red rose enamel pin',
      });
      expect(emulator.listing(pin)?.products[0]?.offerings[0]?.priceCents).toBe(1800);
      expect(skus()).toEqual(['PIN-7']);

      await connector.updateQuantity({ ...listing, listedID: pin, quantity: 4 });
      expect(emulator.listing(pin)?.products[0]?.offerings[0]?.quantity).toBe(4);
      expect(skus()).toEqual(['PIN-7']);

      await connector.delist({ ...listing, listedID: pin });
      expect(emulator.listing(pin)?.state).toBe('inactive');

      const relisted = await connector.publish(listing);
      expect(relisted).toEqual({ listedID: pin, listingURL: found?.listingURL, sku: 'PIN-7' });
      expect(emulator.listing(pin)?.state).toBe('active');
      expect(skus()).toEqual(['PIN-7']);

      // Without the listing id, the delist finds the seller's listing by its SKU.
      await connector.delist({ ...listing, listedID: null });
      expect(emulator.listing(pin)?.state).toBe('inactive');
      expect(emulator.store.listings.size).toBe(count);
      expectNoViolations(emulator);
    });

    it('keeps what the Etsy listing holds beyond the general details, so it revises as it is', async () => {
      const pin = existing('Rose enamel pin', {
        sku: 'PIN-9',
        price: 20,
        quantity: 2,
        tags: ['rose', 'enamel pin'],
        photos: [photo(30), photo(31)],
      });
      const [found] = (await connector.fetchListings!(SCOPE, null)).listings;
      expect(found?.listingFields).toEqual({
        category: '1',
        tags: ['rose', 'enamel pin'],
        shipping: {
          profileId: String(emulator.seeded.shippingProfileId),
          processingProfileId: String(emulator.seeded.readinessStateId),
        },
        extra: { who_made: 'someone_else', when_made: '2010_2019' },
      });

      const input = importedListingInput(found as ConnectorExistingListing, 'etsy');
      // Nothing for the seller to fill in: not the engine's checks, not Etsy's.
      expect(checkListing('etsy', input.built)).toEqual([]);
      expect(await connector.validate(input)).toEqual([]);

      calls = [];
      const revised = await connector.update({
        ...input,
        built: { ...input.built, price: 18 },
        listedID: pin,
      });
      expect(revised).toEqual({ listedID: pin, listingURL: found?.listingURL, sku: 'PIN-9' });
      expect(calls.map(shape)).toEqual([
        'PATCH /v3/application/shops/:id/listings/:id',
        'PUT /v3/application/listings/:id/inventory',
      ]);
      const after = emulator.listing(pin);
      expect(after).toMatchObject({
        state: 'active',
        title: 'Rose enamel pin',
        taxonomyId: 1,
        tags: ['rose', 'enamel pin'],
        whoMade: 'someone_else',
        whenMade: '2010_2019',
        shippingProfileId: emulator.seeded.shippingProfileId,
        readinessStateId: emulator.seeded.readinessStateId,
      });
      expect(after?.products).toMatchObject([
        {
          sku: 'PIN-9',
          offerings: [
            { priceCents: 1800, quantity: 2, readinessStateId: emulator.seeded.readinessStateId },
          ],
        },
      ]);
      expect(after?.images).toHaveLength(2);
      expectNoViolations(emulator);
    });

    it('shows the seller’s SKU in what it would send, our item id without one', async () => {
      const listing = input();
      const sent = await connector.build({ ...listing, listing: { marketplaceSku: 'PIN-7' } });
      expect(sent).toMatchObject({ sku: 'PIN-7', inventory: { products: [{ sku: 'PIN-7' }] } });
      for (const marketplaceSku of [null, '']) {
        const own = await connector.build({ ...listing, listing: { marketplaceSku } });
        expect(own.sku).toBe(listing.item.itemID);
      }
    });

    it('reads an empty shop in one page, and passes over an empty state in the same call', async () => {
      calls = [];
      expect(await connector.fetchListings!(SCOPE, null)).toEqual({
        listings: [],
        nextCursor: null,
      });
      expect(calls.map(shape)).toEqual([
        'GET /v3/application/users/:id/shops',
        'GET /v3/application/shops/:id/listings',
        'GET /v3/application/shops/:id/listings',
      ]);
      const coat = existing('Wool coat', { state: 'inactive' });
      const page = await connector.fetchListings!(SCOPE, null);
      expect(page).toMatchObject({ listings: [{ listedID: coat, state: 'inactive' }] });
      expect(page.nextCursor).toBeNull();
      await expect(connector.fetchListings!(SCOPE, 'sold_out:0')).rejects.toMatchObject({
        transient: false,
      });
      expectNoViolations(emulator);
    });

    it('turns a 429 or a 5xx while reading into a transient error', async () => {
      existing('Brass desk lamp');
      emulator.faults.inject({
        kind: 'rate-limit',
        retryAfterSeconds: 5,
        operationId: 'getListingsByShop',
      });
      const limited = (await connector.fetchListings!(SCOPE, null).catch(
        (e: unknown) => e,
      )) as ConnectorError;
      expect(limited).toBeInstanceOf(ConnectorError);
      expect(limited).toMatchObject({ transient: true, retryAfterSeconds: 5 });

      emulator.faults.inject({
        kind: 'server-error',
        status: 502,
        operationId: 'getListingsByShop',
      });
      const failed = (await connector.fetchListings!(SCOPE, 'active:0').catch(
        (e: unknown) => e,
      )) as ConnectorError;
      expect(failed).toBeInstanceOf(ConnectorError);
      expect(failed.transient).toBe(true);
      expect((await connector.fetchListings!(SCOPE, 'active:0')).listings).toHaveLength(1);
      expectNoViolations(emulator);
    });

    it('fails for good on a photo that is not there (404)', async () => {
      const error = (await connector.fetchPhoto!(
        `${running.url}/images/listing/5899999999/fullxfull`,
      ).catch((e: unknown) => e)) as ConnectorError;
      expect(error).toBeInstanceOf(ConnectorError);
      expect(error.transient).toBe(false);
      expect(error.message).toBe(
        'ListLoop could not download a photo from Etsy: the answer was 404.',
      );
    });

    it('refuses a photo on a private network address in live mode (no trusted origin)', async () => {
      const lamp = existing('Brass desk lamp');
      const [url] = (await connector.fetchListings!(SCOPE, null)).listings.find(
        (l) => l.listedID === lamp,
      )?.photoUrls ?? [''];
      const guard = createGuardedFetcher();
      try {
        const live = makeConnector({ photoFetcher: guard });
        for (const address of [url ?? '', (url ?? '').replace(/^http:/, 'https:')]) {
          const error = (await live.fetchPhoto!(address).catch(
            (e: unknown) => e,
          )) as ConnectorError;
          expect(error).toBeInstanceOf(ConnectorError);
          expect(error.transient).toBe(false);
          expect(error.message).toBe(
            'ListLoop could not download a photo from Etsy: 127.0.0.1 is a private network address, and ListLoop downloads photos only from the public internet.',
          );
        }
        // Nor is a photo of a listing it publishes: nothing is created on Etsy.
        const refused = (await live
          .publish(input({ photos: [`${photos.url}/photos/1.png`] }))
          .catch((e: unknown) => e)) as ConnectorError;
        expect(refused).toBeInstanceOf(ConnectorError);
        expect(refused.transient).toBe(false);
        expect(refused.message).toBe(
          'ListLoop could not download photo 1 for Etsy: 127.0.0.1 is a private network address, and ListLoop downloads photos only from the public internet.',
        );
      } finally {
        await guard.close();
      }
    });
  });

  it('records a request the real API would refuse as a violation', async () => {
    const error = await connector.http
      .request(SCOPE, 'POST', `/v3/application/shops/${emulator.seeded.shopId}/listings`, {
        body: new URLSearchParams({ quantity: 'two', title: 'Pin' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).message).toMatch(/^Etsy: .*quantity must be integer/);
    expect(emulator.violations).toHaveLength(1);
    expect(emulator.violations[0]?.messages.join(' ')).toMatch(
      /must have required property 'price'/,
    );
  });
});
