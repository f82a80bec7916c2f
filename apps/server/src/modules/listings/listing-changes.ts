import {
  listingActor,
  listingStateOf,
  type Item,
  type ListingActor,
  type ListingEvent,
  type MarketplaceId,
} from '@listloop/domain';
import { notFound } from '../../platform/http/errors';
import { NO_SUCH_ITEM, toItem, type ItemRecord } from '../items';
import {
  soldOut,
  type ItemKey,
  type ListingEngine,
  type ListingPatch,
  type OperationFinished,
} from './listing-context';
import type { ListingExecutor } from './listing-executor';
import type { ListingQueue } from './listing-queue.service';
import type { ListingTransitions, Move } from './listing-transitions';
import type {
  ItemMarketplaces,
  ListingEventInsert,
  ListingOperationRow,
} from './listing.repository';
import { groupBy } from '../../platform/group-by';

const DELISTED: ListingEvent = { type: 'delisted' };
type FinishStatus = OperationFinished['status'];
/** An update being sent of a listing that left `listed` is canceled too (writeMovesLocked). */
const RUNNING = { running: true };

/**
 * Outcomes recorded on listings: an executor's or a connector's report applied with the item
 * locked (a listing that goes live after its item sold out is taken down at once), and how an
 * update ended.
 */
export class ListingChanges {
  constructor(
    private readonly engine: ListingEngine,
    private readonly transitions: ListingTransitions,
    private readonly queue: ListingQueue,
  ) {}

  /**
   * Locks the item, applies the events in order, and answers the item. Each event is by `by`
   * unless it names its own (the connectors of a sale's delists, recorded together).
   */
  async change(
    key: ItemKey,
    changes: {
      marketplace: MarketplaceId;
      event: ListingEvent;
      patch?: ListingPatch;
      by?: ListingActor;
    }[],
    by: ListingActor,
    options: { skipUnchanged?: boolean } = {},
  ): Promise<Item> {
    // Who would delist a listing that goes live after its item sold out (read before the lock:
    // it may read the connections).
    const executors = new Map<MarketplaceId, ListingExecutor>();
    const goingLive = changes.filter(
      ({ event }) => event.type === 'listed' || event.type === 'listed_after_stop',
    );
    if (goingLive.length > 0) {
      const executorOf = await this.engine.executorOf(key.accountId);
      for (const { marketplace } of goingLive) executors.set(marketplace, executorOf(marketplace));
    }
    const toSend: ListingOperationRow[] = [];
    const finished: OperationFinished[] = [];
    const item = await this.engine.db.transaction(async (tx) => {
      let row = await this.engine.items.findLocked(tx, key.accountId, key.userId, key.itemId);
      if (!row) throw notFound(NO_SUCH_ITEM);
      // The moves are worked out in order and written together (one write of the item, one of
      // their history); what reads the database between them writes what is pending first.
      let pending: Move[] = [];
      const flush = async (current: ItemRecord) => {
        finished.push(...(await this.transitions.writeMovesLocked(tx, current, pending)));
        pending = [];
      };
      for (const change of changes) {
        const { marketplace, event, patch } = change;
        const eventBy = change.by ?? by;
        if (options.skipUnchanged && event.type === 'mark_not_listed') {
          const state = listingStateOf(row.listings[marketplace] ?? null);
          if (state.status === 'not_listed' && state.listedID === null && !state.listingURL)
            continue;
        }
        // A second event on one listing reads the operations the first one ends.
        if (pending.some((move) => move.marketplace === marketplace)) await flush(row);
        const stopped = await this.transitions.afterStop(tx, row, marketplace, event, eventBy);
        const next = this.transitions.transitionOf(row, marketplace, stopped, eventBy, patch);
        row = next.row;
        pending.push({ marketplace, ...next });
        const executor = executors.get(marketplace);
        const live = listingStateOf(row.listings[marketplace] ?? null).status === 'listed';
        if (live && executor && soldOut(row)) {
          // It went live after its item sold out elsewhere (the list was on its way when the
          // sale came): it comes down at once, in this same transaction.
          await flush(row);
          const queued = await this.queue.queueLocked(
            tx,
            row,
            marketplace,
            'delist',
            executor,
            listingActor.system,
          );
          row = queued.row;
          if (queued.created) toSend.push(queued.operation);
        }
      }
      await flush(row);
      return toItem(row);
    });
    for (const ended of finished) this.engine.onFinished(ended);
    await this.queue.sendAll(toSend);
    for (const { marketplace, event } of changes) {
      if (event.type !== 'delist_failure') continue;
      await this.engine
        .onDelistFailed({
          accountId: key.accountId,
          userId: key.userId,
          itemId: key.itemId,
          itemTitle: item.generalDetails.title,
          marketplace,
          reason: event.reason,
          at: item.listings[marketplace]?.lastStatusDate ?? this.engine.now(),
        })
        .catch(() => undefined);
    }
    return item;
  }

