import type { EbayPolicyKind } from '@listloop/domain';
import { ConnectorError, type ConnectorScope } from '../contract';
import type { HttpMethod, MarketplaceHttp, MarketplaceRequest } from '../shared/marketplace-http';
import { ebayErrorMessage, ebayErrorsOf, EBAY_CANNOT_REVISE, type EbayApiError } from './errors';

/** ✅ The Sell APIs' base paths (from the descriptions' servers). */
export const EBAY_INVENTORY_PATH = '/sell/inventory/v1';
export const EBAY_ACCOUNT_PATH = '/sell/account/v1';
export const EBAY_FULFILLMENT_PATH = '/sell/fulfillment/v1';
export const EBAY_TAXONOMY_PATH = '/commerce/taxonomy/v1';

/** A node of getCategoryTree's answer (the parts the connector reads). */
export interface EbayCategoryTreeNode {
  category?: { categoryId?: string; categoryName?: string };
  leafCategoryTreeNode?: boolean;
  childCategoryTreeNodes?: EbayCategoryTreeNode[];
}

/** The kinds of business policy: the API's own (the domain's EBAY_POLICY_TYPES). */
export type EbayPolicyType = EbayPolicyKind;

export interface EbayOffer {
  offerId: string;
  sku: string;
  marketplaceId: string;
  format: string;
  status?: string;
  categoryId?: string;
  listingDescription?: string;
  merchantLocationKey?: string;
  pricingSummary?: { price?: { value?: string; currency?: string } };
  listingPolicies?: {
    fulfillmentPolicyId?: string;
    paymentPolicyId?: string;
    returnPolicyId?: string;
  };
  listing?: { listingId?: string; listingStatus?: string; soldQuantity?: number };
  availableQuantity?: number;
}

/** An inventory item as getInventoryItems answers it (the fields the import reads). */
export interface EbayInventoryItem {
  sku: string;
  locale?: string;
  condition?: string;
  conditionDescription?: string;
  availability?: { shipToLocationAvailability?: { quantity?: number } };
  product?: {
    title?: string;
    description?: string;
    brand?: string;
    mpn?: string;
    upc?: string[];
    ean?: string[];
    aspects?: Record<string, unknown>;
    imageUrls?: string[];
  };
}

/** Where an inventory location is (the part of getInventoryLocation the import reads). */
export interface EbayLocationAddress {
  postalCode: string;
  country: string | null;
}

export interface EbayOrderLineItem {
  lineItemId?: string;
  legacyItemId?: string;
  sku?: string;
  quantity?: number;
  total?: { value?: string; currency?: string };
  lineItemCost?: { value?: string; currency?: string };
  /** ✅ eBay's shipByDate: the latest the seller ships the line without a late-shipment defect. */
  lineItemFulfillmentInstructions?: { shipByDate?: string };
}

export interface EbayOrder {
  orderId: string;
  creationDate?: string;
  lastModifiedDate?: string;
  pricingSummary?: { total?: { value?: string; currency?: string } };
  lineItems?: EbayOrderLineItem[];
}

/** The refusal eBay gives when a listing is out of revisions for the day. */
export class EbayRevisionLimitError extends Error {
  override readonly name = 'EbayRevisionLimitError';
  constructor(readonly said: string) {
    super(said);
  }
}

const POLICY_PATH: Record<EbayPolicyType, string> = {
  fulfillment: 'fulfillment_policy',
  payment: 'payment_policy',
  return: 'return_policy',
};

/**
 * eBay's Sell APIs as the connector uses them, over MarketplaceHttp (token, refresh on 401,
 * 429/5xx transient). A 400 is read here: a revision-limit refusal becomes
 * EbayRevisionLimitError, lookups of what does not exist answer null, and any other refusal
 * is a permanent ConnectorError in eBay's words.
 */
export class EbayClient {
  constructor(
    readonly http: MarketplaceHttp,
    readonly marketplaceId: string,
    /** The Content-Language of listing payloads (the marketplace's language). */
    private readonly contentLanguage: string,
  ) {}

