import crypto from 'node:crypto';
import os from 'node:os';
import type { Logger } from 'pino';
import {
  ListingSchema,
  isReachProblem,
  MARKETPLACE_NAMES,
  SUPPORTED_MARKETPLACES,
  isUpdateEvent,
  listingActor,
  listingStateOf,
  storableListingUrl,
  tryTransition,
  type BuiltListing,
  type Item,
  type ListingActor,
  type ListingEvent,
  type ListingProblem,
  type ListingState,
  type MarketplaceId,
} from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import { stableJobId } from '../../platform/queue/job';
import type { RequestContext } from '../../platform/http/request-context';
import { allowedMarketplacesOf } from '../accounts/account.mapper';
import { toItem } from '../items/item.mapper';
import type { ItemRecord, ItemRepository } from '../items/item.repository';
import { NO_SUCH_ITEM, type ItemService } from '../items/item.service';
import {
  ConnectorError,
  type ConnectorPublished,
  type ConnectorRegistry,
} from '../../connectors/contract';
import {
  executorByGroup,
  type ExecutorChoice,
  type ExecutorOf,
  type ListingExecutor,
} from './listing-executor';
import type {
  CurrentOperation,
  ListingEventInsert,
  ListingOperationRow,
  ListingRepository,
  OperationKind,
} from './listing.repository';

export const NO_SUCH_OPERATION = 'No such listing operation.';

export function notConnectedReason(marketplace: MarketplaceId): string {
  return `Not connected: ListLoop cannot reach ${MARKETPLACE_NAMES[marketplace]} yet.`;
}

/** A list or relist queued for an item with no unit left (409). */
export function soldOutMessage(marketplace: MarketplaceId, operation: 'list' | 'relist'): string {
  return `This item has no units left: it sold. Raise its quantity if you have another one to sell, then ${operation} it on ${MARKETPLACE_NAMES[marketplace]}.`;
}

/**
 * What an executor is told when it speaks of an operation a sale stopped (its heartbeat, or a
 * report the listing no longer takes): why, and what to do if it went live all the same.
 */
export function stoppedMessage(
  operation: Pick<ListingOperationRow, 'marketplace' | 'operation' | 'cancelReason'>,
): string {
  const name = MARKETPLACE_NAMES[operation.marketplace as MarketplaceId] ?? operation.marketplace;
  return `The ${operation.operation} on ${name} was canceled because the item sold. ${operation.cancelReason ?? ''} Do not carry it out; if the listing went live anyway, report it listed and ListLoop takes it down.`.replace(
    /\s+/g,
    ' ',
  );
}

/** The outcome reports of an executor or connector: what a stopped list's executor may send. */
const OUTCOME_REPORTS: readonly ListingEvent['type'][] = [
  'listed',
  'list_failure',
  'delisted',
  'delist_failure',
];

export function notAllowedReason(marketplace: MarketplaceId): string {
  return `Your account does not have access to ${MARKETPLACE_NAMES[marketplace]}. Ask your account administrator to turn it on.`;
}

/**
 * Builds the listing as it would be sent and says what would stop it: the rules module's
 * preview, for an item already read (so a job can call it).
 */
export interface ListingBuilder {
  compose(accountId: string, item: Item, marketplace: MarketplaceId): Promise<BuiltForSending>;
  /** The same, as a connector sends it: photos at addresses the marketplace can fetch. */
  composeForConnector(
    accountId: string,
    item: Item,
    marketplace: MarketplaceId,
  ): Promise<BuiltForSending>;
}

interface BuiltForSending {
  listing: BuiltListing;
  problems: ListingProblem[];
  /** What a publish or update of this build records on the listing (decision 0023). */
  digest: string;
}

/**
 * How the engine sends a connector operation's job; `attempt` other than 0 makes a fresh job
 * id (a number for a retry, a text for a wait behind an update), and `startAfterSeconds` holds
 * it back (a marketplace's Retry-After, or the wait).
 */
export type EnqueueOperation = (
  operationId: string,
  accountId: string,
  attempt: number | string,
  startAfterSeconds?: number,
) => Promise<string | null>;

/** How long a delist or relist waits before it looks again at an update being sent. */
const UPDATE_WAIT_SECONDS = 2;

/** A connector operation whose marketplace problems are listed in one sentence. */
function problemsMessage(marketplace: MarketplaceId, problems: readonly ListingProblem[]): string {
  const said = problems
    .slice(0, 3)
    .map((p) => p.message)
    .join('; ');
  return problems.some(isReachProblem)
    ? `ListLoop cannot list on ${MARKETPLACE_NAMES[marketplace]} yet: ${said}`
    : `${MARKETPLACE_NAMES[marketplace]} would not take this listing: ${said}`;
}

/**
 * A queue request refused with every problem that stops the listing (codes and params for the
 * web): 409 when ListLoop cannot reach the marketplace for the account (the account's state,
 * not the request, must change), 400 when the listing itself needs fixing.
 */
