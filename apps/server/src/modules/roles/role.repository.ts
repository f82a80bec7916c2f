import { and, asc, eq } from 'drizzle-orm';
import { effectiveRolePermissions } from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { roles } from './role.table';

export type RoleRow = typeof roles.$inferSelect;
export type NewRoleRow = typeof roles.$inferInsert;

/**
 * A role as read: the built-in admin holds every permission key, also the keys added after its
 * row was saved, so an administrator is never locked out of new work.
 */
function asRead(row: RoleRow): RoleRow {
  return { ...row, permissions: effectiveRolePermissions(row) };
}

/** Every query is scoped by account: a role of another account is simply not found. */
export class RoleRepository {
  constructor(private readonly db: Db) {}

  async findById(accountId: string, id: string): Promise<RoleRow | null> {
    const [row] = await this.db
      .select()
      .from(roles)
      .where(and(eq(roles.accountId, accountId), eq(roles.id, id)));
    return row ? asRead(row) : null;
  }

  async findByName(accountId: string, name: string): Promise<RoleRow | null> {
    const [row] = await this.db
      .select()
      .from(roles)
      .where(and(eq(roles.accountId, accountId), eq(roles.name, name)));
    return row ? asRead(row) : null;
  }

  async list(accountId: string): Promise<RoleRow[]> {
    const rows = await this.db
      .select()
      .from(roles)
      .where(eq(roles.accountId, accountId))
      .orderBy(asc(roles.createdAt));
    return rows.map(asRead);
  }

  /** The account's built-in (protected) role of that name: admin or viewer. */
  async findBuiltIn(accountId: string, name: 'admin' | 'viewer'): Promise<RoleRow | null> {
    const [row] = await this.db
      .select()
      .from(roles)
      .where(
        and(eq(roles.accountId, accountId), eq(roles.name, name), eq(roles.isProtected, true)),
      );
    return row ? asRead(row) : null;
  }

  /** Runs work in one transaction (a role removed with its members moved). */
  async transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async create(row: NewRoleRow, db: Db = this.db): Promise<RoleRow> {
    const [created] = await db.insert(roles).values(row).returning();
    if (!created) throw new Error('Role insert returned no row');
    return asRead(created);
  }

  async update(
    accountId: string,
    id: string,
    patch: Partial<Pick<RoleRow, 'name' | 'color' | 'permissions'>>,
  ): Promise<RoleRow | null> {
    const [row] = await this.db
      .update(roles)
      .set(patch)
      .where(and(eq(roles.accountId, accountId), eq(roles.id, id)))
      .returning();
    return row ? asRead(row) : null;
  }

  async remove(accountId: string, id: string, db: Db = this.db): Promise<boolean> {
    const removed = await db
      .delete(roles)
      .where(and(eq(roles.accountId, accountId), eq(roles.id, id)))
      .returning({ id: roles.id });
    return removed.length > 0;
  }
}
