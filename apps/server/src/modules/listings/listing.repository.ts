import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  notInArray,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/database';
import {
  InsertStatements,
  shaped,
  statement,
  type Placeholders,
} from '../../platform/db/statement';
import { listingEvents, listingOperations } from './listing.table';

export type ListingEventRow = typeof listingEvents.$inferSelect;
export type ListingEventInsert = typeof listingEvents.$inferInsert;
export type ListingOperationRow = typeof listingOperations.$inferSelect;
export type ListingOperationInsert = typeof listingOperations.$inferInsert;
export type OperationKind = ListingOperationRow['operation'];
/**
 * An item's active operations as read under its lock (activeWithUpdates): the list, delist or
 * relist of each marketplace, and the marketplaces with an update queued or running.
 * Operations are added only under the item's lock, so while it is held a marketplace with
 * none here has none, and ending one there needs no statement.
 */
export interface ActiveLocked {
  state: ReadonlyMap<string, ListingOperationRow>;
  updates: ReadonlySet<string>;
}

/** What a worker checks on a listing before it delists or relists it (activeAndUpdateUnderWay). */
export interface UnderWay {
  active: ListingOperationRow | null;
  updateUntil: Date | null;
}
/** Where an operation, or the retry that followed it, stands now. */
export type CurrentOperation = Pick<
  ListingOperationRow,
  'id' | 'status' | 'lastError' | 'updatedAt'
>;

const ACTIVE = ['queued', 'running'] as const;

/**
 * The operations that move the listing's state (list, delist, relist): at most one of them is
 * active per listing. An update runs beside the listing's state (it stays listed), so it is
 * kept apart: `activeUpdate` and `cancelUpdates` answer for it (decision 0023).
 */
const STATE_OPERATION = ne(listingOperations.operation, 'update');

/** Marketplaces of one of an account's items: what an operation may be looked up or ended on. */
export interface ItemMarketplaces {
  itemId: string;
  marketplaces: readonly string[];
}

/**
 * A value of a condition: given, or a placeholder where a statement built once takes it
 * (platform/db/statement.ts).
 */
type Value = string | Placeholder;
/** The statuses of an operation under way, or their placeholders. */
type ActiveStatuses = readonly ((typeof ACTIVE)[number] | Placeholder)[];

/** The queued or running operations of an account's item on any of `marketplaces`. */
function activeOnAny(
  accountId: Value,
  itemId: Value,
  marketplaces: readonly Value[],
  statuses: ActiveStatuses = ACTIVE,
) {
  return activeOnItems(accountId, [{ itemId, marketplaces }], statuses);
}

/**
 * The same for several items of the account at once, each on its own marketplaces. The items and
 * marketplaces are listed whole too: an OR of (item, marketplaces) pairs alone leads a planner
 * without fresh statistics to read every operation of the account, while a list of items is
 * read through the item index, as one item is.
 */
function activeOnItems(
  accountId: Value,
  items: readonly { itemId: Value; marketplaces: readonly Value[] }[],
  statuses: ActiveStatuses = ACTIVE,
) {
  const pairs = items.map(({ itemId, marketplaces }) =>
    and(
      eq(listingOperations.itemId, itemId),
      inArray(listingOperations.marketplace, [...marketplaces]),
    ),
  );
  return and(
    eq(listingOperations.accountId, accountId),
    inArray(
      listingOperations.itemId,
      items.map(({ itemId }) => itemId),
    ),
    inArray(listingOperations.marketplace, [
      ...new Set(items.flatMap(({ marketplaces }) => marketplaces)),
    ]),
    pairs.length > 1 ? or(...pairs) : undefined,
    inArray(listingOperations.status, [...statuses]),
  );
}

/**
 * An operation that ends (done, failed, canceled) is no longer held for the seller: every
 * statement that ends one clears its needs-you stop with it.
 */
const NO_HOLD = {
  needsYouReason: null,
  needsYouDetail: null,
  needsYouPageUrl: null,
  needsYouAt: null,
} as const;

