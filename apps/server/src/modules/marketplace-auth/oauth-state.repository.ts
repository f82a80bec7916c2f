import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { oauthStates } from './oauth-state.table';

export type OAuthStateRow = typeof oauthStates.$inferSelect;
export type NewOAuthStateRow = typeof oauthStates.$inferInsert;

/** OAuth authorizations in flight; each is used at most once, by the account that began it. */
export class OAuthStateRepository {
  constructor(private readonly db: Db) {}

  async insert(row: NewOAuthStateRow): Promise<void> {
    await this.db.insert(oauthStates).values(row);
  }

  /**
   * Marks the state used and answers it, only if it is unused, unexpired, and began by this
   * user in this account for this marketplace: a replayed or stolen state answers null.
   */
  async consume(input: {
    state: string;
    accountId: string;
    userId: string;
    marketplace: string;
    now: Date;
  }): Promise<OAuthStateRow | null> {
    const [row] = await this.db
      .update(oauthStates)
      .set({ usedAt: input.now })
      .where(
        and(
          eq(oauthStates.state, input.state),
          eq(oauthStates.accountId, input.accountId),
          eq(oauthStates.userId, input.userId),
          eq(oauthStates.marketplace, input.marketplace),
          isNull(oauthStates.usedAt),
          gt(oauthStates.expiresAt, input.now),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** Forgets authorizations that ended before `before`; answers how many. */
  async purgeExpired(before: Date): Promise<number> {
    const removed = await this.db
      .delete(oauthStates)
      .where(lt(oauthStates.expiresAt, before))
      .returning({ state: oauthStates.state });
    return removed.length;
  }
}
