import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { serviceKeys } from './service-key.table';

export type ServiceKeyRow = typeof serviceKeys.$inferSelect;
export type NewServiceKeyRow = typeof serviceKeys.$inferInsert;

export class ServiceKeyRepository {
  constructor(private readonly db: Db) {}

  async insert(row: NewServiceKeyRow): Promise<ServiceKeyRow> {
    const [created] = await this.db.insert(serviceKeys).values(row).returning();
    return created!;
  }

  /** Keys of the account not revoked. */
  async countActive(accountId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(serviceKeys)
      .where(and(eq(serviceKeys.accountId, accountId), isNull(serviceKeys.revokedAt)));
    return row?.n ?? 0;
  }

  /** The account's keys, newest first. */
  async list(accountId: string): Promise<ServiceKeyRow[]> {
    return this.db
      .select()
      .from(serviceKeys)
      .where(eq(serviceKeys.accountId, accountId))
      .orderBy(desc(serviceKeys.createdAt), desc(serviceKeys.id));
  }

  async find(accountId: string, id: string): Promise<ServiceKeyRow | null> {
    const [row] = await this.db
      .select()
      .from(serviceKeys)
      .where(and(eq(serviceKeys.accountId, accountId), eq(serviceKeys.id, id)));
    return row ?? null;
  }

  async findByHash(tokenHash: string): Promise<ServiceKeyRow | null> {
    const [row] = await this.db
      .select()
      .from(serviceKeys)
      .where(eq(serviceKeys.tokenHash, tokenHash));
    return row ?? null;
  }

  /** Revokes a key once; a second revocation keeps the first time. */
  async revoke(accountId: string, id: string, at: Date): Promise<void> {
    await this.db
      .update(serviceKeys)
      .set({ revokedAt: at })
      .where(
        and(
          eq(serviceKeys.accountId, accountId),
          eq(serviceKeys.id, id),
          isNull(serviceKeys.revokedAt),
        ),
      );
  }

  /** Notes a use, at most once per `everyMs`, so a busy program does not write per request. */
  async touch(id: string, at: Date, everyMs: number): Promise<void> {
    await this.db
      .update(serviceKeys)
      .set({ lastUsedAt: at })
      .where(
        and(
          eq(serviceKeys.id, id),
          or(
            isNull(serviceKeys.lastUsedAt),
            lt(serviceKeys.lastUsedAt, new Date(at.getTime() - everyMs)),
          ),
        ),
      );
  }
}
