import type { MarketplaceId } from '@listloop/domain';
import type { ConnectorWebhookEvent } from '../../connectors/contract';
import type { SaleReport } from './sale-detection.service';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * The sale reports of a verified webhook's sold events, for one account. Shopify names the
 * product (listedID), order, SKU, quantity, price and currency; Depop the product, purchase,
 * SKU (ListLoop's `<item id>-rN`, read back as `itemID`), price and currency. An event without
 * an order id is not a sale ListLoop can keep once (and is skipped).
 */
export function salesFromWebhook(
  accountId: string,
  marketplace: MarketplaceId,
  events: readonly ConnectorWebhookEvent[],
): SaleReport[] {
  return events.flatMap((event): SaleReport[] => {
    if (event.type !== 'sold') return [];
    const data = event.data;
    const orderId = text(data.orderId);
    if (!orderId) return [];
    return [
      {
        accountId,
        marketplace,
        externalOrderId: orderId,
        item: {
          itemId: text(data.itemID),
          listedID: event.listedID,
          sku: text(data.sku),
        },
        quantity: Math.max(1, Math.trunc(num(data.quantity) ?? 1)),
        salePrice: num(data.price),
        currency: text(data.currency)?.toUpperCase() ?? null,
        soldAt: num(data.soldAt),
        source: 'webhook',
      },
    ];
  });
}
