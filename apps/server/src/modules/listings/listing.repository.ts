import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { listingEvents, listingOperations } from './listing.table';

export type ListingEventRow = typeof listingEvents.$inferSelect;
export type ListingEventInsert = typeof listingEvents.$inferInsert;
export type ListingOperationRow = typeof listingOperations.$inferSelect;
export type ListingOperationInsert = typeof listingOperations.$inferInsert;
export type OperationKind = ListingOperationRow['operation'];

const ACTIVE = ['queued', 'running'] as const;

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

/** listing_events and listing_operations; every query is scoped by the account. */
export class ListingRepository {
  constructor(private readonly db: Db) {}

  async insertEvent(event: ListingEventInsert, db: Db = this.db): Promise<void> {
    await db.insert(listingEvents).values(event);
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

  /** The queued or running operation of (item, marketplace); there is at most one. */
  async active(
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
          inArray(listingOperations.status, [...ACTIVE]),
        ),
      )
      .orderBy(asc(listingOperations.createdAt))
      .limit(1);
    return row ?? null;
  }

  async countOf(
    accountId: string,
    itemId: string,
    marketplace: string,
    operation: OperationKind,
    db: Db = this.db,
  ): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(listingOperations)
      .where(
        and(
          eq(listingOperations.accountId, accountId),
          eq(listingOperations.itemId, itemId),
          eq(listingOperations.marketplace, marketplace),
          eq(listingOperations.operation, operation),
        ),
      );
    return Number(row?.n ?? 0);
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
        'status' | 'leaseOwner' | 'leaseExpiresAt' | 'attempts' | 'lastError' | 'jobId'
      >
    >,
    db: Db = this.db,
  ): Promise<void> {
    await db
      .update(listingOperations)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(listingOperations.accountId, accountId), eq(listingOperations.id, id)));
  }

  /** Ends the active operations of (item, marketplace) with the given status. */
  async finishActive(
    accountId: string,
    itemId: string,
    marketplace: string,
    status: 'succeeded' | 'failed' | 'canceled',
    lastError: string | null,
    db: Db = this.db,
  ): Promise<void> {
    await db
      .update(listingOperations)
      .set({
        status,
        lastError: lastError ?? sql`${listingOperations.lastError}`,
        leaseOwner: null,
        leaseExpiresAt: null,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(listingOperations.accountId, accountId),
          eq(listingOperations.itemId, itemId),
          eq(listingOperations.marketplace, marketplace),
          inArray(listingOperations.status, [...ACTIVE]),
        ),
      );
  }

  /**
   * Claims up to `max` extension operations of the user for the marketplaces: queued ones, or
   * running ones whose lease has expired. One statement, rows locked SKIP LOCKED, so two
   * executors never get the same operation.
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
        SELECT id FROM listing_operations
        WHERE account_id = ${input.accountId}
          AND user_id = ${input.userId}
          AND executor = 'extension'
          AND marketplace IN (${marketplaces})
          AND (status = 'queued'
               OR (status = 'running' AND lease_expires_at < ${input.now.toISOString()}::timestamptz))
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
}
