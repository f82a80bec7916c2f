import type { Connection } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { listingsOnRecord, marketplaceOrder } from './marketplace-order';

const connection = (marketplace: string, status: string): Connection =>
  ({
    id: `c-${marketplace}`,
    marketplace,
    nickname: marketplace,
    status,
    credentialHint: null,
    credentialExpiresAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  }) as unknown as Connection;

describe('marketplaceOrder', () => {
  it('puts marketplaces with a working connection first, then the rest by name', () => {
    const order = marketplaceOrder(
      [
        connection('shopify', 'connected'),
        connection('depop', 'connected'),
        connection('etsy', 'needs_reconnect'),
      ],
      'en-US',
    );
    expect(order(['etsy', 'poshmark', 'shopify', 'depop', 'ebay'])).toEqual([
      'depop',
      'shopify',
      'ebay',
      'etsy',
      'poshmark',
    ]);
  });
});

describe('listingsOnRecord', () => {
  const order = marketplaceOrder([connection('ebay', 'connected')], 'en-US');

  it('leaves out a listing that was never listed (the seller’s values for later)', () => {
    const shown = listingsOnRecord(
      {
        depop: { status: 'not_listed', extra: { department: 'womenswear' } },
        poshmark: { status: 'list_failure', failureReason: 'Refused' },
        ebay: { status: 'listed' },
        mercari: { status: 'sold' },
      },
      order,
    );
    expect(shown.map(([marketplace]) => marketplace)).toEqual(['ebay', 'mercari', 'poshmark']);
  });

  it('keeps a not-listed listing the caller has news of (a list a sale stopped)', () => {
    const shown = listingsOnRecord(
      {
        depop: { status: 'not_listed', extra: { department: 'womenswear' } },
        poshmark: { status: 'not_listed' },
        ebay: { status: 'listed' },
      },
      order,
      (marketplace) => marketplace === 'poshmark',
    );
    expect(shown.map(([marketplace]) => marketplace)).toEqual(['ebay', 'poshmark']);
  });

  it('keeps a key that is no marketplace of ours after the others', () => {
    const shown = listingsOnRecord(
      { zzshop: { status: 'listed' }, etsy: { status: 'queued' } },
      order,
    );
    expect(shown.map(([key]) => key)).toEqual(['etsy', 'zzshop']);
  });
});
