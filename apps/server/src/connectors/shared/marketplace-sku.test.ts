import { BuiltListingSchema } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { importedSku, listingSku, skuProblems } from './marketplace-sku';

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

describe('listingSku: the SKU ListLoop acts on a listing with', () => {
  const item = { itemID: 'item00000000000000000001' };
  const built = (sku: string) => BuiltListingSchema.parse({ marketplace: 'ebay', sku });

  it('is the seller’s SKU for a listing not sent yet, where the marketplace takes it', () => {
    expect(listingSku('ebay', { item, listing: {}, built: built('LV-501-32') })).toBe('LV-501-32');
    expect(listingSku('shopify', { item, listing: {}, built: built(' LV 501/32 ') })).toBe(
      'LV 501/32',
    );
  });

  it('is the SKU kept on the listing once sent, whatever the item’s SKU becomes', () => {
    const listing = { listedID: '1', marketplaceSku: 'LV-501-32' };
    expect(listingSku('ebay', { item, listing, built: built('LV-501-99') })).toBe('LV-501-32');
    expect(listingSku('ebay', { item, listing })).toBe('LV-501-32');
  });

  it('is the item id for a listing sent before sellers’ SKUs were (a listing id, no SKU kept)', () => {
    const listing = { listedID: '1' };
    expect(listingSku('ebay', { item, listing, built: built('LV-501-32') })).toBe(item.itemID);
    expect(skuProblems('ebay', { item, listing, built: built('LV 501') })).toEqual([]);
  });

  it('is the item id without a SKU; a SKU the marketplace cannot take is a problem instead', () => {
    expect(listingSku('ebay', { item, listing: {}, built: built('') })).toBe(item.itemID);
    expect(skuProblems('ebay', { item, listing: {}, built: built('') })).toEqual([]);
    expect(listingSku('ebay', { item, listing: {}, built: built('LV 501') })).toBe(item.itemID);
    expect(skuProblems('ebay', { item, listing: {}, built: built('LV 501') })).toEqual([
      expect.objectContaining({
        code: 'sku.characters',
        field: 'sku',
        message: 'eBay SKUs may use only A–Z a–z 0–9 - _ .; change the SKU LV 501.',
      }),
    ]);
  });
});
