import {
  EXECUTOR_QUEUE_LIMIT,
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
  notHeldMessage,
  operationView,
  stoppedMessage,
  type OperationView,
} from './listing.messages';
import type { ListingOperationRow } from './listing.repository';

/** Held for the seller: an executor stopped on it and handed it to them (needs you). */
function isHeld(op: ListingOperationRow): boolean {
  return op.status === 'queued' && op.needsYouReason !== null;
}

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

  /**
   * POST /api/rest/v1/executor/claim: the caller's queued extension operations, leased. The
   * claim says the executor is there and signed in on those marketplaces; that is recorded
   * first, so a claim whose record fails hands out nothing.
   */
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
    const marketplaces = [...new Set(input.marketplaces)];
    const owner = input.executorId ?? ctx.user.id;
    await this.engine.onClaim({
      accountId: ctx.accountId,
      userId: ctx.user.id,
      tokenId: ctx.executorTokenId,
      executorId: owner,
      marketplaces,
      at: now,
    });
    return this.engine.listings.claim({
      accountId: ctx.accountId,
      userId: ctx.user.id,
      marketplaces,
      max: input.max,
      owner,
      now: new Date(now),
      leaseExpiresAt: new Date(now + input.leaseSeconds * 1000),
    });
  }

  /** An extension operation of the caller's own, as the executor routes find it (else 404). */
  private async executorsOwn(ctx: RequestContext, operationId: string) {
    const op = await this.engine.listings.find(ctx.accountId, operationId);
    if (!op || op.userId !== ctx.user.id || op.executor !== 'extension')
      throw notFound(NO_SUCH_OPERATION);
    return op;
  }

  /** Refuses (409) an executor that does not hold the operation under its lease now. */
  private assertHolds(op: ListingOperationRow, owner: string): void {
    if (op.status === 'canceled' && op.cancelReason !== null) throw conflict(stoppedMessage(op));
    if (op.status !== 'running') throw conflict('This operation is not running; claim it first.');
    if (op.leaseOwner !== owner) throw conflict('Another executor holds this operation.');
  }

  /** Extends the lease of an operation the caller's executor holds. */
  async heartbeat(
    ctx: RequestContext,
    operationId: string,
    input: { leaseSeconds: number; executorId?: string },
  ): Promise<OperationView> {
    const op = await this.executorsOwn(ctx, operationId);
    this.assertHolds(op, input.executorId ?? ctx.user.id);
    const leaseExpiresAt = new Date(this.engine.now() + input.leaseSeconds * 1000);
    await this.engine.listings.update(ctx.accountId, operationId, { leaseExpiresAt });
    return operationView({ ...op, leaseExpiresAt });
  }

  /**
   * POST …/operations/{operationId}/needs-you: the executor holding the operation stopped on a
   * page that needs the seller (decision 0041). The operation goes back to queued, its lease let
   * go, and no claim takes it until the seller says "Try again"; the listing stays queued.
   * Saying it again of an operation already held answers it as it is (the first stop stands).
   */
  async needsYou(
    ctx: RequestContext,
    operationId: string,
    input: { reason: string; detail?: string; pageUrl?: string; executorId?: string },
  ): Promise<OperationView> {
    const owner = input.executorId ?? ctx.user.id;
    const hold = {
      reason: input.reason,
      detail: input.detail || null,
      pageUrl: input.pageUrl ?? null,
      at: new Date(this.engine.now()),
    };
    let op = await this.executorsOwn(ctx, operationId);
    // Twice: the write is conditional, and what changed between the read and it is said as such.
    for (let tries = 0; tries < 2; tries += 1) {
      if (isHeld(op)) return operationView(op);
      this.assertHolds(op, owner);
      const held = await this.engine.listings.holdForSeller(ctx.accountId, op.id, owner, hold);
      if (held) return operationView(held);
      op = await this.executorsOwn(ctx, operationId);
    }
    throw conflict('Another executor holds this operation.');
  }

  /**
   * POST …/operations/{operationId}/resume, the seller's "Try again" (the web app or the
   * extension's popup): the operation held for them is offered to the next claim. Any member
   * who may publish does it for the account's operations, as they queue them.
   */
  async resume(ctx: RequestContext, operationId: string): Promise<OperationView> {
    const op = await this.engine.listings.find(ctx.accountId, operationId);
    if (!op || op.executor !== 'extension') throw notFound(NO_SUCH_OPERATION);
    if (!isHeld(op)) throw conflict(notHeldMessage(op));
    const released = await this.engine.listings.release(ctx.accountId, op.id);
    if (released) return operationView(released);
    // Resumed, claimed or ended between the read and the write: say what it is now.
    const now = await this.engine.listings.find(ctx.accountId, operationId);
    throw conflict(notHeldMessage(now ?? op));
  }

  /** The caller's extension queue, each operation named by its item's title (the popup). */
  async queue(ctx: RequestContext) {
    const rows = await this.engine.listings.extensionQueue(
      ctx.accountId,
      ctx.user.id,
      EXECUTOR_QUEUE_LIMIT,
    );
    const titles = await this.engine.items.titlesOf(ctx.accountId, [
      ...new Set(rows.map((r) => r.itemId)),
    ]);
    return rows.map((row) => ({ ...operationView(row), title: titles.get(row.itemId) ?? null }));
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
    const op = await this.executorsOwn(ctx, operationId);
    const marketplace = op.marketplace as MarketplaceId;
    const item = await this.engine.items.get(ctx, op.userId, op.itemId);
    // The photos at their signed addresses: the extension fetches them with its token alone,
    // never with the member's session.
    const { listing, problems, digest } = await this.engine.builder.composeForConnector(
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
