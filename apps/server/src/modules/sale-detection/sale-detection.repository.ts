import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { marketplaceConnections } from '../connections/connection.table';
import { items } from '../items/item.table';
import { listingOperations } from '../listings/listing.table';
import { saleEvents, saleOutcomes, salePollCursors } from './sale-detection.table';

export type SaleEventRow = typeof saleEvents.$inferSelect;
export type NewSaleEventRow = typeof saleEvents.$inferInsert;
export type SaleOutcomeRow = typeof saleOutcomes.$inferInsert;

/** An outcome with the state of the delist it queued, if any. */
export interface SaleOutcomeState {
  eventId: string;
  marketplace: string;
  outcome: SaleOutcomeRow['outcome'];
  operationId: string | null;
  operationStatus: string | null;
  operationError: string | null;
  operationUpdatedAt: Date | null;
}

export interface SaleEventWithItem extends SaleEventRow {
  itemTitle: string | null;
}

/** Where an item a marketplace sold may be found: the first that matches wins. */
export interface SaleItemRef {
  itemId?: string | null;
  listedID?: string | null;
  sku?: string | null;
}

/** Sale events belong to an account; every query names it. */
export class SaleDetectionRepository {
  constructor(private readonly db: Db) {}

  /**
   * The account's item a marketplace's sale is of: by our item id, by its listing id there,
   * by the SKU its listing keeps there (imported, or sent by ListLoop), by the item id ListLoop
   * gave as SKU before it sent sellers' SKUs, or by the item's own SKU. Answers the item's id
   * and owner; null when the account has no such item.
   */
  async findSoldItem(
    accountId: string,
    marketplace: string,
    ref: SaleItemRef,
  ): Promise<{ id: string; userId: string; marketplaces: string[] } | null> {
    const listing = sql`${items.listings} -> ${marketplace}`;
    const candidates: { rank: number; match: SQL }[] = [];
    if (ref.itemId) candidates.push({ rank: 1, match: eq(items.id, ref.itemId) });
    if (ref.listedID) {
      candidates.push({ rank: 2, match: sql`${listing} ->> 'listedID' = ${ref.listedID}` });
    }
    if (ref.sku) {
      candidates.push({ rank: 3, match: sql`${listing} ->> 'marketplaceSku' = ${ref.sku}` });
      candidates.push({ rank: 4, match: eq(items.id, ref.sku) });
      // The seller's SKU, as ListLoop sends it (decision 0024), for a listing whose SKU was not
      // kept yet: sent by a publish whose outcome has not been recorded when the sale comes.
      candidates.push({ rank: 5, match: eq(items.sku, ref.sku) });
    }
    if (candidates.length === 0) return null;
    const rank = sql<number>`case ${sql.join(
      candidates.map((c) => sql`when ${c.match} then ${c.rank}`),
      sql` `,
    )} else 9 end`;
    const [row] = await this.db
      .select({
        id: items.id,
        userId: items.userId,
        // The marketplaces it has a listing on (whose executors the sale reads before its lock).
        marketplaces: sql<string[]>`array(select jsonb_object_keys(${items.listings}))`,
      })
      .from(items)
      .where(and(eq(items.accountId, accountId), or(...candidates.map((c) => c.match))))
      .orderBy(rank, items.id)
      .limit(1);
    return row ?? null;
  }

  /** The new event; null when this order of this item was recorded already. */
  async insertEvent(row: NewSaleEventRow, db: Db): Promise<SaleEventRow | null> {
    const [created] = await db.insert(saleEvents).values(row).onConflictDoNothing().returning();
    return created ?? null;
  }

  async findByOrder(
    accountId: string,
    marketplace: string,
    externalOrderId: string,
    itemId: string,
  ): Promise<SaleEventRow | null> {
    const [row] = await this.db
      .select()
      .from(saleEvents)
      .where(
        and(
          eq(saleEvents.accountId, accountId),
          eq(saleEvents.marketplace, marketplace),
          eq(saleEvents.externalOrderId, externalOrderId),
          eq(saleEvents.itemId, itemId),
        ),
      );
    return row ?? null;
  }

  /** Where the item's units last sold (the first sale of a double sale). */
  async lastSaleOf(accountId: string, itemId: string, db: Db): Promise<string | null> {
    const [row] = await db
      .select({ marketplace: saleEvents.marketplace })
      .from(saleEvents)
      .where(
        and(
          eq(saleEvents.accountId, accountId),
          eq(saleEvents.itemId, itemId),
          eq(saleEvents.kind, 'sale'),
        ),
      )
      .orderBy(desc(saleEvents.detectedAt), desc(saleEvents.id))
      .limit(1);
    return row?.marketplace ?? null;
  }

