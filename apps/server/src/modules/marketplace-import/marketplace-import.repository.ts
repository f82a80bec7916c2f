import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { MarketplaceImportProblem } from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { marketplaceImports } from './marketplace-import.table';

export type MarketplaceImportRow = typeof marketplaceImports.$inferSelect;
export type NewMarketplaceImportRow = typeof marketplaceImports.$inferInsert;

export interface ImportPageCounts {
  seen: number;
  created: number;
  linked: number;
  unchanged: number;
  photos: number;
  problems: MarketplaceImportProblem[];
}

/** Imports belong to an account; every query names it. */
export class MarketplaceImportRepository {
  constructor(private readonly db: Db) {}

  /** A new queued import; null when the connection already has one queued or running. */
  async createQueued(row: NewMarketplaceImportRow): Promise<MarketplaceImportRow | null> {
    const [created] = await this.db
      .insert(marketplaceImports)
      .values({ ...row, status: 'queued' })
      .onConflictDoNothing()
      .returning();
    return created ?? null;
  }

  async find(
    accountId: string,
    id: string,
    options: { forUpdate?: boolean; db?: Db } = {},
  ): Promise<MarketplaceImportRow | null> {
    const query = (options.db ?? this.db)
      .select()
      .from(marketplaceImports)
      .where(and(eq(marketplaceImports.accountId, accountId), eq(marketplaceImports.id, id)));
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row ?? null;
  }

  /** The connection's queued or running import, if any. */
  async findActive(accountId: string, connectionId: string): Promise<MarketplaceImportRow | null> {
    const [row] = await this.db
      .select()
      .from(marketplaceImports)
      .where(
        and(
          eq(marketplaceImports.accountId, accountId),
          eq(marketplaceImports.connectionId, connectionId),
          inArray(marketplaceImports.status, ['queued', 'running']),
        ),
      );
    return row ?? null;
  }

  /** The connection's latest import. */
  async latestOf(accountId: string, connectionId: string): Promise<MarketplaceImportRow | null> {
    const [row] = await this.db
      .select()
      .from(marketplaceImports)
      .where(
        and(
          eq(marketplaceImports.accountId, accountId),
          eq(marketplaceImports.connectionId, connectionId),
        ),
      )
      .orderBy(desc(marketplaceImports.createdAt), desc(marketplaceImports.id))
      .limit(1);
    return row ?? null;
  }

  /** A failed import queued again, to carry on at its cursor; null when it is not failed now. */
  async requeueFailed(accountId: string, id: string): Promise<MarketplaceImportRow | null> {
    const [row] = await this.db
      .update(marketplaceImports)
      .set({
        status: 'queued',
        failureReason: null,
        finishedAt: null,
        run: sql`${marketplaceImports.run} + 1`,
      })
      .where(
        and(
          eq(marketplaceImports.accountId, accountId),
          eq(marketplaceImports.id, id),
          eq(marketplaceImports.status, 'failed'),
        ),
      )
      .returning()
      .catch((error: unknown) => {
        // Another import of the connection started meanwhile (the one-active index).
        const failure = error as { code?: string; cause?: { code?: string } };
        if ((failure.code ?? failure.cause?.code) === '23505') return [];
        throw error;
      });
    return row ?? null;
  }

  /** The latest import of each connection of the account, newest first. */
  async latestPerConnection(accountId: string): Promise<MarketplaceImportRow[]> {
    const rows = await this.db
      .selectDistinctOn([marketplaceImports.connectionId])
      .from(marketplaceImports)
      .where(eq(marketplaceImports.accountId, accountId))
      .orderBy(
        marketplaceImports.connectionId,
        desc(marketplaceImports.createdAt),
        desc(marketplaceImports.id),
      );
    return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  async update(
    accountId: string,
    id: string,
    patch: Partial<Pick<MarketplaceImportRow, 'status' | 'failureReason' | 'finishedAt'>>,
    db: Db = this.db,
  ): Promise<MarketplaceImportRow | null> {
    const [row] = await db
      .update(marketplaceImports)
      .set(patch)
      .where(and(eq(marketplaceImports.accountId, accountId), eq(marketplaceImports.id, id)))
      .returning();
    return row ?? null;
  }

  /** Records one finished page and the cursor after it, in the transaction that wrote its items. */
  async recordPage(
    accountId: string,
    id: string,
    page: { nextCursor: string | null; counts: ImportPageCounts },
    db: Db,
  ): Promise<MarketplaceImportRow | null> {
    const { counts } = page;
    const [row] = await db
      .update(marketplaceImports)
      .set({
        cursor: page.nextCursor,
        pagesDone: sql`${marketplaceImports.pagesDone} + 1`,
        seenListings: sql`${marketplaceImports.seenListings} + ${counts.seen}`,
        createdItems: sql`${marketplaceImports.createdItems} + ${counts.created}`,
        linkedItems: sql`${marketplaceImports.linkedItems} + ${counts.linked}`,
        unchangedItems: sql`${marketplaceImports.unchangedItems} + ${counts.unchanged}`,
        photosImported: sql`${marketplaceImports.photosImported} + ${counts.photos}`,
        problems: counts.problems,
      })
      .where(and(eq(marketplaceImports.accountId, accountId), eq(marketplaceImports.id, id)))
      .returning();
    return row ?? null;
  }
}
