import type { GeneralDetailsInput, Item } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { testItem } from '../shared/testing/items';
import {
  DEFAULT_SHOPIFY_TAG_RULES,
  deriveShopifyTags,
  itemCharacteristics,
  withDerivedShopifyTags,
} from './tags';

function item(details: GeneralDetailsInput): Item {
  return testItem(details, { itemID: 'item-1', userID: 'user-1' });
}

describe('Shopify tags from an item’s characteristics', () => {
  const jeans = item({
    brand: 'Levi’s',
    category: 'Clothing > Men > Jeans',
    primaryColor: 'Dark blue',
    size: '32, 34',
    condition: 'like_new',
  });

  it('reads brand, category, colour, size and condition in words', () => {
    expect(itemCharacteristics(jeans)).toEqual({
      brand: 'Levi’s',
      category: 'Jeans',
      colour: 'Dark blue',
      size: '32 34',
      condition: 'Like new',
    });
    expect(
      itemCharacteristics(item({ categoryV2: { id: '1', path: ['Home', 'Lamps'] } })).category,
    ).toBe('Lamps');
  });

  it('labels each one by default, and can leave labels out or pick some', () => {
    expect(deriveShopifyTags(itemCharacteristics(jeans))).toEqual([
      'Brand: Levi’s',
      'Category: Jeans',
      'Color: Dark blue',
      'Size: 32 34',
      'Condition: Like new',
    ]);
    expect(
      deriveShopifyTags(itemCharacteristics(jeans), {
        ...DEFAULT_SHOPIFY_TAG_RULES,
        style: 'plain',
        characteristics: ['size', 'brand'],
      }),
    ).toEqual(['32 34', 'Levi’s']);
  });

  it('skips what the item does not have', () => {
    expect(deriveShopifyTags(itemCharacteristics(item({ brand: 'Acne' })))).toEqual([
      'Brand: Acne',
    ]);
  });

  it('replaces earlier derived tags and keeps the seller’s own, once each', () => {
    const existing = ['Brand: Wrangler', 'vintage', 'Condition: Good', 'VINTAGE', 'Brand: Levi’s'];
    expect(withDerivedShopifyTags(existing, jeans)).toEqual([
      'vintage',
      'Brand: Levi’s',
      'Category: Jeans',
      'Color: Dark blue',
      'Size: 32 34',
      'Condition: Like new',
    ]);
  });
});
