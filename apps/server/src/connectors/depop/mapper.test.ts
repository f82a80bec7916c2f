import { describe, expect, it } from 'vitest';
import {
  countHashtags,
  depopColours,
  depopDescription,
  depopHashtag,
  depopItemId,
  depopProductType,
  depopSku,
  depopSkuGeneration,
} from './mapper';

const ITEM = 'AbCdEfGhIjKlMnOpQrStUvWx';

describe('Depop mapper', () => {
  it('appends tags as hashtags up to 5 in all, never repeating one', () => {
    expect(
      depopDescription('Tee #vintage', ['Vintage', 'Nike', 'y2k', '90s', 'Crop top', 'extra']),
    ).toBe('Tee #vintage\n\n#nike #y2k #90s #croptop');
    expect(countHashtags(depopDescription('Tee #a #b #c #d #e', ['more']))).toBe(5);
    expect(depopDescription('', ['only'])).toBe('#only');
    expect(depopHashtag('Levi’s 501')).toBe('#levis501');
    expect(depopHashtag('Café')).toBe('#cafe');
    expect(depopHashtag('!!!')).toBeNull();
  });

  it('never takes the description past 1,000 characters with hashtags', () => {
    const long = 'x'.repeat(995);
    expect(depopDescription(long, ['toolong', 'ok'])).toBe(`${long}\n\n#ok`);
    expect(depopDescription('x'.repeat(1000), ['a'])).toBe('x'.repeat(1000));
  });

  it('maps colours to at most two of Depop’s', () => {
    expect(depopColours('Black and White')).toEqual(['black', 'white']);
    expect(depopColours('Gray / beige / red')).toEqual(['grey', 'tan']);
    expect(depopColours('Light blue')).toEqual(['blue']);
    expect(depopColours('Chartreuse')).toEqual([]);
  });

  it('reads the product type from a category path', () => {
    expect(depopProductType('Bottoms > Jeans')).toBe('jeans');
    expect(depopProductType('menswear/tops/T shirts')).toBe('t-shirts');
    expect(depopProductType(null)).toBeNull();
  });

  it('gives each Depop product of an item its own SKU, and reads the item back', () => {
    expect(depopSku(ITEM)).toBe(ITEM);
    expect(depopSku(ITEM, 3)).toBe(`${ITEM}-r3`);
    expect(depopSkuGeneration(ITEM, ITEM)).toBe(1);
    expect(depopSkuGeneration(ITEM, `${ITEM}-r3`)).toBe(3);
    expect(depopSkuGeneration(ITEM, `${ITEM}-rx`)).toBeNull();
    expect(depopSkuGeneration(ITEM, 'someone-else')).toBeNull();
    expect(depopItemId(`${ITEM}-r12`)).toBe(ITEM);
    expect(depopItemId(ITEM)).toBe(ITEM);
  });
});
