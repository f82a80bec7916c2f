import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client';
import { addMember, createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { startTestServer, type TestServer } from '../../../test/server';

const MAPPING = '/api/account/mappingRule';
const PRICING = '/api/account/pricingRule';
const DEFAULTS = '/api/account/defaults';
const ITEMS = '/api/account/item';

interface Problem {
  code: string;
  field: string;
  message: string;
}

describe('marketplace rules', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
    owner = await signIn(server, account);
  });
  afterAll(() => server.close());

  it('adds, replaces, lists and deletes mapping rules', async () => {
    const empty = await owner.get(`${MAPPING}/poshmark`);
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body.mappingRules).toEqual({ marketplaceId: 'poshmark', rules: [] });

    const added = await owner.put(`${MAPPING}/poshmark`, {
      rules: [
        { field: 'brand', from: 'nike', to: 'Nike' },
        { field: 'size', from: 'M', to: 'US M', match: 'exact' },
      ],
    });
    expect(added.status, added.text).toBe(200);
    const [brand, size] = added.body.mappingRules.rules;
    expect(brand).toMatchObject({
      field: 'brand',
      from: 'nike',
      to: 'Nike',
      match: 'case_insensitive',
    });
    expect(size).toMatchObject({ field: 'size', from: 'M', to: 'US M', match: 'exact' });

    const replaced = await owner.put(`${MAPPING}/poshmark`, {
      rules: [{ id: brand.id, field: 'brand', from: 'nike', to: 'NIKE' }],
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.mappingRules.rules).toEqual([{ ...brand, to: 'NIKE' }, size]);

    const deleted = await owner.delete(`${MAPPING}/poshmark/${size.id}`);
    expect(deleted.status).toBe(204);
    const again = await owner.delete(`${MAPPING}/poshmark/${size.id}`);
    expect(again.status).toBe(404);
    const list = await owner.get(`${MAPPING}/poshmark`);
    expect(list.body.mappingRules.rules).toEqual([{ ...brand, to: 'NIKE' }]);
    // Another marketplace's rules are its own.
    expect((await owner.get(`${MAPPING}/grailed`)).body.mappingRules.rules).toEqual([]);
  });

  it('refuses a mapping rule that could match the same value as another with 409', async () => {
    const first = await owner.put(`${MAPPING}/vinted`, {
      rules: [{ field: 'colour', from: 'Navy', to: 'Blue' }],
    });
    expect(first.status, first.text).toBe(200);
    const clash = await owner.put(`${MAPPING}/vinted`, {
      rules: [{ field: 'colour', from: 'NAVY', to: 'Dark blue', match: 'exact' }],
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe("Another colour rule already maps 'Navy'; keep one of them.");
    const inOneRequest = await owner.put(`${MAPPING}/vinted`, {
      rules: [
        { field: 'brand', from: 'Zara', to: 'ZARA' },
        { field: 'brand', from: 'zara', to: 'Zara Inc' },
      ],
    });
    expect(inOneRequest.status).toBe(409);
    // A different field may map the same word.
    const otherField = await owner.put(`${MAPPING}/vinted`, {
      rules: [{ field: 'brand', from: 'navy', to: 'Old Navy' }],
    });
    expect(otherField.status, otherField.text).toBe(200);
    expect(otherField.body.mappingRules.rules).toHaveLength(2);
  });

  it('refuses an unknown or unsupported marketplace with a message naming the choices', async () => {
    const unknown = await owner.get(`${MAPPING}/amazon`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^'amazon' is not a marketplace; use one of: .*mercari/);
    const excluded = await owner.put(`${PRICING}/tradesy`, { pricingRule: {} });
    expect(excluded.status).toBe(400);
    expect(excluded.body.message).toMatch(/^Tradesy is not supported; use one of: /);
    expect(excluded.body.message).not.toContain('tradesy,');
    const defaults = await owner.put(`${DEFAULTS}/kidizen`, { defaults: {} });
    expect(defaults.status).toBe(400);
  });

  it('refuses an unknown mapping rule id with 404', async () => {
    const response = await owner.put(`${MAPPING}/mercari`, {
      rules: [{ id: 'no-such-rule-000000000000', field: 'brand', from: 'a', to: 'b' }],
    });
    expect(response.status).toBe(404);
  });

  it('sets, reads, replaces and removes the pricing rule', async () => {
    expect((await owner.get(`${PRICING}/grailed`)).body).toEqual({ pricingRule: null });
    const set = await owner.put(`${PRICING}/grailed`, {
      pricingRule: { adjustmentPercent: 12, rounding: 'up_to_99', minimumPrice: 15 },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.pricingRule).toEqual({
      marketplaceId: 'grailed',
      adjustmentPercent: 12,
      fixedAmount: 0,
      rounding: 'up_to_99',
      minimumPrice: 15,
      maximumPrice: null,
    });
    const replaced = await owner.put(`${PRICING}/grailed`, { pricingRule: { fixedAmount: 2 } });
    expect(replaced.body.pricingRule).toMatchObject({ adjustmentPercent: 0, fixedAmount: 2 });
    expect((await owner.get(`${PRICING}/grailed`)).body.pricingRule).toEqual(
      replaced.body.pricingRule,
    );
    expect((await owner.delete(`${PRICING}/grailed`)).status).toBe(204);
    expect((await owner.get(`${PRICING}/grailed`)).body).toEqual({ pricingRule: null });
    expect((await owner.delete(`${PRICING}/grailed`)).status).toBe(204);
  });

  it('explains a pricing rule it cannot take', async () => {
    const response = await owner.put(`${PRICING}/grailed`, {
      pricingRule: { minimumPrice: 50, maximumPrice: 10 },
    });
    expect(response.status).toBe(400);
    expect(response.body.issues).toContainEqual({
      path: 'pricingRule.minimumPrice',
      message: 'The minimum price cannot be above the maximum price',
    });
  });

  it('sets, reads and replaces the defaults', async () => {
    expect((await owner.get(`${DEFAULTS}/ebay`)).body).toEqual({ defaults: null });
    const set = await owner.put(`${DEFAULTS}/ebay`, {
      defaults: { shipping: { service: 'USPS Priority', cost: 7.5 }, handlingDays: 2 },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.defaults).toMatchObject({
      marketplaceId: 'ebay',
      shipping: { service: 'USPS Priority', cost: 7.5, payer: null },
      returns: { accepted: null, days: null },
      handlingDays: 2,
    });
    const replaced = await owner.put(`${DEFAULTS}/ebay`, { defaults: { handlingDays: 3 } });
    expect(replaced.body.defaults).toMatchObject({ handlingDays: 3, shipping: { service: null } });
    expect((await owner.get(`${DEFAULTS}/ebay`)).body.defaults).toEqual(replaced.body.defaults);
  });

  it('lets the viewer role read the rules but not change them', async () => {
    const viewer = await addMember(server, account, { roleId: account.viewerRoleId });
    const client = await signIn(server, viewer);
    expect((await client.get(`${PRICING}/mercari`)).status).toBe(200);
    const write = await client.put(`${PRICING}/mercari`, { pricingRule: {} });
    expect(write.status).toBe(403);
  });

  describe('preview', () => {
    let itemId: string;

    beforeAll(async () => {
      const created = await owner.post(ITEMS, {
        generalDetails: {
          title: 'A'.repeat(81),
          description: 'A cotton shirt, worn twice.',
          price: 20,
          brand: 'acme',
          condition: 'like_new',
          category: 'Shirts',
        },
      });
      expect(created.status, created.text).toBe(201);
      itemId = created.body.item.itemID;
      const rules = [
        owner.put(`${MAPPING}/mercari`, {
          rules: [{ field: 'brand', from: 'ACME', to: 'Acme Co' }],
        }),
        owner.put(`${PRICING}/mercari`, {
          pricingRule: { adjustmentPercent: 12, rounding: 'up_to_99' },
        }),
        owner.put(`${DEFAULTS}/mercari`, {
          defaults: { shipping: { service: 'Mercari prepaid', cost: 6 } },
        }),
      ];
      for (const response of await Promise.all(rules)) {
        expect(response.status, response.text).toBe(200);
      }
    });

    const preview = (marketplaces: string[]) =>
      owner.post(`${ITEMS}/${account.userId}/${itemId}/preview`, { marketplaces });

    it('composes mapping → pricing → defaults, and says what stops the listing', async () => {
      const response = await preview(['mercari']);
      expect(response.status, response.text).toBe(200);
      const [mercari] = response.body.previews;
      expect(mercari.marketplace).toBe('mercari');
      expect(mercari.listing).toMatchObject({
        brand: 'Acme Co',
        // 20 + 12 % = 22.40, up to .99
        price: 22.99,
        shipping: { service: 'Mercari prepaid', price: 6 },
      });
      expect(
        mercari.applied.map((c: { step: string; field: string }) => `${c.step} ${c.field}`),
      ).toEqual(
        expect.arrayContaining([
          'mapping brand',
          'pricing price',
          'defaults shipping.price',
          'defaults shipping.service',
        ]),
      );
      const steps = mercari.applied.map((c: { step: string }) => c.step);
      expect(steps.indexOf('mapping')).toBeLessThan(steps.indexOf('pricing'));
      expect(steps.indexOf('pricing')).toBeLessThan(steps.indexOf('defaults'));
      const title = (mercari.problems as Problem[]).find((p) => p.field === 'title');
      expect(title?.message).toBe(
        'Mercari titles are at most 80 characters; shorten the title by 1 character.',
      );
    });

    it('lets the item’s own listing win over the rules', async () => {
      const saved = await owner.put(`${ITEMS}/${account.userId}/${itemId}/listing/mercari`, {
        listing: { price: 30, title: 'Short title', brand: 'Acme Override' },
      });
      expect(saved.status, saved.text).toBe(200);
      const [mercari] = (await preview(['mercari'])).body.previews;
      expect(mercari.listing).toMatchObject({
        title: 'Short title',
        price: 30,
        brand: 'Acme Override',
        shipping: { service: 'Mercari prepaid' },
      });
      expect(mercari.applied.at(-1)).toMatchObject({ step: 'override' });
      expect((mercari.problems as Problem[]).some((p) => p.field === 'title')).toBe(false);
    });

    it('answers each marketplace with its own problems: Depop needs a size', async () => {
      const response = await preview(['depop', 'mercari', 'depop']);
      expect(response.status, response.text).toBe(200);
      expect(response.body.previews.map((p: { marketplace: string }) => p.marketplace)).toEqual([
        'depop',
        'mercari',
      ]);
      const [depop] = response.body.previews;
      // No Depop rules: the item's price as it is.
      expect(depop.listing.price).toBe(20);
      const size = (depop.problems as Problem[]).find((p) => p.field === 'size');
      expect(size?.message).toMatch(
        /^Depop needs .*size.*; set it on the item or in the Depop defaults\.$/,
      );
    });

    it('builds the listing in the account’s currency, and stops it where that is not taken', async () => {
      const uk = await createAccount(server, { countryCode: 'UK' });
      const seller = await signIn(server, uk);
      const created = await seller.post(ITEMS, {
        generalDetails: { title: 'Wool scarf', price: 18, brand: 'Acme', condition: 'good' },
      });
      expect(created.status, created.text).toBe(201);
      const response = await seller.post(
        `${ITEMS}/${uk.userId}/${created.body.item.itemID}/preview`,
        { marketplaces: ['depop', 'mercari'] },
      );
      expect(response.status, response.text).toBe(200);
      const [depop, mercari] = response.body.previews;
      // Pounds stay pounds: never turned into dollars, never relabelled as dollars.
      expect(depop.listing).toMatchObject({ currency: 'GBP', price: 18 });
      expect((depop.problems as Problem[]).some((p) => p.field === 'currency')).toBe(false);
      expect(mercari.listing).toMatchObject({ currency: 'GBP', price: 18 });
      expect((mercari.problems as Problem[]).find((p) => p.field === 'currency')).toMatchObject({
        code: 'currency.unsupported',
        message: 'Mercari does not take prices in GBP; use USD.',
      });
      // A US shop's listings stay in dollars.
      const [usMercari] = (await preview(['mercari'])).body.previews;
      expect(usMercari.listing.currency).toBe('USD');
    });

    it('refuses an unsupported marketplace, none, or an item that is not there', async () => {
      const unsupported = await preview(['mercari', 'sellhound']);
      expect(unsupported.status).toBe(400);
      expect(unsupported.body.message).toMatch(/^Sellhound is not supported/);
      expect((await preview([])).status).toBe(400);
      const missing = await owner.post(
        `${ITEMS}/${account.userId}/no-such-item-000000000000/preview`,
        {
          marketplaces: ['mercari'],
        },
      );
      expect(missing.status).toBe(404);
    });
  });
});
