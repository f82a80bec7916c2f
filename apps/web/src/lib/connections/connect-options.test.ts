import { ConnectOptionsResponseSchema } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { connectWayFor, marketplaceRoute, marketplacesByRoute } from './connect-options';

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

describe('how a marketplace is worked here', () => {
  const options = ConnectOptionsResponseSchema.parse({
    mode: 'live',
    marketplaces: [
      { marketplace: 'ebay', method: 'oauth', needs: [] },
      { marketplace: 'depop', method: 'token', needs: [] },
      { marketplace: 'depop', method: 'extension', needs: [] },
      { marketplace: 'mercari', method: 'extension', needs: [] },
    ],
  });
  const keyedDepop = [{ marketplace: 'depop' as const, credentialHint: '19d3' }];

  it('groups a marketplace the server cannot connect on its own, not among the API ones', () => {
    expect(marketplaceRoute('whatnot', options, [])).toBe('unavailable');
  });

  it('puts Depop under the API once a connection holds its API key, else under the extension', () => {
    expect(marketplaceRoute('depop', options, [])).toBe('extension');
    expect(marketplaceRoute('depop', options, keyedDepop)).toBe('api');
    expect(
      marketplaceRoute('depop', options, [{ marketplace: 'depop', credentialHint: null }]),
    ).toBe('extension');
  });

  it('keeps the order it is given within each group', () => {
    expect(
      marketplacesByRoute(['depop', 'ebay', 'mercari', 'whatnot'], options, keyedDepop),
    ).toEqual({ api: ['depop', 'ebay'], extension: ['mercari'], unavailable: ['whatnot'] });
  });

  it('falls back on the spec’s groups until the server has said', () => {
    expect(marketplaceRoute('whatnot', undefined, [])).toBe('api');
    expect(marketplaceRoute('depop', undefined, [])).toBe('extension');
  });
});
