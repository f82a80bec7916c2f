import { describe, expect, it } from 'vitest';
import { importedSku } from './marketplace-sku';

describe('importedSku', () => {
  it('is the seller’s SKU of an imported listing, as the marketplace has it', () => {
    expect(importedSku({ listedID: '1', marketplaceSku: 'JKT-042' })).toBe('JKT-042');
  });

  it('is null for a listing without one: ListLoop’s own, or one imported without a SKU', () => {
    expect(importedSku({})).toBeNull();
    expect(importedSku({ marketplaceSku: null })).toBeNull();
    expect(importedSku({ marketplaceSku: '' })).toBeNull();
    expect(importedSku({ marketplaceSku: '   ' })).toBeNull();
    expect(importedSku({ marketplaceSku: 42 })).toBeNull();
  });
});
