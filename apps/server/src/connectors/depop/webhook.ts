import crypto from 'node:crypto';
import {
  ConnectorError,
  saleEventsOf,
  WebhookSignatureError,
  type ConnectorWebhookDelivery,
  type ConnectorWebhookEvent,
  type WebhookHeaders,
} from '../contract';
import { depopItemId } from './mapper';

/** A webhook that cannot be shown to come from Depop: answer 401, record nothing. */
export class DepopWebhookSignatureError extends WebhookSignatureError {}

export type { WebhookHeaders };

/**
 * ✅ Depop signs webhooks (partnerapi.depop.com/api-docs/how-to-guides/validate-webhooks/; the
 * OpenAPI description has the payloads only): X-Depop-Signature is the hex HMAC-SHA256 of
 * `<X-Depop-Timestamp>.<raw body>` keyed with the webhook secret Depop gives (not the API key).
 */
export const DEPOP_SIGNATURE_HEADER = 'x-depop-signature';
export const DEPOP_TIMESTAMP_HEADER = 'x-depop-timestamp';

/** ✅ Event types of the description's webhooks. */
export const DEPOP_EVENTS = {
  newOrder: 'v1:order.new',
  orderRefunded: 'v1:order.refund',
  productLiked: 'v1:product.like',
  productUnliked: 'v1:product.unlike',
} as const;

/**
 * The webhook secret for a seller: one partner-wide secret, or one per seller (each seller who
 * connects their own partner access was given their own by Depop). Null when none is known.
 */
export type DepopWebhookSecret =
  string | ((sellerId: string | null) => string | null | Promise<string | null>);

function headerOf(headers: WebhookHeaders, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    const one = Array.isArray(value) ? value[0] : value;
    return one ?? null;
  }
  return null;
}

/** The body exactly as received: a string, or the bytes. A parsed object cannot be verified. */
function rawBytes(body: unknown): Buffer | null {
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  return null;
}

/** The payload of a webhook: a JSON object, or the webhook is refused. */
function parsePayload(raw: Buffer): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new ConnectorError('The Depop webhook body is not JSON.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ConnectorError('A Depop webhook carries a JSON object.');
  }
  return parsed as Record<string, unknown>;
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function idText(value: unknown): string | null {
  if (typeof value === 'string' && value) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** The hex HMAC-SHA256 of `<timestamp>.<body>`, over the body's bytes as they were sent. */
export function signDepopWebhook(
  secret: string,
  timestamp: string,
  rawBody: string | Uint8Array,
): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`${timestamp}.`, 'utf8')
    .update(rawBody)
    .digest('hex');
}

export interface DepopWebhookCheck {
  secret: DepopWebhookSecret | undefined;
  /** Epoch milliseconds. */
  now: number;
  /** ◐ How old a webhook may be ("a reasonable time frame", Depop says): 5 minutes by default. */
  toleranceSeconds: number;
}

/**
 * Verifies a Depop webhook against its raw body and returns its payload: the signature over
 * the timestamp and the body with the seller's webhook secret (compared in constant time), and
 * a timestamp within the tolerance either way, which stops a recorded webhook being replayed.
 *
 * The body is parsed only once the signature holds, so an anonymous body costs one HMAC. The
 * one exception is a secret chosen per seller (a function), which needs the seller id the body
 * names before it can check anything; the server configures one partner-wide secret, and the
 * route caps the body, so that path costs at most one parse of a small body.
 */
