import { ConnectorError } from '../contract';
import type { ConnectionAuth, ConnectorScope } from '../contract';
import type { MarketplaceHttp } from '../shared/marketplace-http';
import type { EtsyInventory } from './mapper';

/** ✅ Open API v3's application API (the description's paths). */
export const ETSY_API_PATH = '/v3/application';

export interface EtsyShop {
  shopId: number;
  userId: number;
  name: string;
  currency: string;
}

export interface EtsyMoney {
  amount: number;
  divisor: number;
  currency_code: string;
}

/** The parts of a ListingImage the connector reads. */
export interface EtsyListingImage {
  listing_image_id: number;
  rank: number;
  url_fullxfull: string;
}

/** The parts of a ListingInventory the import reads. */
export interface EtsyInventoryAnswer {
  products?: Array<{
    offerings?: Array<{ is_enabled?: boolean; readiness_state_id?: number | null }>;
  }>;
}

/**
 * The parts of a ShopListing the connector reads (`images` and `inventory` when asked for with
 * includes).
 */
export interface EtsyListingAnswer {
  listing_id: number;
  shop_id: number;
  state: string;
  title?: string;
  description?: string;
  quantity?: number;
  price?: EtsyMoney;
  skus?: string[];
  url?: string;
  taxonomy_id?: number | null;
  who_made?: string | null;
  when_made?: string | null;
  is_supply?: boolean | null;
  tags?: string[];
  materials?: string[];
  shipping_profile_id?: number | null;
  shop_section_id?: number | null;
  item_weight?: number | null;
  item_weight_unit?: string | null;
  item_length?: number | null;
  item_width?: number | null;
  item_height?: number | null;
  item_dimensions_unit?: string | null;
  images?: EtsyListingImage[];
  inventory?: EtsyInventoryAnswer;
}

/** A SellerTaxonomyNode (the parts the connector reads). */
export interface EtsyTaxonomyNode {
  id: number;
  name: string;
  children?: EtsyTaxonomyNode[];
}

/** ◐ A ShopShippingProfile (getShopShippingProfiles), the parts the connector reads. */
export interface EtsyShippingProfileAnswer {
  shipping_profile_id: number;
  title?: string | null;
  origin_country_iso?: string | null;
  is_deleted?: boolean;
}

/** ◐ A ShopProcessingProfile (getShopReadinessStateDefinitions). */
export interface EtsyProcessingProfileAnswer {
  readiness_state_id: number;
  readiness_state?: string;
  min_processing_days?: number;
  max_processing_days?: number;
}

/** ✅ The associations getListingsByShop attaches to each listing on request. */
export type EtsyListingAssociation = 'Images' | 'Inventory';

export interface EtsyTransaction {
  transaction_id: number;
  listing_id: number;
  sku?: string | null;
  quantity?: number;
  price?: EtsyMoney;
  /** ✅ The date (epoch seconds) the seller is expected to ship the transaction by. */
  expected_ship_date?: number | null;
}

export interface EtsyReceipt {
  receipt_id: number;
  create_timestamp: number;
  update_timestamp?: number;
  transactions?: EtsyTransaction[];
}

export type EtsyListingStateFilter = 'active' | 'inactive' | 'sold_out' | 'draft' | 'expired';

/** A photo fetched from its URL, ready to upload as a file. */
export interface EtsyPhotoFile {
  blob: Blob;
  filename: string;
}

