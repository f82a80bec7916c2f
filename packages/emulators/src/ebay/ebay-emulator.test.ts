import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../core/clock';
import type { RunningEmulator } from '../core/emulator-server';
import { describeViolations } from '../core/violations';
import { createEbayEmulator, type EbayEmulator } from './ebay-emulator';

const INVENTORY = '/sell/inventory/v1';

describe('eBay emulator', () => {
  let clock: ManualClock;
  let emulator: EbayEmulator;
  let running: RunningEmulator;
  let token: string;

  beforeEach(async () => {
    clock = new ManualClock(Date.UTC(2026, 2, 1, 12));
    emulator = await createEbayEmulator({
      clock,
      rules: { requiredAspects: { '11483': ['Brand'] } },
    });
    running = await emulator.listen();
    token = emulator.oauth.issueTokens().access_token;
  });

  afterEach(async () => {
    await running.close();
  });

  const api = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await fetch(`${running.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined
          ? {}
          : { 'content-type': 'application/json', 'content-language': 'en-US' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
    };
  };

  const policies = () =>
    emulator.seededPolicies.EBAY_US ?? { fulfillment: '', payment: '', return: '' };

  const listItem = async (sku: string, quantity = 1) => {
    await api('POST', `${INVENTORY}/location/WH1`, {
      location: { address: { postalCode: '10001', country: 'US' } },
      locationTypes: ['WAREHOUSE'],
    });
    expect(
      (
        await api('PUT', `${INVENTORY}/inventory_item/${sku}`, {
          availability: { shipToLocationAvailability: { quantity } },
          condition: 'NEW',
          product: {
            title: 'A hat',
            description: 'Wool.',
            aspects: { Brand: ['Acme'] },
            imageUrls: ['https://img.example/hat.jpg'],
          },
        })
      ).status,
    ).toBe(204);
    const created = await api('POST', `${INVENTORY}/offer`, {
      sku,
      marketplaceId: 'EBAY_US',
      format: 'FIXED_PRICE',
      categoryId: '11483',
      pricingSummary: { price: { value: '20.00', currency: 'USD' } },
      listingPolicies: {
        fulfillmentPolicyId: policies().fulfillment,
        paymentPolicyId: policies().payment,
        returnPolicyId: policies().return,
      },
      merchantLocationKey: 'WH1',
    });
    const offerId = String(created.body?.offerId);
    const published = await api('POST', `${INVENTORY}/offer/${offerId}/publish`);
    expect(published.status).toBe(200);
    return { offerId, listingId: String(published.body?.listingId) };
  };

  it('refuses to publish an incomplete offer with every missing prerequisite, in eBay’s error shape', async () => {
    await api('PUT', `${INVENTORY}/inventory_item/SKU1`, {
      product: { title: 'A hat', aspects: {} },
    });
    const created = await api('POST', `${INVENTORY}/offer`, {
      sku: 'SKU1',
      marketplaceId: 'EBAY_US',
      format: 'FIXED_PRICE',
      categoryId: '11483',
    });
    expect(created.status).toBe(201);
    const refused = await api(
      'POST',
      `${INVENTORY}/offer/${String(created.body?.offerId)}/publish`,
    );
    expect(refused.status).toBe(400);
    const errors = refused.body?.errors as Array<{
      errorId: number;
      domain: string;
      message: string;
    }>;
    expect(errors.map((e) => e.errorId)).toEqual([
      25002, 25014, 25021, 25004, 25029, 25003, 25007, 25008, 25009, 25002,
    ]);
    expect(errors[0]).toMatchObject({
      domain: 'API_INVENTORY',
      category: 'REQUEST',
      message:
        'A user error has occurred. No <Item.Description> exists or <Item.Description> is specified as an empty tag in the request.',
    });
    expect(errors[4]?.message).toBe('Brand is required for this category.');
    expect(emulator.violations, describeViolations(emulator.violations)).toEqual([]);
  });

  it('refuses an unknown condition, a missing Content-Language and a bad price as violations', async () => {
    const condition = await api('PUT', `${INVENTORY}/inventory_item/SKU2`, {
      condition: 'GENTLY_USED',
    });
    expect(condition.status).toBe(400);
    expect(condition.body).toMatchObject({ errors: [{ errorId: 2004 }] });
    const language = await api(
      'POST',
      `${INVENTORY}/offer`,
      { sku: 'SKU2' },
      { 'content-language': 'xx-XX' },
    );
    expect(language.status).toBe(400);
    const price = await api('POST', `${INVENTORY}/offer`, {
      sku: 'SKU2',
      marketplaceId: 'EBAY_US',
      format: 'FIXED_PRICE',
      pricingSummary: { price: { value: 12.5, currency: 'USD' } },
    });
    expect(price.status).toBe(400);
    expect(emulator.violations).toHaveLength(3);
  });

  it('revises live listings up to 250 times a day, then answers 25019 until the next day', async () => {
    const { offerId, listingId } = await listItem('SKU3', 5);
    emulator.setRevisionsToday(listingId, 249);
    const update = { requests: [{ sku: 'SKU3', shipToLocationAvailability: { quantity: 4 } }] };
    expect((await api('POST', `${INVENTORY}/bulk_update_price_quantity`, update)).status).toBe(200);
    const refused = await api('POST', `${INVENTORY}/bulk_update_price_quantity`, update);
    expect(refused.status).toBe(207);
    expect(refused.body).toMatchObject({
      responses: [{ statusCode: 400, errors: [{ errorId: 25019 }] }],
    });
    const offer = await api('PUT', `${INVENTORY}/offer/${offerId}`, { categoryId: '11483' });
    expect(offer.body).toMatchObject({ errors: [{ errorId: 25019 }] });
    clock.advance(24 * 3600 * 1000);
    token = emulator.oauth.issueTokens().access_token;
    expect((await api('POST', `${INVENTORY}/bulk_update_price_quantity`, update)).status).toBe(200);
    expect(emulator.violations, describeViolations(emulator.violations)).toEqual([]);
  });

  it('produces sales as orders that getOrders finds by lastmodifieddate, page by page', async () => {
    const { listingId } = await listItem('SKU4', 5);
    const start = new Date(clock.now()).toISOString();
    for (let i = 0; i < 3; i += 1) {
      clock.advance(1000);
      emulator.produceSale({ listingId });
    }
    const first = await api(
      'GET',
      `/sell/fulfillment/v1/order?filter=lastmodifieddate:%5B${start}..%5D&limit=2`,
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(String(first.body?.next)).toContain(`${running.url}/sell/fulfillment/v1/order?`);
    const next = new URL(String(first.body?.next));
    const second = await api('GET', `${next.pathname}${next.search}`);
    expect((second.body?.orders as unknown[]).length).toBe(1);
    expect(second.body?.next).toBeUndefined();
    const offers = await api('GET', `${INVENTORY}/offer?sku=SKU4`);
    expect(offers.body).toMatchObject({
      offers: [{ availableQuantity: 2, listing: { soldQuantity: 3 } }],
    });

    const future = new Date(clock.now() + 3600_000).toISOString();
    const refused = await api(
      'GET',
      `/sell/fulfillment/v1/order?filter=lastmodifieddate:%5B${future}..%5D`,
    );
    expect(refused.body).toMatchObject({ errors: [{ errorId: 30850 }] });
    expect(emulator.violations).toHaveLength(1);
  });

  it('answers business policies only to a seller opted into them', async () => {
    const list = await api('GET', '/sell/account/v1/fulfillment_policy?marketplace_id=EBAY_US');
    expect(list.body).toMatchObject({
      total: 1,
      fulfillmentPolicies: [{ name: 'Standard shipping' }],
    });
    const byName = await api(
      'GET',
      '/sell/account/v1/return_policy/get_by_policy_name?marketplace_id=EBAY_US&name=30-day%20returns',
    );
    expect(byName.body).toMatchObject({ returnPolicyId: policies().return });
    emulator.store.optedInPrograms.clear();
    const refused = await api('GET', '/sell/account/v1/payment_policy?marketplace_id=EBAY_US');
    expect(refused.body).toMatchObject({
      errors: [{ errorId: 20403, message: 'Invalid . User is not eligible for Business Policy.' }],
    });
    expect(emulator.violations, describeViolations(emulator.violations)).toEqual([]);
  });

  it('refuses a token without the API’s scope (403) and an expired one (401, errorId 1001)', async () => {
    token = emulator.oauth.issueTokens(undefined, [
      'https://api.ebay.com/oauth/api_scope',
    ]).access_token;
    expect((await api('GET', `${INVENTORY}/offer?sku=X`)).status).toBe(403);
    token = emulator.oauth.issueTokens().access_token;
    clock.advance(7200 * 1000);
    const expired = await api('GET', `${INVENTORY}/offer?sku=X`);
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({
      errors: [{ errorId: 1001, message: 'Invalid access token' }],
    });
  });

  it('serves the control surface over HTTP: sales, state, expiring tokens, reset', async () => {
    const { listingId } = await listItem('SKU5', 2);
    const sale = await fetch(`${running.url}/__emulator/sales`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ listingId, quantity: 2 }),
    });
    expect(sale.status).toBe(201);
    const again = await fetch(`${running.url}/__emulator/sales`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ listingId }),
    });
    expect(again.status).toBe(409);
    const state = (await (await fetch(`${running.url}/__emulator/state`)).json()) as {
      orders: unknown[];
    };
    expect(state.orders).toHaveLength(1);
    await fetch(`${running.url}/__emulator/tokens/expire-access`, { method: 'POST' });
    expect((await api('GET', `${INVENTORY}/offer?sku=SKU5`)).status).toBe(401);
    await fetch(`${running.url}/__emulator/reset`, { method: 'POST' });
    expect(emulator.store.offers.size).toBe(0);
    expect(Object.keys(emulator.seededPolicies)).toEqual(['EBAY_US']);
  });

  it('answers the Taxonomy API: the default tree, the tree, a subtree and suggestions', async () => {
    const TAXONOMY = '/commerce/taxonomy/v1';
    const id = await api('GET', `${TAXONOMY}/get_default_category_tree_id?marketplace_id=EBAY_US`);
    expect(id).toMatchObject({ status: 200, body: { categoryTreeId: '0' } });

    const tree = await api('GET', `${TAXONOMY}/category_tree/0`);
    expect(tree.status).toBe(200);
    const root = tree.body!.rootCategoryNode as Record<string, any>;
    expect(root).toMatchObject({ category: { categoryId: '0', categoryName: 'Root' } });
    const clothing = root.childCategoryTreeNodes.find(
      (node: any) => node.category.categoryId === '11450',
    );
    expect(clothing).toMatchObject({
      category: { categoryName: 'Clothing, Shoes & Accessories' },
      categoryTreeNodeLevel: 1,
      leafCategoryTreeNode: false,
    });

    const suggestions = await api(
      'GET',
      `${TAXONOMY}/category_tree/0/get_category_suggestions?q=${encodeURIComponent('men jeans')}`,
    );
    expect(suggestions.status).toBe(200);
    const [first] = suggestions.body!.categorySuggestions as any[];
    expect(first).toMatchObject({
      category: { categoryId: '11483', categoryName: 'Jeans' },
      categoryTreeNodeLevel: 4,
    });
    expect(first.categoryTreeNodeAncestors.map((a: any) => a.categoryName)).toEqual([
      "Men's Clothing",
      'Men',
      'Clothing, Shoes & Accessories',
    ]);

    const subtree = await api(
      'GET',
      `${TAXONOMY}/category_tree/0/get_category_subtree?category_id=1059`,
    );
    expect(subtree.body!.categorySubtreeNode).toMatchObject({
      category: { categoryName: "Men's Clothing" },
      categoryTreeNodeLevel: 3,
    });
    expect(
      (await api('GET', `${TAXONOMY}/category_tree/9/get_category_suggestions?q=jeans`)).body,
    ).toMatchObject({ errors: [{ errorId: 62004 }] });
    expect(
      (await api('GET', `${TAXONOMY}/category_tree/0/get_category_suggestions?q=zzzz`)).status,
    ).toBe(204);
    expect(emulator.violations, describeViolations(emulator.violations)).toEqual([]);
  });

  it('mounts under a host’s prefix: pages and links use the public base URL', async () => {
    const mounted = await createEbayEmulator({
      publicBaseUrl: 'http://127.0.0.1:0/sandbox/ebay',
      consentPage: true,
    });
    const host: Server = createServer((req, res) => {
      const url = req.url ?? '/';
      if (!url.startsWith('/sandbox/ebay')) {
        res.writeHead(404).end();
        return;
      }
      void mounted.server.handle(req, res, { url: url.slice('/sandbox/ebay'.length) || '/' });
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', () => resolve()));
    const port = (host.address() as AddressInfo).port;
    mounted.server.setPublicBaseUrl(`http://127.0.0.1:${port}/sandbox/ebay`);
    try {
      const consent = await fetch(
        `http://127.0.0.1:${port}/sandbox/ebay/oauth2/authorize?client_id=ListLoop-Emulator-PRD-0000000000-00000000&redirect_uri=ListLoop-ListLoop-Emulato-abcdefgh&response_type=code&state=s`,
      );
      const html = await consent.text();
      expect(html).toContain(`action="http://127.0.0.1:${port}/sandbox/ebay/oauth2/authorize"`);
      const page = await fetch(`http://127.0.0.1:${port}/sandbox/ebay/itm/123`);
      expect(page.status).toBe(404);
      expect(mounted.listingUrl('42')).toBe(`http://127.0.0.1:${port}/sandbox/ebay/itm/42`);
    } finally {
      await new Promise<void>((resolve) => host.close(() => resolve()));
    }
  });
});
