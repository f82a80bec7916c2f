import {
  isInPerson,
  listingActor,
  listingStateOf,
  tryTransition,
  type SaleChannel,
} from '@listloop/domain';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import type { ItemRecord, ItemService } from '../items';
import type { SaleEventRow } from './sale-detection.repository';
import type { SaleWorkflow } from './sale-workflow';

/**
 * PUT …/mark-item-as-sold: the seller records a sale ListLoop could not hear of, on one of
 * the item's marketplaces or in person (decision 0020), with what they know of it: how many
 * units, the price, the date. Recorded as a manual sale, so everything a heard-of sale does
 * follows. Refused when the listing there cannot be sold (as the listing engine refuses it)
 * or when fewer units are left than it says sold. The order id is the item's last change,
 * so the same request sent twice before it is recorded is one sale.
 */
export class MarkSoldService {
  constructor(
    private readonly items: ItemService,
    private readonly workflow: SaleWorkflow,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async markSold(
    ctx: RequestContext,
    userId: string,
    itemId: string,
    input: {
      marketplace: SaleChannel;
      quantity?: number | undefined;
      salePrice?: number | undefined;
      currency?: string | undefined;
      soldAt?: string | undefined;
    },
  ): Promise<{ event: SaleEventRow; item: ItemRecord | null }> {
    const owner = await this.items.owner(ctx, userId);
    const row = await this.items.findRecord(ctx.accountId, owner, itemId);
    if (!row) throw notFound('No such item.');
    const { marketplace } = input;
    const quantity = input.quantity ?? 1;
    const soldAt = input.soldAt ? Date.parse(input.soldAt) : this.now();
    // A clock a few minutes ahead is not a sale in the future.
    if (soldAt > this.now() + 5 * 60_000) {
      const message = 'The sale cannot be dated in the future.';
      throw badRequest(message, [{ path: 'soldAt', message }]);
    }
    if (!isInPerson(marketplace)) {
      const listing = (row.listings[marketplace] ?? null) as Record<string, unknown> | null;
      const allowed = tryTransition(
        listingStateOf(listing),
        { type: 'sold' },
        { marketplace, at: this.now(), by: listingActor.user(ctx.user.id) },
      );
      if (!allowed.ok) throw conflict(allowed.refused.message);
    }
    const units = row.generalDetails.quantity;
    if (units <= 0) {
      throw conflict(
        'No units of this item are left: it has sold already. Raise its quantity first if you have another one.',
      );
    }
    if (quantity > units) {
      throw conflict(
        `Only ${units} ${units === 1 ? 'unit is' : 'units are'} left, so ${quantity} cannot have sold. Raise the quantity first if you had more.`,
      );
    }
    const recorded = await this.workflow.record({
      accountId: ctx.accountId,
      marketplace,
      externalOrderId: `manual:${marketplace}:${row.dateLastModified}`,
      item: { itemId },
      quantity,
      salePrice: input.salePrice ?? null,
      currency: input.salePrice === undefined ? null : (input.currency ?? null),
      soldAt,
      source: 'manual',
    });
    if (recorded.status === 'unknown_item') throw notFound('No such item.');
    // The item as this sale left it: what it queued elsewhere may already be under way.
    return { event: recorded.event, item: recorded.status === 'recorded' ? recorded.item : null };
  }
}
