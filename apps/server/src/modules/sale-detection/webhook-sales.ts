import type { MarketplaceId } from '@listloop/domain';
import type { ConnectorWebhookEvent } from '../listings/connector';
import type { VerifiedSale } from './sale-report';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * The sales of a verified webhook's sold events (any account's: the workflow's receive names
 * them). Shopify names the
 * product (listedID), order, SKU, quantity, price and currency; Depop the product, purchase,
 * SKU (ListLoop's `<item id>-rN`, read back as `itemID`), price and currency. An event without
 * an order id is not a sale ListLoop can keep once (and is skipped).
 */
export function salesFromWebhook(
  marketplace: MarketplaceId,
  events: readonly ConnectorWebhookEvent[],
): VerifiedSale[] {
  return events.flatMap((event): VerifiedSale[] => {
    if (event.type !== 'sold') return [];
    const data = event.data;
    const orderId = text(data.orderId);
    if (!orderId) return [];
    return [
      {
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
      },
    ];
  });
}
