import { describe, expect, it } from 'vitest';
import { ITEM_CONDITIONS } from '../items/item.schema';
import { BuiltListingSchema, type BuiltListing } from './built-listing';
import { buildCatalogue, defaultCatalogue, type MarketplaceSpec } from './catalogue';
import { characterCount, checkListing, conditionMappingProblem } from './listing-checks';
import { SUPPORTED_MARKETPLACES, type MarketplaceId } from './marketplaces';

/** A listing that passes every check of `spec`, to be broken one field at a time. */
function validListing(spec: MarketplaceSpec): BuiltListing {
  const { limits } = spec;
  const extra = Object.fromEntries(spec.requiredExtra.map((k) => [k, 'value']));
  return BuiltListingSchema.parse({
    marketplace: spec.id,
    title: 'Vintage denim jacket',
    description: 'Barely worn, no marks.',
    price: limits.price.min !== null && limits.price.min > 20 ? limits.price.min : 20,
    currency: spec.currencies[0],
    originalPrice: 80,
    quantity: 1,
    condition: spec.conditions ? spec.conditions.values[0] : null,
    brand: 'Levi’s',
    category: 'jackets',
    size: 'M',
    colour: 'blue',
    weight: { pounds: 1, ounces: 0 },
    photos: Array.from({ length: Math.max(limits.photos.min, 1) }, (_, i) => `https://p/${i}.jpg`),
    sku: 'SKU-1',
    tags: ['denim'],
    shipping: { price: 5, profileId: 'p1', processingProfileId: 'pp1', fromPostalCode: '10001' },
    extra,
  });
}

const codes = (m: MarketplaceId, l: BuiltListing) => checkListing(m, l).map((p) => p.code);
const specs = SUPPORTED_MARKETPLACES.map((id) => [id, defaultCatalogue[id]] as const);

describe('checkListing: a complete listing passes', () => {
  it.each(specs)('%s', (id, spec) => {
    expect(checkListing(id, validListing(spec))).toEqual([]);
  });
});

describe('title length at and over the limit', () => {
  const withTitleMax = specs.filter(([, s]) => s.limits.title.max !== null);
  it.each(withTitleMax)('%s', (id, spec) => {
    const max = spec.limits.title.max as number;
    expect(codes(id, { ...validListing(spec), title: 'a'.repeat(max) })).toEqual([]);
    const over = checkListing(id, { ...validListing(spec), title: 'a'.repeat(max + 1) });
    expect(over).toHaveLength(1);
    expect(over[0]).toMatchObject({
      code: 'title.tooLong',
      field: 'title',
      params: { max, over: 1 },
    });
  });

  it('says how much to shorten, as a reseller reads it', () => {
    const [problem] = checkListing('mercari', {
      ...validListing(defaultCatalogue.mercari),
      title: 'a'.repeat(92),
    });
    expect(problem?.message).toBe(
      'Mercari titles are at most 80 characters; shorten the title by 12 characters.',
    );
  });

  it('counts an emoji as one character', () => {
    expect(characterCount('👜'.repeat(80))).toBe(80);
    expect(
      codes('mercari', { ...validListing(defaultCatalogue.mercari), title: '👜'.repeat(80) }),
    ).toEqual([]);
  });

  it.each(specs.filter(([, s]) => s.limits.title.required))('%s: a missing title', (id, spec) => {
    expect(codes(id, { ...validListing(spec), title: '   ' })).toEqual(['title.missing']);
  });

  it('Depop has no title, so none is asked for', () => {
    expect(codes('depop', { ...validListing(defaultCatalogue.depop), title: '' })).toEqual([]);
  });
});

