import { describe, expect, it } from 'vitest';
import {
  DEPOP_PRODUCT_TYPES,
  DEPOP_SIZE_SETS,
  depopProductType,
  depopSizeFor,
  depopSizeIds,
  depopSizeOf,
  isDepopProductType,
} from './depop-taxonomy';

describe('Depop’s product types and sizes', () => {
  it('reads the product type a category sends: its last level, as a slug', () => {
    expect(depopProductType('Clothing › Women › Dresses')).toBe('dresses');
    expect(depopProductType('Bottoms > Jeans')).toBe('jeans');
    expect(depopProductType('menswear/tops/T shirts')).toBe('t-shirts');
    expect(depopProductType('dresses')).toBe('dresses');
    expect(depopProductType(' ')).toBeNull();
    expect(depopProductType(null)).toBeNull();
    expect(isDepopProductType('tshirts')).toBe(true);
    expect(isDepopProductType('t-shirts')).toBe(false);
    expect(new Set(DEPOP_PRODUCT_TYPES).size).toBe(DEPOP_PRODUCT_TYPES.length);
  });

  it('reads a size written as Depop’s ids, and names the ones ListLoop writes', () => {
    expect(depopSizeIds('52:10')).toEqual({ setId: 52, sizeId: 10 });
    expect(depopSizeIds(' 60 / 109 ')).toEqual({ setId: 60, sizeId: 109 });
    expect(depopSizeIds('M')).toBeNull();
    expect(depopSizeIds('52:')).toBeNull();
    expect(depopSizeOf(52, 10)).toMatchObject({ set: { kind: 'letter' }, size: { size: 'M' } });
    expect(depopSizeOf(60, 109)).toMatchObject({ set: { kind: 'usShoe' }, size: { size: '9' } });
    expect(depopSizeOf(52, 99)).toBeNull();
    expect(depopSizeOf(7, 10)).toBeNull();
  });

  it('writes a seller’s size as Depop’s ids, the way back', () => {
    expect(depopSizeFor('L', 'letter')).toBe('52:11');
    expect(depopSizeFor('xs', 'letter')).toBe('52:8');
    expect(depopSizeFor('9', 'usShoe')).toBe('60:109');
    expect(depopSizeFor('XXL', 'letter')).toBeNull();
    for (const set of DEPOP_SIZE_SETS) {
      for (const { size, id } of set.sizes) {
        expect(depopSizeFor(size, set.kind)).toBe(`${set.id}:${id}`);
      }
    }
  });
});
