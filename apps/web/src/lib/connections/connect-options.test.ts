import { ConnectOptionsResponseSchema } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { connectWayFor } from './connect-options';

describe('how a marketplace connects', () => {
  const options = ConnectOptionsResponseSchema.parse({
    mode: 'sandbox',
    marketplaces: [
      { marketplace: 'ebay', method: 'oauth', needs: [] },
      { marketplace: 'shopify', method: 'oauth', needs: ['shop'] },
      { marketplace: 'depop', method: 'token', needs: [] },
      { marketplace: 'depop', method: 'extension', needs: [] },
      { marketplace: 'mercari', method: 'extension', needs: [] },
    ],
  });

  it('is signing in where the server offers it, with what it needs first', () => {
    expect(connectWayFor('shopify', options)).toEqual({
      marketplace: 'shopify',
      method: 'oauth',
      needs: ['shop'],
      extension: false,
    });
  });

  it('is a pasted key before the extension, which then lists without one', () => {
    expect(connectWayFor('depop', options)).toEqual({
      marketplace: 'depop',
      method: 'token',
      needs: [],
      extension: true,
    });
    expect(connectWayFor('mercari', options)).toMatchObject({
      method: 'extension',
      extension: true,
    });
  });

  it('is none where the server lists no way: it cannot connect that marketplace', () => {
    expect(connectWayFor('etsy', options)).toBeNull();
    expect(connectWayFor('ebay', { marketplaces: [] })).toBeNull();
  });
});
