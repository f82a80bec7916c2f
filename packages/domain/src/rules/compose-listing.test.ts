import { describe, expect, it } from 'vitest';
import { composeListing, type ComposeListingInput } from './compose-listing';
import { GeneralDetailsSchema, type GeneralDetailsInput } from '../items/item.schema';
import { BuiltListingSchema } from '../marketplaces/built-listing';
import { ListingDefaultsSchema, type ListingDefaultsInput } from './listing-defaults';
import { MappingRulesSchema } from './mapping-rule';
import { PricingRuleSchema, type PricingRuleInput } from './pricing-rule';

const photo = (n: number) => ({
  id: `img${n}`,
  url: `https://cdn.example.com/u1/img${n}.jpg`,
  url_l: `https://cdn.example.com/u1/img${n}_l.jpg`,
});

/** A pair of jeans as a reseller enters it. */
const JEANS: GeneralDetailsInput = {
  title: "Levi's 501 Original Fit Jeans 32x30 Dark Wash",
  description: 'Classic straight leg. Light fading on the knees, no holes or stains.',
  brand: 'levis',
  condition: 'good',
  price: 10,
  primaryColor: 'navy',
  category: 'Men > Jeans',
  size: '32x30',
  sku: 'JEAN-0042',
  weight: { pounds: 1, ounces: 6 },
  images: [photo(1), photo(2)],
};

const item = (
  details: GeneralDetailsInput = JEANS,
  listings?: Record<string, Record<string, unknown>>,
) => ({
  generalDetails: GeneralDetailsSchema.parse(details),
  labels: ['spring-drop'],
  ...(listings ? { listings } : {}),
});

const mappingRules = MappingRulesSchema.parse({
  marketplaceId: 'ebay',
  rules: [
    { id: 'm-brand', field: 'brand', from: 'Levis', to: "Levi's" },
    { id: 'm-colour', field: 'colour', from: 'Navy', to: 'Blue' },
    { id: 'm-size', field: 'size', from: '32x30', to: '32' },
    { id: 'm-cat', field: 'category', from: 'men > jeans', to: '11483' },
    { id: 'm-cond', field: 'condition', from: 'like_new', to: 'USED_EXCELLENT' },
  ],
}).rules;

const pricing = (rule: Omit<PricingRuleInput, 'marketplaceId'> = {}) =>
  PricingRuleSchema.parse({ marketplaceId: 'ebay', ...rule });

const defaults = (input: Omit<ListingDefaultsInput, 'marketplaceId'> = {}) =>
  ListingDefaultsSchema.parse({ marketplaceId: 'ebay', ...input });

const EBAY_CONDITIONS = {
  good: 'USED_GOOD',
  like_new: 'USED_VERY_GOOD',
  fair: 'USED_ACCEPTABLE',
  poor: null,
} as const;

function compose(input: Partial<ComposeListingInput> = {}) {
  const result = composeListing({ item: item(), marketplace: 'ebay', ...input });
  expect(BuiltListingSchema.safeParse(result.listing).success).toBe(true);
  return result;
}

