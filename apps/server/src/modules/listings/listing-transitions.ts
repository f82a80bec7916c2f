import {
  ListingSchema,
  isUpdateEvent,
  listingStateOf,
  tryTransition,
  type ListingActor,
  type ListingEvent,
  type ListingState,
  type MarketplaceId,
} from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { conflict } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { ItemRecord } from '../items';
import type { ListingEngine, ListingPatch, OperationFinished } from './listing-context';
import { OUTCOME_REPORTS, stoppedMessage } from './listing.messages';
import type { ActiveLocked, ListingEventInsert } from './listing.repository';

type FinishStatus = 'succeeded' | 'failed' | 'canceled';

/** A transition worked out in memory (`transitionOf`) on one marketplace, to be written. */
export type Move = ReturnType<ListingTransitions['transitionOf']> & { marketplace: MarketplaceId };

/**
 * The domain's transitions applied to item.listings[marketplace], and their writes with the
 * item row locked by the caller: the item as it becomes, its history, and the end of the
 * operation the transition finishes.
 */
export class ListingTransitions {
  /** Per writingOnceLocked run (ItemService.heldScope), the history rows held with its items. */
  private readonly history = new WeakMap<object, ListingEventInsert[]>();

  constructor(private readonly engine: ListingEngine) {}

  /**
   * The transition of (item, marketplace)'s listing by `event`, worked out without writing: the
   * item as it becomes, its history row, and how the active operation ends when the listing
   * leaves `queued` (null while it stays queued). A refusal throws 409 with the domain's message.
   */
  transitionOf(
    row: ItemRecord,
    marketplace: MarketplaceId,
    event: ListingEvent,
    by: ListingActor,
    patch: ListingPatch = {},
  ): {
    row: ItemRecord;
    state: ListingState;
    history: ListingEventInsert;
    finish: { status: 'succeeded' | 'failed' | 'canceled'; reason: string | null } | null;
    /** It leaves `listed`: an update of it is no longer wanted. */
    leavesListed: boolean;
  } {
    const at = this.engine.now();
    const stored = (row.listings[marketplace] ?? null) as Record<string, unknown> | null;
    const before = listingStateOf(stored);
    const outcome = tryTransition(before, event, { marketplace, at, by });
    if (!outcome.ok) throw conflict(outcome.refused.message);
    // A listing marked not listed has nothing live: what was sent there no longer matters.
    const forgotten = outcome.state.status === 'not_listed' ? { sentHash: null } : {};
    const listing = {
      ...ListingSchema.parse({}),
      ...(stored ?? {}),
      ...outcome.state,
      ...forgotten,
      ...patch,
    };
    const listings = { ...row.listings, [marketplace]: listing } as ItemRecord['listings'];
    const { entry } = outcome;
    const history: ListingEventInsert = {
      id: newId(),
      accountId: row.accountId,
      itemId: row.id,
      marketplace,
      at: entry.at,
      by: entry.by,
      event: entry.event,
      fromStatus: entry.from,
      toStatus: entry.to,
      reason: entry.reason,
      data: {
        fromOperation: entry.fromOperation,
        toOperation: entry.toOperation,
        listedID: entry.listedID,
        listingURL: entry.listingURL,
      },
    };
    let finish: { status: 'succeeded' | 'failed' | 'canceled'; reason: string | null } | null =
      null;
    // An update's events leave the listing's list, delist or relist alone (none is pending).
    if (outcome.state.status !== 'queued' && !isUpdateEvent(event.type)) {
      const status =
        event.type === 'listed' || event.type === 'delisted'
          ? 'succeeded'
          : event.type === 'list_failure' || event.type === 'delist_failure'
            ? 'failed'
            : 'canceled';
      finish = { status, reason: status === 'failed' ? (entry.reason ?? null) : null };
    }
    return {
      row: { ...row, listings },
      state: outcome.state,
      history,
      finish,
      leavesListed: before.status === 'listed' && outcome.state.status !== 'listed',
    };
  }

  /** Writes a locked item's listings as they became, and their history rows, in `tx`. */
  async writeListingsLocked(tx: Db, row: ItemRecord, history: ListingEventInsert[]): Promise<void> {
    await this.engine.items.saveListingsLocked(tx, row);
    // Where the item's writes are held (a sale), its history is held with them: one insert.
    const scope = this.engine.items.heldScope(tx);
    const held = scope && this.history.get(scope);
    if (held) {
      held.push(...history);
      return;
    }
    const rows = [...history];
    if (scope) this.history.set(scope, rows);
    await this.engine.items.writeAtEnd(tx, () => this.engine.listings.insertEvents(rows, tx));
  }

