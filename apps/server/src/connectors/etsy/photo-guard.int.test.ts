import crypto from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEtsyEmulator, type EtsyEmulator, type RunningEmulator } from '@listloop/emulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { makeJpeg } from '../../../test/images';
import { crossList } from '../../../test/listings';
import { startTestServer, type TestServer } from '../../../test/server';
import { ETSY_SCOPES } from './oauth';

const APP = {
  keystring: 'photoguardkeystring00001',
  sharedSecret: 'photoguardsecret',
  applicationId: 515151,
  redirectUris: ['https://listloop.test/api/marketplaces/etsy/callback'],
};

/**
 * Live mode, Etsy configured with its app keys (pointed at the emulator, as a deployment points
 * at openapi.etsy.com), and an item whose photo is on this machine: the connector must not
 * download it (nor upload it), and the listing fails saying why.
 */
describe('live mode: a photo on a private network address is not fetched for Etsy', () => {
  let emulator: EtsyEmulator;
  let running: RunningEmulator;
  let photoHost: { server: Server; url: string; requests: string[] };
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;

  beforeAll(async () => {
    emulator = await createEtsyEmulator({ apps: [APP], rules: { taxonomyIds: new Set([1813]) } });
    running = await emulator.listen();
    // A real picture: were it fetched, Etsy would take it and the listing would go live.
    const jpeg = await makeJpeg({ width: 1200, height: 900 });
    const requests: string[] = [];
    const photos = createServer((req, res) => {
      requests.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    });
    await new Promise<void>((resolve) => photos.listen(0, '127.0.0.1', resolve));
    photoHost = {
      server: photos,
      url: `http://127.0.0.1:${(photos.address() as AddressInfo).port}`,
      requests,
    };
    server = await startTestServer({
      env: {
        MARKETPLACES: 'live',
        LOGIN_MAX_PER_IP: '1000',
        ETSY_API_KEY: APP.keystring,
        ETSY_SHARED_SECRET: APP.sharedSecret,
        ETSY_API_URL: running.url,
        ETSY_AUTH_URL: running.url,
      },
    });
    account = await createAccount(server);
    owner = await signIn(server, account);

    // The seller's Etsy connection, with tokens the emulated Etsy issued for the shop.
    const connectionId = crypto.randomBytes(12).toString('hex');
    const made = await owner.put(`/api/rest/v1/enterprise/connection/${connectionId}`, {
      marketplace: 'etsy',
      nickname: 'My Etsy shop',
    });
    expect(made.status, made.text).toBe(201);
    const tokens = emulator.oauth.issueTokens(APP.keystring, ETSY_SCOPES);
    const stored = await owner.put('/integration-etsy/v1/credentials', {
      connectionId,
      credentials: {
        marketplaceAccount: { marketplaceID: 'etsy' },
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token,
        expiresAt: new Date(Date.now() + tokens.expires_in * 1000).toISOString(),
      },
    });
    expect(stored.status, stored.text).toBe(200);

    const mapping = await owner.put('/api/account/mappingRule/etsy', {
      rules: [{ field: 'category', from: 'Clothing > Men > Coats & Jackets', to: '1813' }],
    });
    expect(mapping.status, mapping.text).toBe(200);
    const defaults = await owner.put('/api/account/defaults/etsy', {
      defaults: {
        shipping: {
          profileId: String(emulator.seeded.shippingProfileId),
          processingProfileId: String(emulator.seeded.readinessStateId),
        },
        extra: { who_made: 'someone_else', when_made: '1990s' },
      },
    });
    expect(defaults.status, defaults.text).toBe(200);
  });

  afterAll(async () => {
    await server?.close();
    await running?.close();
    await new Promise((resolve) => photoHost?.server.close(resolve));
  });

  it('fails the listing for good with a reason a seller understands; the photo host is never asked', async () => {
    const created = await owner.post('/api/account/item', {
      generalDetails: {
        title: "1990s Levi's Denim Jacket",
        description: 'Classic trucker jacket, light fading, no holes.',
        brand: "Levi's",
        condition: 'good',
        price: 64,
        category: 'Clothing > Men > Coats & Jackets',
        quantity: 1,
        sku: 'GUARD-1',
        weight: { pounds: 1, ounces: 4 },
        images: [{ id: 'local-1', url: `${photoHost.url}/admin/photo.jpg` }],
      },
    });
    expect(created.status, created.text).toBe(201);
    const item = created.body.item as { itemID: string; userID: string };

    const listings = await crossList(owner, item, ['etsy']);
    expect(listings.etsy, JSON.stringify(listings.etsy)).toMatchObject({
      status: 'list_failure',
      failureReason:
        'ListLoop could not download photo 1 for Etsy: 127.0.0.1 is a private network address, and ListLoop downloads photos only from the public internet.',
    });
    expect(photoHost.requests).toEqual([]);
    // Nothing of it went live on Etsy, and no photo was uploaded there.
    const onEtsy = [...emulator.store.listings.values()];
    expect(onEtsy.filter((listing) => listing.state === 'active')).toEqual([]);
    expect(onEtsy.flatMap((listing) => listing.images)).toEqual([]);
  });
});
