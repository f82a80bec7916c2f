import { storableListingUrl, type Item } from '@listloop/domain';
import { notFound } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import { NO_SUCH_ITEM } from '../items';
import { keyOf, type ListingEngine } from './listing-context';
import type { CurrentOperation } from './listing.repository';

/** Reads of an item's listings: the item as the API answers it, its history, its operations. */
export class ListingReads {
  constructor(private readonly engine: ListingEngine) {}

  /** The item as the API answers it (after a change made elsewhere, e.g. a manual sale). */
  async item(ctx: RequestContext, userId: string, itemId: string): Promise<Item> {
    const owner = await this.engine.items.owner(ctx, userId);
    return this.engine.items.get(ctx, owner, itemId);
  }

  async history(ctx: RequestContext, userId: string, itemId: string, marketplace?: string) {
    const key = await keyOf(this.engine.items, ctx, userId, itemId);
    const item = await this.engine.items.findRecord(key.accountId, key.userId, itemId);
    if (!item) throw notFound(NO_SUCH_ITEM);
    const rows = await this.engine.listings.events(key.accountId, itemId, marketplace);
    return rows.map((r) => ({
      id: r.id,
      marketplace: r.marketplace,
      at: r.at,
      by: r.by,
      event: r.event,
      from: r.fromStatus,
      to: r.toStatus,
      reason: r.reason,
      fromOperation: (r.data.fromOperation as string | null | undefined) ?? null,
      toOperation: (r.data.toOperation as string | null | undefined) ?? null,
      listedID: (r.data.listedID as string | null | undefined) ?? null,
      listingURL: storableListingUrl(r.data.listingURL as string | null | undefined),
    }));
  }

  /** Where the operations a sale queued stand now, each followed to its latest retry. */
  currentOperationsOf(
    accountId: string,
    operationIds: readonly string[],
  ): Promise<Map<string, CurrentOperation>> {
    return this.engine.listings.currentOperationsOf(accountId, operationIds);
  }

  /** The caller's extension work that waits, per marketplace (the dashboard). */
  extensionBacklog(ctx: RequestContext) {
    return this.engine.listings.extensionBacklog(
      ctx.accountId,
      ctx.user.id,
      new Date(this.engine.now()),
    );
  }

  /** The listings among these a relist was queued for since `since` and has not failed. */
  relistedSince(
    accountId: string,
    itemIds: readonly string[],
    marketplaces: readonly string[],
    since: Date,
  ): Promise<Set<string>> {
    return this.engine.listings.relistedSince(accountId, itemIds, marketplaces, since);
  }
}
