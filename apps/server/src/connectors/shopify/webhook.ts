import crypto from 'node:crypto';
import {
  ConnectorError,
  saleEventsOf,
  WebhookSignatureError,
  type ConnectorWebhookDelivery,
  type ConnectorWebhookEvent,
  type WebhookHeaders,
} from '../contract';

/** A webhook whose signature does not prove it came from Shopify: answer 401, record nothing. */
export class ShopifyWebhookSignatureError extends WebhookSignatureError {}

export type { WebhookHeaders };

/** What the server keeps of a verified webhook, beside the events. */
export interface ShopifyWebhookMeta {
  /** X-Shopify-Webhook-Id: the same on every delivery of one webhook; deduplicate on it. */
  webhookId: string;
  /** X-Shopify-Event-Id, when sent: the same for every subscription's webhook of one event. */
  eventId: string | null;
  /** orders/create, products/update … */
  topic: string;
  /** The shop's *.myshopify.com domain: which connection the webhook is for. */
  shopDomain: string;
  apiVersion: string;
}

/** The body exactly as received: a string, or the bytes. A parsed object cannot be verified. */
function rawBytes(body: unknown): Buffer | null {
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (Buffer.isBuffer(body)) return body;
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  return null;
}

function gidOf(type: string, value: unknown, legacyId: unknown): string | null {
  if (typeof value === 'string' && value.startsWith('gid://')) return value;
  if (typeof legacyId === 'number' || (typeof legacyId === 'string' && /^\d+$/.test(legacyId))) {
    return `gid://shopify/${type}/${String(legacyId)}`;
  }
  return null;
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * The headers every Shopify webhook carries (Shopify's "Verify webhooks" and the headers it
 * documents beside them), under the names a refusal gives.
 */
const REQUIRED_HEADERS = [
  ['x-shopify-hmac-sha256', 'X-Shopify-Hmac-Sha256'],
  ['x-shopify-topic', 'X-Shopify-Topic'],
  ['x-shopify-shop-domain', 'X-Shopify-Shop-Domain'],
  ['x-shopify-api-version', 'X-Shopify-API-Version'],
  ['x-shopify-webhook-id', 'X-Shopify-Webhook-Id'],
] as const;

/**
 * Verifies Shopify webhooks as Shopify documents it: the base64 HMAC-SHA256 of the raw body
 * with the app's client secret, compared in constant time with X-Shopify-Hmac-Sha256, and the
 * headers every webhook carries present; offline, before the body is parsed. Node's own HMAC,
 * not @shopify/shopify-api's validation: that one rebuilt and canonicalised every header of
 * every delivery, 5 % of the server's work at a hundred sales a second (decision 0068).
 */
export class ShopifyWebhookVerifier {
  private readonly secret: Buffer;

  constructor(secret: string) {
    this.secret = Buffer.from(secret, 'utf8');
  }

  async verify(
    headers: WebhookHeaders,
    body: unknown,
  ): Promise<{ meta: ShopifyWebhookMeta; payload: Record<string, unknown> }> {
    const raw = rawBytes(body);
    if (raw === null) {
      throw new ShopifyWebhookSignatureError(
        'The Shopify webhook must be checked against its raw body, not a parsed one.',
      );
    }
    const refuse = (reason: string) =>
      new ShopifyWebhookSignatureError(`This is not a genuine Shopify webhook: ${reason}.`);
    if (raw.length === 0) throw refuse('its body is empty');
    const signature = header(headers, 'x-shopify-hmac-sha256');
    if (!signature || !this.signs(raw, signature)) {
      throw refuse('its signature (X-Shopify-Hmac-Sha256) does not match');
    }
    const missing = REQUIRED_HEADERS.filter(([name]) => !header(headers, name));
    if (missing.length > 0) {
      throw refuse(`it lacks ${missing.map(([, shown]) => shown).join(', ')}`);
    }
    // Parsed only now: an unverified body is never read as JSON.
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new ConnectorError('The Shopify webhook body is not JSON.');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new ConnectorError('A Shopify webhook carries a JSON object.');
    }
    return {
      meta: {
        webhookId: header(headers, 'x-shopify-webhook-id')!,
        eventId: header(headers, 'x-shopify-event-id'),
        topic: header(headers, 'x-shopify-topic')!.toLowerCase(),
        shopDomain: header(headers, 'x-shopify-shop-domain')!.toLowerCase(),
        apiVersion: header(headers, 'x-shopify-api-version')!,
      },
      payload: parsed as Record<string, unknown>,
    };
  }

  /** Whether `signature` (base64) is the body's HMAC, compared in constant time. */
  private signs(raw: Buffer, signature: string): boolean {
    const expected = crypto.createHmac('sha256', this.secret).update(raw).digest();
    const given = Buffer.from(signature, 'base64');
    // Buffer.from drops what is not base64; only an exact re-encoding is the signature sent.
    if (given.toString('base64') !== signature) return false;
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  }
}

