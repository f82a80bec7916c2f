import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { marketplaceRules } from './marketplace-rule.table';

export type MarketplaceRuleRow = typeof marketplaceRules.$inferSelect;
export type MarketplaceRuleKind = MarketplaceRuleRow['kind'];
/** The rules of one kind that an account keeps once per marketplace. */
export type SingleRuleKind = Exclude<MarketplaceRuleKind, 'mapping'>;

/** An account's rules per marketplace; every query names the account. */
export class MarketplaceRuleRepository {
  constructor(private readonly db: Db) {}

  /** Every rule of the account for the marketplace. */
  async listForMarketplace(
    accountId: string,
    marketplace: string,
    db: Db = this.db,
  ): Promise<MarketplaceRuleRow[]> {
    return db
      .select()
      .from(marketplaceRules)
      .where(
        and(
          eq(marketplaceRules.accountId, accountId),
          eq(marketplaceRules.marketplace, marketplace),
        ),
      )
      .orderBy(asc(marketplaceRules.createdAt), asc(marketplaceRules.id));
  }

  /** Mapping rules grouped by field, then by the value they map, so a list reads the same each time. */
  async listOfKind(
    accountId: string,
    marketplace: string,
    kind: MarketplaceRuleKind,
    db: Db = this.db,
  ): Promise<MarketplaceRuleRow[]> {
    return db
      .select()
      .from(marketplaceRules)
      .where(
        and(
          eq(marketplaceRules.accountId, accountId),
          eq(marketplaceRules.marketplace, marketplace),
          eq(marketplaceRules.kind, kind),
        ),
      )
      .orderBy(
        asc(sql`${marketplaceRules.rule}->>'field'`),
        asc(sql`lower(${marketplaceRules.rule}->>'from')`),
        asc(sql`${marketplaceRules.rule}->>'from'`),
        asc(marketplaceRules.id),
      );
  }

  /**
   * Serialises changes to one account's mapping rules for one marketplace until the
   * transaction ends, so two saves at once cannot each add one half of an overlapping pair.
   */
  async lockMapping(accountId: string, marketplace: string, db: Db): Promise<void> {
    await db.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${`mapping-rules:${accountId}:${marketplace}`}))`,
    );
  }

  async insertMapping(
    row: { id: string; accountId: string; marketplace: string; rule: Record<string, unknown> },
    db: Db = this.db,
  ): Promise<void> {
    await db.insert(marketplaceRules).values({ ...row, kind: 'mapping' });
  }

  async updateMapping(
    accountId: string,
    marketplace: string,
    id: string,
    rule: Record<string, unknown>,
    db: Db = this.db,
  ): Promise<void> {
    await db
      .update(marketplaceRules)
      .set({ rule })
      .where(
        and(
          eq(marketplaceRules.accountId, accountId),
          eq(marketplaceRules.marketplace, marketplace),
          eq(marketplaceRules.kind, 'mapping'),
          eq(marketplaceRules.id, id),
        ),
      );
  }

  async removeMapping(
    accountId: string,
    marketplace: string,
    id: string,
    db: Db = this.db,
  ): Promise<boolean> {
    const removed = await db
      .delete(marketplaceRules)
      .where(
        and(
          eq(marketplaceRules.accountId, accountId),
          eq(marketplaceRules.marketplace, marketplace),
          eq(marketplaceRules.kind, 'mapping'),
          eq(marketplaceRules.id, id),
        ),
      )
      .returning({ id: marketplaceRules.id });
    return removed.length > 0;
  }

  /** The pricing rule or defaults of the account for the marketplace, replaced in one statement. */
  async upsertSingle(
    row: {
      id: string;
      accountId: string;
      marketplace: string;
      kind: SingleRuleKind;
      rule: Record<string, unknown>;
    },
    db: Db = this.db,
  ): Promise<MarketplaceRuleRow> {
    const [saved] = await db
      .insert(marketplaceRules)
      .values(row)
      .onConflictDoUpdate({
        target: [marketplaceRules.accountId, marketplaceRules.marketplace, marketplaceRules.kind],
        targetWhere: sql`${marketplaceRules.kind} IN ('pricing', 'defaults')`,
        set: { rule: row.rule, updatedAt: new Date() },
      })
      .returning();
    if (!saved) throw new Error('The rule was not saved');
    return saved;
  }

  async removeSingle(
    accountId: string,
    marketplace: string,
    kind: SingleRuleKind,
    db: Db = this.db,
  ): Promise<boolean> {
    const removed = await db
      .delete(marketplaceRules)
      .where(
        and(
          eq(marketplaceRules.accountId, accountId),
          eq(marketplaceRules.marketplace, marketplace),
          eq(marketplaceRules.kind, kind),
        ),
      )
      .returning({ id: marketplaceRules.id });
    return removed.length > 0;
  }
}
