import { describe, expect, it } from 'vitest';
import type { MarketplacesConfig } from '../platform/config';
import { standInConnector } from '../../test/stand-in-connector';
import { ConnectorRegistry } from './contract';
import { requiredMarketplaces } from './marketplaces';

const live: MarketplacesConfig = {
  mode: 'live',
  ebay: null,
  shopify: null,
  etsy: null,
  depop: { apiUrl: 'https://partnerapi.depop.com', webhookSecret: null },
};

describe('the connector registry at boot', () => {
  it('refuses a second connector for one marketplace', () => {
    const registry = new ConnectorRegistry();
    registry.register(standInConnector('ebay'));
    expect(() => registry.register(standInConnector('ebay'))).toThrow(
      'Two connectors for the marketplace ebay',
    );
  });

  it('refuses to seal while a required marketplace has no connector, naming it', () => {
    const registry = new ConnectorRegistry();
    registry.register(standInConnector('depop'));
    expect(() => registry.seal(['depop', 'shopify'])).toThrow(
      'No connector for the marketplace shopify',
    );
    expect(registry.isSealed).toBe(false);
  });

  it('refuses to seal with a connector for a marketplace the configuration does not enable', () => {
    const registry = new ConnectorRegistry();
    registry.register(standInConnector('depop'));
    registry.register(standInConnector('etsy'));
    expect(() => registry.seal(['depop'])).toThrow('A connector for etsy');
  });

  it('once sealed, lets a stand-in replace a connector (tests in a booted server)', () => {
    const registry = new ConnectorRegistry();
    const first = standInConnector('depop');
    registry.register(first);
    registry.seal(['depop']);
    const standIn = standInConnector('depop');
    registry.register(standIn);
    expect(registry.get('depop')).toBe(standIn);
  });
});

describe('the marketplaces that must have a connector', () => {
  it('are every API marketplace in sandbox mode', () => {
    expect(requiredMarketplaces({ ...live, mode: 'sandbox' }).sort()).toEqual([
      'depop',
      'ebay',
      'etsy',
      'shopify',
    ]);
  });

  it('are Depop alone live without app keys, and each marketplace whose keys are set', () => {
    expect(requiredMarketplaces(live)).toEqual(['depop']);
    expect(
      requiredMarketplaces({
        ...live,
        shopify: { clientId: 'id', clientSecret: 'secret', apiVersion: '2025-07' },
        etsy: { apiKey: 'k', sharedSecret: 's', apiUrl: 'https://e', authUrl: 'https://e' },
      }).sort(),
    ).toEqual(['depop', 'etsy', 'shopify']);
  });
});