describe('description length at and over the limit', () => {
  const withMax = specs.filter(([, s]) => s.limits.description.max !== null);
  it.each(withMax)('%s', (id, spec) => {
    const max = spec.limits.description.max as number;
    expect(codes(id, { ...validListing(spec), description: 'a'.repeat(max) })).toEqual([]);
    expect(codes(id, { ...validListing(spec), description: 'a'.repeat(max + 1) })).toEqual([
      'description.tooLong',
    ]);
  });

  it.each(specs.filter(([, s]) => s.limits.description.required))(
    '%s: a missing description',
    (id, spec) => {
      expect(codes(id, { ...validListing(spec), description: '' })).toEqual([
        'description.missing',
      ]);
    },
  );

  it('Depop allows five hashtags, not six', () => {
    const base = validListing(defaultCatalogue.depop);
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `#tag${i}`).join(' ');
    expect(codes('depop', { ...base, description: `Nice ${tags(5)}` })).toEqual([]);
    const [problem] = checkListing('depop', { ...base, description: `Nice ${tags(6)}` });
    expect(problem?.code).toBe('description.tooManyHashtags');
    expect(problem?.message).toContain('remove 1 hashtag');
  });

  it('Facebook refuses HTML; eBay takes it', () => {
    const html = '<p>Barely <b>worn</b></p>';
    expect(
      codes('facebook', { ...validListing(defaultCatalogue.facebook), description: html }),
    ).toEqual(['description.htmlNotAllowed']);
    expect(codes('ebay', { ...validListing(defaultCatalogue.ebay), description: html })).toEqual(
      [],
    );
    expect(
      codes('facebook', {
        ...validListing(defaultCatalogue.facebook),
        description: 'size < 10 > 5',
      }),
    ).toEqual([]);
  });
});

describe('photo count at min−1, min, max and max+1', () => {
  const photos = (n: number) => Array.from({ length: n }, (_, i) => `https://p/${i}.jpg`);
  it.each(specs)('%s', (id, spec) => {
    const { min, max } = spec.limits.photos;
    const base = validListing(spec);
    if (min > 0) {
      const [few] = checkListing(id, { ...base, photos: photos(min - 1) });
      expect(few).toMatchObject({ code: 'photos.tooFew', params: { min, missing: 1 } });
    }
    expect(codes(id, { ...base, photos: photos(min) })).toEqual([]);
    expect(codes(id, { ...base, photos: photos(max) })).toEqual([]);
    const [many] = checkListing(id, { ...base, photos: photos(max + 1) });
    expect(many).toMatchObject({ code: 'photos.tooMany', params: { max, over: 1 } });
  });

  it('Depop: 1 to 8 photos', () => {
    expect(defaultCatalogue.depop.limits.photos).toEqual({ min: 1, max: 8 });
    expect(
      checkListing('depop', { ...validListing(defaultCatalogue.depop), photos: [] })[0]?.message,
    ).toBe('Depop needs at least 1 photo; add 1 more photo.');
  });
});

describe('price at and beyond its bounds', () => {
  it.each(specs)('%s', (id, spec) => {
    const { min, max } = spec.limits.price;
    const base = validListing(spec);
    expect(codes(id, { ...base, price: null })).toEqual(['price.missing']);
    if (min !== null) {
      expect(codes(id, { ...base, price: min })).toEqual([]);
      expect(codes(id, { ...base, price: Math.round((min - 0.01) * 100) / 100 })).toEqual([
        'price.tooLow',
      ]);
    } else {
      expect(codes(id, { ...base, price: 0.01 })).toEqual([]);
      expect(codes(id, { ...base, price: 0 })).toEqual(['price.tooLow']);
    }
    if (max !== null) {
      expect(codes(id, { ...base, price: max })).toEqual([]);
      expect(codes(id, { ...base, price: max + 0.01 })).toEqual(['price.tooHigh']);
    }
  });

  it('Mercari 1 to 2,000, and the message names the bound', () => {
    const base = validListing(defaultCatalogue.mercari);
    expect(checkListing('mercari', { ...base, price: 2000.01 })[0]?.message).toBe(
      'Mercari prices are at most $2000.00; lower the price to $2000.00 or less.',
    );
  });

  it('Depop takes USD and GBP but not EUR', () => {
    const base = validListing(defaultCatalogue.depop);
    expect(codes('depop', { ...base, currency: 'GBP' })).toEqual([]);
    expect(codes('depop', { ...base, currency: 'EUR' })).toEqual(['currency.unsupported']);
  });
});

