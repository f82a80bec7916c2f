import type { Logger } from 'pino';
import { MARKETPLACE_NAMES, type MarketplaceId } from '@listloop/domain';
import {
  ConnectorError,
  WebhookSignatureError,
  type ConnectorRegistry,
  type SaleEvent,
  type WebhookHeaders,
} from '../../connectors/contract';
import { AppError, badRequest, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import { NO_METRICS, type Metrics } from '../../platform/observability/metrics';
import { NO_TRACING, type Tracing } from '../../platform/observability/tracing';
import type { ConnectionService } from '../connections';
import type { WebhookDeliveryRepository } from './webhook-delivery.repository';

export type { WebhookHeaders };

/**
 * The sales a verified delivery reports, for each account connected to the store or seller it
 * names (the sale workflow). Called on repeats too: recording a sale is idempotent, so a
 * delivery whose first handling failed is handled on the marketplace's redelivery.
 */
export type WebhookSales = (
  accountIds: readonly string[],
  sales: readonly SaleEvent[],
) => Promise<void>;

/**
 * Webhooks the marketplaces deliver, one path for all of them. A delivery is verified by the
 * marketplace's connector (Shopify: the HMAC of the raw body; Depop: the HMAC of the timestamp
 * and raw body) before a byte of it is parsed: an anonymous body costs one HMAC, never a JSON
 * parse. It is then matched to the connections of the seller account it names, and recorded
 * once per (marketplace, delivery id) with the events the connector read from it; its sales go
 * to the sale workflow. An unverified delivery is refused and never written.
 */
export class WebhookService {
  constructor(
    private readonly connectors: ConnectorRegistry,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly connections: Pick<ConnectionService, 'ofExternalAccount'>,
    private readonly logger: Logger,
    private readonly onSales: WebhookSales = async () => undefined,
    /**
     * Deliveries and refusals counted, and each delivery a span: the root of the trace that
     * ends in the delists its sales cause (decision 0062).
     */
    private readonly observe: {
      metrics: Pick<Metrics, 'webhookDelivery' | 'webhookRefusal'>;
      tracing: Tracing;
    } = { metrics: NO_METRICS, tracing: NO_TRACING },
  ) {}

  /** POST /webhook/<marketplace>: answers whether this delivery was new (false: a repeat). */
  receive(
    marketplace: MarketplaceId,
    headers: WebhookHeaders,
    raw: Buffer,
  ): Promise<{ recorded: boolean }> {
    return this.observe.tracing.inSpan(
      `webhook ${marketplace}`,
      { kind: 'server', attributes: { 'listloop.marketplace': marketplace } },
      () => this.intake(marketplace, headers, raw),
    );
  }

  private async intake(
    marketplace: MarketplaceId,
    headers: WebhookHeaders,
    raw: Buffer,
  ): Promise<{ recorded: boolean }> {
    const { metrics } = this.observe;
    const connector = this.connectors.get(marketplace);
    if (!connector?.receiveWebhook) {
      metrics.webhookRefusal(marketplace, 'not_configured');
      const name = MARKETPLACE_NAMES[marketplace];
      throw notFound(
        `ListLoop takes no ${name} webhooks here: this server has no ${name} app keys configured.`,
      );
    }
    let delivery;
    try {
      delivery = await connector.receiveWebhook(headers, raw);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        metrics.webhookRefusal(marketplace, 'signature');
        throw new AppError(401, 'auth/forbidden', error.message);
      }
      if (error instanceof ConnectorError) {
        metrics.webhookRefusal(marketplace, 'malformed');
        throw badRequest(error.message);
      }
      throw error;
    }
    const { owner, topic } = delivery;
    const connections = owner ? await this.connections.ofExternalAccount(marketplace, owner) : [];
    const [first] = connections;
    const recorded = await this.deliveries.insertOnce({
      id: newId(),
      marketplace,
      deliveryId: delivery.deliveryId,
      accountId: first?.accountId ?? null,
      connectionId: first?.id ?? null,
      topic,
      payload: { ...delivery.record, connections },
      error: first
        ? null
        : `No connection of the ${delivery.ownerNoun} ${owner || '(none named)'}.`,
    });
    metrics.webhookDelivery(marketplace, !first ? 'unmatched' : recorded ? 'recorded' : 'repeat');
    if (!first) {
      this.logger.warn(
        { marketplace, owner, topic },
        `a ${MARKETPLACE_NAMES[marketplace]} webhook for a ${delivery.ownerNoun} nobody connected`,
      );
    }
    if (delivery.sales.length > 0 && connections.length > 0) {
      await this.onSales([...new Set(connections.map((c) => c.accountId))], delivery.sales);
    }
    return { recorded };
  }
}