function refusedListing(marketplace: MarketplaceId, problems: ListingProblem[]): AppError {
  const issues = problems.map((p) => ({ path: `listing.${p.field}`, message: p.message }));
  const message = problemsMessage(marketplace, problems);
  return problems.some(isReachProblem)
    ? new AppError(409, 'request/conflict', message, { issues, problems })
    : new AppError(400, 'request/invalid', message, { issues, problems });
}

export interface ListingServiceOptions {
  now?: () => number;
  /** How long a worker holds a connector operation without renewing it. */
  leaseSeconds?: number;
  /** Names this process's worker in the leases it takes. */
  workerId?: string;
  /** Attempts after which a crash-looping operation is given up (ends in failure). */
  maxAttempts?: number;
  /** Who carries out a new operation (default: the marketplace's group alone). */
  executorOf?: ExecutorChoice;
  /** Told after a delist ended in failure (notifications): the item may still be for sale. */
  onDelistFailed?: (failure: DelistFailure) => Promise<void>;
}

export interface DelistFailure {
  accountId: string;
  userId: string;
  itemId: string;
  itemTitle: string;
  marketplace: MarketplaceId;
  reason: string;
  /** When the failure was recorded: with the item and marketplace, names it once. */
  at: number;
}

export interface OperationView {
  operationId: string;
  itemId: string;
  userId: string;
  marketplace: string;
  operation: OperationKind;
  executor: 'connector' | 'extension';
  status: ListingOperationRow['status'];
  attempts: number;
  lastError: string | null;
  cancelReason: string | null;
  leaseExpiresAt: number | null;
}

export function operationView(row: ListingOperationRow): OperationView {
  return {
    operationId: row.id,
    itemId: row.itemId,
    userId: row.userId,
    marketplace: row.marketplace,
    operation: row.operation,
    executor: row.executor,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    cancelReason: row.cancelReason,
    leaseExpiresAt: row.leaseExpiresAt ? row.leaseExpiresAt.getTime() : null,
  };
}

/** Where a change is made: the item, by account and owner (no request needed: jobs use it). */
interface ItemKey {
  accountId: string;
  userId: string;
  itemId: string;
}

const QUEUE_EVENT: Record<OperationKind, ListingEvent['type']> = {
  list: 'queue_list',
  delist: 'queue_delist',
  relist: 'relist',
  update: 'queue_update',
};

/**
 * A uuid fixed by the operation id (and the attempt, when the sweeper sends it again): pg-boss's
 * job id, so a second send of the same attempt is no second job.
 */
export function jobIdOf(operationId: string, attempt: number | string = 0): string {
  return stableJobId(
    'listings.execute',
    attempt === 0 || attempt === '' ? operationId : `${operationId}:${attempt}`,
  );
}

/** Where a listing goes to or stays live: what to keep on it besides its state. */
type ListingPatch = Record<string, unknown>;

/** What a successful publish or update records on the listing (decisions 0023, 0024). */
function sentPatch(digest: string | null, published?: ConnectorPublished): ListingPatch {
  return {
    sentHash: digest,
    ...(published?.sku ? { marketplaceSku: published.sku } : {}),
  };
}

/**
 * No unit is left (it sold, on a marketplace or as the seller recorded): a listing that goes
 * live now sells something that is gone, so it must come down.
 */
function soldOut(row: ItemRecord): boolean {
  return row.generalDetails.quantity <= 0;
}

/**
 * The listing engine's server part (spec §3/§4, issue 4): applies the domain's transitions to
 * item.listings[marketplace] with the item row locked, appends the history, and keeps the
 * listing_operations that connector jobs and browser-extension executors carry out.
 */
export class ListingService {
  private readonly now: () => number;
  private readonly leaseMs: number;
  private readonly workerId: string;
  private readonly maxAttempts: number;
  private readonly executorOf: ExecutorChoice;
  private readonly onDelistFailed: (failure: DelistFailure) => Promise<void>;