describe('general details alone', () => {
  it('become the listing, changing nothing', () => {
    const { listing, applied, ignored } = compose();
    expect(listing).toEqual(
      BuiltListingSchema.parse({
        marketplace: 'ebay',
        title: "Levi's 501 Original Fit Jeans 32x30 Dark Wash",
        description: 'Classic straight leg. Light fading on the knees, no holes or stains.',
        price: 10,
        condition: 'good',
        brand: 'levis',
        category: 'Men > Jeans',
        size: '32x30',
        colour: 'navy',
        weight: { pounds: 1, ounces: 6 },
        photos: ['https://cdn.example.com/u1/img1_l.jpg', 'https://cdn.example.com/u1/img2_l.jpg'],
        sku: 'JEAN-0042',
      }),
    );
    expect(applied).toEqual([]);
    expect(ignored).toEqual([]);
  });

  it('never sends labels (they are private to their owner)', () => {
    expect(JSON.stringify(compose().listing)).not.toContain('spring-drop');
  });

  it.each([
    [{ price: null }, { price: null }],
    [{ weight: { pounds: 0, ounces: 0 } }, { weight: null }],
    [
      { category: null, categoryV2: { id: '57989', path: ['Clothing', 'Men', 'Jeans'] } },
      { category: 'Clothing › Men › Jeans' },
    ],
    [{ category: null, categoryV2: { id: '57989' } }, { category: '57989' }],
    [
      { images: [{ id: 'a', url: 'https://cdn.example.com/a.jpg' }] },
      { photos: ['https://cdn.example.com/a.jpg'] },
    ],
    [
      { primaryColor: null, condition: null },
      { colour: '', condition: null },
    ],
  ] satisfies [GeneralDetailsInput, Record<string, unknown>][])('%j → %j', (change, expected) => {
    expect(compose({ item: item({ ...JEANS, ...change }) }).listing).toMatchObject(expected);
  });

  it('rounds a price to whole cents, and says so', () => {
    const { listing, applied } = compose({ item: item({ ...JEANS, price: 19.995 }) });
    expect(listing.price).toBe(20);
    expect(applied).toEqual([
      { step: 'general', field: 'price', from: 19.995, to: 20, detail: 'whole cents' },
    ]);
  });

  it('takes the region’s currency', () => {
    expect(compose({ currency: 'gbp' }).listing.currency).toBe('GBP');
  });
});

describe('mapping rules alone', () => {
  it('map each field, case-insensitively, and explain each change', () => {
    const { listing, applied } = compose({ mappingRules });
    expect(listing).toMatchObject({
      brand: "Levi's",
      colour: 'Blue',
      size: '32',
      category: '11483',
      condition: 'good',
    });
    expect(applied).toEqual([
      { step: 'mapping', field: 'category', from: 'Men > Jeans', to: '11483', ruleId: 'm-cat' },
      { step: 'mapping', field: 'brand', from: 'levis', to: "Levi's", ruleId: 'm-brand' },
      { step: 'mapping', field: 'colour', from: 'navy', to: 'Blue', ruleId: 'm-colour' },
      { step: 'mapping', field: 'size', from: '32x30', to: '32', ruleId: 'm-size' },
    ]);
  });

  it('pass unknown values through unchanged', () => {
    const other = item({
      ...JEANS,
      brand: 'Wrangler',
      primaryColor: 'Black',
      size: '34x32',
      category: 'Men > Shorts',
    });
    const { listing, applied } = compose({ item: other, mappingRules });
    expect(listing).toMatchObject({
      brand: 'Wrangler',
      colour: 'Black',
      size: '34x32',
      category: 'Men > Shorts',
    });
    expect(applied).toEqual([]);
  });

  it('honour an exact rule’s case', () => {
    const exact = MappingRulesSchema.parse({
      marketplaceId: 'ebay',
      rules: [{ id: 'x', field: 'brand', from: 'Levis', to: "Levi's", match: 'exact' }],
    }).rules;
    expect(compose({ mappingRules: exact }).listing.brand).toBe('levis');
  });

  it('a condition rule beats the marketplace’s condition map', () => {
    const likeNew = item({ ...JEANS, condition: 'like_new' });
    const { listing, applied } = compose({
      item: likeNew,
      mappingRules,
      conditionMap: EBAY_CONDITIONS,
    });
    expect(listing.condition).toBe('USED_EXCELLENT');
    expect(applied.filter((a) => a.field === 'condition')).toEqual([
      {
        step: 'mapping',
        field: 'condition',
        from: 'like_new',
        to: 'USED_EXCELLENT',
        ruleId: 'm-cond',
      },
    ]);
  });

  it('the condition map translates a condition no rule matched', () => {
    const { listing, applied } = compose({ mappingRules, conditionMap: EBAY_CONDITIONS });
    expect(listing.condition).toBe('USED_GOOD');
    expect(applied).toContainEqual({
      step: 'condition_map',
      field: 'condition',
      from: 'good',
      to: 'USED_GOOD',
    });
  });

  it('a condition in neither (or without an equivalent) passes through', () => {
    const poor = item({ ...JEANS, condition: 'poor' });
    expect(
      compose({ item: poor, mappingRules, conditionMap: EBAY_CONDITIONS }).listing.condition,
    ).toBe('poor');
  });
});

