import { describe, expect, it } from 'vitest';
import { webAuthUrlPath } from './connections.api';

describe('the web-auth-url call', () => {
  it('asks for the marketplace and the screen to come back to', () => {
    expect(webAuthUrlPath({ marketplace: 'ebay', redirect: '/app/marketplaces' })).toBe(
      '/api/user/auth/web-auth-url?marketplace=ebay&redirect=%2Fapp%2Fmarketplaces',
    );
  });

  it('names the connection being reconnected and the Shopify store', () => {
    const path = webAuthUrlPath({
      marketplace: 'shopify',
      redirect: '/app/import',
      connectionId: 'AbCdEfGhIjKlMnOpQrStUv12',
      shop: 'my-shop.myshopify.com',
    });
    const query = new URLSearchParams(path.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({
      marketplace: 'shopify',
      redirect: '/app/import',
      connectionId: 'AbCdEfGhIjKlMnOpQrStUv12',
      shop: 'my-shop.myshopify.com',
    });
  });
});
