import crypto from 'node:crypto';
import type { Clock } from '../core/clock';
import { iso, type WebhookSubscriptionRecord, type WebhookTopic } from './store';

/** orders/create for ORDERS_CREATE: the topic as Shopify names it in X-Shopify-Topic. */
export function topicHeader(topic: WebhookTopic): string {
  const [resource, ...action] = topic.toLowerCase().split('_');
  return `${resource}/${action.join('_')}`;
}

/** X-Shopify-Hmac-Sha256: the base64 HMAC-SHA256 of the raw body, keyed with the app's secret. */
export function signWebhook(secret: string, rawBody: string | Buffer): string {
  return crypto.createHmac('sha256', secret).update(rawBody).digest('base64');
}

export interface WebhookAttempt {
  at: number;
  /** The receiver's status; 0 when it could not be reached. */
  status: number;
  error: string | null;
}

/** One webhook (one event for one subscription); every attempt sends the same id and body. */
export interface WebhookDelivery {
  webhookId: string;
  eventId: string;
  topic: string;
  shop: string;
  callbackUrl: string;
  apiVersion: string;
  body: string;
  headers: Record<string, string>;
  attempts: WebhookAttempt[];
}

/** How long a receiver has to answer a webhook (Shopify allows five seconds). */
const DELIVERY_TIMEOUT_MS = 5000;

/**
 * Sends webhooks the way Shopify does: POST of the JSON payload, signed with the secret of the
 * app that subscribed, with the topic, shop, API version, webhook id and event id headers.
 * Shopify delivers at least once, so a receiver must deduplicate on X-Shopify-Webhook-Id;
 * `redeliver` sends the same webhook again to prove it does.
 */
export class WebhookDispatcher {
  readonly deliveries: WebhookDelivery[] = [];
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly secretOf: (clientId: string) => string | null,
    private readonly clock: Clock,
    private readonly fetchImpl: typeof fetch,
  ) {}

  /** Creates the delivery for an event and sends it once (in the background). */
  dispatch(
    shop: string,
    subscription: WebhookSubscriptionRecord,
    payload: Record<string, unknown>,
    eventId: string,
  ): WebhookDelivery | null {
    const secret = this.secretOf(subscription.clientId);
    if (secret === null) return null;
    const body = JSON.stringify(payload);
    const webhookId = crypto.randomUUID();
    const topic = topicHeader(subscription.topic);
    const delivery: WebhookDelivery = {
      webhookId,
      eventId,
      topic,
      shop,
      callbackUrl: subscription.callbackUrl,
      apiVersion: subscription.apiVersion,
      body,
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': topic,
        'x-shopify-hmac-sha256': signWebhook(secret, body),
        'x-shopify-shop-domain': shop,
        'x-shopify-api-version': subscription.apiVersion,
        'x-shopify-webhook-id': webhookId,
        'x-shopify-event-id': eventId,
        'x-shopify-triggered-at': iso(this.clock.now()),
      },
      attempts: [],
    };
    this.deliveries.push(delivery);
    this.track(this.send(delivery));
    return delivery;
  }

  /** Sends a delivery again, unchanged (same webhook id, same body and signature). */
  redeliver(webhookId: string): Promise<WebhookDelivery> {
    const delivery = this.deliveries.find((d) => d.webhookId === webhookId);
    if (!delivery) return Promise.reject(new Error(`No webhook ${webhookId} was sent`));
    const sending = this.send(delivery);
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

  private async send(delivery: WebhookDelivery): Promise<void> {
    const at = this.clock.now();
    try {
      const response = await this.fetchImpl(delivery.callbackUrl, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      delivery.attempts.push({ at, status: response.status, error: null });
    } catch (error) {
      delivery.attempts.push({
        at,
        status: 0,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}
