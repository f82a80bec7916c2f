/** Shopify stores are `<name>.myshopify.com`; the server refuses any other shop. */
const MYSHOPIFY = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
const SHOP_NAME = /^[a-z0-9][a-z0-9-]*$/;

export const SHOP_DOMAIN_EXAMPLE = 'my-shop.myshopify.com';

export type ShopDomain = { ok: true; domain: string } | { ok: false; code: 'required' | 'invalid' };

/**
 * The store's domain from what a seller typed: "my-shop", "my-shop.myshopify.com" or a URL of
 * the store's admin all give "my-shop.myshopify.com".
 */
export function shopDomainFrom(input: string): ShopDomain {
  let value = input.trim().toLowerCase();
  if (value === '') return { ok: false, code: 'required' };
  if (/^https?:\/\//.test(value)) {
    try {
      value = new URL(value).host;
    } catch {
      return { ok: false, code: 'invalid' };
    }
  }
  value = value.replace(/[/?#].*$/, '');
  if (SHOP_NAME.test(value)) value = `${value}.myshopify.com`;
  return MYSHOPIFY.test(value) ? { ok: true, domain: value } : { ok: false, code: 'invalid' };
}