describe('pricing rule alone', () => {
  it.each<[string, number | null, Omit<PricingRuleInput, 'marketplaceId'>, number | null]>([
    ['+12% to .99', 10, { adjustmentPercent: 12, rounding: 'up_to_99' }, 11.99],
    ['.99 stays', 11.99, { rounding: 'up_to_99' }, 11.99],
    [
      'minimum after rounding',
      10,
      { adjustmentPercent: 12, rounding: 'up_to_99', minimumPrice: 15 },
      15,
    ],
    ['maximum after rounding', 200, { rounding: 'nearest_5', maximumPrice: 149.99 }, 149.99],
    ['a cent', 0.01, { adjustmentPercent: 12 }, 0.01],
    ['a cent to the dollar', 0.01, { rounding: 'nearest_dollar' }, 1],
    ['half a cent written', 19.995, { adjustmentPercent: 10 }, 22],
    ['nearest 5', 37.5, { rounding: 'nearest_5' }, 40],
    ['no price stays none', null, { adjustmentPercent: 12, minimumPrice: 5 }, null],
  ])('%s: %s → %s', (_name, price, rule, expected) => {
    const { listing } = compose({ item: item({ ...JEANS, price }), pricingRule: pricing(rule) });
    expect(listing.price).toBe(expected);
  });

  it('explains the steps in dollars', () => {
    const { applied } = compose({
      pricingRule: pricing({ adjustmentPercent: 12, rounding: 'up_to_99', minimumPrice: 15 }),
    });
    expect(applied).toEqual([
      { step: 'pricing', field: 'price', from: 10, to: 11.2, detail: '+12%' },
      { step: 'pricing', field: 'price', from: 11.2, to: 11.99, detail: 'up to .99' },
      { step: 'pricing', field: 'price', from: 11.99, to: 15, detail: 'minimum $15.00' },
    ]);
  });

  it('refuses a rule of another marketplace', () => {
    expect(() =>
      composeListing({
        item: item(),
        marketplace: 'etsy',
        pricingRule: pricing({ adjustmentPercent: 5 }),
      }),
    ).toThrow(/rule for ebay/);
  });
});

describe('defaults alone', () => {
  const ebayDefaults = defaults({
    shipping: { service: 'USPS Ground Advantage', cost: 7.5, payer: 'buyer' },
    returns: { accepted: true, days: 30 },
    policies: { payment: 'PAY-1', return: 'RET-1', fulfillment: 'FUL-1' },
    handlingDays: 2,
    location: { postalCode: '94107', country: 'us' },
    extra: { bestOfferEnabled: true },
  });

  it('fill shipping, returns, policies, handling time and location', () => {
    const { listing, applied } = compose({ defaults: ebayDefaults });
    expect(listing.shipping).toEqual({
      price: 7.5,
      service: 'USPS Ground Advantage',
      profileId: 'FUL-1',
      processingProfileId: null,
      fromPostalCode: '94107',
    });
    expect(listing.extra).toEqual({
      shippingPayer: 'buyer',
      returnsAccepted: true,
      returnDays: 30,
      paymentPolicyId: 'PAY-1',
      returnPolicyId: 'RET-1',
      fulfillmentPolicyId: 'FUL-1',
      handlingDays: 2,
      shipsFromCountry: 'US',
      bestOfferEnabled: true,
    });
    expect(applied.every((a) => a.step === 'defaults')).toBe(true);
    expect(applied.map((a) => a.field)).toEqual([
      'shipping.price',
      'shipping.service',
      'shipping.profileId',
      'shipping.fromPostalCode',
      'extra.shippingPayer',
      'extra.returnsAccepted',
      'extra.returnDays',
      'extra.paymentPolicyId',
      'extra.returnPolicyId',
      'extra.fulfillmentPolicyId',
      'extra.handlingDays',
      'extra.shipsFromCountry',
      'extra.bestOfferEnabled',
    ]);
  });

  it('seller-paid shipping is free for the buyer', () => {
    const free = defaults({ shipping: { cost: 7.5, payer: 'seller' } });
    expect(compose({ defaults: free }).listing.shipping.price).toBe(0);
  });

  it('an Etsy shipping profile is preferred to an eBay fulfillment policy', () => {
    const etsy = ListingDefaultsSchema.parse({
      marketplaceId: 'etsy',
      shipping: { profileId: 'SHIP-9', processingProfileId: 'PROC-3' },
    });
    const { listing } = composeListing({ item: item(), marketplace: 'etsy', defaults: etsy });
    expect(listing.shipping).toMatchObject({ profileId: 'SHIP-9', processingProfileId: 'PROC-3' });
  });

  it('empty defaults change nothing', () => {
    expect(compose({ defaults: defaults() }).applied).toEqual([]);
  });

  it('refuses impossible defaults', () => {
    expect(
      ListingDefaultsSchema.safeParse({ marketplaceId: 'ebay', handlingDays: 31 }).success,
    ).toBe(false);
    expect(
      ListingDefaultsSchema.safeParse({ marketplaceId: 'ebay', shipping: { cost: -1 } }).success,
    ).toBe(false);
    expect(
      ListingDefaultsSchema.safeParse({ marketplaceId: 'ebay', shipping: { payer: 'nobody' } })
        .success,
    ).toBe(false);
  });
});

