import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../core/clock';
import type { RunningEmulator } from '../core/emulator-server';
import { describeViolations } from '../core/violations';
import { createEtsyEmulator, type EtsyEmulator, type EtsyEmulatorOptions } from './etsy-emulator';
import type { EtsyApp } from './etsy-oauth';

const APP: EtsyApp = {
  keystring: 'testkeystring00000000001',
  sharedSecret: 'testsecret',
  applicationId: 424242,
  redirectUris: ['https://listloop.test/api/marketplaces/etsy/callback'],
};
const REDIRECT = APP.redirectUris[0] ?? '';
const VERIFIER = 'v'.repeat(20) + '-._~0123456789abcdefghijklmnop';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

/** A real w×h PNG (one grey pixel row repeated), so the emulator reads its size. */
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
  const rows = Buffer.concat(
    Array.from({ length: height }, () =>
      Buffer.concat([Buffer.from([0]), Buffer.alloc(width, 128)]),
    ),
  );
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('Etsy emulator', () => {
  let clock: ManualClock;
  let emulator: EtsyEmulator;
  let running: RunningEmulator;
  let token: string;

  const start = async (options: EtsyEmulatorOptions = {}) => {
    clock = new ManualClock(Date.UTC(2026, 3, 1, 12));
    emulator = await createEtsyEmulator({ clock, apps: [APP], ...options });
    running = await emulator.listen();
    token = emulator.oauth.issueTokens().access_token;
  };

  afterEach(async () => {
    await running.close();
  });

  const call = (
    method: string,
    path: string,
    init: { form?: Record<string, string>; json?: unknown; body?: FormData } = {},
    headers: Record<string, string> = {},
  ) =>
    fetch(`${running.url}${path}`, {
      method,
      headers: {
        'x-api-key': `${APP.keystring}:${APP.sharedSecret}`,
        authorization: `Bearer ${token}`,
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: init.form
        ? new URLSearchParams(init.form).toString()
        : init.json !== undefined
          ? JSON.stringify(init.json)
          : init.body,
    });

  const noViolations = () =>
    expect(emulator.violations, describeViolations(emulator.violations)).toEqual([]);

  const draft = async (extra: Record<string, string> = {}) => {
    const { shopId, shippingProfileId, readinessStateId } = emulator.seeded;
    const response = await call('POST', `/v3/application/shops/${shopId}/listings`, {
      form: {
        quantity: '2',
        title: 'Vintage enamel pin',
        description: 'A 1970s enamel pin.',
        price: '12.50',
        who_made: 'someone_else',
        when_made: '1970s',
        taxonomy_id: '1',
        shipping_profile_id: String(shippingProfileId),
        readiness_state_id: String(readinessStateId),
        tags: 'vintage,pin,enamel',
        ...extra,
      },
    });
    return { response, body: (await response.json()) as Record<string, unknown> };
  };

  const upload = (listingId: unknown, bytes: Buffer = png(4, 3)) => {
    const form = new FormData();
    form.set('image', new Blob([bytes], { type: 'image/png' }), 'pin.png');
    return call(
      'POST',
      `/v3/application/shops/${emulator.seeded.shopId}/listings/${String(listingId)}/images`,
      { body: form },
    );
  };

  describe('OAuth', () => {
    beforeEach(() => start());

    const authorize = async (params: Record<string, string>) => {
      const url = new URL(`${running.url}/oauth/connect`);
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      return fetch(url, { redirect: 'manual' });
    };
    const tokenCall = (form: Record<string, string>) =>
      fetch(`${running.url}/v3/public/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
    const codeFor = async () => {
      const redirect = await authorize({
        response_type: 'code',
        client_id: APP.keystring,
        redirect_uri: REDIRECT,
        scope: 'listings_r listings_w transactions_r',
        state: 'st-1',
        code_challenge: CHALLENGE,
        code_challenge_method: 'S256',
      });
      expect(redirect.status).toBe(302);
      const back = new URL(redirect.headers.get('location') ?? '');
      expect(back.searchParams.get('state')).toBe('st-1');
      return back.searchParams.get('code') ?? '';
    };

    it('trades a code for tokens named after the seller, with PKCE; refresh tokens rotate', async () => {
      const code = await codeFor();
      const issued = await tokenCall({
        grant_type: 'authorization_code',
        client_id: APP.keystring,
        redirect_uri: REDIRECT,
        code,
        code_verifier: VERIFIER,
      });
      expect(issued.status).toBe(200);
      const tokens = (await issued.json()) as Record<string, string | number>;
      expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
      expect(String(tokens.access_token)).toMatch(new RegExp(`^${emulator.seeded.userId}\\.`));

      const refreshed = await tokenCall({
        grant_type: 'refresh_token',
        client_id: APP.keystring,
        refresh_token: String(tokens.refresh_token),
      });
      const again = (await refreshed.json()) as Record<string, string>;
      expect(again.refresh_token).not.toBe(tokens.refresh_token);
      const reused = await tokenCall({
        grant_type: 'refresh_token',
        client_id: APP.keystring,
        refresh_token: String(tokens.refresh_token),
      });
      expect(reused.status).toBe(400);
      expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
      noViolations();
    });

    it('refuses a wrong code verifier, and a request without PKCE (a violation)', async () => {
      const code = await codeFor();
      const wrong = await tokenCall({
        grant_type: 'authorization_code',
        client_id: APP.keystring,
        redirect_uri: REDIRECT,
        code,
        code_verifier: 'w'.repeat(50),
      });
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
      noViolations();
      const plain = await authorize({
        response_type: 'code',
        client_id: APP.keystring,
        redirect_uri: REDIRECT,
        scope: 'listings_r',
        state: 's',
      });
      expect(plain.status).toBe(400);
      expect(emulator.violations[0]?.messages.join(' ')).toMatch(/code_challenge is missing/);
    });
  });

  describe('API', () => {
    beforeEach(() => start());

    it('wants x-api-key as keystring:shared_secret on every call', async () => {
      const shop = `/v3/application/shops/${emulator.seeded.shopId}`;
      expect((await call('GET', shop)).status).toBe(200);
      const bare = await call('GET', shop, {}, { 'x-api-key': APP.keystring });
      expect(bare.status).toBe(403);
      expect(await bare.json()).toEqual({
        error: 'Shared secret is required in x-api-key header.',
      });
      const none = await fetch(`${running.url}${shop}`);
      expect(none.status).toBe(401);
      expect(emulator.violations.map((v) => v.messages[0])).toEqual([
        'x-api-key: Shared secret is required in x-api-key header.',
        'x-api-key: Missing x-api-key header.',
      ]);
    });

    it('answers the seller taxonomy with nested nodes and their full paths, with the app key alone', async () => {
      const response = await fetch(`${running.url}/v3/application/seller-taxonomy/nodes`, {
        headers: { 'x-api-key': `${APP.keystring}:${APP.sharedSecret}` },
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { count: number; results: any[] };
      expect(body.count).toBe(body.results.length);
      const clothing = body.results.find((node) => node.id === 374);
      expect(clothing).toMatchObject({ level: 0, name: 'Clothing', parent_id: null });
      const men = clothing.children.find((node: any) => node.name === "Men's Clothing");
      const pants = men.children.find((node: any) => node.name === 'Pants');
      expect(pants.children[0]).toMatchObject({
        name: 'Jeans',
        level: 3,
        parent_id: pants.id,
        full_path_taxonomy_ids: [374, men.id, pants.id, pants.children[0].id],
        children: [],
      });
      noViolations();
    });

    it('names the token’s user and shop (getMe), and lists images at the listing’s own path', async () => {
      const me = await call('GET', '/v3/application/users/me');
      expect(await me.json()).toEqual({
        user_id: emulator.seeded.userId,
        shop_id: emulator.seeded.shopId,
      });
      const { body: listing } = await draft();
      await upload(listing.listing_id);
      const images = await call(
        'GET',
        `/v3/application/listings/${String(listing.listing_id)}/images`,
      );
      expect(await images.json()).toMatchObject({ count: 1, results: [{ rank: 1 }] });
      const old = await call(
        'GET',
        `/v3/application/shops/${emulator.seeded.shopId}/listings/${String(listing.listing_id)}/images`,
      );
      expect(old.status).toBe(404);
      expect(emulator.violations.map((v) => v.operationId)).toEqual([null]);
    });

    it('lists the shop’s named shipping profiles and its processing profiles', async () => {
      const { shopId, shippingProfileId, largeItemsShippingProfileId } = emulator.seeded;
      const shipping = await call('GET', `/v3/application/shops/${shopId}/shipping-profiles`);
      expect(shipping.status).toBe(200);
      const shippingBody = (await shipping.json()) as { count: number; results: unknown[] };
      expect(shippingBody.count).toBe(2);
      expect(shippingBody.results).toEqual([
        expect.objectContaining({
          shipping_profile_id: shippingProfileId,
          title: 'Standard shipping',
          is_deleted: false,
          origin_country_iso: 'US',
        }),
        expect.objectContaining({
          shipping_profile_id: largeItemsShippingProfileId,
          title: 'Large and fragile items',
        }),
      ]);
      // Today's profiles carry no processing days: processing profiles hold them.
      expect(shippingBody.results[0]).not.toHaveProperty('min_processing_days');

      const processing = await call(
        'GET',
        `/v3/application/shops/${shopId}/readiness-state-definitions?limit=1&offset=1`,
      );
      expect(processing.status).toBe(200);
      expect(await processing.json()).toEqual({
        count: 2,
        results: [
          {
            shop_id: shopId,
            readiness_state_id: emulator.seeded.madeToOrderReadinessStateId,
            readiness_state: 'made_to_order',
            min_processing_days: 5,
            max_processing_days: 10,
            processing_days_display_label: '5 - 10 days',
          },
        ],
      });
      noViolations();

      // Another shop's are not the seller's to read; a limit above Etsy's is a violation.
      const other = await call(
        'GET',
        `/v3/application/shops/${shopId + 1}/readiness-state-definitions`,
      );
      expect(other.status).toBe(404);
      const tooMany = await call(
        'GET',
        `/v3/application/shops/${shopId}/readiness-state-definitions?limit=500`,
      );
      expect(tooMany.status).toBe(400);
      expect(emulator.violations.map((v) => v.operationId)).toEqual([
        'getShopReadinessStateDefinitions',
      ]);
    });

    it('takes a draft, refuses to activate it without an image, then activates and sells it out', async () => {
      const { response, body: listing } = await draft();
      expect(response.status).toBe(201);
      expect(listing).toMatchObject({
        state: 'draft',
        quantity: 2,
        tags: ['vintage', 'pin', 'enamel'],
      });
      const path = `/v3/application/shops/${emulator.seeded.shopId}/listings/${String(listing.listing_id)}`;

      const early = await call('PATCH', path, { form: { state: 'active' } });
      expect(early.status).toBe(400);
      expect(((await early.json()) as { error: string }).error).toMatch(/has no image/);

      const image = await upload(listing.listing_id, png(40, 30));
      expect(image.status).toBe(200);
      const uploaded = (await image.json()) as Record<string, unknown>;
      expect(uploaded).toMatchObject({ rank: 1, full_width: 40, full_height: 30 });
      const served = await fetch(String(uploaded.url_fullxfull));
      expect(served.headers.get('content-type')).toBe('image/png');

      const inventory = await call(
        'PUT',
        `/v3/application/listings/${String(listing.listing_id)}/inventory`,
        {
          json: {
            products: [
              {
                sku: 'SKU-1',
                property_values: [],
                offerings: [{ price: 12.5, quantity: 2, is_enabled: true }],
              },
            ],
          },
        },
      );
      expect(inventory.status).toBe(200);

      const live = await call('PATCH', path, { form: { state: 'active' } });
      expect(live.status).toBe(200);
      expect(await live.json()).toMatchObject({ state: 'active', skus: ['SKU-1'] });

      emulator.produceSale({ listingId: Number(listing.listing_id), quantity: 2 });
      expect(emulator.listing(Number(listing.listing_id))?.state).toBe('sold_out');
      noViolations();
    });

    it('finds receipts by min_last_modified, newest first, in pages', async () => {
      const { body: listing } = await draft({ quantity: '5' });
      await upload(listing.listing_id);
      const path = `/v3/application/shops/${emulator.seeded.shopId}/listings/${String(listing.listing_id)}`;
      await call('PATCH', path, { form: { state: 'active' } });
      const since = Math.floor(clock.now() / 1000);
      for (let i = 0; i < 3; i += 1) {
        clock.advance(1000);
        emulator.produceSale({ listingId: Number(listing.listing_id) });
      }
      const receipts = `/v3/application/shops/${emulator.seeded.shopId}/receipts`;
      const first = (await (
        await call('GET', `${receipts}?min_last_modified=${since}&limit=2&offset=0`)
      ).json()) as { count: number; results: Array<Record<string, unknown>> };
      expect(first.count).toBe(3);
      expect(first.results).toHaveLength(2);
      expect(first.results[0]?.create_timestamp).toBeGreaterThan(
        Number(first.results[1]?.create_timestamp),
      );
      const later = (await (
        await call('GET', `${receipts}?min_last_modified=${since + 10}`)
      ).json()) as { count: number };
      expect(later.count).toBe(0);
      noViolations();
    });

    it('records a request the description does not allow, a deprecated PUT and a price sent to PATCH', async () => {
      const bad = await call('POST', `/v3/application/shops/${emulator.seeded.shopId}/listings`, {
        form: { quantity: 'two', title: 'x' },
      });
      expect(bad.status).toBe(400);
      expect(emulator.violations).toHaveLength(1);
      expect(emulator.violations[0]?.messages.join(' ')).toMatch(/quantity must be integer/);

      const { body: listing } = await draft();
      const path = `/v3/application/shops/${emulator.seeded.shopId}/listings/${String(listing.listing_id)}`;
      expect((await call('PUT', path, { form: { title: 'New title' } })).status).toBe(200);
      expect((await call('PATCH', path, { form: { price: '9.99' } })).status).toBe(200);
      expect(emulator.violations.slice(1).map((v) => v.messages[0])).toEqual([
        'updateListing by PUT is deprecated: the live API takes PATCH',
        'updateListing no longer takes price: set them with updateListingInventory',
      ]);
    });

    it('limits calls on demand: 429 with Retry-After, as a fault or by the per-second limit', async () => {
      const shop = `/v3/application/shops/${emulator.seeded.shopId}`;
      emulator.faults.inject({ kind: 'rate-limit', retryAfterSeconds: 9 });
      const faulted = await call('GET', shop);
      expect(faulted.status).toBe(429);
      expect(faulted.headers.get('retry-after')).toBe('9');

      emulator.limiter.set({ perSecond: 1 });
      const ok = await call('GET', shop);
      expect(ok.headers.get('x-limit-per-second')).toBe('1');
      const limited = await call('GET', shop);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('1');
      clock.advance(1001);
      expect((await call('GET', shop)).status).toBe(200);
      noViolations();
    });

    it('shows a listing page whose "Simulate a sale" button sells it', async () => {
      const { body: listing } = await draft({ quantity: '1' });
      await upload(listing.listing_id);
      const path = `/v3/application/shops/${emulator.seeded.shopId}/listings/${String(listing.listing_id)}`;
      await call('PATCH', path, { form: { state: 'active' } });
      const page = await fetch(String(listing.url));
      expect(await page.text()).toContain('Simulate a sale');
      const sold = await fetch(`${running.url}/__emulator/sales`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ listingId: String(listing.listing_id) }).toString(),
      });
      expect(sold.status).toBe(303);
      expect(emulator.listing(Number(listing.listing_id))?.state).toBe('sold_out');
      expect(emulator.store.receipts.size).toBe(1);
      noViolations();
    });
  });

  describe('Listings made on Etsy before ListLoop', () => {
    beforeEach(() => start());

    type Page = { count: number; results: Array<Record<string, unknown>> };
    const listings = async (query: string) => {
      const response = await call(
        'GET',
        `/v3/application/shops/${emulator.seeded.shopId}/listings?${query}`,
      );
      expect(response.status).toBe(200);
      return (await response.json()) as Page;
    };

    it('keeps a live listing with its images, its SKU and its page', async () => {
      const photos = [png(40, 30), png(20, 10)];
      const id = emulator.addExistingListing({
        title: 'Brass candlestick, 1960s',
        description: 'A solid brass candlestick.',
        price: 32.5,
        quantity: 2,
        sku: 'CANDLE-1',
        tags: ['brass', 'vintage'],
        photos: photos.map((bytes) => ({ bytes, contentType: 'image/png' })),
      });
      expect(emulator.listing(id)).toMatchObject({
        state: 'active',
        shopId: emulator.seeded.shopId,
        tags: ['brass', 'vintage'],
      });

      const listing = (await (await call('GET', `/v3/application/listings/${id}`)).json()) as {
        url: string;
      };
      expect(listing).toMatchObject({
        listing_id: id,
        state: 'active',
        quantity: 2,
        skus: ['CANDLE-1'],
        price: { amount: 3250, divisor: 100, currency_code: 'USD' },
      });
      const images = (await (
        await call('GET', `/v3/application/listings/${id}/images`)
      ).json()) as { count: number; results: Array<{ rank: number; url_fullxfull: string }> };
      expect(images.results.map((i) => i.rank)).toEqual([1, 2]);
      for (const [index, image] of images.results.entries()) {
        const served = await fetch(image.url_fullxfull);
        expect(served.headers.get('content-type')).toBe('image/png');
        expect(
          Buffer.from(await served.arrayBuffer()).equals(photos[index] ?? Buffer.alloc(0)),
        ).toBe(true);
      }
      const inventory = await call('GET', `/v3/application/listings/${id}/inventory`);
      expect(await inventory.json()).toMatchObject({
        products: [{ sku: 'CANDLE-1', offerings: [{ quantity: 2, price: { amount: 3250 } }] }],
      });
      const page = await fetch(listing.url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Brass candlestick, 1960s');
      noViolations();
    });

    it('lists them by state, a page at a time, with their images and inventory on request', async () => {
      const photo = [{ bytes: png(4, 3), contentType: 'image/png' }];
      const made = (title: string, state?: 'active' | 'inactive' | 'draft') =>
        emulator.addExistingListing({
          title,
          description: `${title}.`,
          price: 10,
          quantity: 1,
          ...(state ? { state } : {}),
          photos: photo,
        });
      const active = [made('Pin one'), made('Pin two'), made('Pin three')];
      const inactive = made('Pin four', 'inactive');
      made('Pin five', 'draft');

      const first = await listings(
        'state=active&limit=2&offset=0&sort_order=asc&includes=Images&includes=Inventory',
      );
      expect(first.count).toBe(3);
      expect(first.results.map((l) => l.listing_id)).toEqual(active.slice(0, 2));
      expect(first.results[0]).toMatchObject({
        images: [{ rank: 1, listing_id: active[0] }],
        inventory: { products: [{ sku: '' }] },
      });
      const second = await listings('state=active&limit=2&offset=2&sort_order=asc');
      expect(second.results.map((l) => l.listing_id)).toEqual(active.slice(2));
      expect(second.results[0]).not.toHaveProperty('images');

      const off = await listings('state=inactive&includes=Images');
      expect(off).toMatchObject({ count: 1, results: [{ listing_id: inactive, images: [{}] }] });
      expect((await listings('state=draft')).count).toBe(1);
      noViolations();

      const unknown = await call(
        'GET',
        `/v3/application/shops/${emulator.seeded.shopId}/listings?includes=Photos`,
      );
      expect(unknown.status).toBe(400);
      await listings('includes=Shop');
      expect(emulator.violations.map((v) => v.messages.join(' '))).toEqual([
        expect.stringMatching(/includes.* must be equal to one of the allowed values/),
        'the Etsy emulator does not attach Shop (only Images, Inventory)',
      ]);
    });

    it('refuses what Etsy would not have let the seller make', () => {
      const listing = {
        title: 'Pin',
        description: 'A pin.',
        price: 10,
        quantity: 1,
        photos: [{ bytes: png(4, 3), contentType: 'image/png' }],
      };
      expect(() => emulator.addExistingListing({ ...listing, photos: [] })).toThrow(/has no image/);
      expect(() =>
        emulator.addExistingListing({
          ...listing,
          photos: [{ bytes: Buffer.from('RIFF0000WEBP'), contentType: 'image/webp' }],
        }),
      ).toThrow('Photo 1 (image/webp) is not a JPG, PNG or GIF file.');
      expect(() => emulator.addExistingListing({ ...listing, price: 0.1 })).toThrow(
        /price must be between/,
      );
      expect(emulator.addExistingListing({ ...listing, photos: [], state: 'draft' })).toBeTruthy();
      expect(emulator.store.listings.size).toBe(1);
    });
  });

  it('keeps the refresh token when rotation is off, and asks the seller on a consent page', async () => {
    await start({ rotateRefreshTokens: false, consentPage: true });
    const { refresh_token: refresh } = emulator.oauth.issueTokens();
    const refreshGrant = () =>
      fetch(`${running.url}/v3/public/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: APP.keystring,
          refresh_token: refresh,
        }).toString(),
      });
    const first = (await (await refreshGrant()).json()) as Record<string, string>;
    expect(first.refresh_token).toBe(refresh);
    expect((await refreshGrant()).status).toBe(200);

    const fields = {
      response_type: 'code',
      client_id: APP.keystring,
      redirect_uri: REDIRECT,
      scope: 'listings_r',
      state: 'st-2',
      code_challenge: CHALLENGE,
      code_challenge_method: 'S256',
    };
    const consent = await fetch(`${running.url}/oauth/connect?${new URLSearchParams(fields)}`);
    expect(await consent.text()).toContain('Allow access');
    const allowed = await fetch(`${running.url}/oauth/connect`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, decision: 'allow' }).toString(),
    });
    expect(allowed.status).toBe(303);
    expect(new URL(allowed.headers.get('location') ?? '').searchParams.get('code')).toBeTruthy();
    noViolations();
  });

  it('sets rate limits through the control surface', async () => {
    await start();
    const set = await fetch(`${running.url}/__emulator/rate-limits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ perDay: 1 }),
    });
    expect(await set.json()).toEqual({ limits: { perSecond: null, perDay: 1 } });
    const shop = `/v3/application/shops/${emulator.seeded.shopId}`;
    expect((await call('GET', shop)).headers.get('x-remaining-today')).toBe('0');
    const limited = await call('GET', shop);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('86400');
    emulator.reset();
    expect(emulator.limiter.limits).toEqual({ perSecond: null, perDay: null });
  });

  it('takes the keystring alone when the shared secret is not required', async () => {
    await start({ requireSharedSecret: false });
    const shop = await call(
      'GET',
      `/v3/application/shops/${emulator.seeded.shopId}`,
      {},
      {
        'x-api-key': APP.keystring,
      },
    );
    expect(shop.status).toBe(200);
    noViolations();
  });
});
