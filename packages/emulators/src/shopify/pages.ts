import { html, page } from '../core/html';
import type { EmulatorResponse } from '../core/http';
import { renderListingPage } from '../core/listing-page';
import type { ProductRecord, ShopState } from './store';

/**
 * The emulated shop's pages: the app-install consent screen, the online store's product page
 * with a "Simulate a sale" button, and the store's front page. Everything a seller wrote is
 * escaped (descriptions are shown as text): the sandbox serves these pages beside the app.
 */

/** No script runs on these pages; images may come from anywhere. */
const PAGE_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'none'; img-src * data:; style-src 'unsafe-inline'; form-action *",
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};

function pageResponse(status: number, body: string): EmulatorResponse {
  return { status, html: body, headers: PAGE_HEADERS };
}

/** A product description's HTML as text. */
function descriptionText(descriptionHtml: string): string {
  return descriptionHtml
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

export function productPage(input: {
  shop: ShopState;
  product: ProductRecord;
  saleAction: string;
  notice: string | null;
}): EmulatorResponse {
  const { shop, product } = input;
  const variant = shop.productVariants(product)[0];
  const live = shop.isOnOnlineStore(product);
  return pageResponse(
    200,
    renderListingPage({
      marketplace: 'Shopify',
      listingId: product.handle,
      title: product.title,
      description: descriptionText(product.descriptionHtml),
      price: variant ? { value: variant.price, currency: shop.settings.currencyCode } : null,
      photos: product.media.map((m) => m.url),
      quantity: live && variant ? shop.variantQuantity(variant) : 0,
      status: live ? 'On the online store' : 'Not on the online store',
      details: [
        ['Shop', shop.domain],
        ['Vendor', product.vendor || '—'],
        ['Product type', product.productType || '—'],
        ['SKU', variant?.sku ?? '—'],
        ['Tags', product.tags.join(', ') || '—'],
        ['Product ID', product.id],
      ],
      saleAction: live && variant ? input.saleAction : null,
      saleFields: variant ? { shop: shop.domain, variantId: variant.id } : {},
      notice: input.notice,
    }),
  );
}

export function unavailablePage(shop: ShopState, handle: string): EmulatorResponse {
  return pageResponse(
    404,
    renderListingPage({
      marketplace: 'Shopify',
      listingId: handle,
      title: 'This product is not available',
      description: `No product ${handle} is published on the online store of ${shop.domain}.`,
      price: null,
      photos: [],
      quantity: 0,
      status: 'Not found',
    }),
  );
}

export function storePage(
  shop: ShopState,
  productUrl: (product: ProductRecord) => string,
): EmulatorResponse {
  const published = [...shop.products.values()].filter((p) => shop.isOnOnlineStore(p));
  return pageResponse(
    200,
    page(
      shop.settings.name,
      'Shopify',
      html`<div class="card">
        <h1>${shop.settings.name}</h1>
        <p>
          ${shop.domain} · ${published.length} product${published.length === 1 ? '' : 's'} on the
          online store
        </p>
        <ul>
          ${published.map(
            (p) =>
              html`<li>
                <a href="${productUrl(p)}">${p.title}</a> · ${shop.totalInventory(p)} in stock
              </li>`,
          )}
        </ul>
      </div>`,
    ),
  );
}

export function consentPage(input: {
  shop: ShopState;
  appName: string;
  scopes: string[];
  action: string;
  fields: Record<string, string>;
}): EmulatorResponse {
  return pageResponse(
    200,
    page(
      `Install ${input.appName}`,
      'Shopify',
      html`<div class="card">
        <h1>Install ${input.appName}?</h1>
        <p>${input.appName} asks for this access to <strong>${input.shop.domain}</strong>:</p>
        <ul>
          ${input.scopes.map((s) => html`<li><code>${s}</code></li>`)}
        </ul>
        <form method="post" action="${input.action}">
          ${Object.entries(input.fields).map(
            ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
          )}
          <button type="submit" name="decision" value="approve">Install app</button>
          <button type="submit" name="decision" value="deny" class="secondary">Cancel</button>
        </form>
      </div>`,
    ),
  );
}

export function oauthErrorPage(message: string): EmulatorResponse {
  return pageResponse(
    400,
    page(
      'Oauth error',
      'Shopify',
      html`<div class="card">
        <h1>Oauth error invalid_request</h1>
        <p>${message}</p>
      </div>`,
    ),
  );
}
