import { describe, expect, it } from 'vitest';
import {
  barcodeValid,
  brandsIn,
  colourNameOf,
  expandUpcE,
  gs1CheckDigitValid,
  materialsIn,
  materialText,
  sizeIn,
} from './enrichment.rules';
import { EnrichByImagesRequestSchema } from './enrichment.api';

describe('colour names', () => {
  it.each([
    [[10, 10, 10], 'Black'],
    [[250, 250, 250], 'White'],
    [[200, 30, 40], 'Red'],
    [[30, 40, 80], 'Navy'],
    [[40, 110, 200], 'Blue'],
    [[40, 140, 70], 'Green'],
    [[128, 128, 128], 'Grey'],
    [[240, 200, 60], 'Yellow'],
  ] as const)('%j is %s', (rgb, name) => {
    expect(colourNameOf(rgb)).toBe(name);
  });
});

describe('barcode check digits', () => {
  it('accepts valid EAN-13, UPC-A and EAN-8 and refuses a changed digit', () => {
    expect(barcodeValid('4006381333931', 'EAN_13')).toBe(true);
    expect(barcodeValid('4006381333932', 'EAN_13')).toBe(false);
    expect(barcodeValid('036000291452', 'UPC_A')).toBe(true);
    expect(barcodeValid('036000291453', 'UPC_A')).toBe(false);
    expect(barcodeValid('96385074', 'EAN_8')).toBe(true);
    expect(barcodeValid('96385075', 'EAN_8')).toBe(false);
    expect(barcodeValid('4006381333931', 'UPC_A')).toBe(false);
    expect(gs1CheckDigitValid('12ab')).toBe(false);
  });

  it('expands UPC-E to the UPC-A it stands for before checking', () => {
    expect(expandUpcE('01234565')).toBe('012345000065');
    expect(barcodeValid('01234565', 'UPC_E')).toBe(true);
    expect(barcodeValid('01234566', 'UPC_E')).toBe(false);
    expect(expandUpcE('21234565')).toBeNull();
  });
});

describe('sizes, materials and brands in printed text', () => {
  it.each([
    ['W32 L34', 'W32 L34'],
    ['W 30 / L 32', 'W30 L32'],
    ['EU 42', 'EU 42'],
    ['UK 8,5', 'UK 8.5'],
    ['Size: M', 'M'],
    ['size xl', 'XL'],
    ['XL', 'XL'],
    ['MADE IN ITALY', null],
    ['100% COTTON', null],
  ])('%j has size %j', (line, size) => {
    expect(sizeIn(line)).toBe(size);
  });

  it('reads material shares', () => {
    expect(materialsIn('100% COTTON')).toEqual([{ percent: 100, material: 'cotton' }]);
    expect(materialText(materialsIn('60% Cotton 40% Polyester'))).toBe('60% cotton, 40% polyester');
    expect(materialsIn('50% OFF TODAY')).toEqual([]);
    expect(materialsIn('100% MERINO WOOL')).toEqual([{ percent: 100, material: 'merino wool' }]);
  });

  it('finds known brands as whole words, ignoring case, accents and punctuation', () => {
    const known = ['Levi Strauss', 'Zara', 'Hermès', 'H&M', 'Gap'];
    expect(brandsIn('LEVI STRAUSS & CO.', known)).toEqual(['Levi Strauss']);
    expect(brandsIn('hermes paris', known)).toEqual(['Hermès']);
    expect(brandsIn('ZARAGOZA', known)).toEqual([]);
    // Two letters match too much printed text.
    expect(brandsIn('H M', known)).toEqual([]);
    expect(brandsIn('GAP KIDS', known)).toEqual(['Gap']);
  });
});

describe('the request', () => {
  it('needs an item or photos, and an item to fill when not in the loop', () => {
    const none = EnrichByImagesRequestSchema.safeParse({ inTheLoop: true });
    expect(none.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['photos']);
    const fill = EnrichByImagesRequestSchema.safeParse({ photos: ['a'], inTheLoop: false });
    expect(fill.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['itemId']);
    expect(EnrichByImagesRequestSchema.parse({ itemId: 'x' }).inTheLoop).toBe(true);
    const many = EnrichByImagesRequestSchema.safeParse({ photos: Array(13).fill('a') });
    expect(many.error?.issues[0]?.path).toEqual(['photos']);
  });
});
