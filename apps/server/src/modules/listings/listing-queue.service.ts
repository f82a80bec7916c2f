import {
  MARKETPLACE_NAMES,
  SUPPORTED_MARKETPLACES,
  listingActor,
  listingStateOf,
  tryTransition,
  type Item,
  type ListingActor,
  type ListingEvent,
  type MarketplaceId,
} from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { RequestContext } from '../../platform/http/request-context';
import { allowedMarketplacesOf } from '../accounts';
import { NO_SUCH_ITEM, toItem, type ItemRecord } from '../items';
import { keyOf, soldOut, type ListingEngine } from './listing-context';
import type { ExecutorOf, ListingExecutor } from './listing-executor';
import {
  notAllowedReason,
  operationView,
  refusedListing,
  soldOutMessage,
  type OperationView,
} from './listing.messages';
import type { ListingTransitions } from './listing-transitions';
import type {
  ActiveLocked,
  ListingEventInsert,
  ListingOperationRow,
  OperationKind,
} from './listing.repository';

const QUEUE_EVENT: Record<OperationKind, ListingEvent['type']> = {
  list: 'queue_list',
  delist: 'queue_delist',
  relist: 'relist',
  update: 'queue_update',
};

/**
 * Queueing listing operations: a person's request, and the locked queues, stops and sales of
 * the sale workflow. A created connector operation is sent to the workers after its commit.
 */
export class ListingQueue {
  constructor(
    private readonly engine: ListingEngine,
    private readonly transitions: ListingTransitions,
  ) {}

  /**
   * PUT /api/rest/v1/item/{itemId}/status: queues a list, delist, relist or update. A request
   * while the same operation is already queued or running answers that operation (`created:
   * false`). An update sends a listed listing's details as they are now; it stays listed.
   */
  async queue(
    ctx: RequestContext,
    itemId: string,
    input: { userId: string; marketplace: MarketplaceId; operation: OperationKind },
  ): Promise<{ item: Item; operation: OperationView; created: boolean }> {
    const { marketplace, operation } = input;
    const permission = operation === 'delist' ? 'listings.delist' : 'listings.publish';
    if (!ctx.permissions[permission]) throw forbidden();
    if (!SUPPORTED_MARKETPLACES.includes(marketplace)) {
      const message = `${MARKETPLACE_NAMES[marketplace]} is not supported.`;
      throw badRequest(message, [{ path: 'marketplace', message }]);
    }
    // A delist is never refused for access: a listing that is live must always come down.
    if (operation !== 'delist' && !allowedMarketplacesOf(ctx.account).includes(marketplace)) {
      throw forbidden(notAllowedReason(marketplace));
    }
    const key = await keyOf(this.engine.items, ctx, input.userId, itemId);
    const existing =
      operation === 'update'
        ? await this.engine.listings.activeUpdate(key.accountId, itemId, marketplace)
        : await this.engine.listings.active(key.accountId, itemId, marketplace);
    if (existing && existing.operation === operation && existing.userId === key.userId) {
      const item = await this.engine.items.get(ctx, key.userId, itemId);
      return { item, operation: operationView(existing), created: false };
    }
    if (operation !== 'delist') {
      // The same check as the preview the seller saw and the job runs before sending.
      const item = await this.engine.items.get(ctx, key.userId, itemId);
      if (operation === 'update') {
        // Only a listed listing is updated: say so before any problem of its build.
        const refused = tryTransition(
          listingStateOf(item.listings[marketplace] ?? null),
          { type: 'queue_update' },
          { marketplace, at: this.engine.now(), by: listingActor.user(ctx.user.id) },
        );
        if (!refused.ok) throw conflict(refused.refused.message);
      } else if (item.generalDetails.quantity <= 0) {
        throw conflict(soldOutMessage(marketplace, operation));
      }
      const { problems } = await this.engine.builder.compose(key.accountId, item, marketplace);
      if (problems.length > 0) throw refusedListing(marketplace, problems);
    }
    const executor = (await this.engine.executorOf(key.accountId))(marketplace);
    const result = await this.engine.db.transaction(async (tx) => {
      const row = await this.engine.items.findLocked(tx, key.accountId, key.userId, itemId);
      if (!row) throw notFound(NO_SUCH_ITEM);
      // Again under the lock: a sale may have taken the last unit since the read above.
      if ((operation === 'list' || operation === 'relist') && soldOut(row)) {
        throw conflict(soldOutMessage(marketplace, operation));
      }
      return this.queueLocked(
        tx,
        row,
        marketplace,
        operation,
        executor,
        listingActor.user(ctx.user.id),
      );
    });
    if (result.created) await this.sendAll([result.operation]);
    return {
      item: toItem(result.row),
      operation: operationView(result.operation),
      created: result.created,
    };
  }

