import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ITEM_CONDITIONS } from '../items/item.schema';
import { buildCatalogue, defaultCatalogue, mapCondition } from './catalogue';
import {
  CROSSLISTING_MARKETPLACES,
  MARKETPLACE_IDS,
  MARKETPLACE_NAMES,
  SOURCE_MARKETPLACES,
  SUPPORTED_MARKETPLACES,
} from './marketplaces';

function zodMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(z.ZodError);
    return z.prettifyError(error as z.ZodError);
  }
  throw new Error('expected a ZodError');
}

describe('defaultCatalogue', () => {
  it('has every marketplace of §1, with its name', () => {
    expect(Object.keys(defaultCatalogue).sort()).toEqual([...MARKETPLACE_IDS].sort());
    for (const id of MARKETPLACE_IDS) expect(defaultCatalogue[id].name).toBe(MARKETPLACE_NAMES[id]);
  });

  it.each(CROSSLISTING_MARKETPLACES)('%s is carried out by the extension', (id) => {
    expect(defaultCatalogue[id]).toMatchObject({ group: 'crosslisting', executor: 'extension' });
  });

  it.each(SOURCE_MARKETPLACES)('%s is carried out by an API connector', (id) => {
    expect(defaultCatalogue[id]).toMatchObject({ group: 'source', executor: 'api' });
  });

  it('supported flags follow SUPPORTED_MARKETPLACES', () => {
    const supported = MARKETPLACE_IDS.filter((id) => defaultCatalogue[id].supported);
    expect(supported).toEqual([...SUPPORTED_MARKETPLACES]);
  });

  it('logo keys are unique', () => {
    const logos = MARKETPLACE_IDS.map((id) => defaultCatalogue[id].logo);
    expect(new Set(logos).size).toBe(logos.length);
    expect(defaultCatalogue.vestiaireApi.logo).toBe('vestiaire-api');
  });

  it.each([
    ['ebay', 80, 24, 'ebay-taxonomy'],
    ['etsy', 140, 10, 'etsy-taxonomy'],
    ['depop', null, 8, 'depop-taxonomy'],
    ['mercari', 80, 12, 'marketplace-own'],
    ['grailed', 60, 8, 'marketplace-own'],
    ['shopify', 255, 250, 'shopify-product-type'],
  ] as const)('%s: title %s, %s photos, categories from %s', (id, title, photos, source) => {
    const spec = defaultCatalogue[id];
    expect(spec.limits.title.max).toBe(title);
    expect(spec.limits.photos.max).toBe(photos);
    expect(spec.categorySource).toBe(source);
  });

  it.each(SUPPORTED_MARKETPLACES)(
    '%s maps every condition of ours or leaves it to a rule',
    (id) => {
      const vocabulary = defaultCatalogue[id].conditions;
      if (!vocabulary) return;
      for (const c of ITEM_CONDITIONS) {
        const mapped = vocabulary.fromItem[c];
        if (mapped !== null) expect(vocabulary.values).toContain(mapped);
      }
    },
  );

  it('is frozen', () => {
    expect(Object.isFrozen(defaultCatalogue)).toBe(true);
  });
});

describe('mapCondition', () => {
  it.each([
    ['ebay', 'new_with_tags', { ok: true, value: 'NEW' }],
    ['ebay', 'good', { ok: true, value: 'USED_GOOD' }],
    ['depop', 'like_new', { ok: true, value: 'used_like_new' }],
    ['poshmark', 'new_with_tags', { ok: true, value: 'nwt' }],
    ['poshmark', 'fair', { ok: true, value: 'not_nwt' }],
    ['etsy', 'good', { ok: true, value: null }],
    ['vestiaire', 'poor', { ok: false, reason: 'unmapped' }],
    ['ebay', null, { ok: false, reason: 'no-condition' }],
  ] as const)('%s %s', (id, condition, expected) => {
    expect(mapCondition(id, condition)).toEqual(expected);
  });
});

describe('buildCatalogue', () => {
  it('without overrides equals the default', () => {
    expect(buildCatalogue()).toEqual(defaultCatalogue);
    expect(buildCatalogue({})).toEqual(defaultCatalogue);
  });

  it('merges deeply: one limit changes, its siblings stay', () => {
    const catalogue = buildCatalogue({ mercari: { limits: { title: { max: 40 } } } });
    expect(catalogue.mercari.limits.title).toEqual({ required: true, max: 40 });
    expect(catalogue.mercari.limits.photos).toEqual(defaultCatalogue.mercari.limits.photos);
    expect(catalogue.ebay).toEqual(defaultCatalogue.ebay);
    expect(defaultCatalogue.mercari.limits.title.max).toBe(80);
  });

  it('replaces arrays and can remap one condition', () => {
    const catalogue = buildCatalogue({
      etsy: { limits: { photos: { max: 20 } } },
      vestiaire: { conditions: { fromItem: { poor: 'fair' } } },
      poshmark: { requiredFields: ['category'] },
    });
    expect(catalogue.etsy.limits.photos).toEqual({ min: 1, max: 20 });
    expect(catalogue.vestiaire.conditions?.fromItem.poor).toBe('fair');
    expect(catalogue.vestiaire.conditions?.fromItem.good).toBe('good');
    expect(catalogue.poshmark.requiredFields).toEqual(['category']);
  });

  it('can turn a limit off with null', () => {
    expect(
      buildCatalogue({ mercari: { limits: { price: { max: null } } } }).mercari.limits.price,
    ).toEqual({
      min: 1,
      max: null,
    });
  });

  it.each([
    [{ mercary: {} }, 'mercary'],
    [{ mercari: { limits: { title: { max: -1 } } } }, 'mercari.limits.title.max'],
    [{ mercari: { limits: { title: { maxx: 10 } } } }, 'maxx'],
    [{ mercari: { limits: { title: { max: '80' } } } }, 'expected number'],
    [{ depop: { requiredFields: ['shoe size'] } }, 'depop.requiredFields[0]'],
    [{ ebay: { currencies: ['JPY'] } }, 'ebay.currencies[0]'],
  ])('refuses %j, naming %s', (overrides, fragment) => {
    expect(zodMessage(() => buildCatalogue(overrides))).toContain(fragment);
  });

  it.each([
    [
      { grailed: { limits: { photos: { min: 9 } } } },
      'grailed: photos.min (9) is greater than photos.max (8)',
    ],
    [
      { mercari: { limits: { price: { min: 3000 } } } },
      'mercari: price.min (3000) is greater than price.max (2000)',
    ],
    [
      { ebay: { conditions: { fromItem: { good: 'GOOD' } } } },
      "ebay: condition 'good' maps to 'GOOD', which is not one of ebay's conditions",
    ],
  ])('refuses an inconsistent result %j', (overrides, message) => {
    const text = zodMessage(() => buildCatalogue(overrides));
    expect(text).toContain(message);
  });
});