  constructor(
    private readonly db: Db,
    private readonly items: ItemRepository,
    private readonly itemService: ItemService,
    private readonly listings: ListingRepository,
    private readonly connectors: ConnectorRegistry,
    private readonly enqueue: EnqueueOperation,
    private readonly builder: ListingBuilder,
    options: ListingServiceOptions = {},
  ) {
    this.now = options.now ?? (() => Date.now());
    this.leaseMs = (options.leaseSeconds ?? 120) * 1000;
    this.workerId =
      options.workerId ??
      `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
    this.maxAttempts = options.maxAttempts ?? 10;
    this.executorOf = options.executorOf ?? executorByGroup;
    this.onDelistFailed = options.onDelistFailed ?? (async () => undefined);
  }

  /**
   * The transition of (item, marketplace)'s listing by `event`, worked out without writing: the
   * item as it becomes, its history row, and how the active operation ends when the listing
   * leaves `queued` (null while it stays queued). A refusal throws 409 with the domain's message.
   */
  private transitionOf(
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
    const at = this.now();
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
  private async writeListingsLocked(
    tx: Db,
    row: ItemRecord,
    history: ListingEventInsert[],
  ): Promise<void> {
    await this.items.updateMany(
      row.accountId,
      row.userId,
      [
        {
          id: row.id,
          status: row.status,
          dateLastModified: row.dateLastModified,
          labels: row.labels,
          generalDetails: row.generalDetails,
          listings: row.listings,
          variants: row.variants,
        },
      ],
      tx,
    );
    await this.listings.insertEvents(history, tx);
  }

  /**
   * Applies `event` to the listing of (item, marketplace) inside `tx`, the item already locked
   * by the caller; writes the item and one history row. A refusal throws 409 with the domain's
   * message. Ends the active operation when the listing leaves `queued`.
   */
  private async applyLocked(
    tx: Db,
    row: ItemRecord,
    marketplace: MarketplaceId,
    event: ListingEvent,
    by: ListingActor,
    patch: ListingPatch = {},
  ): Promise<{ row: ItemRecord; state: ListingState; changed: boolean }> {
    const next = this.transitionOf(row, marketplace, event, by, patch);
    await this.writeListingsLocked(tx, next.row, [next.history]);
    if (next.leavesListed) {
      // Sold, or marked not listed: an update waiting or being sent is not wanted any more
      // (one being sent finds its operation canceled and records nothing).
      await this.listings.cancelUpdates(
        row.accountId,
        row.id,
        [marketplace],
        { running: true },
        tx,
      );
    }
    if (next.finish) {
      await this.listings.finishActive(
        row.accountId,
        row.id,
        marketplace,
        next.finish.status,
        next.finish.reason,
        tx,
      );
    }
    return { row: next.row, state: next.state, changed: true };
  }

  /** Locks the item, applies the events in order, and answers the item. */
  private async change(
    key: ItemKey,
    changes: { marketplace: MarketplaceId; event: ListingEvent; patch?: ListingPatch }[],
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
      const executorOf = await this.executorOf(key.accountId);
      for (const { marketplace } of goingLive) executors.set(marketplace, executorOf(marketplace));
    }
    const toSend: ListingOperationRow[] = [];
    const item = await this.db.transaction(async (tx) => {
      let row = await this.items.find(key.accountId, key.userId, key.itemId, {
        forUpdate: true,
        db: tx,
      });
      if (!row) throw notFound(NO_SUCH_ITEM);
      for (const { marketplace, event, patch } of changes) {
        if (options.skipUnchanged && event.type === 'mark_not_listed') {
          const state = listingStateOf(row.listings[marketplace] ?? null);
          if (state.status === 'not_listed' && state.listedID === null && !state.listingURL)
            continue;
        }
        const stopped = await this.afterStop(tx, row, marketplace, event, by);
        row = (await this.applyLocked(tx, row, marketplace, stopped, by, patch)).row;
        const executor = executors.get(marketplace);
        const live = listingStateOf(row.listings[marketplace] ?? null).status === 'listed';
        if (live && executor && soldOut(row)) {
          // It went live after its item sold out elsewhere (the list was on its way when the
          // sale came): it comes down at once, in this same transaction.
          const queued = await this.queueLocked(
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
      return toItem(row);
    });
    for (const operation of toSend) await this.send(operation);
    for (const { marketplace, event } of changes) {
      if (event.type !== 'delist_failure') continue;
      await this.onDelistFailed({
        accountId: key.accountId,
        userId: key.userId,
        itemId: key.itemId,
        itemTitle: item.generalDetails.title,
        marketplace,
        reason: event.reason,
        at: item.listings[marketplace]?.lastStatusDate ?? this.now(),
      }).catch(() => undefined);
    }
    return item;
  }

  /**
   * A report on a listing whose list a sale stopped, which the listing no longer takes as it
   * came: a `listed` is then a listing that went live all the same (its executor had already
   * published it) and is recorded as such, never refused, so no live listing is unknown; any
   * other report is answered 409 with why the operation was canceled. Everything else passes
   * unchanged, to be allowed or refused by the table.
   */
  private async afterStop(
    tx: Db,
    row: ItemRecord,
    marketplace: MarketplaceId,
    event: ListingEvent,
    by: ListingActor,
  ): Promise<ListingEvent> {
    if (!OUTCOME_REPORTS.includes(event.type)) return event;
    const state = listingStateOf((row.listings[marketplace] ?? null) as Record<string, unknown>);
    if (tryTransition(state, event, { marketplace, at: this.now(), by }).ok) return event;
    const last = await this.listings.lastListOperation(row.accountId, row.id, marketplace, tx);
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
   * Sets the item's quantity on its live listing of an API marketplace (after a sale elsewhere
   * left units): the connector's absolute set, so running it twice does no harm. Answers what
   * happened; a transient marketplace error is thrown for the job to retry.
   */
  async pushQuantity(
    accountId: string,
    userId: string,
    itemId: string,
    marketplace: MarketplaceId,
  ): Promise<'updated' | 'not_live' | 'no_connector'> {
    const connector = this.connectors.get(marketplace);
    if (!connector) return 'no_connector';
    const row = await this.items.find(accountId, userId, itemId);
    const stored = (row?.listings[marketplace] ?? null) as Record<string, unknown> | null;
    const state = listingStateOf(stored);
    if (!row || state.status !== 'listed' || !state.listedID) return 'not_live';
    const item = toItem(row);
    const { listing: built } = await this.builder.composeForConnector(accountId, item, marketplace);
    await connector.updateQuantity({
      accountId,
      userId,
      item,
      listing: stored ?? {},
      built,
      listedID: state.listedID,
      quantity: row.generalDetails.quantity,
    });
    return 'updated';
  }

  /** The item as the API answers it (after a change made elsewhere, e.g. a manual sale). */
  async item(ctx: RequestContext, userId: string, itemId: string): Promise<Item> {
    const owner = await this.itemService.owner(ctx, userId);
    return this.itemService.get(ctx, owner, itemId);
  }

  private async keyOf(ctx: RequestContext, userId: string, itemId: string): Promise<ItemKey> {
    const owner = await this.itemService.owner(ctx, userId);
    return { accountId: ctx.accountId, userId: owner, itemId };
  }

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
    const key = await this.keyOf(ctx, input.userId, itemId);
    const existing =
      operation === 'update'
        ? await this.listings.activeUpdate(key.accountId, itemId, marketplace)
        : await this.listings.active(key.accountId, itemId, marketplace);
    if (existing && existing.operation === operation && existing.userId === key.userId) {
      const item = await this.itemService.get(ctx, key.userId, itemId);
      return { item, operation: operationView(existing), created: false };
    }
    if (operation !== 'delist') {
      // The same check as the preview the seller saw and the job runs before sending.
      const item = await this.itemService.get(ctx, key.userId, itemId);
      if (operation === 'update') {
        // Only a listed listing is updated: say so before any problem of its build.
        const refused = tryTransition(
          listingStateOf(item.listings[marketplace] ?? null),
          { type: 'queue_update' },
          { marketplace, at: this.now(), by: listingActor.user(ctx.user.id) },
        );
        if (!refused.ok) throw conflict(refused.refused.message);
      } else if (item.generalDetails.quantity <= 0) {
        throw conflict(soldOutMessage(marketplace, operation));
      }
      const { problems } = await this.builder.compose(key.accountId, item, marketplace);
      if (problems.length > 0) throw refusedListing(marketplace, problems);
    }
    const executor = (await this.executorOf(key.accountId))(marketplace);
    const result = await this.db.transaction(async (tx) => {
      const row = await this.items.find(key.accountId, key.userId, itemId, {
        forUpdate: true,
        db: tx,
      });
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
    const op = result.created ? await this.send(result.operation) : result.operation;
    return { item: toItem(result.row), operation: operationView(op), created: result.created };
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
   * A caller that has read the item's active list, delist or relist operations under this lock
   * (activeLocked) passes them as `inFlight`, so a list, delist or relist does not read them
   * again. Answers the operations in the order of `targets`.
   */
  async queueManyLocked(
    tx: Db,
    row: ItemRecord,
    targets: readonly { marketplace: MarketplaceId; executor: ListingExecutor }[],
    operation: OperationKind,
    by: ListingActor,
    inFlight?: ReadonlyMap<string, ListingOperationRow>,
  ): Promise<{
    row: ItemRecord;
    operations: { operation: ListingOperationRow; created: boolean }[];
  }> {
    const itemId = row.id;
    const marketplaces = targets.map((t) => t.marketplace);
    // Under the item's lock: a concurrent duplicate sees the first one's operation.
    const active =
      inFlight && operation !== 'update'
        ? inFlight
        : await this.listings.activeOn(row.accountId, itemId, marketplaces, tx, {
            updates: operation === 'update',
          });
    let next = row;
    const history: ListingEventInsert[] = [];
    const fresh: { marketplace: MarketplaceId; executor: ListingExecutor }[] = [];
    const leaving: MarketplaceId[] = [];
    for (const target of targets) {
      const running = active.get(target.marketplace);
      if (running && running.operation === operation) continue;
      const moved = this.transitionOf(
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
    await this.listings.cancelUpdates(row.accountId, itemId, leaving, { running: false }, tx);
    const inserted = await this.insertOperationsLocked(tx, row, fresh, operation);
    if (history.length > 0) await this.writeListingsLocked(tx, next, history);
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
  private async insertOperationsLocked(
    tx: Db,
    row: ItemRecord,
    targets: readonly { marketplace: MarketplaceId; executor: ListingExecutor }[],
    operation: OperationKind,
  ): Promise<ListingOperationRow[]> {
    const counts = await this.listings.countsOn(
      row.accountId,
      row.id,
      targets.map((t) => t.marketplace),
      operation,
      tx,
    );
    return this.listings.insertOperations(
      targets.map(({ marketplace, executor }) => ({
        id: newId(),
        accountId: row.accountId,
        userId: row.userId,
        itemId: row.id,
        marketplace,
        operation,
        executor,
        status: 'queued' as const,
        idempotencyKey: `${row.id}:${marketplace}:${operation}:${(counts.get(marketplace) ?? 0) + 1}`,
      })),
      tx,
    );
  }

  /** The queued or running operation of each of these marketplaces of an item locked in `tx`. */
  activeLocked(
    tx: Db,
    row: ItemRecord,
    marketplaces: readonly MarketplaceId[],
  ): Promise<Map<string, ListingOperationRow>> {
    return this.listings.activeOn(row.accountId, row.id, marketplaces, tx);
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
      const moved = this.transitionOf(
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
    await this.listings.stopOperations(
      row.accountId,
      stopped.flatMap(({ target, operation }) =>
        operation ? [{ id: operation.id, reason: target.reason }] : [],
      ),
      tx,
    );
    const downs = stopped.filter((s) => s.down).map((s) => s.target);
    const delists = await this.insertOperationsLocked(tx, row, downs, 'delist');
    if (history.length > 0) await this.writeListingsLocked(tx, next, history);
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
   * Marks the listing of a locked item sold (the sale workflow); answers the row. A listing
   * whose state takes no sale (never listed) is left as it is.
   */
  async markSoldLocked(
    tx: Db,
    row: ItemRecord,
    marketplace: MarketplaceId,
    by: ListingActor,
    reason?: string,
  ): Promise<ItemRecord> {
    const state = listingStateOf(
      (row.listings[marketplace] ?? null) as Record<string, unknown> | null,
    );
    if (!tryTransition(state, { type: 'sold' }, { marketplace, at: this.now(), by }).ok) return row;
    const event: ListingEvent = reason ? { type: 'sold', reason } : { type: 'sold' };
    return (await this.applyLocked(tx, row, marketplace, event, by)).row;
  }

  /** Sends a committed connector operation to the workers; answers it with its job id. */
  async send(operation: ListingOperationRow): Promise<ListingOperationRow> {
    if (operation.executor !== 'connector') return operation;
    const jobId = await this.enqueue(operation.id, operation.accountId, 0);
    if (!jobId) return operation;
    await this.listings.update(operation.accountId, operation.id, { jobId });
    return { ...operation, jobId };
  }

  /** How the account's operations on `marketplace` are carried out (connector or extension). */
  async executorFor(accountId: string, marketplace: MarketplaceId): Promise<ListingExecutor> {
    return (await this.executorOf(accountId))(marketplace);
  }

  /** The same for every marketplace of the account, its connections read once. */
  executorsFor(accountId: string): Promise<ExecutorOf> {
    return this.executorOf(accountId);
  }

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
    const key = await this.keyOf(ctx, userId, itemId);
    const update = isUpdateEvent(event.type);
    const active = update
      ? await this.listings.activeUpdate(key.accountId, itemId, marketplace)
      : await this.listings.active(key.accountId, itemId, marketplace);
    if (
      executorId &&
      active &&
      active.executor === 'extension' &&
      active.status === 'running' &&
      active.leaseOwner !== null &&
      active.leaseOwner !== executorId &&
      (active.leaseExpiresAt?.getTime() ?? 0) > this.now()
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
      const recorded = await this.updateOutcome(active, event, by, sentPatch(active.sentHash));
      if (!recorded) {
        throw conflict(
          `${MARKETPLACE_NAMES[marketplace]}: this listing is no longer listed (sold, delisted or marked not listed meanwhile), so there is no update to record.`,
        );
      }
      return this.itemService.get(ctx, key.userId, itemId);
    }
    // The digest of the listing the executor was handed, when it asked for it; none otherwise.
    const patch = event.type === 'listed' ? sentPatch(active?.sentHash ?? null) : undefined;
    return this.change(key, [{ marketplace, event, ...(patch ? { patch } : {}) }], by);
  }

  async markNotListed(
    ctx: RequestContext,
    userId: string,
    itemId: string,
    marketplaces: MarketplaceId[],
  ): Promise<Item> {
    const key = await this.keyOf(ctx, userId, itemId);
    return this.change(
      key,
      [...new Set(marketplaces)].map((marketplace) => ({
        marketplace,
        event: { type: 'mark_not_listed' } as ListingEvent,
      })),
      listingActor.user(ctx.user.id),
      { skipUnchanged: true },
    );
  }

  async history(ctx: RequestContext, userId: string, itemId: string, marketplace?: string) {
    const key = await this.keyOf(ctx, userId, itemId);
    const item = await this.items.find(key.accountId, key.userId, itemId);
    if (!item) throw notFound(NO_SUCH_ITEM);
    const rows = await this.listings.events(key.accountId, itemId, marketplace);
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
    const now = this.now();
    return this.listings.claim({
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
    const op = await this.listings.find(ctx.accountId, operationId);
    if (!op || op.userId !== ctx.user.id || op.executor !== 'extension')
      throw notFound(NO_SUCH_OPERATION);
    if (op.status === 'canceled' && op.cancelReason !== null) throw conflict(stoppedMessage(op));
    if (op.status !== 'running') throw conflict('This operation is not running; claim it first.');
    if (op.leaseOwner !== (input.executorId ?? ctx.user.id))
      throw conflict('Another executor holds this operation.');
    const leaseExpiresAt = new Date(this.now() + input.leaseSeconds * 1000);
    await this.listings.update(ctx.accountId, operationId, { leaseExpiresAt });
    return operationView({ ...op, leaseExpiresAt });
  }

  /** The item's operations (newest first): what the item screen shows while jobs run. */
  async operations(
    ctx: RequestContext,
    userId: string,
    itemId: string,
    marketplace?: MarketplaceId,
  ): Promise<OperationView[]> {
    const key = await this.keyOf(ctx, userId, itemId);
    const item = await this.items.find(key.accountId, key.userId, itemId);
    if (!item) throw notFound(NO_SUCH_ITEM);
    const rows = await this.listings.operationsOf(key.accountId, itemId, {
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
    const op = await this.listings.find(ctx.accountId, operationId);
    if (!op || op.userId !== ctx.user.id || op.executor !== 'extension')
      throw notFound(NO_SUCH_OPERATION);
    const marketplace = op.marketplace as MarketplaceId;
    const item = await this.itemService.get(ctx, op.userId, op.itemId);
    const { listing, problems, digest } = await this.builder.compose(
      ctx.accountId,
      item,
      marketplace,
    );
    // What the extension is handed is what its report of success records as sent.
    if (op.operation !== 'delist' && op.sentHash !== digest) {
      await this.listings.update(ctx.accountId, op.id, { sentHash: digest });
    }
    return { operation: operationView(op), item, listing, problems };
  }

  /**
   * The `listings.execute` job: carries out one connector operation. It first takes the
   * operation under a lease it renews while the marketplace answers; an operation finished, or
   * held by a live worker, is left alone, so a duplicate or late job never lists twice. A worker
   * that dies leaves its lease to run out, and the sweeper sends the operation again.
   */
  async execute(
    payload: { operationId: string; accountId: string },
    job: { retryCount: number; retryLimit: number; logger: Logger },
  ): Promise<void> {
    const { operationId, accountId } = payload;
    const op = await this.listings.takeForWorker({
      accountId,
      id: operationId,
      owner: this.workerId,
      now: new Date(this.now()),
      leaseExpiresAt: new Date(this.now() + this.leaseMs),
    });
    if (!op) return;
    const renew = setInterval(
      () => {
        const until = new Date(this.now() + this.leaseMs);
        this.listings
          .renewLease(accountId, op.id, this.workerId, until)
          .catch((error: unknown) =>
            job.logger.warn({ err: error, operationId }, 'could not renew the listing lease'),
          );
      },
      Math.max(1000, Math.floor(this.leaseMs / 3)),
    );
    try {
      await this.carryOut(op, job);
    } finally {
      clearInterval(renew);
    }
  }

  private async carryOut(
    op: ListingOperationRow,
    job: { retryCount: number; retryLimit: number; logger: Logger },
  ): Promise<void> {
    const { accountId } = op;
    const marketplace = op.marketplace as MarketplaceId;
    const key: ItemKey = { accountId, userId: op.userId, itemId: op.itemId };
    const by = listingActor.connector(marketplace);
    const connector = this.connectors.get(marketplace);
    if (op.operation === 'update') {
      await this.carryOutUpdate(op, job);
      return;
    }
    // Relist runs its delist half, then (state queued:list) its list half: at most two steps.
    for (let step = 0; step < 2; step += 1) {
      const row = await this.items.find(accountId, op.userId, op.itemId);
      if (!row) return;
      const stored = (row.listings[marketplace] ?? {}) as Record<string, unknown>;
      const state = listingStateOf(stored);
      const active = await this.listings.active(accountId, op.itemId, marketplace);
      if (state.status !== 'queued' || !active || active.id !== op.id) {
        if (active?.id === op.id)
          await this.listings.finishActive(accountId, op.itemId, marketplace, 'canceled', null);
        return;
      }
      const listing = state.pendingOperation === 'list' ? 'list' : 'delist';
      const failure = listing === 'list' ? 'list_failure' : 'delist_failure';
      if (!connector) {
        await this.outcome(
          key,
          marketplace,
          { type: failure, reason: notConnectedReason(marketplace) },
          by,
        );
        return;
      }
      const item = toItem(row);
      const input = { accountId, userId: op.userId, item, listing: stored };
      try {
        if (listing === 'list') {
          // Built now, with the same checks as at queue time: rules or the item may have
          // changed since. A delist sends nothing but the listing's id, so it builds nothing.
          const {
            listing: built,
            problems,
            digest,
          } = await this.builder.composeForConnector(accountId, item, marketplace);
          if (problems.length > 0) {
            await this.outcome(
              key,
              marketplace,
              { type: failure, reason: problemsMessage(marketplace, problems).slice(0, 2000) },
              by,
            );
            return;
          }
          const published = await connector.publish({ ...input, built });
          await this.outcome(
            key,
            marketplace,
            {
              type: 'listed',
              listedID: published.listedID ?? null,
              listingURL: published.listingURL ?? null,
            },
            by,
            sentPatch(digest, published),
          );
          return;
        }
        // An update of this listing being sent now goes first: a delist that ran beside it
        // could be undone by it (the update puts the listing's quantity back).
        const underWay = await this.listings.updateUnderWay(
          accountId,
          op.itemId,
          marketplace,
          new Date(this.now()),
        );
        if (underWay) {
          await this.waitForUpdate(op, underWay);
          return;
        }
        await connector.delist({ ...input, listedID: state.listedID });
        await this.outcome(key, marketplace, { type: 'delisted' }, by);
      } catch (error) {
        const reason = await this.afterError(op, job, error);
        if (reason === null) return;
        await this.outcome(key, marketplace, { type: failure, reason }, by);
        return;
      }
    }
  }

  /**
   * A connector's error: put back in the queue for a retry (a new job after the marketplace's
   * Retry-After, or the job's own backoff, then it throws), or, on the last try or a permanent
   * refusal, the reason the operation failed, for the caller to record. Null when put back.
   */
  private async afterError(
    op: ListingOperationRow,
    job: { retryCount: number; retryLimit: number; logger: Logger },
    error: unknown,
  ): Promise<string | null> {
    const { accountId } = op;
    const marketplace = op.marketplace as MarketplaceId;
    const transient = !(error instanceof ConnectorError) || error.transient;
    const message = error instanceof Error ? error.message : String(error);
    // Every take counts one attempt, whether pg-boss retried the job or we sent a new one.
    const lastTry = !transient || op.attempts > job.retryLimit;
    job.logger.warn({ err: error, operationId: op.id, lastTry }, 'listing operation failed');
    const retryAfter = error instanceof ConnectorError ? error.retryAfterSeconds : null;
    if (!lastTry && retryAfter !== null) {
      // The marketplace said when to come back: a new job then, not pg-boss's backoff.
      await this.listings.update(accountId, op.id, {
        status: 'queued',
        leaseOwner: null,
        leaseExpiresAt: null,
        lastError: message.slice(0, 2000),
      });
      const jobId = await this.enqueue(op.id, accountId, op.attempts + 1, retryAfter);
      if (jobId) await this.listings.update(accountId, op.id, { jobId });
      return null;
    }
    if (!lastTry) {
      // Back in the queue for the job's retry, which takes it again after its backoff.
      await this.listings.update(accountId, op.id, {
        status: 'queued',
        leaseOwner: null,
        leaseExpiresAt: null,
        lastError: message.slice(0, 2000),
      });
      throw error;
    }
    const reason =
      error instanceof ConnectorError
        ? message
        : `ListLoop could not reach ${MARKETPLACE_NAMES[marketplace]}: ${message}`;
    return reason.slice(0, 2000) || 'Failed.';
  }

  /**
   * A delist or relist whose listing is being updated right now: back in the queue, looked at
   * again in a moment by a new job. The take does not count as an attempt: nothing was tried.
   */
  private async waitForUpdate(op: ListingOperationRow, until: Date): Promise<void> {
    const seconds = Math.max(
      1,
      Math.min(UPDATE_WAIT_SECONDS, Math.ceil((until.getTime() - this.now()) / 1000)),
    );
    await this.listings.update(op.accountId, op.id, {
      status: 'queued',
      leaseOwner: null,
      leaseExpiresAt: null,
      attempts: Math.max(0, op.attempts - 1),
    });
    const jobId = await this.enqueue(op.id, op.accountId, `wait-${this.now()}`, seconds);
    if (jobId) await this.listings.update(op.accountId, op.id, { jobId });
  }

  /**
   * The `listings.execute` job of an update: the listing as it is built now goes to the
   * marketplace through the connector's update, while the listing stays listed. A listing that
   * was sold, delisted, queued or marked not listed meanwhile (or whose item has no unit left)
   * is not updated: the operation ends canceled. Retries and failures as for any operation; a
   * failure leaves the listing live with the marketplace's reason in its history.
   */
  private async carryOutUpdate(
    op: ListingOperationRow,
    job: { retryCount: number; retryLimit: number; logger: Logger },
  ): Promise<void> {
    const { accountId } = op;
    const marketplace = op.marketplace as MarketplaceId;
    const by = listingActor.connector(marketplace);
    const row = await this.items.find(accountId, op.userId, op.itemId);
    const stored = (row?.listings[marketplace] ?? {}) as Record<string, unknown>;
    const state = listingStateOf(stored);
    if (!row || state.status !== 'listed' || soldOut(row)) {
      await this.listings.finish(accountId, op.id, 'canceled', null);
      return;
    }
    const fail = (reason: string) =>
      this.updateOutcome(op, { type: 'update_failure', reason: reason.slice(0, 2000) }, by);
    const connector = this.connectors.get(marketplace);
    if (!connector) {
      await fail(notConnectedReason(marketplace));
      return;
    }
    if (!state.listedID) {
      await fail(
        `ListLoop does not know this listing's id on ${MARKETPLACE_NAMES[marketplace]}, so it cannot update it: relist it instead.`,
      );
      return;
    }
    const item = toItem(row);
    try {
      const {
        listing: built,
        problems,
        digest,
      } = await this.builder.composeForConnector(accountId, item, marketplace);
      if (problems.length > 0) {
        await fail(problemsMessage(marketplace, problems));
        return;
      }
      const published = await connector.update({
        accountId,
        userId: op.userId,
        item,
        listing: stored,
        built,
        listedID: state.listedID,
      });
      await this.updateOutcome(op, { type: 'updated' }, by, sentPatch(digest, published));
    } catch (error) {
      const reason = await this.afterError(op, job, error);
      if (reason !== null) await fail(reason);
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
  private async updateOutcome(
    op: ListingOperationRow,
    event: ListingEvent,
    by: ListingActor,
    patch: ListingPatch = {},
  ): Promise<boolean> {
    const marketplace = op.marketplace as MarketplaceId;
    return this.db.transaction(async (tx) => {
      const row = await this.items.find(op.accountId, op.userId, op.itemId, {
        forUpdate: true,
        db: tx,
      });
      const current = await this.listings.find(op.accountId, op.id, tx);
      if (!row || !current || !['queued', 'running'].includes(current.status)) return false;
      let next;
      try {
        next = this.transitionOf(
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
      if (next) await this.writeListingsLocked(tx, next.row, [next.history]);
      const failed = event.type === 'update_failure';
      await this.listings.finish(
        op.accountId,
        op.id,
        failed ? 'failed' : 'succeeded',
        failed ? event.reason : null,
        tx,
      );
      return next !== null;
    });
  }

  /**
   * The `listings.sweep` job: connector operations that no job will carry out are sent again:
   * queued ones whose job was never sent (a stop between the commit and the send) or whose job
   * has ended without running them, and running ones whose worker died (lease run out). One
   * that has crashed its worker `maxAttempts` times ends in failure instead of looping.
   */
  async sweep(
    jobState: (jobId: string) => Promise<string | null>,
    logger: Logger,
  ): Promise<{ resent: number; failed: number }> {
    const now = this.now();
    const stranded = await this.listings.stranded({
      sentBefore: new Date(now - 15_000),
      staleBefore: new Date(now - 20 * 60_000),
      now: new Date(now),
      limit: 500,
    });
    let resent = 0;
    let failed = 0;
    for (const op of stranded) {
      if (op.status === 'queued' && op.jobId) {
        const state = await jobState(op.jobId);
        if (state && ['created', 'retry', 'active'].includes(state)) continue;
      }
      const marketplace = op.marketplace as MarketplaceId;
      if (op.attempts >= this.maxAttempts) {
        const reason = `ListLoop stopped after ${op.attempts} attempts that did not finish. Try again.`;
        if (op.operation === 'update') {
          await this.updateOutcome(op, { type: 'update_failure', reason }, listingActor.system);
          failed += 1;
          continue;
        }
        const key = { accountId: op.accountId, userId: op.userId, itemId: op.itemId };
        const row = await this.items.find(op.accountId, op.userId, op.itemId);
        const state = listingStateOf(
          (row?.listings[marketplace] ?? null) as Record<string, unknown> | null,
        );
        const failure = state.pendingOperation === 'list' ? 'list_failure' : 'delist_failure';
        await this.outcome(key, marketplace, { type: failure, reason }, listingActor.system);
        await this.listings.finishActive(op.accountId, op.itemId, marketplace, 'failed', null);
        failed += 1;
        continue;
      }
      const jobId = await this.enqueue(op.id, op.accountId, op.attempts + 1);
      await this.listings.update(op.accountId, op.id, {
        ...(op.status === 'running'
          ? { status: 'queued' as const, leaseOwner: null, leaseExpiresAt: null }
          : {}),
        ...(jobId ? { jobId } : {}),
      });
      logger.info({ operationId: op.id, status: op.status }, 'listing operation sent again');
      resent += 1;
    }
    return { resent, failed };
  }

  /** A connector's result; refused only when the listing moved on meanwhile (then ignored). */
  private async outcome(
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

  // For sale detection:
  /** Where the operations a sale queued stand now, each followed to its latest retry. */
  currentOperationsOf(
    accountId: string,
    operationIds: readonly string[],
  ): Promise<Map<string, CurrentOperation>> {
    return this.listings.currentOperationsOf(accountId, operationIds);
  }
}
