import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { newId } from '../../platform/ids';
import { aiUsage } from './ai-usage.table';
import type { Neighbour } from './offline-composer';
import type { SoldItem } from './price-range';

export type AiUsageRow = typeof aiUsage.$inferSelect;
export type NewAiUsage = Omit<typeof aiUsage.$inferInsert, 'id' | 'createdAt'>;

/** The most rows one suggestion reads of the seller's items and of their sales. */
const NEIGHBOURS_MAX = 200;
const SALES_MAX = 500;

/**
 * The AI helper's own table, and read-only reads of the seller's items and sales that the
 * offline helper composes from (decision 0052). Like the analytics screen's (decision 0049),
 * these read other modules' tables by name, here and nowhere else in this module: finding the
 * sales of items like this one is one join, and asking each module's service would load every
 * sale. The columns read, which the integration tests run on both databases:
 * - items (items): id, account_id, user_id, brand, search_text, date_last_modified, and
 *   general_details->>'title', ->>'category'
 * - sale_events (sale-detection): account_id, item_id, kind, quantity, sale_price_cents,
 *   currency, sold_at
 */
export class AiRepository {
  constructor(private readonly db: Db) {}

  async recordUsage(row: NewAiUsage): Promise<void> {
    await this.db.insert(aiUsage).values({ id: newId(), ...row });
  }

  async usageSince(accountId: string, since: Date) {
    const [row] = await this.db
      .select({
        calls: sql<number>`count(*)`.mapWith(Number),
        failedCalls: sql<number>`count(*) FILTER (WHERE ${aiUsage.outcome} = 'failed')`.mapWith(
          Number,
        ),
        promptTokens: sql<number>`coalesce(sum(${aiUsage.promptTokens}), 0)`.mapWith(Number),
        completionTokens: sql<number>`coalesce(sum(${aiUsage.completionTokens}), 0)`.mapWith(
          Number,
        ),
        cost: sql<number>`coalesce(sum(${aiUsage.cost}), 0)`.mapWith(Number),
      })
      .from(aiUsage)
      .where(and(eq(aiUsage.accountId, accountId), gte(aiUsage.createdAt, since)));
    return row ?? { calls: 0, failedCalls: 0, promptTokens: 0, completionTokens: 0, cost: 0 };
  }

  /** The owner's items (not `exceptId`) whose searchable text holds any of the words, newest first. */
  async neighbours(
    accountId: string,
    userId: string,
    words: readonly string[],
    exceptId: string | null,
  ): Promise<Neighbour[]> {
    if (words.length === 0) return [];
    const result = await this.db.execute(sql`
      SELECT general_details->>'title' AS title, coalesce(brand, '') AS brand,
             general_details->>'category' AS category
      FROM items
      WHERE account_id = ${accountId} AND user_id = ${userId}
        AND id <> ${exceptId ?? ''}
        AND ${likeAnyOf(sql`search_text`, words)}
      ORDER BY date_last_modified DESC, id
      LIMIT ${NEIGHBOURS_MAX}`);
    return rowsOf<{ title: string | null; brand: string; category: string | null }>(result).map(
      (row) => ({ title: row.title ?? '', brand: row.brand, category: row.category }),
    );
  }

  /**
   * The owner's priced sales of items sharing the brand, the category or a word with this one,
   * newest first, each with one unit's price in major units.
   */
  async soldLike(
    accountId: string,
    userId: string,
    target: { brand: string | null; category: string | null; words: readonly string[] },
    accountCurrency: string,
  ): Promise<SoldItem[]> {
    const matches: SQL[] = [];
    if (target.brand) matches.push(sql`lower(i.brand) = ${target.brand.toLowerCase()}`);
    if (target.category) {
      matches.push(sql`lower(i.general_details->>'category') = ${target.category.toLowerCase()}`);
    }
    if (target.words.length > 0) matches.push(likeAnyOf(sql`i.search_text`, target.words));
    if (matches.length === 0) return [];
    const result = await this.db.execute(sql`
      SELECT s.sale_price_cents AS cents, greatest(s.quantity, 1) AS quantity,
             coalesce(s.currency, ${accountCurrency}) AS currency,
             coalesce(i.general_details->>'title', '') AS title, coalesce(i.brand, '') AS brand,
             i.general_details->>'category' AS category
      FROM sale_events s
      JOIN items i ON i.id = s.item_id AND i.account_id = s.account_id
      WHERE s.account_id = ${accountId} AND i.user_id = ${userId}
        AND s.kind = 'sale' AND s.sale_price_cents IS NOT NULL
        AND (${sql.join(matches, sql` OR `)})
      ORDER BY s.sold_at DESC, s.id
      LIMIT ${SALES_MAX}`);
    return rowsOf<{
      cents: number | string;
      quantity: number | string;
      currency: string;
      title: string;
      brand: string;
      category: string | null;
    }>(result).map((row) => ({
      unitPrice: Number(row.cents) / 100 / Number(row.quantity),
      currency: row.currency,
      title: row.title,
      brand: row.brand,
      category: row.category,
    }));
  }

  /** Whether the owner has sold anything with a price: tells "no sales" from "none alike". */
  async hasPricedSales(accountId: string, userId: string): Promise<boolean> {
    const result = await this.db.execute(sql`
      SELECT EXISTS (
        SELECT 1 FROM sale_events s JOIN items i ON i.id = s.item_id AND i.account_id = s.account_id
        WHERE s.account_id = ${accountId} AND i.user_id = ${userId}
          AND s.kind = 'sale' AND s.sale_price_cents IS NOT NULL
      ) AS found`);
    return Boolean(rowsOf<{ found: boolean }>(result)[0]?.found);
  }
}

/**
 * `(column LIKE '%w1%' OR column LIKE '%w2%' …)` over the lower-case search text: ORs the
 * trigram index answers each of with a bitmap (words hold no wildcard; escaped all the same).
 */
function likeAnyOf(column: SQL, words: readonly string[]): SQL {
  return sql`(${sql.join(
    words.map((word) => sql`${column} LIKE ${`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`),
    sql` OR `,
  )})`;
}

/** The rows of a raw query: both drivers answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