describe('overrides alone', () => {
  it.each([
    [{ title: "Levi's 501 Jeans 32x30" }, { title: "Levi's 501 Jeans 32x30" }],
    [{ price: 24.5 }, { price: 24.5 }],
    [{ price: 0 }, { price: 0 }],
    [{ price: 19.995 }, { price: 20 }],
    [{ condition: 'USED_EXCELLENT' }, { condition: 'USED_EXCELLENT' }],
    [{ quantity: 3 }, { quantity: 3 }],
    [
      { photos: ['https://cdn.example.com/only.jpg'] },
      { photos: ['https://cdn.example.com/only.jpg'] },
    ],
    [
      { photos: [{ id: 'x', url: 'https://cdn.example.com/x.jpg' }] },
      { photos: ['https://cdn.example.com/x.jpg'] },
    ],
    [{ tags: ['denim', 'vintage'] }, { tags: ['denim', 'vintage'] }],
    [{ ukSize: '12', ean: '5012345678900' }, { extra: { ukSize: '12', ean: '5012345678900' } }],
    [
      { shipping: { price: 4, service: 'Economy' } },
      { shipping: { price: 4, service: 'Economy' } },
    ],
    [{ extra: { aspects: { Fit: 'Straight' } } }, { extra: { aspects: { Fit: 'Straight' } } }],
  ] as const)('%j wins', (own, expected) => {
    expect(compose({ item: item(JEANS, { ebay: own }) }).listing).toMatchObject(expected);
  });

  it.each([
    [{ title: '', brand: null, photos: [] }],
    [
      {
        status: 'listed',
        listedID: '1',
        listingURL: 'u',
        lastStatusDate: 5,
        pendingOperation: null,
        failureReason: 'x',
      },
    ],
    [{ dateCreated: 1, dateLastModified: 2, marketplace: 'etsy' }],
  ])('%j is not an override', (own) => {
    const { listing, applied } = compose({ item: item(JEANS, { ebay: own }) });
    expect(applied).toEqual([]);
    expect(listing.title).toBe(JEANS.title);
    expect(listing.extra).toEqual({});
  });

  it('uses only the listing of the marketplace being built', () => {
    expect(compose({ item: item(JEANS, { etsy: { title: 'Etsy title' } }) }).listing.title).toBe(
      JEANS.title,
    );
  });

  it.each([
    [{ price: -1 }, 'price'],
    [{ price: 'ten' }, 'price'],
    [{ quantity: 1.5 }, 'quantity'],
    [{ photos: [42] }, 'photos'],
    [{ shipping: 'free' }, 'shipping'],
    [{ shipping: { carrier: 'UPS' } }, 'shipping.carrier'],
    [{ shipping: { price: -3 } }, 'shipping.price'],
  ])('%j is ignored and reported', (own, field) => {
    const { listing, ignored } = compose({ item: item(JEANS, { ebay: own }) });
    expect(ignored.map((i) => i.field)).toEqual([field]);
    expect(ignored[0]?.message).toBeTruthy();
    expect(listing.price).toBe(10);
    expect(listing.quantity).toBe(1);
  });
});

