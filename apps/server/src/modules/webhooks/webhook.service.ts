import type { Logger } from 'pino';
import { ShopifyWebhookSignatureError } from '../../connectors/shopify/webhook';
import { DepopWebhookSignatureError } from '../../connectors/depop/webhook';
import { AppError, badRequest, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import {
  ConnectorError,
  type ConnectorRegistry,
  type ConnectorWebhookEvent,
} from '../../connectors/contract';
import type { WebhookDeliveryRepository } from './webhook-delivery.repository';

export type WebhookHeaders = Record<string, string | string[] | undefined>;

function header(headers: WebhookHeaders, name: string): string | null {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() || null;
}

/**
 * Webhooks the marketplaces deliver. A delivery is verified by the marketplace's connector
 * (Shopify: the HMAC of the raw body) before a byte of it is parsed: an anonymous body costs
 * one HMAC, never a JSON parse. It is then matched to the connections of the seller account it
 * names, and recorded once per (marketplace, delivery id) with the events the connector read
 * from it; acting on them (sale events) is the sale-detection work, which reads these rows.
 * An unverified delivery is refused and never written.
 */
export class WebhookService {
  constructor(
    private readonly connectors: ConnectorRegistry,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly logger: Logger,
    /**
     * The sales a verified delivery reports, for each account connected to the store or
     * seller it names (sale detection). Called on repeats too: recording a sale is idempotent,
     * so a delivery whose first handling failed is handled on the marketplace's redelivery.
     */
    private readonly onSold: (
      accountIds: readonly string[],
      marketplace: 'shopify' | 'depop',
      events: readonly ConnectorWebhookEvent[],
    ) => Promise<void> = async () => undefined,
  ) {}

  private async handleSales(
    marketplace: 'shopify' | 'depop',
    connections: readonly { accountId: string }[],
    events: readonly ConnectorWebhookEvent[],
  ): Promise<void> {
    const sold = events.filter((event) => event.type === 'sold');
    if (sold.length === 0 || connections.length === 0) return;
    const accounts = [...new Set(connections.map((c) => c.accountId))];
    await this.onSold(accounts, marketplace, sold);
  }

  /** POST /webhook/shopify: answers whether this delivery was new (false: a repeat). */
  async receiveShopify(headers: WebhookHeaders, raw: Buffer): Promise<{ recorded: boolean }> {
    const connector = this.connectors.get('shopify');
    if (!connector) {
      throw notFound(
        'ListLoop takes no Shopify webhooks here: this server has no Shopify app keys configured.',
      );
    }
    let events;
    try {
      events = await connector.parseWebhook(headers, raw);
    } catch (error) {
      if (error instanceof ShopifyWebhookSignatureError) {
        throw new AppError(401, 'auth/forbidden', error.message);
      }
      if (error instanceof ConnectorError) throw badRequest(error.message);
      throw error;
    }
    // Present and trusted once verified: the library refuses a webhook without them.
    const webhookId = header(headers, 'x-shopify-webhook-id') ?? '';
    const topic = (header(headers, 'x-shopify-topic') ?? '').toLowerCase();
    const shop = (header(headers, 'x-shopify-shop-domain') ?? '').toLowerCase();
    const connections = await this.deliveries.connectionsOf('shopify', shop);
    const [first] = connections;
    const recorded = await this.deliveries.insertOnce({
      id: newId(),
      marketplace: 'shopify',
      deliveryId: webhookId,
      accountId: first?.accountId ?? null,
      connectionId: first?.id ?? null,
      topic,
      // The events, not the whole order: the buyer's address and e-mail are not ours to keep.
      payload: {
        shopDomain: shop,
        eventId: header(headers, 'x-shopify-event-id'),
        apiVersion: header(headers, 'x-shopify-api-version'),
        triggeredAt: header(headers, 'x-shopify-triggered-at'),
        events,
        connections,
      },
      error: first ? null : `No connection of the Shopify store ${shop}.`,
    });
    if (!first) this.logger.warn({ shop, topic }, 'a Shopify webhook for a store nobody connected');
    await this.handleSales('shopify', connections, events);
    return { recorded };
  }

  /**
   * POST /webhook/depop: Depop's signed webhooks (newOrder and the others), verified by the
   * connector (HMAC-SHA256 of the timestamp and raw body, X-Depop-Signature, within five
   * minutes), matched to the connections of the Depop seller they name and recorded once per
   * webhook id (the same on every delivery). Answers whether this delivery was new.
   */
  async receiveDepop(headers: WebhookHeaders, raw: Buffer): Promise<{ recorded: boolean }> {
    const connector = this.connectors.get('depop');
    if (!connector) throw notFound('ListLoop takes no Depop webhooks here.');
    let events;
    try {
      events = await connector.parseWebhook(headers, raw);
    } catch (error) {
      if (error instanceof DepopWebhookSignatureError) {
        throw new AppError(401, 'auth/forbidden', error.message);
      }
      if (error instanceof ConnectorError) throw badRequest(error.message);
      throw error;
    }
    // Verified (and a JSON object, or the connector would have refused it): trusted now.
    const body = JSON.parse(raw.toString('utf8')) as {
      id?: unknown;
      event_type?: unknown;
      data?: unknown;
    };
    const webhookId =
      typeof body.id === 'string' || typeof body.id === 'number' ? String(body.id) : '';
    if (!webhookId) throw badRequest('A Depop webhook carries its id.');
    const data = (body.data && typeof body.data === 'object' ? body.data : {}) as {
      seller_id?: unknown;
    };
    const sellerId =
      typeof data.seller_id === 'string' || typeof data.seller_id === 'number'
        ? String(data.seller_id)
        : '';
    const topic = typeof body.event_type === 'string' ? body.event_type : '';
    const connections = sellerId ? await this.deliveries.connectionsOf('depop', sellerId) : [];
    const [first] = connections;
    const recorded = await this.deliveries.insertOnce({
      id: newId(),
      marketplace: 'depop',
      deliveryId: webhookId,
      accountId: first?.accountId ?? null,
      connectionId: first?.id ?? null,
      topic,
      // The events (products, SKUs, prices, purchase ids), not the buyer's name and address.
      payload: { sellerId, events, connections },
      error: first ? null : `No connection of the Depop seller ${sellerId || '(none named)'}.`,
    });
    if (!first)
      this.logger.warn({ sellerId, topic }, 'a Depop webhook for a seller nobody connected');
    await this.handleSales('depop', connections, events);
    return { recorded };
  }
}