  private async send<T>(
    scope: ConnectorScope,
    method: HttpMethod,
    path: string,
    request: MarketplaceRequest & { absentIds?: number[] } = {},
  ): Promise<{ status: number; body: T } | null> {
    const { absentIds, ...rest } = request;
    const allow = [...(rest.allow ?? []), 400];
    const response = await this.http.request<T>(scope, method, path, {
      ...rest,
      allow,
      headers: { 'x-ebay-c-marketplace-id': this.marketplaceId, ...rest.headers },
    });
    if (response.status === 404 && rest.allow?.includes(404)) return null;
    if (response.status !== 400) return { status: response.status, body: response.body };
    const errors = ebayErrorsOf(response.body);
    if (absentIds && errors.length > 0 && errors.every((e) => absentIds.includes(e.errorId ?? 0))) {
      return null;
    }
    const said = ebayErrorMessage(400, response.body) ?? 'eBay refused the request (400).';
    if (errors.some((e) => e.errorId === EBAY_CANNOT_REVISE))
      throw new EbayRevisionLimitError(said);
    throw new ConnectorError(said);
  }

  private listingHeaders(): Record<string, string> {
    return { 'content-language': this.contentLanguage };
  }

  async putInventoryItem(scope: ConnectorScope, sku: string, item: unknown): Promise<void> {
    await this.send(
      scope,
      'PUT',
      `${EBAY_INVENTORY_PATH}/inventory_item/${encodeURIComponent(sku)}`,
      {
        json: item,
        headers: this.listingHeaders(),
      },
    );
  }

  /** The SKU's offers on this marketplace (fixed price); none when eBay has none. */
  async offers(scope: ConnectorScope, sku: string): Promise<EbayOffer[]> {
    const response = await this.send<{ offers?: EbayOffer[] }>(
      scope,
      'GET',
      `${EBAY_INVENTORY_PATH}/offer`,
      {
        query: { sku, marketplace_id: this.marketplaceId, format: 'FIXED_PRICE' },
        allow: [404],
        // ✅ 25713 "offer not available" and 25702 "SKU not found": no offer yet.
        absentIds: [25713, 25702],
      },
    );
    return (response?.body.offers ?? []).filter(
      (offer) => offer.marketplaceId === this.marketplaceId && offer.format === 'FIXED_PRICE',
    );
  }

  /**
   * One page of the seller's inventory items, from `offset` (the records to skip). `next` is
   * the offset eBay's own `next` link asks for, null on the last page.
   */
  async inventoryItems(
    scope: ConnectorScope,
    query: { limit: number; offset: number },
  ): Promise<{ items: EbayInventoryItem[]; next: number | null; total: number }> {
    const response = await this.send<{
      inventoryItems?: EbayInventoryItem[];
      next?: string;
      total?: number;
    }>(scope, 'GET', `${EBAY_INVENTORY_PATH}/inventory_item`, {
      query: { limit: query.limit, offset: query.offset },
    });
    const body = response?.body ?? {};
    const items = (body.inventoryItems ?? []).filter(
      (item): item is EbayInventoryItem => typeof item?.sku === 'string' && item.sku !== '',
    );
    let next: number | null = null;
    if (body.next && (body.inventoryItems ?? []).length > 0) {
      // ◐ The description calls offset a page number; following eBay's link is right in both
      // readings. Without a readable offset in it, the next records are after this page's.
      const linked = Number(safeUrl(body.next)?.searchParams.get('offset') ?? NaN);
      next =
        Number.isInteger(linked) && linked > query.offset
          ? linked
          : query.offset + (body.inventoryItems ?? []).length;
    }
    return { items, next, total: body.total ?? 0 };
  }

  /** Every offer of a SKU, whatever its marketplace or format; none when eBay has none. */
  async allOffers(scope: ConnectorScope, sku: string): Promise<EbayOffer[]> {
    const response = await this.send<{ offers?: EbayOffer[] }>(
      scope,
      'GET',
      `${EBAY_INVENTORY_PATH}/offer`,
      { query: { sku }, allow: [404], absentIds: [25713, 25702] },
    );
    return response?.body.offers ?? [];
  }