  async insertOutcomes(rows: readonly SaleOutcomeRow[], db: Db): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insert(saleOutcomes)
      .values([...rows])
      .onConflictDoNothing();
  }

  async find(accountId: string, eventId: string): Promise<SaleEventWithItem | null> {
    const [row] = await this.db
      .select({ event: saleEvents, itemTitle: items.title })
      .from(saleEvents)
      .leftJoin(items, eq(items.id, saleEvents.itemId))
      .where(and(eq(saleEvents.accountId, accountId), eq(saleEvents.id, eventId)));
    return row ? { ...row.event, itemTitle: row.itemTitle } : null;
  }

  /** The account's events, newest first, from `since`; keyset-paged on (detected_at, id). */
  async list(
    accountId: string,
    query: {
      /** From when; every event when left out (one item's sales). */
      since?: Date | undefined;
      marketplace?: string | undefined;
      itemId?: string | undefined;
      state: 'open' | 'dismissed' | 'all';
      limit: number;
      after?: { detectedAt: Date; id: string } | undefined;
    },
  ): Promise<SaleEventWithItem[]> {
    const where: SQL[] = [eq(saleEvents.accountId, accountId)];
    if (query.since) where.push(gte(saleEvents.detectedAt, query.since));
    if (query.marketplace) where.push(eq(saleEvents.marketplace, query.marketplace));
    if (query.itemId) where.push(eq(saleEvents.itemId, query.itemId));
    if (query.state === 'open') where.push(isNull(saleEvents.dismissedAt));
    if (query.state === 'dismissed') where.push(isNotNull(saleEvents.dismissedAt));
    if (query.after) {
      where.push(
        or(
          lt(saleEvents.detectedAt, query.after.detectedAt),
          and(eq(saleEvents.detectedAt, query.after.detectedAt), lt(saleEvents.id, query.after.id)),
        )!,
      );
    }
    const rows = await this.db
      .select({ event: saleEvents, itemTitle: items.title })
      .from(saleEvents)
      .leftJoin(items, eq(items.id, saleEvents.itemId))
      .where(and(...where))
      .orderBy(desc(saleEvents.detectedAt), desc(saleEvents.id))
      .limit(query.limit);
    return rows.map((r) => ({ ...r.event, itemTitle: r.itemTitle }));
  }

  /**
   * The outcomes of these events, with the state of the delists (or relists) they queued. One
   * that failed and was queued again (the tracker's Retry is the listing engine's own delist)
   * is followed to its newest operation of the same kind, item and marketplace, so the outcome
   * shows the retry running and how it ended, not the first failure for ever.
   */
  async outcomesOf(accountId: string, eventIds: readonly string[]): Promise<SaleOutcomeState[]> {
    if (eventIds.length === 0) return [];
    const current = sql`(
      select later.id from ${listingOperations} later
      join ${listingOperations} queued on queued.id = ${saleOutcomes.operationId}
      where later.account_id = queued.account_id
        and later.item_id = queued.item_id
        and later.marketplace = queued.marketplace
        and later.operation = queued.operation
        and later.created_at >= queued.created_at
      order by later.created_at desc, later.id desc
      limit 1
    )`;
    return this.db
      .select({
        eventId: saleOutcomes.eventId,
        marketplace: saleOutcomes.marketplace,
        outcome: saleOutcomes.outcome,
        operationId: sql<
          string | null
        >`coalesce(${listingOperations.id}, ${saleOutcomes.operationId})`,
        operationStatus: listingOperations.status,
        operationError: listingOperations.lastError,
        operationUpdatedAt: listingOperations.updatedAt,
      })
      .from(saleOutcomes)
      .leftJoin(listingOperations, eq(listingOperations.id, current))
      .where(
        and(eq(saleOutcomes.accountId, accountId), inArray(saleOutcomes.eventId, [...eventIds])),
      )
      .orderBy(saleOutcomes.marketplace);
  }

  /** Dismisses open events of the account (one, or all of a marketplace); answers how many. */
  async dismiss(
    accountId: string,
    marketplace: string,
    at: Date,
    eventId?: string,
  ): Promise<number> {
    const where = [
      eq(saleEvents.accountId, accountId),
      eq(saleEvents.marketplace, marketplace),
      isNull(saleEvents.dismissedAt),
    ];
    if (eventId) where.push(eq(saleEvents.id, eventId));
    const rows = await this.db
      .update(saleEvents)
      .set({ dismissedAt: at })
      .where(and(...where))
      .returning({ id: saleEvents.id });
    return rows.length;
  }

  /** The connected connections of these marketplaces, every account's (the poll's fan-out). */
  async pollableConnections(
    marketplaces: readonly string[],
  ): Promise<{ id: string; accountId: string; marketplace: string; createdAt: Date }[]> {
    if (marketplaces.length === 0) return [];
    return this.db
      .select({
        id: marketplaceConnections.id,
        accountId: marketplaceConnections.accountId,
        marketplace: marketplaceConnections.marketplace,
        createdAt: marketplaceConnections.createdAt,
      })
      .from(marketplaceConnections)
      .where(
        and(
          eq(marketplaceConnections.status, 'connected'),
          inArray(marketplaceConnections.marketplace, [...marketplaces]),
        ),
      )
      .orderBy(marketplaceConnections.id);
  }

  async pollCursor(connectionId: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ polledUntil: salePollCursors.polledUntil })
      .from(salePollCursors)
      .where(eq(salePollCursors.connectionId, connectionId));
    return row?.polledUntil ?? null;
  }

  async savePollCursor(
    accountId: string,
    connectionId: string,
    polledUntil: Date,
    lastError: string | null,
  ): Promise<void> {
    await this.db
      .insert(salePollCursors)
      .values({ connectionId, accountId, polledUntil, lastError })
      .onConflictDoUpdate({
        target: salePollCursors.connectionId,
        set: { polledUntil, lastError, updatedAt: new Date() },
      });
  }
}
