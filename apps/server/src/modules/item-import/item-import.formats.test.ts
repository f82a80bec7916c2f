import { describe, expect, it } from 'vitest';
import { ITEM_CSV_COLUMNS } from '@listloop/domain';
import {
  detectDelimiter,
  detectFormat,
  headerKey,
  parseCondition,
  parseNumber,
  readRow,
} from './item-import.formats';

describe('detectFormat', () => {
  it('knows our own export and a hand-made subset of it', () => {
    expect(detectFormat([...ITEM_CSV_COLUMNS])?.format).toBe('listloop');
    expect(detectFormat(['SKU', 'Title', 'Price'])?.format).toBe('listloop');
  });

  it('knows eBay’s active listings report, new and old', () => {
    expect(
      detectFormat([
        'Item number',
        'Title',
        'Custom label (SKU)',
        'Available quantity',
        'Current price',
      ])?.format,
    ).toBe('ebay');
    expect(
      detectFormat(['ItemID', 'CustomLabel', 'QuantityAvailable', 'Price', 'ItemTitle'])?.format,
    ).toBe('ebay');
  });

  it('knows nothing else', () => {
    expect(detectFormat(['name', 'age'])).toBeNull();
    expect(detectFormat(['title'])).toBeNull();
  });
});

describe('cells', () => {
  it('compares headers without case, spaces or punctuation', () => {
    expect(headerKey('\uFEFFCustom label (SKU)')).toBe('customlabelsku');
  });

  it('reads prices as people write them', () => {
    expect(parseNumber('$1,250.00')).toBe(1250);
    expect(parseNumber('12,99')).toBe(12.99);
    expect(parseNumber('US $5')).toBe(5);
    expect(parseNumber('ten')).toBeUndefined();
  });

  it('maps eBay conditions, by name or id', () => {
    expect(parseCondition('Pre-owned')).toBe('good');
    expect(parseCondition('New with tags')).toBe('new_with_tags');
    expect(parseCondition('3000')).toBe('good');
    expect(parseCondition('For parts or not working')).toBe('poor');
    expect(parseCondition('')).toBeNull();
    expect(parseCondition('mint')).toBeUndefined();
  });

  it('finds the delimiter of the header line', () => {
    expect(detectDelimiter('a,b,c')).toBe(',');
    expect(detectDelimiter('a;b;"c,d"')).toBe(';');
    expect(detectDelimiter('a\tb')).toBe('\t');
  });

  it('takes the formula guard off our own cells only', () => {
    const ours = detectFormat(['sku', 'title', 'notes'])!;
    expect(readRow(ours, ['S', "'=1+1", "'-x"], 2).details).toMatchObject({
      title: '=1+1',
      notes: '-x',
    });
  });
});