  /** Creates the offer; when one already exists (a create that crashed), answers its id. */
  async createOffer(scope: ConnectorScope, offer: unknown): Promise<string> {
    const response = await this.http.request<{ offerId?: string; errors?: EbayApiError[] }>(
      scope,
      'POST',
      `${EBAY_INVENTORY_PATH}/offer`,
      {
        json: offer,
        headers: { ...this.listingHeaders(), 'x-ebay-c-marketplace-id': this.marketplaceId },
        allow: [400],
      },
    );
    if (response.status !== 400 && response.body.offerId) return response.body.offerId;
    const existing = ebayErrorsOf(response.body)
      .flatMap((e) => e.parameters ?? [])
      .find((p) => p.name === 'offerId' && p.value);
    if (existing?.value) return existing.value;
    throw new ConnectorError(
      ebayErrorMessage(response.status, response.body) ?? 'eBay did not create the offer.',
    );
  }

  async updateOffer(scope: ConnectorScope, offerId: string, offer: unknown): Promise<void> {
    await this.send(scope, 'PUT', `${EBAY_INVENTORY_PATH}/offer/${encodeURIComponent(offerId)}`, {
      json: offer,
      headers: this.listingHeaders(),
    });
  }

  async publishOffer(scope: ConnectorScope, offerId: string): Promise<string> {
    const response = await this.send<{ listingId?: string }>(
      scope,
      'POST',
      `${EBAY_INVENTORY_PATH}/offer/${encodeURIComponent(offerId)}/publish`,
    );
    const listingId = response?.body.listingId;
    if (!listingId)
      throw new ConnectorError('eBay published the offer without a listing id.', {
        transient: true,
      });
    return listingId;
  }

  async withdrawOffer(scope: ConnectorScope, offerId: string): Promise<void> {
    await this.send(
      scope,
      'POST',
      `${EBAY_INVENTORY_PATH}/offer/${encodeURIComponent(offerId)}/withdraw`,
    );
  }

  /** Sets a SKU's ship-to-home quantity; throws eBay's per-SKU refusal. */
  async setQuantity(scope: ConnectorScope, sku: string, quantity: number): Promise<void> {
    const response = await this.send<{
      responses?: Array<{ statusCode?: number; errors?: EbayApiError[] }>;
    }>(scope, 'POST', `${EBAY_INVENTORY_PATH}/bulk_update_price_quantity`, {
      json: { requests: [{ sku, shipToLocationAvailability: { quantity } }] },
    });
    const result = response?.body.responses?.[0];
    if (result && result.statusCode !== 200) {
      const body = { errors: result.errors ?? [] };
      const said =
        ebayErrorMessage(400, body) ?? `eBay did not change the quantity (${result.statusCode}).`;
      if (body.errors.some((e) => e.errorId === EBAY_CANNOT_REVISE))
        throw new EbayRevisionLimitError(said);
      throw new ConnectorError(said);
    }
  }

  async locationExists(scope: ConnectorScope, key: string): Promise<boolean> {
    const response = await this.send(
      scope,
      'GET',
      `${EBAY_INVENTORY_PATH}/location/${encodeURIComponent(key)}`,
      {
        allow: [404],
        absentIds: [25805],
      },
    );
    return response !== null;
  }

  /** The address of the seller's location `key`; null when it does not exist or has no postal code. */
  async locationAddress(scope: ConnectorScope, key: string): Promise<EbayLocationAddress | null> {
    const response = await this.send<{
      location?: { address?: { postalCode?: unknown; country?: unknown } };
    }>(scope, 'GET', `${EBAY_INVENTORY_PATH}/location/${encodeURIComponent(key)}`, {
      allow: [404],
      absentIds: [25805],
    });
    const address = response?.body.location?.address;
    const postalCode = typeof address?.postalCode === 'string' ? address.postalCode.trim() : '';
    if (!postalCode) return null;
    const country =
      typeof address?.country === 'string' && address.country ? address.country : null;
    return { postalCode, country };
  }

  async createLocation(scope: ConnectorScope, key: string, location: unknown): Promise<void> {
    // 409: it exists already (made meanwhile), which is what was wanted.
    await this.send(scope, 'POST', `${EBAY_INVENTORY_PATH}/location/${encodeURIComponent(key)}`, {
      json: location,
      allow: [409],
      absentIds: [25803],
    });
  }