/** What an executor says when it hands an operation to the seller. */
export interface NeedsYouHold {
  reason: string;
  detail: string | null;
  pageUrl: string | null;
  at: Date;
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** A claimed operation as the raw UPDATE … RETURNING gives it. */
interface ClaimedRow {
  id: string;
  item_id: string;
  user_id: string;
  marketplace: string;
  operation: OperationKind;
  lease_expires_at: Date | string;
}

/** The account's operations `ids`, running under leases `owner` holds. */
function heldBy(accountId: string, ids: readonly string[], owner: string) {
  return and(
    eq(listingOperations.accountId, accountId),
    inArray(listingOperations.id, [...ids]),
    eq(listingOperations.status, 'running'),
    eq(listingOperations.leaseOwner, owner),
  );
}

/** Every listing change writes history: built once per shape (platform/db/statement.ts). */
const newEvents = new InsertStatements((q, rows: ListingEventInsert[]) =>
  q.insert(listingEvents).values(rows),
);

/**
 * The item's queued or running operations on n marketplaces (activeOnAny's text for one item),
 * read by every sale: built once per n.
 */
const activeOnMarketplaces = shaped((n: number) =>
  statement(
    (q, p: Placeholders<Record<string, string>>) =>
      q
        .select()
        .from(listingOperations)
        .where(
          activeOnAny(
            p('accountId'),
            p('itemId'),
            Array.from({ length: n }, (_, i) => p(`marketplace${i}`)),
            ACTIVE.map((status) => p(status)),
          ),
        )
        .orderBy(asc(listingOperations.createdAt)),
    listingOperations,
  ),
);

/** Operations before their idempotency key: the insert numbers it (insertNumbered). */
type UnnumberedOperation = Omit<ListingOperationInsert, 'idempotencyKey'>;

/**
 * insertNumbered's insert: each operation's idempotency key is `item:marketplace:operation:`
 * and its number after the earlier ones of its (item, marketplace, operation), counted by the
 * insert itself, from the row's own values. Built once per shape.
 */
const numberedOperations = new InsertStatements(
  (q, rows: UnnumberedOperation[]) =>
    q
      .insert(listingOperations)
      .values(
        rows.map((row) => ({
          ...row,
          idempotencyKey: sql`${row.itemId}::text || ':' || ${row.marketplace}::text || ':' || ${row.operation}::text || ':' || (
          SELECT count(*) + 1 FROM listing_operations AS earlier
          WHERE earlier.account_id = ${row.accountId} AND earlier.item_id = ${row.itemId}
            AND earlier.marketplace = ${row.marketplace} AND earlier.operation = ${row.operation}
        )::text`,
        })),
      )
      .returning(),
  listingOperations,
);

/** listing_events and listing_operations; every query is scoped by the account. */
export class ListingRepository {
  constructor(private readonly db: Db) {}

  async insertEvents(events: readonly ListingEventInsert[], db: Db = this.db): Promise<void> {
    await newEvents.run(db, events);
  }

  async events(
    accountId: string,
    itemId: string,
    marketplace: string | undefined,
  ): Promise<ListingEventRow[]> {
    return this.db
      .select()
      .from(listingEvents)
      .where(
        and(
          eq(listingEvents.accountId, accountId),
          eq(listingEvents.itemId, itemId),
          marketplace ? eq(listingEvents.marketplace, marketplace) : undefined,
        ),
      )
      .orderBy(asc(listingEvents.at), asc(listingEvents.id));
  }

  /** The queued or running list, delist or relist of (item, marketplace); there is at most one. */
  active(
    accountId: string,
    itemId: string,
    marketplace: string,
    db: Db = this.db,
  ): Promise<ListingOperationRow | null> {
    return this.firstActive(accountId, itemId, marketplace, STATE_OPERATION, db);
  }

  /**
   * In one read, what a worker checks before it delists or relists, for each of `marketplaces`
   * of the item: the active list, delist or relist there, and when the update an executor is
   * sending there now lets go of it (its lease's end; null when none is being sent). A delist or
   * relist waits for it, so the update cannot put back on sale what the delist takes down.
   */
  async activeAndUpdateUnderWay(
    accountId: string,
    itemId: string,
    marketplaces: readonly string[],
    now: Date,
  ): Promise<Map<string, UnderWay>> {
    const found = await this.underWayOn(accountId, [{ itemId, marketplaces }], now);
    return found.get(itemId)!;
  }

