import { describe, expect, it } from 'vitest';
import { marketplaceTabs } from './marketplace-tabs';

describe('the marketplace tabs of an item', () => {
  it('shows the listings in catalogue order, then the chosen ones', () => {
    expect(marketplaceTabs({ ebay: {}, mercari: {} }, ['etsy', 'depop'])).toEqual([
      'mercari',
      'ebay',
      'etsy',
      'depop',
    ]);
  });

  it('shows a chosen marketplace once, even after it gets a listing', () => {
    expect(marketplaceTabs({ ebay: {} }, ['ebay', 'etsy', 'etsy'])).toEqual(['ebay', 'etsy']);
  });

  it('leaves out keys that are no supported marketplace', () => {
    expect(marketplaceTabs({ tradesy: {}, somewhere: {}, poshmark: {} }, [])).toEqual(['poshmark']);
    expect(marketplaceTabs(undefined, [])).toEqual([]);
  });
});