  /**
   * Queues `operation` on the listing of an item the caller has locked in `tx` (a person's
   * queue request, or the sale workflow's delists). A request while the same operation is
   * queued or running answers that one (`created: false`). The caller sends a created
   * connector operation after its transaction commits (`send`); one whose send is lost is
   * re-sent by the sweeper.
   */
  async queueLocked(
    tx: Db,
    row: ItemRecord,
    marketplace: MarketplaceId,
    operation: OperationKind,
    executor: ListingExecutor,
    by: ListingActor,
  ): Promise<{ row: ItemRecord; operation: ListingOperationRow; created: boolean }> {
    const queued = await this.queueManyLocked(tx, row, [{ marketplace, executor }], operation, by);
    return { row: queued.row, ...queued.operations[0]! };
  }

  /**
   * queueLocked for several marketplaces of one locked item at once (a sale's delists): the
   * same transitions, history and operations, written together (one read of the active
   * operations, one item write, one history insert, one operations insert), so a sale holds
   * its item's lock for a few statements however many marketplaces it takes the item off.
   * A caller that has read the item's active operations under this lock (activeLocked) passes
   * them as `known`: a list, delist or relist does not read them again, and no update is
   * canceled where none is under way. Answers the operations in the order of `targets`.
   */
  async queueManyLocked(
    tx: Db,
    row: ItemRecord,
    targets: readonly { marketplace: MarketplaceId; executor: ListingExecutor }[],
    operation: OperationKind,
    by: ListingActor,
    known?: ActiveLocked,
  ): Promise<{
    row: ItemRecord;
    operations: { operation: ListingOperationRow; created: boolean }[];
  }> {
    const itemId = row.id;
    const marketplaces = targets.map((t) => t.marketplace);
    // Under the item's lock: a concurrent duplicate sees the first one's operation.
    const active =
      known && operation !== 'update'
        ? known.state
        : await this.engine.listings.activeOn(row.accountId, itemId, marketplaces, tx, {
            updates: operation === 'update',
          });
    let next = row;
    const history: ListingEventInsert[] = [];
    const fresh: { marketplace: MarketplaceId; executor: ListingExecutor }[] = [];
    const leaving: MarketplaceId[] = [];
    for (const target of targets) {
      const running = active.get(target.marketplace);
      if (running && running.operation === operation) continue;
      const moved = this.transitions.transitionOf(
        next,
        target.marketplace,
        { type: QUEUE_EVENT[operation] } as ListingEvent,
        by,
      );
      // Queueing leaves the listing queued (or, for an update, listed): no operation ends here.
      next = moved.row;
      history.push(moved.history);
      fresh.push(target);
      if (moved.leavesListed) leaving.push(target.marketplace);
    }
    // A delist or relist makes a waiting update pointless; one being sent is left to finish,
    // and the delist waits for it (carryOut), so the update cannot undo the delist.
    await this.engine.listings.cancelUpdates(
      row.accountId,
      itemId,
      known ? leaving.filter((marketplace) => known.updates.has(marketplace)) : leaving,
      { running: false },
      tx,
    );
    const inserted = await this.insertOperationsLocked(tx, row, fresh, operation);
    if (history.length > 0) await this.transitions.writeListingsLocked(tx, next, history);
    const made = new Map(inserted.map((op) => [op.marketplace, op]));
    return {
      row: next,
      operations: targets.map(({ marketplace }) => {
        const created = made.get(marketplace);
        return created
          ? { operation: created, created: true }
          : { operation: active.get(marketplace)!, created: false };
      }),
    };
  }

  /**
   * New queued operations for these marketplaces of an item locked in `tx`, each with the next
   * idempotency key of its (item, marketplace, operation), so a retried request is no second one.
   */
  private insertOperationsLocked(
    tx: Db,
    row: ItemRecord,
    targets: readonly { marketplace: MarketplaceId; executor: ListingExecutor }[],
    operation: OperationKind,
  ): Promise<ListingOperationRow[]> {
    return this.engine.listings.insertNumbered(
      targets.map(({ marketplace, executor }) => ({
        id: newId(),
        accountId: row.accountId,
        userId: row.userId,
        itemId: row.id,
        marketplace,
        operation,
        executor,
        status: 'queued' as const,
      })),
      tx,
    );
  }