  /** activeAndUpdateUnderWay for several items of the account in one read, by item. */
  async underWayOn(
    accountId: string,
    items: readonly ItemMarketplaces[],
    now: Date,
  ): Promise<Map<string, Map<string, UnderWay>>> {
    const found = new Map<string, Map<string, UnderWay>>(
      items.map(({ itemId, marketplaces }) => [
        itemId,
        new Map(
          marketplaces.map((marketplace) => [marketplace, { active: null, updateUntil: null }]),
        ),
      ]),
    );
    if (items.length === 0) return found;
    const rows = await this.db
      .select()
      .from(listingOperations)
      .where(activeOnItems(accountId, items))
      .orderBy(asc(listingOperations.createdAt));
    for (const row of rows) {
      const there = found.get(row.itemId)?.get(row.marketplace);
      if (!there) continue;
      if (row.operation !== 'update') {
        there.active ??= row;
        continue;
      }
      const until = row.leaseExpiresAt;
      if (row.status !== 'running' || !until || until <= now) continue;
      if (!there.updateUntil || until > there.updateUntil) there.updateUntil = until;
    }
    return found;
  }

  /** The queued or running update of (item, marketplace); there is at most one. */
  activeUpdate(
    accountId: string,
    itemId: string,
    marketplace: string,
    db: Db = this.db,
  ): Promise<ListingOperationRow | null> {
    const update = eq(listingOperations.operation, 'update');
    return this.firstActive(accountId, itemId, marketplace, update, db);
  }

  private async firstActive(
    accountId: string,
    itemId: string,
    marketplace: string,
    kind: SQL,
    db: Db,
  ): Promise<ListingOperationRow | null> {
    const [row] = await db
      .select()
      .from(listingOperations)
      .where(and(activeOnAny(accountId, itemId, [marketplace]), kind))
      .orderBy(asc(listingOperations.createdAt))
      .limit(1);
    return row ?? null;
  }

  /**
   * Cancels the updates of (item, marketplace) that have not been sent (queued), and with
   * `running` those being sent too (whose outcome will then be ignored). Answers how many.
   */
  async cancelUpdates(
    accountId: string,
    itemId: string,
    marketplaces: readonly string[],
    options: { running: boolean },
    db: Db = this.db,
  ): Promise<number> {
    if (marketplaces.length === 0) return 0;
    const rows = await db
      .update(listingOperations)
      .set({
        status: 'canceled',
        leaseOwner: null,
        leaseExpiresAt: null,
        ...NO_HOLD,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(listingOperations.accountId, accountId),
          eq(listingOperations.itemId, itemId),
          inArray(listingOperations.marketplace, [...marketplaces]),
          eq(listingOperations.operation, 'update'),
          inArray(listingOperations.status, options.running ? [...ACTIVE] : ['queued']),
        ),
      )
      .returning({ id: listingOperations.id });
    return rows.length;
  }

  /**
   * Ends one operation with `status` if it is still queued or running; false when it had ended
   * already (canceled meanwhile), so its outcome is not recorded.
   */
  async finish(
    accountId: string,
    id: string,
    status: 'succeeded' | 'failed' | 'canceled',
    lastError: string | null,
    db: Db = this.db,
  ): Promise<boolean> {
    const rows = await db
      .update(listingOperations)
      .set({
        status,
        lastError: lastError ?? sql`${listingOperations.lastError}`,
        leaseOwner: null,
        leaseExpiresAt: null,
        ...NO_HOLD,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(listingOperations.accountId, accountId),
          eq(listingOperations.id, id),
          inArray(listingOperations.status, [...ACTIVE]),
        ),
      )
      .returning({ id: listingOperations.id });
    return rows.length > 0;
  }