/**
 * The events of a verified webhook: orders/create gives one `sold` event per line item of a
 * product (listedID = the product's GID, with its SKU and variant); products/create and
 * products/update give an `other` event for the product; every event carries the webhook's id,
 * topic and shop in `data` so the server deduplicates and finds the connection.
 */
export function shopifyWebhookEvents(
  meta: ShopifyWebhookMeta,
  payload: Record<string, unknown>,
): ConnectorWebhookEvent[] {
  const base = {
    webhookId: meta.webhookId,
    eventId: meta.eventId,
    topic: meta.topic,
    shopDomain: meta.shopDomain,
  };
  if (meta.topic === 'orders/create') {
    const orderId = gidOf('Order', payload.admin_graphql_api_id, payload.id);
    const soldAt =
      typeof payload.created_at === 'string' ? Date.parse(payload.created_at) : Number.NaN;
    const lines = Array.isArray(payload.line_items) ? payload.line_items.map(record) : [];
    return lines
      .map((line): ConnectorWebhookEvent | null => {
        const listedID = gidOf('Product', null, line.product_id);
        if (!listedID) return null;
        const price = typeof line.price === 'string' ? Number(line.price) : Number.NaN;
        return {
          type: 'sold',
          listedID,
          data: {
            ...base,
            orderId,
            orderName: typeof payload.name === 'string' ? payload.name : null,
            soldAt: Number.isNaN(soldAt) ? null : soldAt,
            sku: typeof line.sku === 'string' ? line.sku : null,
            variantId: gidOf('ProductVariant', null, line.variant_id),
            quantity: typeof line.quantity === 'number' ? line.quantity : 1,
            price: Number.isNaN(price) ? null : price,
            currency: typeof payload.currency === 'string' ? payload.currency : null,
          },
        };
      })
      .filter((event): event is ConnectorWebhookEvent => event !== null);
  }
  if (meta.topic === 'products/create' || meta.topic === 'products/update') {
    const variants = Array.isArray(payload.variants) ? payload.variants.map(record) : [];
    return [
      {
        type: 'other',
        listedID: gidOf('Product', payload.admin_graphql_api_id, payload.id),
        data: {
          ...base,
          status: typeof payload.status === 'string' ? payload.status : null,
          publishedAt: typeof payload.published_at === 'string' ? payload.published_at : null,
          skus: variants.map((v) => v.sku).filter((s): s is string => typeof s === 'string'),
          inventoryQuantity: variants.reduce(
            (sum, v) => sum + (typeof v.inventory_quantity === 'number' ? v.inventory_quantity : 0),
            0,
          ),
        },
      },
    ];
  }
  return [{ type: 'other', listedID: null, data: base }];
}

function header(headers: WebhookHeaders, name: string): string | null {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() || null;
}

/**
 * A verified webhook as the server records it: once per X-Shopify-Webhook-Id, for the
 * connections of the shop it names, with its events and the ids Shopify sent beside them.
 */
export function shopifyWebhookDelivery(
  headers: WebhookHeaders,
  meta: ShopifyWebhookMeta,
  payload: Record<string, unknown>,
): ConnectorWebhookDelivery {
  const events = shopifyWebhookEvents(meta, payload);
  // Present and trusted once verified: the verifier refuses a webhook without them.
  const shop = (header(headers, 'x-shopify-shop-domain') ?? '').toLowerCase();
  return {
    deliveryId: header(headers, 'x-shopify-webhook-id') ?? '',
    topic: (header(headers, 'x-shopify-topic') ?? '').toLowerCase(),
    owner: shop,
    ownerNoun: 'Shopify store',
    // The events, not the whole order: the buyer's address and e-mail are not ours to keep.
    record: {
      shopDomain: shop,
      eventId: header(headers, 'x-shopify-event-id'),
      apiVersion: header(headers, 'x-shopify-api-version'),
      triggeredAt: header(headers, 'x-shopify-triggered-at'),
      events,
    },
    events,
    sales: saleEventsOf('shopify', events),
  };
}