/** ✅ The numeric user id an Etsy access token starts with (`12345678.<token>`). */
export function etsyUserIdOf(accessToken: string): number | null {
  const match = /^(\d+)\./.exec(accessToken);
  return match?.[1] ? Number(match[1]) : null;
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

/**
 * Etsy's Open API v3 as the connector uses it, over MarketplaceHttp (x-api-key and the
 * seller's token on every call, a refresh on 401, 429 and 5xx transient, Etsy's words on a
 * refusal). Lookups of what does not exist answer null.
 */
export class EtsyClient {
  private readonly shops = new Map<string, EtsyShop>();

  constructor(
    readonly http: MarketplaceHttp,
    private readonly auth: ConnectionAuth,
  ) {}

  /**
   * The connection's shop: its id and currency, from the seller's user id (in the token), or
   * the `shopId` stored with the connection. Looked up once per connection and seller.
   */
  async shop(scope: ConnectorScope): Promise<EtsyShop> {
    const token = await this.auth.token(scope, 'etsy');
    const userId = etsyUserIdOf(token.accessToken);
    const storedShopId = token.extra.shopId;
    const key = `${token.connectionId}|${userId ?? ''}|${storedShopId ?? ''}`;
    const cached = this.shops.get(key);
    if (cached) return cached;
    let path: string;
    if (storedShopId && /^\d+$/.test(storedShopId)) path = `${ETSY_API_PATH}/shops/${storedShopId}`;
    else if (userId !== null) path = `${ETSY_API_PATH}/users/${userId}/shops`;
    else {
      throw new ConnectorError(
        'ListLoop cannot tell which Etsy shop this connection is for. Reconnect your Etsy account in Marketplaces.',
      );
    }
    const response = await this.http.request<{
      shop_id?: number;
      user_id?: number;
      shop_name?: string;
      currency_code?: string;
    }>(scope, 'GET', path, { allow: [404] });
    const body = response.body;
    if (response.status === 404 || typeof body.shop_id !== 'number') {
      throw new ConnectorError(
        'The connected Etsy account has no shop. Open an Etsy shop, then reconnect it in Marketplaces.',
      );
    }
    const shop: EtsyShop = {
      shopId: body.shop_id,
      userId: body.user_id ?? userId ?? 0,
      name: body.shop_name ?? '',
      currency: body.currency_code ?? 'USD',
    };
    this.shops.set(key, shop);
    return shop;
  }

  async createDraft(
    scope: ConnectorScope,
    shopId: number,
    fields: Record<string, string>,
  ): Promise<EtsyListingAnswer> {
    const response = await this.http.request<EtsyListingAnswer>(
      scope,
      'POST',
      `${ETSY_API_PATH}/shops/${shopId}/listings`,
      { body: form(fields), headers: FORM },
    );
    if (typeof response.body?.listing_id !== 'number') {
      throw new ConnectorError('Etsy created the listing without saying its id.', {
        transient: true,
      });
    }
    return response.body;
  }

  /** PATCHes a listing; null when Etsy has no such listing any more. */
  async updateListing(
    scope: ConnectorScope,
    shopId: number,
    listingId: string | number,
    fields: Record<string, string>,
  ): Promise<EtsyListingAnswer | null> {
    const response = await this.http.request<EtsyListingAnswer>(
      scope,
      'PATCH',
      `${ETSY_API_PATH}/shops/${shopId}/listings/${encodeURIComponent(String(listingId))}`,
      { body: form(fields), headers: FORM, allow: [404] },
    );
    return response.status === 404 ? null : response.body;
  }

  async listing(
    scope: ConnectorScope,
    listingId: string | number,
  ): Promise<EtsyListingAnswer | null> {
    const response = await this.http.request<EtsyListingAnswer>(
      scope,
      'GET',
      `${ETSY_API_PATH}/listings/${encodeURIComponent(String(listingId))}`,
      { allow: [404] },
    );
    return response.status === 404 ? null : response.body;
  }

  /**
   * One page of the shop's listings in a state, newest first, or oldest first; with the
   * associations asked for (✅ `includes=Images&includes=Inventory`) in the same call.
   */
  async listingsByShop(
    scope: ConnectorScope,
    shopId: number,
    state: EtsyListingStateFilter,
    page: { limit: number; offset: number },
    options: { oldestFirst?: boolean; includes?: readonly EtsyListingAssociation[] } = {},
  ): Promise<{ count: number; results: EtsyListingAnswer[] }> {
    // `includes` repeats once per association; the query option holds one value per name.
    const includes = (options.includes ?? []).map((name) => `includes=${name}`).join('&');
    const response = await this.http.request<{ count?: number; results?: EtsyListingAnswer[] }>(
      scope,
      'GET',
      `${ETSY_API_PATH}/shops/${shopId}/listings${includes ? `?${includes}` : ''}`,
      {
        query: {
          state,
          limit: page.limit,
          offset: page.offset,
          sort_on: 'created',
          sort_order: options.oldestFirst ? 'asc' : 'desc',
        },
      },
    );
    return { count: response.body.count ?? 0, results: response.body.results ?? [] };
  }

  /** How many images a listing has. */
  async imageCount(scope: ConnectorScope, listingId: number): Promise<number> {
    const response = await this.http.request<{ count?: number; results?: unknown[] }>(
      scope,
      'GET',
      `${ETSY_API_PATH}/listings/${listingId}/images`,
    );
    return response.body.count ?? response.body.results?.length ?? 0;
  }

  async uploadImage(
    scope: ConnectorScope,
    shopId: number,
    listingId: number,
    photo: EtsyPhotoFile,
    rank: number,
  ): Promise<void> {
    const body = new FormData();
    body.set('image', photo.blob, photo.filename);
    body.set('rank', String(rank));
    // fetch writes the multipart content type with its boundary.
    await this.http.request(
      scope,
      'POST',
      `${ETSY_API_PATH}/shops/${shopId}/listings/${listingId}/images`,
      { body },
    );
  }

  async updateInventory(
    scope: ConnectorScope,
    listingId: string | number,
    inventory: EtsyInventory,
  ): Promise<void> {
    await this.http.request(
      scope,
      'PUT',
      `${ETSY_API_PATH}/listings/${encodeURIComponent(String(listingId))}/inventory`,
      { json: inventory },
    );
  }

  /**
   * ✅ getSellerTaxonomyNodes: the categories sellers list in, nested. Public data, read with
   * the app's key alone (no seller's token).
   */
  async sellerTaxonomy(): Promise<EtsyTaxonomyNode[]> {
    const response = await this.http.request<{ results?: EtsyTaxonomyNode[] }>(
      null,
      'GET',
      `${ETSY_API_PATH}/seller-taxonomy/nodes`,
    );
    return response.body.results ?? [];
  }

  /** ◐ getShopShippingProfiles: every shipping profile of the shop (Etsy does not page them). */
  async shippingProfiles(
    scope: ConnectorScope,
    shopId: number,
  ): Promise<EtsyShippingProfileAnswer[]> {
    const response = await this.http.request<{ results?: EtsyShippingProfileAnswer[] }>(
      scope,
      'GET',
      `${ETSY_API_PATH}/shops/${shopId}/shipping-profiles`,
    );
    return response.body.results ?? [];
  }

  /** ◐ getShopReadinessStateDefinitions: one page of the shop's processing profiles. */
  async processingProfiles(
    scope: ConnectorScope,
    shopId: number,
    page: { limit: number; offset: number },
  ): Promise<{ count: number; results: EtsyProcessingProfileAnswer[] }> {
    const response = await this.http.request<{
      count?: number;
      results?: EtsyProcessingProfileAnswer[];
    }>(scope, 'GET', `${ETSY_API_PATH}/shops/${shopId}/readiness-state-definitions`, {
      query: { limit: page.limit, offset: page.offset },
    });
    return { count: response.body.count ?? 0, results: response.body.results ?? [] };
  }

  /** One page of the shop's receipts changed since a time (Unix seconds), newest first. */
  async receipts(
    scope: ConnectorScope,
    shopId: number,
    query: { minLastModified: number; limit: number; offset: number },
  ): Promise<{ count: number; results: EtsyReceipt[] }> {
    const response = await this.http.request<{ count?: number; results?: EtsyReceipt[] }>(
      scope,
      'GET',
      `${ETSY_API_PATH}/shops/${shopId}/receipts`,
      {
        query: {
          min_last_modified: query.minLastModified,
          limit: query.limit,
          offset: query.offset,
        },
      },
    );
    return { count: response.body.count ?? 0, results: response.body.results ?? [] };
  }
}