describe('required fields', () => {
  const cases: [MarketplaceId, Partial<BuiltListing>, string, string][] = [
    ['depop', { size: '' }, 'field.missing', 'size'],
    ['depop', { brand: '' }, 'field.missing', 'brand'],
    [
      'depop',
      {
        shipping: {
          price: null,
          service: null,
          profileId: null,
          processingProfileId: null,
          fromPostalCode: null,
        },
      },
      'field.missing',
      'shipping',
    ],
    ['depop', { extra: {} }, 'extra.missing', 'extra.department'],
    ['ebay', { category: null }, 'field.missing', 'category'],
    ['ebay', { condition: null }, 'condition.missing', 'condition'],
    ['poshmark', { size: ' ' }, 'field.missing', 'size'],
    ['poshmark', { originalPrice: null }, 'field.missing', 'originalPrice'],
    ['grailed', { brand: '' }, 'field.missing', 'brand'],
    ['grailed', { size: '' }, 'field.missing', 'size'],
    ['etsy', { extra: { who_made: 'i_did' } }, 'extra.missing', 'extra.when_made'],
    ['etsy', { quantity: 0 }, 'field.missing', 'quantity'],
  ];
  it.each(cases)('%s with %j → %s on %s', (id, patch, code, field) => {
    const problems = checkListing(id, { ...validListing(defaultCatalogue[id]), ...patch });
    expect(problems.map((p) => [p.code, p.field])).toEqual([[code, field]]);
  });

  it('eBay: shipping profile and ship-from postal code', () => {
    const base = validListing(defaultCatalogue.ebay);
    const problems = checkListing('ebay', {
      ...base,
      shipping: { ...base.shipping, profileId: null, fromPostalCode: '' },
    });
    expect(problems.map((p) => p.field)).toEqual(['shipping.profileId', 'shipping.fromPostalCode']);
  });

  it('the message says what to add', () => {
    const [problem] = checkListing('depop', { ...validListing(defaultCatalogue.depop), size: '' });
    expect(problem?.message).toBe(
      'Depop needs a size; set it on the item or in the Depop defaults.',
    );
  });

  it('a configuration can drop Depop’s size requirement', () => {
    const catalogue = buildCatalogue({
      depop: { requiredFields: ['category', 'brand', 'condition', 'shipping'] },
    });
    const listing = { ...validListing(defaultCatalogue.depop), size: '' };
    expect(checkListing('depop', listing, catalogue)).toEqual([]);
  });
});

