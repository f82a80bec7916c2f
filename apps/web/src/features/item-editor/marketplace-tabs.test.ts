import type { Connection } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { marketplaceOrder } from '../../lib/connections/marketplace-order';
import { marketplaceTabs } from './marketplace-tabs';

const connectedTo = (...marketplaces: string[]) =>
  marketplaceOrder(
    marketplaces.map((marketplace) => ({ marketplace, status: 'connected' }) as Connection),
    'en-US',
  );

describe('the marketplace tabs of an item', () => {
  it('puts the connected marketplaces first, then the others by name, chosen ones included', () => {
    expect(
      marketplaceTabs(
        { depop: {}, mercari: {}, ebay: {} },
        ['etsy', 'shopify'],
        connectedTo('ebay', 'shopify'),
      ),
    ).toEqual(['ebay', 'shopify', 'depop', 'etsy', 'mercari']);
  });

  it('shows a chosen marketplace once, even after it gets a listing', () => {
    expect(marketplaceTabs({ ebay: {} }, ['ebay', 'etsy', 'etsy'], connectedTo())).toEqual([
      'ebay',
      'etsy',
    ]);
  });

  it('leaves out keys that are no supported marketplace', () => {
    expect(
      marketplaceTabs({ tradesy: {}, somewhere: {}, poshmark: {} }, [], connectedTo()),
    ).toEqual(['poshmark']);
    expect(marketplaceTabs(undefined, [], connectedTo())).toEqual([]);
  });
});