  /**
   * Applies `event` to the listing of (item, marketplace) inside `tx`, the item already locked
   * by the caller; writes the item and one history row. A refusal throws 409 with the domain's
   * message. Ends the active operation when the listing leaves `queued`.
   */
  async applyLocked(
    tx: Db,
    row: ItemRecord,
    marketplace: MarketplaceId,
    event: ListingEvent,
    by: ListingActor,
    patch: ListingPatch = {},
    active?: ActiveLocked,
  ): Promise<{
    row: ItemRecord;
    state: ListingState;
    changed: boolean;
    /** The operations the transition ended, and how. */
    finished: OperationFinished[];
  }> {
    const next = this.transitionOf(row, marketplace, event, by, patch);
    const finished = await this.writeMovesLocked(tx, next.row, [{ marketplace, ...next }], active);
    return { row: next.row, state: next.state, changed: true, finished };
  }

  /**
   * Writes what transitions of a locked item worked out (`transitionOf`, in order, `row` as the
   * last left it), in `tx`: its listings once, every history row in one insert, the updates of
   * listings that left `listed` canceled (one being sent finds its operation canceled and
   * records nothing), and the active operations the moves end, ended together where they end
   * alike. Answers those operations and how they ended. A caller that read the item's active
   * operations under this lock (`active`) spares the statements that would end none.
   */
  async writeMovesLocked(
    tx: Db,
    row: ItemRecord,
    moves: readonly Move[],
    active?: ActiveLocked,
  ): Promise<OperationFinished[]> {
    if (moves.length === 0) return [];
    await this.writeListingsLocked(
      tx,
      row,
      moves.map((move) => move.history),
    );
    await this.engine.listings.cancelUpdates(
      row.accountId,
      row.id,
      moves
        .filter((move) => move.leavesListed && (!active || active.updates.has(move.marketplace)))
        .map((move) => move.marketplace),
      { running: true },
      tx,
    );
    const ends = new Map<string, { status: FinishStatus; reason: string | null; on: string[] }>();
    for (const { marketplace, finish } of moves) {
      if (!finish || (active && !active.state.has(marketplace))) continue;
      const key = `${finish.status}\u0000${finish.reason ?? ''}`;
      const end = ends.get(key) ?? { status: finish.status, reason: finish.reason, on: [] };
      end.on.push(marketplace);
      ends.set(key, end);
    }
    const finished: OperationFinished[] = [];
    for (const { status, reason, on } of ends.values()) {
      const ended = await this.engine.listings.finishActive(
        row.accountId,
        row.id,
        on,
        status,
        reason,
        tx,
      );
      for (const { id, operation, marketplace } of ended) {
        finished.push({
          accountId: row.accountId,
          itemId: row.id,
          marketplace: marketplace as MarketplaceId,
          operationId: id,
          operation,
          status,
        });
      }
    }
    return finished;
  }

  /**
   * A report on a listing whose list a sale stopped, which the listing no longer takes as it
   * came: a `listed` is then a listing that went live all the same (its executor had already
   * published it) and is recorded as such, never refused, so no live listing is unknown; any
   * other report is answered 409 with why the operation was canceled. Everything else passes
   * unchanged, to be allowed or refused by the table.
   */
  async afterStop(
    tx: Db,
    row: ItemRecord,
    marketplace: MarketplaceId,
    event: ListingEvent,
    by: ListingActor,
  ): Promise<ListingEvent> {
    if (!OUTCOME_REPORTS.includes(event.type)) return event;
    const state = listingStateOf((row.listings[marketplace] ?? null) as Record<string, unknown>);
    if (tryTransition(state, event, { marketplace, at: this.engine.now(), by }).ok) return event;
    const last = await this.engine.listings.lastListOperation(
      row.accountId,
      row.id,
      marketplace,
      tx,
    );
    if (!last || last.status !== 'canceled' || last.cancelReason === null) return event;
    if (event.type === 'listed') {
      return {
        type: 'listed_after_stop',
        listedID: event.listedID ?? null,
        listingURL: event.listingURL ?? null,
        reason: `Went live after its ${last.operation} was stopped. ${last.cancelReason}`.slice(
          0,
          2000,
        ),
      };
    }
    throw conflict(stoppedMessage(last));
  }

  /**
   * Marks the listing of a locked item sold (the sale workflow); answers the row. A listing
   * whose state takes no sale (never listed) is left as it is.
   */
  async markSoldLocked(
    tx: Db,
    row: ItemRecord,
    marketplace: MarketplaceId,
    by: ListingActor,
    reason?: string,
    active?: ActiveLocked,
  ): Promise<ItemRecord> {
    const state = listingStateOf(
      (row.listings[marketplace] ?? null) as Record<string, unknown> | null,
    );
    if (!tryTransition(state, { type: 'sold' }, { marketplace, at: this.engine.now(), by }).ok)
      return row;
    const event: ListingEvent = reason ? { type: 'sold', reason } : { type: 'sold' };
    return (await this.applyLocked(tx, row, marketplace, event, by, {}, active)).row;
  }
}
