import { and, asc, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { executorPresence } from './executor-presence.table';
import { executorTokens } from './executor-token.table';

export type ExecutorPresenceRow = typeof executorPresence.$inferSelect;

/** A presence row with the name of the paired browser that made it (null for a session). */
export type ExecutorPresenceSeen = ExecutorPresenceRow & { tokenName: string | null };

export class ExecutorPresenceRepository {
  constructor(private readonly db: Db) {}

  /** One row per marketplace of the user, each replaced by the newer look. */
  async upsert(rows: readonly ExecutorPresenceRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insert(executorPresence)
      .values([...rows])
      .onConflictDoUpdate({
        target: [executorPresence.accountId, executorPresence.userId, executorPresence.marketplace],
        set: {
          tokenId: sql`excluded.token_id`,
          executorId: sql`excluded.executor_id`,
          signedIn: sql`excluded.signed_in`,
          paused: sql`excluded.paused`,
          lastSeenAt: sql`excluded.last_seen_at`,
        },
      });
  }

  /** The user's rows in the account, with their browsers' names. */
  async ofUser(accountId: string, userId: string): Promise<ExecutorPresenceSeen[]> {
    const rows = await this.db
      .select({ presence: executorPresence, tokenName: executorTokens.name })
      .from(executorPresence)
      .leftJoin(executorTokens, eq(executorTokens.id, executorPresence.tokenId))
      .where(and(eq(executorPresence.accountId, accountId), eq(executorPresence.userId, userId)))
      .orderBy(asc(executorPresence.marketplace));
    return rows.map(({ presence, tokenName }) => ({ ...presence, tokenName }));
  }

  /**
   * Across every account, per marketplace: the latest look, and how many members' extensions
   * looked since `since` and were not paused (the operators' metrics). One grouped read of a
   * table of one row per member and marketplace.
   */
  async seenByMarketplace(
    since: Date,
  ): Promise<{ marketplace: string; lastSeenAt: Date; active: number }[]> {
    const rows = await this.db
      .select({
        marketplace: executorPresence.marketplace,
        lastSeenAt: max(executorPresence.lastSeenAt),
        active:
          sql<number>`count(*) filter (where ${executorPresence.lastSeenAt} >= ${since} and not ${executorPresence.paused})`.mapWith(
            Number,
          ),
      })
      .from(executorPresence)
      .groupBy(executorPresence.marketplace)
      .orderBy(asc(executorPresence.marketplace));
    return rows.flatMap(({ marketplace, lastSeenAt, active }) =>
      lastSeenAt ? [{ marketplace, lastSeenAt: new Date(lastSeenAt), active: Number(active) }] : [],
    );
  }
}
