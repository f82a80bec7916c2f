import { ConnectorError, type ConnectorScope } from '../contract';
import type { MarketplaceHttp } from '../shared/marketplace-http';

/** ✅ The Seller API's base path; every endpoint ends in '/'. */
export const DEPOP_API_PATH = '/api/v1';

/** ✅ The answer of a create-or-update. */
export interface DepopPutAnswer {
  product_id: number;
  slug: string;
  sku?: string | null;
}

/** The parts of the description's Product this connector reads. */
export interface DepopProduct {
  product_id: number;
  sku?: string | null;
  slug: string;
  status: string;
  quantity?: number;
}

export interface DepopOrderLineItem {
  purchase_item_id?: number;
  sku?: string | null;
  product_id?: number;
  slug?: string;
  sold_price?: string;
  original_price?: string;
}

export interface DepopOrder {
  purchase_id: string;
  seller_id?: number;
  status?: string;
  currency?: string;
  created_at?: string;
  line_items?: DepopOrderLineItem[];
}

/** ✅ The shop an API key belongs to. */
export interface DepopShop {
  /** Depop's seller id: the `seller_id` of the shop's webhooks and orders. */
  sellerId: string;
  username: string;
  countryCode: string;
}

const sku = (value: string) => `${DEPOP_API_PATH}/products/by-sku/${encodeURIComponent(value)}`;
const productId = (value: string) =>
  `${DEPOP_API_PATH}/products/by-product-id/${encodeURIComponent(value)}`;

/**
 * Depop's Seller API as the connector uses it, over MarketplaceHttp (the seller's API key as
 * the bearer token; a 401 goes to the ConnectionAuth, 429 and 5xx are transient, any other
 * refusal is a permanent ConnectorError in Depop's words). Lookups of what does not exist
 * answer null.
 */
export class DepopClient {
  constructor(readonly http: MarketplaceHttp) {}

  /** ✅ PUT by SKU: creates the product, or updates (and restocks) the SKU's product. */
  async putProduct(
    scope: ConnectorScope,
    productSku: string,
    product: Record<string, unknown>,
  ): Promise<DepopPutAnswer> {
    const response = await this.http.request<Partial<DepopPutAnswer>>(
      scope,
      'PUT',
      `${sku(productSku)}/`,
      { json: product },
    );
    const { product_id: id, slug } = response.body ?? {};
    if (typeof id !== 'number' || typeof slug !== 'string') {
      throw new ConnectorError('Depop saved the product without saying its id and slug.', {
        transient: true,
      });
    }
    return { product_id: id, slug, sku: response.body.sku ?? null };
  }

  async productById(scope: ConnectorScope, id: string): Promise<DepopProduct | null> {
    const response = await this.http.request<DepopProduct>(scope, 'GET', `${productId(id)}/`, {
      allow: [404],
    });
    return response.status === 404 ? null : response.body;
  }

  /** ✅ Idempotent: 200 whether or not the product exists. */
  async deleteById(scope: ConnectorScope, id: string): Promise<void> {
    await this.http.request(scope, 'DELETE', `${productId(id)}/`);
  }

  async deleteBySku(scope: ConnectorScope, productSku: string): Promise<void> {
    await this.http.request(scope, 'DELETE', `${sku(productSku)}/`);
  }

  /** ✅ Marks a product sold elsewhere; false when Depop has no such product (404). */
  async markSoldById(scope: ConnectorScope, id: string): Promise<boolean> {
    const response = await this.http.request(scope, 'POST', `${productId(id)}/mark-as-sold/`, {
      allow: [404],
    });
    return response.status !== 404;
  }

  async markSoldBySku(scope: ConnectorScope, productSku: string): Promise<boolean> {
    const response = await this.http.request(scope, 'POST', `${sku(productSku)}/mark-as-sold/`, {
      allow: [404],
    });
    return response.status !== 404;
  }

  /** ✅ PATCH of an ON SALE product's fields (quantity at least 1, prices). */
  async patchById(
    scope: ConnectorScope,
    id: string,
    patch: Record<string, unknown>,
  ): Promise<void> {
    await this.http.request(scope, 'PATCH', `${productId(id)}/`, { json: patch });
  }

  /** One page of orders, newest first; `cursor` continues after the last page. */
  async orders(
    scope: ConnectorScope,
    query: { from?: string; cursor?: string; limit: number },
  ): Promise<{ orders: DepopOrder[]; cursor: string | null; hasMore: boolean }> {
    const response = await this.http.request<{
      meta?: { cursor?: string; has_more?: boolean };
      data?: DepopOrder[];
    }>(scope, 'GET', `${DEPOP_API_PATH}/orders/`, { query });
    const body = response.body ?? {};
    return {
      orders: body.data ?? [],
      cursor: body.meta?.cursor ?? null,
      hasMore: body.meta?.has_more ?? false,
    };
  }

  async order(scope: ConnectorScope, purchaseId: string): Promise<DepopOrder | null> {
    const response = await this.http.request<DepopOrder>(
      scope,
      'GET',
      `${DEPOP_API_PATH}/orders/${encodeURIComponent(purchaseId)}/`,
      { allow: [404] },
    );
    return response.status === 404 ? null : response.body;
  }

  /** The shop of an API key, asked with that key: how a key is checked when connecting. */
  async shop(apiKey: string): Promise<DepopShop> {
    const response = await this.http.request<{
      id?: number;
      username?: string;
      country_code?: string;
    }>(null, 'GET', `${DEPOP_API_PATH}/shop/`, { token: apiKey, allow: [401, 403] });
    if (response.status === 401) {
      throw new ConnectorError(
        'Depop refused this API key: check that it was copied whole and has not been revoked.',
      );
    }
    if (response.status === 403) {
      throw new ConnectorError(
        'Depop refused this API key access to the shop: use a key with full access.',
      );
    }
    const { id, username, country_code: countryCode } = response.body ?? {};
    if (typeof id !== 'number') {
      throw new ConnectorError('Depop answered without the shop’s seller id.', {
        transient: true,
      });
    }
    return { sellerId: String(id), username: username ?? '', countryCode: countryCode ?? '' };
  }
}
