import type { Logger } from 'pino';
import type { MarketplaceId } from '@listloop/domain';
import type { ConnectionService } from '../connections';
import { ConnectorError, type ConnectorRegistry } from '../../connectors/contract';
import type { SaleDetectionRepository } from './sale-detection.repository';
import type { SaleWorkflow } from './sale-workflow';

/**
 * The marketplaces whose sales are found by polling their orders (eBay's getOrders, Etsy's
 * receipts): they send no webhook ListLoop can take. Shopify and Depop report sales by signed
 * webhooks.
 */
export const POLLED_MARKETPLACES = ['ebay', 'etsy'] as const satisfies MarketplaceId[];

/**
 * Orders modified this long before the last poll are asked for again: a marketplace may date
 * an order a little before it makes it visible. Seen orders are deduplicated by the events'
 * unique key, so the overlap costs nothing but a few rows read.
 */
export const POLL_OVERLAP_MS = 2 * 60 * 1000;

/**
 * The poll of a connection's orders: from where the last poll got to (or from when
 * the seller connected), each order line becomes a sale report; the cursor moves only when the
 * whole window was read, so a failed poll is asked again next time.
 */
export class SalePollService {
  constructor(
    private readonly sales: SaleDetectionRepository,
    private readonly connections: ConnectionService,
    private readonly connectors: ConnectorRegistry,
    private readonly workflow: SaleWorkflow,
    private readonly logger: Logger,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The connections to poll now, every account's. */
  async due(): Promise<{ connectionId: string; accountId: string }[]> {
    const rows = await this.connections.connectedOf(
      POLLED_MARKETPLACES.filter((m) => this.connectors.get(m)),
    );
    return rows.map((r) => ({ connectionId: r.id, accountId: r.accountId }));
  }

  /** Polls one connection; answers how many new sales it recorded. */
  async poll(accountId: string, connectionId: string): Promise<number> {
    const connection = await this.connections.findForAccount(accountId, connectionId);
    if (!connection || connection.status !== 'connected') return 0;
    const marketplace = connection.marketplace as MarketplaceId;
    const connector = this.connectors.get(marketplace);
    if (!connector) return 0;
    const until = this.now();
    const from = (await this.sales.pollCursor(connectionId)) ?? connection.createdAt;
    const since = Math.max(0, from.getTime() - POLL_OVERLAP_MS);
    let orders;
    try {
      orders = await connector.fetchOrders({ accountId, userId: 'system', connectionId }, since);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.sales.savePollCursor(accountId, connectionId, from, reason);
      if (error instanceof ConnectorError) {
        this.logger.warn({ connectionId, marketplace, reason }, 'sale poll failed');
        return 0;
      }
      throw error;
    }
    let recorded = 0;
    for (const order of orders) {
      const result = await this.workflow.record({
        accountId,
        marketplace,
        externalOrderId: order.orderId,
        item: { listedID: order.listedID, sku: order.sku ?? null },
        quantity: order.quantity ?? 1,
        salePrice: order.price ?? null,
        currency: order.currency ?? null,
        soldAt: order.soldAt,
        shipBy: order.shipBy ?? null,
        source: 'poll',
      });
      if (result.status === 'recorded') recorded += 1;
    }
    await this.sales.savePollCursor(accountId, connectionId, new Date(until), null);
    return recorded;
  }
}