export async function verifyDepopWebhook(
  headers: WebhookHeaders,
  body: unknown,
  check: DepopWebhookCheck,
): Promise<Record<string, unknown>> {
  const raw = rawBytes(body);
  if (raw === null) {
    throw new DepopWebhookSignatureError(
      'The Depop webhook must be checked against its raw body, not a parsed one.',
    );
  }
  const signature = headerOf(headers, DEPOP_SIGNATURE_HEADER);
  const timestamp = headerOf(headers, DEPOP_TIMESTAMP_HEADER);
  if (!signature || !timestamp) {
    const missing = [
      signature ? null : 'X-Depop-Signature',
      timestamp ? null : 'X-Depop-Timestamp',
    ].filter(Boolean);
    throw new DepopWebhookSignatureError(
      `This is not a genuine Depop webhook: it lacks ${missing.join(' and ')}.`,
    );
  }
  let payload: Record<string, unknown> | null = null;
  let secret: string | null;
  if (typeof check.secret === 'function') {
    // The seller only picks the secret; nothing of the body is trusted before the signature holds.
    payload = parsePayload(raw);
    const sellerId = idText(record(payload.data).seller_id);
    secret = await check.secret(sellerId);
    if (!secret) {
      throw new DepopWebhookSignatureError(
        `ListLoop has no Depop webhook secret${sellerId ? ` for seller ${sellerId}` : ''}, so it cannot check this webhook.`,
      );
    }
  } else {
    secret = check.secret ?? null;
    if (!secret) {
      throw new DepopWebhookSignatureError(
        'ListLoop has no Depop webhook secret, so it cannot check this webhook.',
      );
    }
  }
  const expected = Buffer.from(signDepopWebhook(secret, timestamp, raw), 'utf8');
  const given = Buffer.from(signature.trim().toLowerCase(), 'utf8');
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
    throw new DepopWebhookSignatureError(
      'This is not a genuine Depop webhook: its signature (X-Depop-Signature) does not match.',
    );
  }
  const sentAt = Number(timestamp);
  if (!/^\d+$/.test(timestamp) || Math.abs(check.now / 1000 - sentAt) > check.toleranceSeconds) {
    throw new DepopWebhookSignatureError(
      'The Depop webhook is too old (or dated in the future) to be taken: its X-Depop-Timestamp is outside the allowed window.',
    );
  }
  return payload ?? parsePayload(raw);
}

/**
 * The events of a verified webhook. newOrder gives one `sold` event per line item (listedID =
 * Depop's product id, with the SKU and our item id from it); the others an `other` event.
 * Every event carries the webhook's id (the same on every delivery: deduplicate on it), the
 * purchase and line ids (a sale is unique per purchase and line) and the seller.
 */
export function depopWebhookEvents(payload: Record<string, unknown>): ConnectorWebhookEvent[] {
  const data = record(payload.data);
  const eventType = typeof payload.event_type === 'string' ? payload.event_type : '';
  const createdAt = typeof payload.created_at === 'string' ? Date.parse(payload.created_at) : NaN;
  const base = {
    webhookId: idText(payload.id),
    eventType,
    sellerId: idText(data.seller_id),
  };
  if (eventType === DEPOP_EVENTS.newOrder) {
    const lines = Array.isArray(data.line_items) ? data.line_items.map(record) : [];
    return lines.flatMap((line): ConnectorWebhookEvent[] => {
      const listedID = idText(line.product_id);
      if (!listedID) return [];
      const sku = typeof line.sku === 'string' && line.sku ? line.sku : null;
      const price = typeof line.sold_price === 'string' ? Number(line.sold_price) : NaN;
      return [
        {
          type: 'sold',
          listedID,
          data: {
            ...base,
            orderId: idText(data.purchase_id),
            purchaseItemId: idText(line.purchase_item_id),
            sku,
            itemID: sku ? depopItemId(sku) : null,
            slug: typeof line.slug === 'string' ? line.slug : null,
            soldAt: Number.isNaN(createdAt) ? null : createdAt,
            price: Number.isFinite(price) ? price : null,
            currency: typeof data.currency === 'string' ? data.currency : null,
            status: typeof data.status === 'string' ? data.status : null,
          },
        },
      ];
    });
  }
  return [
    {
      type: 'other',
      listedID: idText(data.product_id),
      data: {
        ...base,
        orderId: idText(data.purchase_id),
        sku: typeof data.sku === 'string' ? data.sku : null,
      },
    },
  ];
}

/**
 * A verified webhook as the server records it: once per its id (the same on every delivery),
 * for the connections of the seller it names, with its events (products, SKUs, prices,
 * purchase ids), not the buyer's name and address.
 */
export function depopWebhookDelivery(payload: Record<string, unknown>): ConnectorWebhookDelivery {
  const deliveryId = idText(payload.id);
  if (!deliveryId) throw new ConnectorError('A Depop webhook carries its id.');
  const sellerId = idText(record(payload.data).seller_id) ?? '';
  const events = depopWebhookEvents(payload);
  return {
    deliveryId,
    topic: typeof payload.event_type === 'string' ? payload.event_type : '',
    owner: sellerId || null,
    ownerNoun: 'Depop seller',
    record: { sellerId, events },
    events,
    sales: saleEventsOf('depop', events),
  };
}
