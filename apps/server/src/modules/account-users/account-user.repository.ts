import { and, asc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { NO_ROLE_FILTER, USABLE_ACCOUNT_USER_STATUSES } from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { accountUsers } from './account-user.table';

export type AccountUserRow = typeof accountUsers.$inferSelect;
export type NewAccountUserRow = typeof accountUsers.$inferInsert;

/** Usable memberships first (active, then pending), then the oldest. */
const statusRank = sql`CASE ${accountUsers.status} WHEN 'active' THEN 0 WHEN 'pending' THEN 1 ELSE 2 END`;

export class AccountUserRepository {
  constructor(private readonly db: Db) {}

  /** Spec §5: the membership records of a user, in the order the session picks from. */
  async findOfUser(userId: string): Promise<AccountUserRow[]> {
    return this.db
      .select()
      .from(accountUsers)
      .where(eq(accountUsers.userId, userId))
      .orderBy(statusRank, asc(accountUsers.createdAt));
  }

  async findInAccount(accountId: string, userId: string): Promise<AccountUserRow | null> {
    const [row] = await this.db
      .select()
      .from(accountUsers)
      .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, userId)));
    return row ?? null;
  }

  /** Whether the user has a membership of the account, of any status. */
  async isMemberOf(accountId: string, userId: string, db: Db = this.db): Promise<boolean> {
    const [row] = await db
      .select({ id: accountUsers.id })
      .from(accountUsers)
      .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, userId)));
    return row !== undefined;
  }

  /** Whether the user is a usable (active or pending) member of the account. */
  async isUsableMemberOf(accountId: string, userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: accountUsers.id })
      .from(accountUsers)
      .where(
        and(
          eq(accountUsers.accountId, accountId),
          eq(accountUsers.userId, userId),
          inArray(accountUsers.status, [...USABLE_ACCOUNT_USER_STATUSES]),
        ),
      );
    return row !== undefined;
  }

  async findOwner(accountId: string): Promise<AccountUserRow | null> {
    const [row] = await this.db
      .select()
      .from(accountUsers)
      .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.isOwner, true)));
    return row ?? null;
  }

  async findByEmail(email: string): Promise<AccountUserRow[]> {
    return this.db
      .select()
      .from(accountUsers)
      .where(eq(accountUsers.email, email))
      .orderBy(statusRank);
  }

  async create(row: NewAccountUserRow, db: Db = this.db): Promise<AccountUserRow> {
    const [created] = await db.insert(accountUsers).values(row).returning();
    if (!created) throw new Error('Account user insert returned no row');
    return created;
  }

  /**
   * The account's members matching every filter given: name or e-mail containing `query` in
   * any case, the status, and the role (a role id, or `none` for members without one).
   */
  async search(
    accountId: string,
    filter: { query?: string; status?: AccountUserRow['status']; role?: string },
  ) {
    const conditions: SQL[] = [eq(accountUsers.accountId, accountId)];
    if (filter.status) conditions.push(eq(accountUsers.status, filter.status));
    if (filter.role === NO_ROLE_FILTER) conditions.push(isNull(accountUsers.role));
    else if (filter.role) conditions.push(eq(accountUsers.role, filter.role));
    if (filter.query) {
      const pattern = `%${filter.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const match = or(ilike(accountUsers.email, pattern), ilike(accountUsers.name, pattern));
      if (match) conditions.push(match);
    }
    return this.db
      .select()
      .from(accountUsers)
      .where(and(...conditions))
      .orderBy(asc(accountUsers.createdAt));
  }

  /** Updates a membership of the account; null when the account has no such member. */
  async update(
    accountId: string,
    userId: string,
    patch: Partial<
      Pick<
        AccountUserRow,
        'status' | 'role' | 'temporaryPassword' | 'name' | 'showSpeechAtPhotoStep'
      >
    >,
    db: Db = this.db,
  ): Promise<AccountUserRow | null> {
    const [row] = await db
      .update(accountUsers)
      .set(patch)
      .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, userId)))
      .returning();
    return row ?? null;
  }

  async remove(accountId: string, userId: string): Promise<boolean> {
    const removed = await this.db
      .delete(accountUsers)
      .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, userId)))
      .returning({ id: accountUsers.id });
    return removed.length > 0;
  }

  /** Moves every member holding one role of the account to another (or to none); answers how many. */
  async moveRoleMembers(
    accountId: string,
    fromRoleId: string,
    toRoleId: string | null,
    db: Db = this.db,
  ): Promise<number> {
    const moved = await db
      .update(accountUsers)
      .set({ role: toRoleId })
      .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.role, fromRoleId)))
      .returning({ id: accountUsers.id });
    return moved.length;
  }

  async membersOfRoles(accountId: string): Promise<{ roleId: string; userId: string }[]> {
    const rows = await this.db
      .select({ roleId: accountUsers.role, userId: accountUsers.userId })
      .from(accountUsers)
      .where(and(eq(accountUsers.accountId, accountId), sql`${accountUsers.role} IS NOT NULL`));
    return rows.flatMap((r) => (r.roleId ? [{ roleId: r.roleId, userId: r.userId }] : []));
  }
}
