import { describe, expect, it } from 'vitest';
import { shopDomainFrom } from './shop-domain';

describe('a Shopify store’s domain', () => {
  it('is read from the store’s name, its domain or a URL of its admin', () => {
    for (const typed of [
      'my-shop',
      ' My-Shop.myshopify.com ',
      'https://my-shop.myshopify.com/admin/products?x=1',
      'my-shop.myshopify.com/',
    ]) {
      expect(shopDomainFrom(typed)).toEqual({ ok: true, domain: 'my-shop.myshopify.com' });
    }
  });

  it('is required', () => {
    expect(shopDomainFrom('   ')).toEqual({ ok: false, code: 'required' });
  });

  it('refuses any other host, or a name Shopify would not give', () => {
    for (const typed of [
      'my-shop.com',
      'evil.example/my-shop.myshopify.com',
      'my_shop',
      '-shop',
      'https://',
      'shop.myshopify.com.evil.example',
    ]) {
      expect(shopDomainFrom(typed)).toEqual({ ok: false, code: 'invalid' });
    }
  });
});
