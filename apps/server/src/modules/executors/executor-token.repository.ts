import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { executorTokens } from './executor-token.table';

export type ExecutorTokenRow = typeof executorTokens.$inferSelect;
export type NewExecutorTokenRow = typeof executorTokens.$inferInsert;

export class ExecutorTokenRepository {
  constructor(private readonly db: Db) {}

  async insert(row: NewExecutorTokenRow): Promise<ExecutorTokenRow> {
    const [created] = await this.db.insert(executorTokens).values(row).returning();
    return created!;
  }

  /** Tokens of the account not revoked. */
  async countActive(accountId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(executorTokens)
      .where(and(eq(executorTokens.accountId, accountId), isNull(executorTokens.revokedAt)));
    return row?.n ?? 0;
  }

  /** The account's tokens (one user's when `userId` is given), newest first. */
  async list(accountId: string, userId?: string): Promise<ExecutorTokenRow[]> {
    return this.db
      .select()
      .from(executorTokens)
      .where(
        and(
          eq(executorTokens.accountId, accountId),
          userId === undefined ? undefined : eq(executorTokens.userId, userId),
        ),
      )
      .orderBy(desc(executorTokens.createdAt), desc(executorTokens.id));
  }

  async find(accountId: string, id: string): Promise<ExecutorTokenRow | null> {
    const [row] = await this.db
      .select()
      .from(executorTokens)
      .where(and(eq(executorTokens.accountId, accountId), eq(executorTokens.id, id)));
    return row ?? null;
  }

  async findByHash(tokenHash: string): Promise<ExecutorTokenRow | null> {
    const [row] = await this.db
      .select()
      .from(executorTokens)
      .where(eq(executorTokens.tokenHash, tokenHash));
    return row ?? null;
  }

  /** Revokes a token once; answers the row as it is now. */
  async revoke(accountId: string, id: string, at: Date): Promise<ExecutorTokenRow | null> {
    await this.db
      .update(executorTokens)
      .set({ revokedAt: at })
      .where(
        and(
          eq(executorTokens.accountId, accountId),
          eq(executorTokens.id, id),
          isNull(executorTokens.revokedAt),
        ),
      );
    return this.find(accountId, id);
  }

  /** Notes a use, at most once per `every` ms, so a busy extension does not write per request. */
  async touch(id: string, at: Date, everyMs: number): Promise<void> {
    await this.db
      .update(executorTokens)
      .set({ lastUsedAt: at })
      .where(
        and(
          eq(executorTokens.id, id),
          or(
            isNull(executorTokens.lastUsedAt),
            lt(executorTokens.lastUsedAt, new Date(at.getTime() - everyMs)),
          ),
        ),
      );
  }
}
