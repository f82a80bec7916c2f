import { describe, expect, it } from 'vitest';
import { RulesSearchSchema, shownMarketplace } from './rules-search';

describe('the rules screen’s address', () => {
  it('drops what it cannot read instead of failing', () => {
    expect(RulesSearchSchema.parse({ marketplace: 'nowhere', item: '' })).toEqual({});
    expect(RulesSearchSchema.parse({ marketplace: 'ebay', item: 'item-1' })).toEqual({
      marketplace: 'ebay',
      item: 'item-1',
    });
  });

  it('shows the marketplace asked for only when the seller may use it', () => {
    expect(shownMarketplace('etsy', ['ebay', 'etsy'])).toBe('etsy');
    expect(shownMarketplace('depop', ['ebay', 'etsy'])).toBe('ebay');
    expect(shownMarketplace(undefined, ['mercari'])).toBe('mercari');
    expect(shownMarketplace('ebay', [])).toBeNull();
  });
});