  /**
   * The queued or running list, delist or relist of each of these marketplaces of the item (the
   * oldest, as `active` answers), or with `updates` their update, in one query.
   */
  async activeOn(
    accountId: string,
    itemId: string,
    marketplaces: readonly string[],
    db: Db = this.db,
    options: { updates?: boolean } = {},
  ): Promise<Map<string, ListingOperationRow>> {
    const found = new Map<string, ListingOperationRow>();
    if (marketplaces.length === 0) return found;
    const rows = await db
      .select()
      .from(listingOperations)
      .where(
        and(
          activeOnAny(accountId, itemId, marketplaces),
          options.updates ? eq(listingOperations.operation, 'update') : STATE_OPERATION,
        ),
      )
      .orderBy(asc(listingOperations.createdAt));
    for (const row of rows) if (!found.has(row.marketplace)) found.set(row.marketplace, row);
    return found;
  }

  /**
   * Every queued or running operation of these marketplaces of the item, in one query: its
   * list, delist or relist per marketplace (the oldest, as `active` answers) and where an
   * update is under way. Read by a caller holding the item's lock (see ActiveLocked).
   */
  async activeWithUpdates(
    accountId: string,
    itemId: string,
    marketplaces: readonly string[],
    db: Db = this.db,
  ): Promise<ActiveLocked> {
    const state = new Map<string, ListingOperationRow>();
    const updates = new Set<string>();
    if (marketplaces.length === 0) return { state, updates };
    const values: Record<string, string> = { accountId, itemId };
    for (const status of ACTIVE) values[status] = status;
    const unique = [...new Set(marketplaces)];
    unique.forEach((marketplace, i) => {
      values[`marketplace${i}`] = marketplace;
    });
    const rows = await activeOnMarketplaces(unique.length).rows(db, values);
    for (const row of rows) {
      if (row.operation === 'update') updates.add(row.marketplace);
      else if (!state.has(row.marketplace)) state.set(row.marketplace, row);
    }
    return { state, updates };
  }

  /**
   * Inserts operations of an item the caller holds locked, and answers them as stored. Each is
   * numbered in its idempotency key (`item:marketplace:operation:n`) after the earlier ones of
   * its (item, marketplace, operation), counted by the insert itself: under the item's lock no
   * other insert numbers the same, so a retried request is never a second operation.
   */
  async insertNumbered(
    rows: readonly UnnumberedOperation[],
    db: Db = this.db,
  ): Promise<ListingOperationRow[]> {
    return numberedOperations.rows(db, rows);
  }

  async insertOperation(row: ListingOperationInsert, db: Db = this.db): Promise<void> {
    await db.insert(listingOperations).values(row);
  }

  async find(accountId: string, id: string, db: Db = this.db): Promise<ListingOperationRow | null> {
    const [row] = await db
      .select()
      .from(listingOperations)
      .where(and(eq(listingOperations.accountId, accountId), eq(listingOperations.id, id)));
    return row ?? null;
  }

