import crypto from 'node:crypto';
import type { Clock } from '../core/clock';

/**
 * ✅ Depop's webhook signature (partnerapi.depop.com/api-docs/how-to-guides/validate-webhooks/;
 * the OpenAPI description defines the payloads, not the signature): X-Depop-Signature is the
 * hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the webhook secret Depop gives the
 * partner (not the API key); X-Depop-Timestamp is that timestamp in seconds since the epoch.
 */
export const DEPOP_SIGNATURE_HEADER = 'x-depop-signature';
export const DEPOP_TIMESTAMP_HEADER = 'x-depop-timestamp';

export function signDepopWebhook(secret: string, timestamp: number | string, body: string): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** Where Depop sends webhooks: set up by Depop on request (✅ there is no portal or API for it). */
export interface DepopWebhookSubscription {
  url: string;
  secret: string;
}

export interface DepopWebhookAttempt {
  at: number;
  /** The receiver's status; 0 when it could not be reached. */
  status: number;
  error: string | null;
  /** The headers of this attempt: each is signed anew with its own timestamp. */
  headers: Record<string, string>;
}

/** One webhook; every attempt sends the same id and body. */
export interface DepopWebhookDelivery {
  /** The payload's `id`: the same on every attempt, what a receiver deduplicates on. */
  webhookId: string;
  eventType: string;
  url: string;
  body: string;
  attempts: DepopWebhookAttempt[];
}

/** ◐ How long a receiver has to answer (Depop does not say). */
const DELIVERY_TIMEOUT_MS = 5000;

/**
 * Sends webhooks the way Depop's guide describes: a POST of the JSON payload to the partner's
 * URL, signed over the timestamp and the exact body. Depop's delivery is "best effort", and a
 * receiver may see one twice: `redeliver` sends the same webhook again.
 */
export class DepopWebhookDispatcher {
  readonly deliveries: DepopWebhookDelivery[] = [];
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly clock: Clock,
    private readonly fetchImpl: typeof fetch,
  ) {}

  /** Creates the delivery and sends it once (in the background). */
  dispatch(
    subscription: DepopWebhookSubscription,
    payload: { id: string; event_type: string },
  ): DepopWebhookDelivery {
    const delivery: DepopWebhookDelivery = {
      webhookId: payload.id,
      eventType: payload.event_type,
      url: subscription.url,
      body: JSON.stringify(payload),
      attempts: [],
    };
    this.deliveries.push(delivery);
    this.track(this.send(delivery, subscription.secret));
    return delivery;
  }

  /** Sends a delivery again: same id and body, a new timestamp and signature. */
  redeliver(webhookId: string, secret: string): Promise<DepopWebhookDelivery> {
    const delivery = this.deliveries.find((d) => d.webhookId === webhookId);
    if (!delivery) return Promise.reject(new Error(`No webhook ${webhookId} was sent`));
    const sending = this.send(delivery, secret);
    this.track(sending);
    return sending.then(() => delivery);
  }

  /** Waits until every delivery under way has had its answer. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  clear(): void {
    this.deliveries.length = 0;
  }

  private track(sending: Promise<void>): void {
    this.pending.add(sending);
    void sending.finally(() => this.pending.delete(sending));
  }

  private async send(delivery: DepopWebhookDelivery, secret: string): Promise<void> {
    const at = this.clock.now();
    const timestamp = Math.floor(at / 1000);
    const headers = {
      'content-type': 'application/json',
      [DEPOP_TIMESTAMP_HEADER]: String(timestamp),
      [DEPOP_SIGNATURE_HEADER]: signDepopWebhook(secret, timestamp, delivery.body),
    };
    try {
      const response = await this.fetchImpl(delivery.url, {
        method: 'POST',
        headers,
        body: delivery.body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      delivery.attempts.push({ at, status: response.status, error: null, headers });
    } catch (error) {
      delivery.attempts.push({
        at,
        status: 0,
        error: error instanceof Error ? error.message : String(error),
        headers,
      });
    }
  }
}