describe('quantity, SKU and tags', () => {
  it('Mercari offers one unit per listing', () => {
    const base = validListing(defaultCatalogue.mercari);
    expect(codes('mercari', { ...base, quantity: 1 })).toEqual([]);
    expect(codes('mercari', { ...base, quantity: 2 })).toEqual(['quantity.tooHigh']);
  });

  it('eBay SKU at 50 and 51 characters', () => {
    const base = validListing(defaultCatalogue.ebay);
    expect(codes('ebay', { ...base, sku: 's'.repeat(50) })).toEqual([]);
    expect(codes('ebay', { ...base, sku: 's'.repeat(51) })).toEqual(['sku.tooLong']);
  });

  it('Etsy SKUs of at most 32 characters, Shopify of at most 255', () => {
    const etsy = validListing(defaultCatalogue.etsy);
    expect(codes('etsy', { ...etsy, sku: 's'.repeat(32) })).toEqual([]);
    expect(codes('etsy', { ...etsy, sku: 's'.repeat(33) })).toEqual(['sku.tooLong']);
    const shopify = validListing(defaultCatalogue.shopify);
    expect(codes('shopify', { ...shopify, sku: 's'.repeat(255) })).toEqual([]);
    expect(codes('shopify', { ...shopify, sku: 's'.repeat(256) })).toEqual(['sku.tooLong']);
  });

  it('a SKU eBay or Depop cannot take in its path is named, with what it may use', () => {
    const ebay = validListing(defaultCatalogue.ebay);
    expect(codes('ebay', { ...ebay, sku: 'LV-501_32.b' })).toEqual([]);
    const [problem] = checkListing('ebay', { ...ebay, sku: 'LV 501/32' });
    expect(problem).toMatchObject({
      code: 'sku.characters',
      field: 'sku',
      params: { marketplace: 'eBay', sku: 'LV 501/32', characters: 'A–Z a–z 0–9 - _ .' },
      message: 'eBay SKUs may use only A–Z a–z 0–9 - _ .; change the SKU LV 501/32.',
    });
    expect(codes('depop', { ...validListing(defaultCatalogue.depop), sku: 'TEE#4' })).toEqual([
      'sku.characters',
    ]);
    // Etsy and Shopify take it: their SKU is a field of the listing, not part of an address.
    expect(codes('etsy', { ...validListing(defaultCatalogue.etsy), sku: 'LV 501/32' })).toEqual([]);
    expect(
      codes('shopify', { ...validListing(defaultCatalogue.shopify), sku: 'LV 501/32' }),
    ).toEqual([]);
    expect(codes('ebay', { ...ebay, sku: '' })).toEqual([]);
  });

  it('Depop: a SKU shaped like a relist’s is kept for ListLoop (it could name another product)', () => {
    const depop = validListing(defaultCatalogue.depop);
    expect(codes('depop', { ...depop, sku: 'JKT-r2' })).toEqual(['sku.reserved']);
    expect(codes('depop', { ...depop, sku: 'JKT-r2a' })).toEqual([]);
    expect(codes('ebay', { ...validListing(defaultCatalogue.ebay), sku: 'JKT-r2' })).toEqual([]);
  });

  it('Etsy: 13 tags of at most 20 characters', () => {
    const base = validListing(defaultCatalogue.etsy);
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);
    expect(codes('etsy', { ...base, tags: tags(13) })).toEqual([]);
    expect(codes('etsy', { ...base, tags: tags(14) })).toEqual(['tags.tooMany']);
    expect(codes('etsy', { ...base, tags: ['x'.repeat(20)] })).toEqual([]);
    expect(codes('etsy', { ...base, tags: ['x'.repeat(21)] })).toEqual(['tags.tooLong']);
  });
});

describe('conditions', () => {
  const pairs = SUPPORTED_MARKETPLACES.flatMap((m) => ITEM_CONDITIONS.map((c) => [m, c] as const));

  it.each(pairs)('%s: %s maps, or gives a clear problem', (m, c) => {
    const spec = defaultCatalogue[m];
    const problem = conditionMappingProblem(m, c);
    if (!spec.conditions) {
      expect(problem).toBeNull();
      return;
    }
    const mapped = spec.conditions.fromItem[c];
    if (mapped) {
      expect(problem).toBeNull();
      expect(spec.conditions.values).toContain(mapped);
      expect(codes(m, { ...validListing(spec), condition: mapped })).toEqual([]);
    } else {
      expect(problem).toMatchObject({ code: 'condition.notMappable', field: 'condition' });
      expect(problem?.message).toContain('add a condition mapping rule');
    }
  });

  it('Vestiaire takes no poor items by default, and says so', () => {
    expect(conditionMappingProblem('vestiaire', 'poor')?.message).toBe(
      "Vestiaire Collective has no condition for 'poor'; add a condition mapping rule for Vestiaire Collective or change the item's condition.",
    );
  });

  it('no condition at all is a problem where the marketplace has a vocabulary', () => {
    expect(conditionMappingProblem('ebay', null)?.code).toBe('condition.missing');
    expect(conditionMappingProblem('etsy', null)).toBeNull();
  });

  it('a value outside the vocabulary is refused', () => {
    const [problem] = checkListing('depop', {
      ...validListing(defaultCatalogue.depop),
      condition: 'USED_GOOD',
    });
    expect(problem).toMatchObject({
      code: 'condition.notMappable',
      params: { condition: 'USED_GOOD' },
    });
  });
});

it('an unsupported marketplace is one clear problem', () => {
  expect(codes('tradesy', validListing(defaultCatalogue.tradesy))).toEqual([
    'marketplace.unsupported',
  ]);
});
