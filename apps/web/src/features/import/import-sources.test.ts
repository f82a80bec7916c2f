import type { Connection } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { importSourceConnections, importSources } from './import-sources';

const connection = (over: Partial<Connection>): Connection => ({
  id: 'conn_00000000000000000001',
  marketplace: 'ebay',
  nickname: 'Main shop',
  status: 'connected',
  externalAccountId: null,
  credentialHint: 'abcd',
  credentialExpiresAt: null,
  createdAt: '2025-01-02T10:00:00.000Z',
  ...over,
});

describe('the marketplaces listings are imported from', () => {
  it('are eBay, Etsy and Shopify, those open to the account', () => {
    expect(importSources(['shopify', 'mercari', 'ebay', 'etsy'])).toEqual([
      'ebay',
      'etsy',
      'shopify',
    ]);
    expect(importSources(['shopify', 'depop'])).toEqual(['shopify']);
    expect(importSources([])).toEqual([]);
  });

  it('list their connections by marketplace, oldest first, and no others', () => {
    const list = importSourceConnections(
      [
        connection({ id: 'shop', marketplace: 'shopify' }),
        connection({ id: 'posh', marketplace: 'poshmark' }),
        connection({ id: 'ebay-new', createdAt: '2025-03-01T00:00:00Z' }),
        connection({ id: 'etsy', marketplace: 'etsy' }),
        connection({ id: 'ebay-old', createdAt: '2025-01-01T00:00:00Z' }),
      ],
      ['ebay', 'etsy', 'shopify'],
    );
    expect(list.map((c) => c.id)).toEqual(['ebay-old', 'ebay-new', 'etsy', 'shop']);
  });
});