  /**
   * Delists the marketplaces confirmed on several items at once (one worker's fetch): in one
   * transaction the items are locked in order, each listing moves to delisted, and the items,
   * their history and their operations' ends are written together, a statement each per
   * inventory or account rather than a transaction per item. A listing that moved on meanwhile
   * refuses the whole (409, nothing written): the caller then records each item alone
   * (`change`), which tells that listing's refusal from the others' success.
   */
  async delistedMany(
    entries: readonly {
      key: ItemKey;
      delisted: readonly { marketplace: MarketplaceId; by: ListingActor }[];
    }[],
  ): Promise<void> {
    if (entries.length === 0) return;
    const finished: OperationFinished[] = [];
    const inventories = [...groupBy(entries, ({ key }) => `${key.accountId} ${key.userId}`)].sort(
      ([a], [b]) => (a < b ? -1 : 1),
    );
    await this.engine.db.transaction((tx) =>
      this.engine.items.writingOnceLocked(tx, async () => {
        const ends = new Map<
          string,
          { accountId: string; status: FinishStatus; reason: string | null; on: ItemMarketplaces[] }
        >();
        for (const [, group] of inventories) {
          const { accountId, userId } = group[0]!.key;
          const rows = await this.engine.items.findRecords(
            accountId,
            userId,
            { ids: group.map(({ key }) => key.itemId) },
            { db: tx },
          );
          for (const { key, delisted } of group) {
            let row = rows.find((one) => one.id === key.itemId);
            if (!row) throw notFound(NO_SUCH_ITEM);
            const leaving: MarketplaceId[] = [];
            const history: ListingEventInsert[] = [];
            for (const { marketplace, by } of delisted) {
              const moved = this.transitions.transitionOf(row, marketplace, DELISTED, by);
              row = moved.row;
              history.push(moved.history);
              if (moved.leavesListed) leaving.push(marketplace);
              if (!moved.finish) continue;
              const end = `${accountId}\u0000${moved.finish.status}\u0000${moved.finish.reason ?? ''}`;
              const same = ends.get(end) ?? { accountId, ...moved.finish, on: [] };
              const last = same.on.at(-1);
              if (last?.itemId === key.itemId)
                last.marketplaces = [...last.marketplaces, marketplace];
              else same.on.push({ itemId: key.itemId, marketplaces: [marketplace] });
              ends.set(end, same);
            }
            // Held with the items: every item's history is still one insert.
            await this.transitions.writeListingsLocked(tx, row, history);
            const { itemId } = key;
            await this.engine.listings.cancelUpdates(accountId, itemId, leaving, RUNNING, tx);
          }
        }
        for (const { accountId, status, reason, on } of ends.values()) {
          const ended = await this.engine.listings.finishActiveOn(
            accountId,
            on,
            status,
            reason,
            tx,
          );
          for (const { id, itemId, operation, marketplace } of ended) {
            finished.push({
              accountId,
              itemId,
              marketplace: marketplace as MarketplaceId,
              operationId: id,
              operation,
              status,
            });
          }
        }
      }),
    );
    for (const ended of finished) this.engine.onFinished(ended);
  }

  /** A connector's result; refused only when the listing moved on meanwhile (then ignored). */
  async outcome(
    key: ItemKey,
    marketplace: MarketplaceId,
    event: ListingEvent,
    by: ListingActor,
    patch?: ListingPatch,
  ): Promise<void> {
    try {
      await this.change(key, [{ marketplace, event, ...(patch ? { patch } : {}) }], by);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 409) return;
      throw error;
    }
  }

  /**
   * Records how an update ended (`updated` or `update_failure`) with the item locked, if its
   * operation is still active and the listing still listed: the history row, what was sent
   * (on success), and the operation's end. False when there was nothing to record on the
   * listing: the update was canceled meanwhile (sold, marked not listed), or the listing moved
   * on while it was being sent (a delist waiting for it), when the operation just ends as it
   * went.
   */
  async updateOutcome(
    op: ListingOperationRow,
    event: ListingEvent,
    by: ListingActor,
    patch: ListingPatch = {},
  ): Promise<boolean> {
    const marketplace = op.marketplace as MarketplaceId;
    const failed = event.type === 'update_failure';
    let ended = false;
    const recorded = await this.engine.db.transaction(async (tx) => {
      const row = await this.engine.items.findLocked(tx, op.accountId, op.userId, op.itemId);
      const current = await this.engine.listings.find(op.accountId, op.id, tx);
      if (!row || !current || !['queued', 'running'].includes(current.status)) return false;
      let next;
      try {
        next = this.transitions.transitionOf(
          row,
          marketplace,
          event,
          by,
          event.type === 'updated' ? patch : {},
        );
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode !== 409) throw error;
        next = null;
      }
      if (next) await this.transitions.writeListingsLocked(tx, next.row, [next.history]);
      ended = await this.engine.listings.finish(
        op.accountId,
        op.id,
        failed ? 'failed' : 'succeeded',
        failed ? event.reason : null,
        tx,
      );
      return next !== null;
    });
    if (ended) {
      this.engine.onFinished({
        accountId: op.accountId,
        itemId: op.itemId,
        marketplace,
        operationId: op.id,
        operation: op.operation,
        status: failed ? 'failed' : 'succeeded',
      });
    }
    return recorded;
  }
}