  async update(
    accountId: string,
    id: string,
    changes: Partial<
      Pick<
        ListingOperationRow,
        'status' | 'leaseOwner' | 'leaseExpiresAt' | 'attempts' | 'lastError' | 'jobId' | 'sentHash'
      >
    >,
    db: Db = this.db,
  ): Promise<void> {
    await db
      .update(listingOperations)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(listingOperations.accountId, accountId), eq(listingOperations.id, id)));
  }

  /**
   * Hands a running extension operation back to the seller: queued again, its lease let go, the
   * stop recorded. Only while `owner` still holds it; null when it does not (it ended, or
   * another executor claimed it meanwhile).
   */
  async holdForSeller(
    accountId: string,
    id: string,
    owner: string,
    hold: NeedsYouHold,
  ): Promise<ListingOperationRow | null> {
    const [row] = await this.db
      .update(listingOperations)
      .set({
        status: 'queued',
        leaseOwner: null,
        leaseExpiresAt: null,
        needsYouReason: hold.reason,
        needsYouDetail: hold.detail,
        needsYouPageUrl: hold.pageUrl,
        needsYouAt: hold.at,
        updatedAt: new Date(),
      })
      .where(and(heldBy(accountId, [id], owner), eq(listingOperations.executor, 'extension')))
      .returning();
    return row ?? null;
  }

  /**
   * The seller's "Try again": clears the stop of an operation held for them, so the next claim
   * takes it. Null when it is not held (resumed already, or it ended).
   */
  async release(accountId: string, id: string): Promise<ListingOperationRow | null> {
    const [row] = await this.db
      .update(listingOperations)
      .set({ ...NO_HOLD, updatedAt: new Date() })
      .where(
        and(
          eq(listingOperations.accountId, accountId),
          eq(listingOperations.id, id),
          eq(listingOperations.status, 'queued'),
          isNotNull(listingOperations.needsYouReason),
        ),
      )
      .returning();
    return row ?? null;
  }

  /**
   * The newest list or relist of (item, marketplace), whatever its status: the one a late
   * `listed` report or a list's executor speaks of.
   */
  async lastListOperation(
    accountId: string,
    itemId: string,
    marketplace: string,
    db: Db = this.db,
  ): Promise<ListingOperationRow | null> {
    const [row] = await db
      .select()
      .from(listingOperations)
      .where(
        and(
          eq(listingOperations.accountId, accountId),
          eq(listingOperations.itemId, itemId),
          eq(listingOperations.marketplace, marketplace),
          inArray(listingOperations.operation, ['list', 'relist']),
        ),
      )
      .orderBy(desc(listingOperations.createdAt), desc(listingOperations.id))
      .limit(1);
    return row ?? null;
  }

  /**
   * Cancels operations a sale stopped, each with why. Only queued or running ones: one that
   * finished meanwhile keeps its end. One statement for each reason (a sale gives at most two),
   * however many operations it stops.
   */
  async stopOperations(
    accountId: string,
    stops: readonly { id: string; reason: string }[],
    db: Db = this.db,
  ): Promise<void> {
    const idsByReason = new Map<string, string[]>();
    for (const { id, reason } of stops) {
      idsByReason.set(reason, [...(idsByReason.get(reason) ?? []), id]);
    }
    for (const [reason, ids] of idsByReason) {
      await db
        .update(listingOperations)
        .set({
          status: 'canceled',
          cancelReason: reason,
          leaseOwner: null,
          leaseExpiresAt: null,
          ...NO_HOLD,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(listingOperations.accountId, accountId),
            inArray(listingOperations.id, ids),
            inArray(listingOperations.status, [...ACTIVE]),
          ),
        );
    }
  }

  /**
   * Ends the active list, delist or relist of (item, marketplace) with the given status; answers
   * the operations it ended (none when none was active).
   */
  finishActive(
    accountId: string,
    itemId: string,
    marketplaces: readonly string[],
    status: 'succeeded' | 'failed' | 'canceled',
    lastError: string | null,
    db: Db = this.db,
  ): Promise<{ id: string; itemId: string; operation: string; marketplace: string }[]> {
    return this.finishActiveOn(accountId, [{ itemId, marketplaces }], status, lastError, db);
  }

  /** finishActive for several items of the account, each on its own marketplaces, at once. */
  async finishActiveOn(
    accountId: string,
    items: readonly ItemMarketplaces[],
    status: 'succeeded' | 'failed' | 'canceled',
    lastError: string | null,
    db: Db = this.db,
  ): Promise<{ id: string; itemId: string; operation: string; marketplace: string }[]> {
    const some = items.filter(({ marketplaces }) => marketplaces.length > 0);
    if (some.length === 0) return [];
    return db
      .update(listingOperations)
      .set({
        status,
        lastError: lastError ?? sql`${listingOperations.lastError}`,
        leaseOwner: null,
        leaseExpiresAt: null,
        ...NO_HOLD,
        updatedAt: new Date(),
      })
      .where(and(activeOnItems(accountId, some), STATE_OPERATION))
      .returning({
        id: listingOperations.id,
        itemId: listingOperations.itemId,
        operation: listingOperations.operation,
        marketplace: listingOperations.marketplace,
      });
  }

  /**
   * Claims up to `max` extension operations of the user for the marketplaces: queued ones, or
   * running ones whose lease has expired. One statement, rows locked SKIP LOCKED, so two
   * executors never get the same operation. A delist or relist is not offered while an update
   * of the same listing is being sent under a live lease: it comes after it. One held for the
   * seller (needs you) is offered once the seller says "Try again".
   */
  async claim(input: {
    accountId: string;
    userId: string;
    marketplaces: string[];
    max: number;
    owner: string;
    now: Date;
    leaseExpiresAt: Date;
  }) {
    const marketplaces = sql.join(
      input.marketplaces.map((m) => sql`${m}`),
      sql`, `,
    );
    const result = await this.db.execute(sql`
      UPDATE listing_operations
      SET status = 'running',
          lease_owner = ${input.owner},
          lease_expires_at = ${input.leaseExpiresAt.toISOString()}::timestamptz,
          attempts = attempts + 1,
          updated_at = ${input.now.toISOString()}::timestamptz
      WHERE id IN (
        SELECT id FROM listing_operations AS candidate
        WHERE account_id = ${input.accountId}
          AND user_id = ${input.userId}
          AND executor = 'extension'
          AND marketplace IN (${marketplaces})
          AND ((status = 'queued' AND needs_you_reason IS NULL)
               OR (status = 'running' AND lease_expires_at < ${input.now.toISOString()}::timestamptz))
          AND NOT (operation IN ('delist', 'relist') AND EXISTS (
            SELECT 1 FROM listing_operations AS sending
            WHERE sending.account_id = candidate.account_id
              AND sending.item_id = candidate.item_id
              AND sending.marketplace = candidate.marketplace
              AND sending.operation = 'update'
              AND sending.status = 'running'
              AND sending.lease_expires_at >= ${input.now.toISOString()}::timestamptz))
        ORDER BY created_at, id
        LIMIT ${input.max}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, item_id, user_id, marketplace, operation, lease_expires_at`);
    return rowsOf<ClaimedRow>(result).map((row) => ({
      operationId: row.id,
      itemId: row.item_id,
      userId: row.user_id,
      marketplace: row.marketplace,
      operation: row.operation,
      leaseExpiresAt: new Date(row.lease_expires_at).getTime(),
    }));
  }

  /** A user's unfinished extension operations, oldest first: the extension's queue. */
  async extensionQueue(accountId: string, userId: string, limit: number) {
    return this.db
      .select()
      .from(listingOperations)
      .where(
        and(
          eq(listingOperations.accountId, accountId),
          eq(listingOperations.userId, userId),
          eq(listingOperations.executor, 'extension'),
          inArray(listingOperations.status, ['queued', 'running']),
        ),
      )
      .orderBy(asc(listingOperations.createdAt), asc(listingOperations.id))
      .limit(limit);
  }

  /**
   * A user's extension work not under way, per marketplace: waiting for a claim (queued, or
   * running under a lease that ran out) and held for the seller (needs you).
   */
  async extensionBacklog(
    accountId: string,
    userId: string,
    now: Date,
  ): Promise<{ marketplace: string; waiting: number; held: number }[]> {
    const held = isNotNull(listingOperations.needsYouReason);
    const rows = await this.db
      .select({
        marketplace: listingOperations.marketplace,
        waiting: sql<number>`count(*) FILTER (WHERE NOT ${held})`.mapWith(Number),
        held: sql<number>`count(*) FILTER (WHERE ${held})`.mapWith(Number),
      })
      .from(listingOperations)
      .where(
        and(
          eq(listingOperations.accountId, accountId),
          eq(listingOperations.userId, userId),
          eq(listingOperations.executor, 'extension'),
          or(
            eq(listingOperations.status, 'queued'),
            and(eq(listingOperations.status, 'running'), lt(listingOperations.leaseExpiresAt, now)),
          ),
        ),
      )
      .groupBy(listingOperations.marketplace)
      .orderBy(listingOperations.marketplace);
    return rows;
  }

  /** The item's operations on every marketplace (or one), newest first. */
  async operationsOf(
    accountId: string,
    itemId: string,
    options: { marketplace?: string; limit: number },
  ): Promise<ListingOperationRow[]> {
    return this.db
      .select()
      .from(listingOperations)
      .where(
        and(
          eq(listingOperations.accountId, accountId),
          eq(listingOperations.itemId, itemId),
          options.marketplace ? eq(listingOperations.marketplace, options.marketplace) : undefined,
        ),
      )
      .orderBy(desc(listingOperations.createdAt), desc(listingOperations.id))
      .limit(options.limit);
  }

  /**
   * A worker takes connector operations of an account in one statement: those queued, or
   * running under a lease that has run out (their worker died). One finished, or held by
   * another worker under a live lease, is not answered: the caller leaves it alone, so two jobs
   * for one operation never both call the marketplace.
   */
  async takeForWorker(input: {
    accountId: string;
    ids: readonly string[];
    owner: string;
    now: Date;
    leaseExpiresAt: Date;
  }): Promise<ListingOperationRow[]> {
    if (input.ids.length === 0) return [];
    return this.takeWhere(
      input,
      and(
        eq(listingOperations.accountId, input.accountId),
        inArray(listingOperations.id, [...input.ids]),
        eq(listingOperations.executor, 'connector'),
        or(
          eq(listingOperations.status, 'queued'),
          and(
            eq(listingOperations.status, 'running'),
            or(
              isNull(listingOperations.leaseExpiresAt),
              lt(listingOperations.leaseExpiresAt, input.now),
            ),
          ),
        ),
      ),
    );
  }

  /**
   * A worker takes the other delists of these items that no worker has tried yet (queued, no
   * attempt), besides `exceptIds`: a sale's delists are sent together, but a fetch may split
   * them. One whose job then comes finds it taken and leaves it alone, as any late job does.
   * A delist tried before is not taken: its retry waits for its own backoff.
   */
  async takeUntriedDelists(input: {
    accountId: string;
    itemIds: readonly string[];
    exceptIds: readonly string[];
    owner: string;
    now: Date;
    leaseExpiresAt: Date;
  }): Promise<ListingOperationRow[]> {
    if (input.itemIds.length === 0) return [];
    return this.takeWhere(
      input,
      and(
        eq(listingOperations.accountId, input.accountId),
        inArray(listingOperations.itemId, [...input.itemIds]),
        notInArray(listingOperations.id, [...input.exceptIds]),
        eq(listingOperations.operation, 'delist'),
        eq(listingOperations.executor, 'connector'),
        eq(listingOperations.status, 'queued'),
        eq(listingOperations.attempts, 0),
      ),
    );
  }

  /** The operations `which` selects, taken by `owner` under a lease: one more attempt each. */
  private takeWhere(
    lease: { owner: string; now: Date; leaseExpiresAt: Date },
    which: SQL | undefined,
  ): Promise<ListingOperationRow[]> {
    return this.db
      .update(listingOperations)
      .set({
        status: 'running',
        leaseOwner: lease.owner,
        leaseExpiresAt: lease.leaseExpiresAt,
        attempts: sql`${listingOperations.attempts} + 1`,
        updatedAt: lease.now,
      })
      .where(which)
      .returning();
  }

  /** Renews a worker's leases on operations of an account it holds, in one statement. */
  async renewLeases(
    accountId: string,
    ids: readonly string[],
    owner: string,
    leaseExpiresAt: Date,
  ): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(listingOperations)
      .set({ leaseExpiresAt, updatedAt: new Date() })
      .where(heldBy(accountId, ids, owner));
  }

  /**
   * Hands back an operation `owner` still holds (its process is stopping): queued again, with
   * no lease, so the retry of its job, or another worker, takes it at once instead of after the
   * lease runs out. False when it was no longer held (it ended, or the lease passed on).
   */
  async releaseLease(accountId: string, id: string, owner: string): Promise<boolean> {
    const rows = await this.db
      .update(listingOperations)
      .set({ status: 'queued', leaseOwner: null, leaseExpiresAt: null, updatedAt: new Date() })
      .where(heldBy(accountId, [id], owner))
      .returning({ id: listingOperations.id });
    return rows.length > 0;
  }

  /**
   * Connector operations the sweeper must look at, across accounts: queued with no job sent
   * (the process stopped between the commit and the send), queued but not touched since
   * `staleBefore` (their job may have ended, or died with its worker, without running them;
   * the sweep asks the job), and running under an expired lease
   * (their worker died). Oldest first.
   */
  async stranded(input: { sentBefore: Date; staleBefore: Date; now: Date; limit: number }) {
    return this.db
      .select()
      .from(listingOperations)
      .where(
        and(
          eq(listingOperations.executor, 'connector'),
          or(
            and(
              eq(listingOperations.status, 'queued'),
              or(
                and(
                  isNull(listingOperations.jobId),
                  lt(listingOperations.createdAt, input.sentBefore),
                ),
                lt(listingOperations.updatedAt, input.staleBefore),
              ),
            ),
            and(
              eq(listingOperations.status, 'running'),
              or(
                lt(listingOperations.leaseExpiresAt, input.now),
                and(
                  isNull(listingOperations.leaseExpiresAt),
                  lt(listingOperations.updatedAt, input.sentBefore),
                ),
              ),
            ),
          ),
        ),
      )
      .orderBy(asc(listingOperations.createdAt))
      .limit(input.limit);
  }

  // For sale detection:
  /**
   * For each of these operations of the account, the newest operation of the same kind, item
   * and marketplace created since (the operation itself when there is none): one that failed
   * and was queued again is followed to its retry. Keyed by the operation asked about.
   */
  async currentOperationsOf(
    accountId: string,
    operationIds: readonly string[],
  ): Promise<Map<string, CurrentOperation>> {
    if (operationIds.length === 0) return new Map();
    const queued = alias(listingOperations, 'queued');
    const current = sql`(
      select later.id from ${listingOperations} later
      where later.account_id = ${queued.accountId}
        and later.item_id = ${queued.itemId}
        and later.marketplace = ${queued.marketplace}
        and later.operation = ${queued.operation}
        and later.created_at >= ${queued.createdAt}
      order by later.created_at desc, later.id desc
      limit 1
    )`;
    const rows = await this.db
      .select({
        queuedId: queued.id,
        id: listingOperations.id,
        status: listingOperations.status,
        lastError: listingOperations.lastError,
        updatedAt: listingOperations.updatedAt,
      })
      .from(queued)
      .leftJoin(listingOperations, eq(listingOperations.id, current))
      .where(and(eq(queued.accountId, accountId), inArray(queued.id, [...operationIds])));
    const found = new Map<string, CurrentOperation>();
    for (const { queuedId, id, status, lastError, updatedAt } of rows) {
      if (id !== null && status !== null && updatedAt !== null) {
        found.set(queuedId, { id, status, lastError, updatedAt });
      }
    }
    return found;
  }

  /**
   * `item:marketplace` of the listings among these that a relist has been queued for since
   * `since` (and has not failed or been cancelled): a batch done again after a crash must not
   * relist them a second time once the first relist has finished.
   */
  async relistedSince(
    accountId: string,
    itemIds: readonly string[],
    marketplaces: readonly string[],
    since: Date,
  ): Promise<Set<string>> {
    if (itemIds.length === 0 || marketplaces.length === 0) return new Set();
    const rows = await this.db
      .select({ itemId: listingOperations.itemId, marketplace: listingOperations.marketplace })
      .from(listingOperations)
      .where(
        and(
          eq(listingOperations.accountId, accountId),
          inArray(listingOperations.itemId, [...itemIds]),
          inArray(listingOperations.marketplace, [...marketplaces]),
          eq(listingOperations.operation, 'relist'),
          notInArray(listingOperations.status, ['failed', 'canceled']),
          gte(listingOperations.createdAt, since),
        ),
      );
    return new Set(rows.map((row) => `${row.itemId}:${row.marketplace}`));
  }
}