  /**
   * Every queued or running operation of these marketplaces of an item locked in `tx` (see
   * ActiveLocked): what the steps that follow under the same lock pass on, so they neither
   * read it again nor end what is not there.
   */
  activeLocked(
    tx: Db,
    row: ItemRecord,
    marketplaces: readonly MarketplaceId[],
  ): Promise<ActiveLocked> {
    return this.engine.listings.activeWithUpdates(row.accountId, row.id, marketplaces, tx);
  }

  /**
   * The item sold out (the sale workflow, in its transaction with the item locked): each
   * target's list that has not gone live stops, with its reason. A queued list, or a relist's
   * list half, ends not listed; a relist whose delist half has not run still holds a live
   * listing, which must come down rather than go back up: it becomes a delist, with a new
   * delist operation the caller sends after the commit. The stopped operation ends canceled
   * with the reason, so a job that has not started does nothing and an executor that claimed
   * it is told why by its heartbeat and reports. Targets whose listing is not on its way up
   * are left as they are. `inFlight` is the item's active list, delist or relist operations as
   * the caller read them under this lock (activeLocked). Answers what happened to each target
   * stopped.
   */
  async stopListsLocked(
    tx: Db,
    row: ItemRecord,
    targets: readonly { marketplace: MarketplaceId; executor: ListingExecutor; reason: string }[],
    by: ListingActor,
    inFlight: ReadonlyMap<string, ListingOperationRow>,
  ): Promise<{
    row: ItemRecord;
    stops: {
      marketplace: MarketplaceId;
      /** The operation canceled; null when the listing was queued with none recorded. */
      stopped: ListingOperationRow | null;
      /** The delist a stopped relist's live listing now waits for. */
      delist: ListingOperationRow | null;
    }[];
  }> {
    let next = row;
    const history: ListingEventInsert[] = [];
    const stopped: {
      target: (typeof targets)[number];
      operation: ListingOperationRow | null;
      down: boolean;
    }[] = [];
    for (const target of targets) {
      const state = listingStateOf(
        (next.listings[target.marketplace] ?? null) as Record<string, unknown> | null,
      );
      const pending = state.status === 'queued' ? state.pendingOperation : null;
      if (pending !== 'list' && pending !== 'relist') continue;
      const moved = this.transitions.transitionOf(
        next,
        target.marketplace,
        { type: 'stop_list', reason: target.reason },
        by,
      );
      next = moved.row;
      history.push(moved.history);
      const operation = inFlight.get(target.marketplace) ?? null;
      stopped.push({ target, operation, down: moved.state.status === 'queued' });
    }
    await this.engine.listings.stopOperations(
      row.accountId,
      stopped.flatMap(({ target, operation }) =>
        operation ? [{ id: operation.id, reason: target.reason }] : [],
      ),
      tx,
    );
    const downs = stopped.filter((s) => s.down).map((s) => s.target);
    const delists = await this.insertOperationsLocked(tx, row, downs, 'delist');
    if (history.length > 0) await this.transitions.writeListingsLocked(tx, next, history);
    const delistOf = new Map(delists.map((op) => [op.marketplace, op]));
    return {
      row: next,
      stops: stopped.map(({ target, operation }) => ({
        marketplace: target.marketplace,
        stopped: operation
          ? { ...operation, status: 'canceled', cancelReason: target.reason }
          : null,
        delist: delistOf.get(target.marketplace) ?? null,
      })),
    };
  }

  /**
   * Sends committed connector operations' first jobs to the workers, together (a sale's
   * delists go in one statement). A first job's id is fixed by its operation (jobIdOf), so it
   * is not written back: `jobId` names only a job sent again later.
   */
  async sendAll(operations: readonly ListingOperationRow[]): Promise<void> {
    const connector = operations.filter((operation) => operation.executor === 'connector');
    if (connector.length === 0) return;
    await this.engine.enqueueFirstAttempts(
      connector.map((operation) => ({
        operationId: operation.id,
        accountId: operation.accountId,
      })),
    );
  }

  /** How the account's operations on `marketplace` are carried out (connector or extension). */
  async executorFor(accountId: string, marketplace: MarketplaceId): Promise<ListingExecutor> {
    return (await this.engine.executorOf(accountId))(marketplace);
  }

  /** The same for every marketplace of the account, its connections read once. */
  executorsFor(accountId: string): Promise<ExecutorOf> {
    return this.engine.executorOf(accountId);
  }
}