  /** One page of orders. */
  async orders(
    scope: ConnectorScope,
    query: { filter: string; limit: number; offset: number },
  ): Promise<{ orders: EbayOrder[]; next: string | null; total: number }> {
    const response = await this.send<{ orders?: EbayOrder[]; next?: string; total?: number }>(
      scope,
      'GET',
      `${EBAY_FULFILLMENT_PATH}/order`,
      { query },
    );
    const body = response?.body ?? {};
    return { orders: body.orders ?? [], next: body.next ?? null, total: body.total ?? 0 };
  }

  async policies(scope: ConnectorScope, type: EbayPolicyType): Promise<Record<string, unknown>[]> {
    const response = await this.send<Record<string, unknown>>(
      scope,
      'GET',
      `${EBAY_ACCOUNT_PATH}/${POLICY_PATH[type]}`,
      {
        query: { marketplace_id: this.marketplaceId },
      },
    );
    const list = response?.body[`${type}Policies`];
    return Array.isArray(list) ? (list as Record<string, unknown>[]) : [];
  }

  async policy(
    scope: ConnectorScope,
    type: EbayPolicyType,
    id: string,
  ): Promise<Record<string, unknown> | null> {
    const response = await this.send<Record<string, unknown>>(
      scope,
      'GET',
      `${EBAY_ACCOUNT_PATH}/${POLICY_PATH[type]}/${encodeURIComponent(id)}`,
      { allow: [404], absentIds: [20404, 20403] },
    );
    return response?.body ?? null;
  }

  async policyByName(
    scope: ConnectorScope,
    type: EbayPolicyType,
    name: string,
  ): Promise<Record<string, unknown> | null> {
    const response = await this.send<Record<string, unknown>>(
      scope,
      'GET',
      `${EBAY_ACCOUNT_PATH}/${POLICY_PATH[type]}/get_by_policy_name`,
      { query: { marketplace_id: this.marketplaceId, name }, allow: [404], absentIds: [20404] },
    );
    return response?.body ?? null;
  }

  async optedInPrograms(scope: ConnectorScope): Promise<string[]> {
    const response = await this.send<{ programs?: Array<{ programType?: string }> }>(
      scope,
      'GET',
      `${EBAY_ACCOUNT_PATH}/program/get_opted_in_programs`,
    );
    return (response?.body.programs ?? []).flatMap((p) => (p.programType ? [p.programType] : []));
  }

  async optIn(scope: ConnectorScope, programType: string): Promise<void> {
    await this.send(scope, 'POST', `${EBAY_ACCOUNT_PATH}/program/opt_in`, {
      json: { programType },
    });
  }

  /** ✅ Taxonomy's getDefaultCategoryTreeId for the connector's site. */
  async defaultCategoryTreeId(scope: ConnectorScope): Promise<string> {
    const response = await this.send<{ categoryTreeId?: string }>(
      scope,
      'GET',
      `${EBAY_TAXONOMY_PATH}/get_default_category_tree_id`,
      { query: { marketplace_id: this.marketplaceId } },
    );
    const id = response?.body.categoryTreeId;
    if (!id) throw new ConnectorError(`eBay named no category tree for ${this.marketplaceId}.`);
    return id;
  }

  /** ✅ Taxonomy's getCategoryTree: the whole tree (eBay asks apps to cache it). */
  async categoryTree(
    scope: ConnectorScope,
    treeId: string,
  ): Promise<{ version: string | null; root: EbayCategoryTreeNode }> {
    const response = await this.send<{
      categoryTreeVersion?: string;
      rootCategoryNode?: EbayCategoryTreeNode;
    }>(scope, 'GET', `${EBAY_TAXONOMY_PATH}/category_tree/${encodeURIComponent(treeId)}`);
    const root = response?.body.rootCategoryNode;
    if (!root) throw new ConnectorError(`eBay sent no category tree ${treeId}.`);
    return { version: response.body.categoryTreeVersion ?? null, root };
  }
}

function safeUrl(value: string): URL | null {
  try {
    return new URL(value, 'https://api.ebay.com');
  } catch {
    return null;
  }
}