describe('all steps together', () => {
  const all = (listings?: Record<string, Record<string, unknown>>) =>
    compose({
      item: item(JEANS, listings),
      mappingRules,
      conditionMap: EBAY_CONDITIONS,
      pricingRule: pricing({
        adjustmentPercent: 12,
        rounding: 'up_to_99',
        minimumPrice: 9,
        maximumPrice: 500,
      }),
      defaults: defaults({
        shipping: { service: 'USPS Ground Advantage', cost: 7.5, payer: 'buyer' },
        handlingDays: 2,
        location: { postalCode: '94107' },
      }),
    });

  it('apply in order: mapping → condition map → pricing → defaults', () => {
    const { listing, applied } = all();
    expect(listing).toMatchObject({
      brand: "Levi's",
      colour: 'Blue',
      size: '32',
      category: '11483',
      condition: 'USED_GOOD',
      price: 11.99,
      shipping: { price: 7.5, service: 'USPS Ground Advantage', fromPostalCode: '94107' },
      extra: { handlingDays: 2, shippingPayer: 'buyer' },
    });
    const order = ['general', 'mapping', 'condition_map', 'pricing', 'defaults', 'override'];
    const steps = applied.map((a) => order.indexOf(a.step));
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(new Set(applied.map((a) => a.step))).toEqual(
      new Set(['mapping', 'condition_map', 'pricing', 'defaults']),
    );
  });

  it('the item’s own values win over every rule', () => {
    const { listing, applied } = all({
      ebay: {
        brand: 'Levi Strauss & Co.',
        condition: 'USED_VERY_GOOD',
        price: 14,
        shipping: { price: 0, service: 'Free shipping' },
        handlingDays: 1,
        status: 'listed',
      },
    });
    expect(listing).toMatchObject({
      brand: 'Levi Strauss & Co.',
      condition: 'USED_VERY_GOOD',
      price: 14,
      shipping: { price: 0, service: 'Free shipping', fromPostalCode: '94107' },
      extra: { handlingDays: 1 },
    });
    expect(applied.filter((a) => a.step === 'override')).toEqual([
      { step: 'override', field: 'brand', from: "Levi's", to: 'Levi Strauss & Co.' },
      { step: 'override', field: 'condition', from: 'USED_GOOD', to: 'USED_VERY_GOOD' },
      { step: 'override', field: 'price', from: 11.99, to: 14 },
      { step: 'override', field: 'shipping.price', from: 7.5, to: 0 },
      {
        step: 'override',
        field: 'shipping.service',
        from: 'USPS Ground Advantage',
        to: 'Free shipping',
      },
      { step: 'override', field: 'extra.handlingDays', from: 2, to: 1 },
    ]);
  });

  it('an override equal to the rule’s value is not reported as a change', () => {
    const { applied } = all({ ebay: { price: 11.99, brand: "Levi's" } });
    expect(applied.filter((a) => a.step === 'override')).toEqual([]);
  });

  it('is pure: the same input gives the same output, and the input is untouched', () => {
    const input: ComposeListingInput = {
      item: item(JEANS, { ebay: { extra: { a: 1 } } }),
      marketplace: 'ebay',
      mappingRules,
      defaults: defaults({ extra: { b: 2 } }),
    };
    const before = JSON.stringify(input);
    expect(composeListing(input)).toEqual(composeListing(input));
    expect(JSON.stringify(input)).toBe(before);
  });
});
