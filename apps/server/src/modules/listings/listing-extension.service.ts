import {
  MARKETPLACE_NAMES,
  isUpdateEvent,
  listingActor,
  type Item,
  type ListingEvent,
  type MarketplaceId,
} from '@listloop/domain';
import { conflict, notFound } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import { NO_SUCH_ITEM } from '../items';
import type { ListingChanges } from './listing-changes';
import { keyOf, sentPatch, type ListingEngine } from './listing-context';
import {
  NO_SUCH_OPERATION,
  operationView,
  stoppedMessage,
  type OperationView,
} from './listing.messages';

/**
 * The executor protocol: what the browser extension (or a person) claims, holds and reports,
 * and the operations the item screen shows.
 */
export class ListingExtensionService {
  constructor(
    private readonly engine: ListingEngine,
    private readonly changes: ListingChanges,
  ) {}

  /**
   * The set-listing-* reports, and mark-item-as-sold. An executor names itself (`executorId`):
   * the history records it, and a report on an operation another executor holds under a live
   * lease is refused, so two browsers cannot both carry one operation out.
   */
  async report(
    ctx: RequestContext,
    userId: string,
    itemId: string,
    marketplace: MarketplaceId,
    event: ListingEvent,
    executorId?: string,
  ): Promise<Item> {
    const key = await keyOf(this.engine.items, ctx, userId, itemId);
    const update = isUpdateEvent(event.type);
    const active = update
      ? await this.engine.listings.activeUpdate(key.accountId, itemId, marketplace)
      : await this.engine.listings.active(key.accountId, itemId, marketplace);
    if (
      executorId &&
      active &&
      active.executor === 'extension' &&
      active.status === 'running' &&
      active.leaseOwner !== null &&
      active.leaseOwner !== executorId &&
      (active.leaseExpiresAt?.getTime() ?? 0) > this.engine.now()
    ) {
      throw conflict('Another executor holds this operation.');
    }
    const by = executorId ? listingActor.executor(executorId) : listingActor.user(ctx.user.id);
    if (update) {
      if (!active) {
        throw conflict(
          `${MARKETPLACE_NAMES[marketplace]}: no update is pending for this listing, so there is nothing to report.`,
        );
      }
      const recorded = await this.changes.updateOutcome(
        active,
        event,
        by,
        sentPatch(active.sentHash),
      );
      if (!recorded) {
        throw conflict(
          `${MARKETPLACE_NAMES[marketplace]}: this listing is no longer listed (sold, delisted or marked not listed meanwhile), so there is no update to record.`,
        );
      }
      return this.engine.items.get(ctx, key.userId, itemId);
    }
    // The digest of the listing the executor was handed, when it asked for it; none otherwise.
    const patch = event.type === 'listed' ? sentPatch(active?.sentHash ?? null) : undefined;
    return this.changes.change(key, [{ marketplace, event, ...(patch ? { patch } : {}) }], by);
  }

  async markNotListed(
    ctx: RequestContext,
    userId: string,
    itemId: string,
    marketplaces: MarketplaceId[],
  ): Promise<Item> {
    const key = await keyOf(this.engine.items, ctx, userId, itemId);
    return this.changes.change(
      key,
      [...new Set(marketplaces)].map((marketplace) => ({
        marketplace,
        event: { type: 'mark_not_listed' } as ListingEvent,
      })),
      listingActor.user(ctx.user.id),
      { skipUnchanged: true },
    );
  }

  /** POST /api/rest/v1/executor/claim: the caller's queued extension operations, leased. */
  async claim(
    ctx: RequestContext,
    input: {
      marketplaces: MarketplaceId[];
      max: number;
      leaseSeconds: number;
      executorId?: string;
    },
  ) {
    const now = this.engine.now();
    return this.engine.listings.claim({
      accountId: ctx.accountId,
      userId: ctx.user.id,
      marketplaces: [...new Set(input.marketplaces)],
      max: input.max,
      owner: input.executorId ?? ctx.user.id,
      now: new Date(now),
      leaseExpiresAt: new Date(now + input.leaseSeconds * 1000),
    });
  }

  /** Extends the lease of an operation the caller's executor holds. */
  async heartbeat(
    ctx: RequestContext,
    operationId: string,
    input: { leaseSeconds: number; executorId?: string },
  ): Promise<OperationView> {
    const op = await this.engine.listings.find(ctx.accountId, operationId);
    if (!op || op.userId !== ctx.user.id || op.executor !== 'extension')
      throw notFound(NO_SUCH_OPERATION);
    if (op.status === 'canceled' && op.cancelReason !== null) throw conflict(stoppedMessage(op));
    if (op.status !== 'running') throw conflict('This operation is not running; claim it first.');
    if (op.leaseOwner !== (input.executorId ?? ctx.user.id))
      throw conflict('Another executor holds this operation.');
    const leaseExpiresAt = new Date(this.engine.now() + input.leaseSeconds * 1000);
    await this.engine.listings.update(ctx.accountId, operationId, { leaseExpiresAt });
    return operationView({ ...op, leaseExpiresAt });
  }

  /** The item's operations (newest first): what the item screen shows while jobs run. */
  async operations(
    ctx: RequestContext,
    userId: string,
    itemId: string,
    marketplace?: MarketplaceId,
  ): Promise<OperationView[]> {
    const key = await keyOf(this.engine.items, ctx, userId, itemId);
    const item = await this.engine.items.findRecord(key.accountId, key.userId, itemId);
    if (!item) throw notFound(NO_SUCH_ITEM);
    const rows = await this.engine.listings.operationsOf(key.accountId, itemId, {
      ...(marketplace ? { marketplace } : {}),
      limit: 50,
    });
    return rows.map(operationView);
  }

  /**
   * Executor: one operation of the caller with what it needs to carry it out: the item, the
   * listing exactly as it must be sent (rules and overrides applied, photos at their listing
   * size) and anything that would stop the marketplace taking it.
   */
  async executorOperation(ctx: RequestContext, operationId: string) {
    const op = await this.engine.listings.find(ctx.accountId, operationId);
    if (!op || op.userId !== ctx.user.id || op.executor !== 'extension')
      throw notFound(NO_SUCH_OPERATION);
    const marketplace = op.marketplace as MarketplaceId;
    const item = await this.engine.items.get(ctx, op.userId, op.itemId);
    const { listing, problems, digest } = await this.engine.builder.compose(
      ctx.accountId,
      item,
      marketplace,
    );
    // What the extension is handed is what its report of success records as sent.
    if (op.operation !== 'delist' && op.sentHash !== digest) {
      await this.engine.listings.update(ctx.accountId, op.id, { sentHash: digest });
    }
    return { operation: operationView(op), item, listing, problems };
  }
}
