import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { roles } from './role.table';

export type RoleRow = typeof roles.$inferSelect;
export type NewRoleRow = typeof roles.$inferInsert;

/** Every query is scoped by account: a role of another account is simply not found. */
export class RoleRepository {
  constructor(private readonly db: Db) {}

  async findById(accountId: string, id: string): Promise<RoleRow | null> {
    const [row] = await this.db
      .select()
      .from(roles)
      .where(and(eq(roles.accountId, accountId), eq(roles.id, id)));
    return row ?? null;
  }

  async findByName(accountId: string, name: string): Promise<RoleRow | null> {
    const [row] = await this.db
      .select()
      .from(roles)
      .where(and(eq(roles.accountId, accountId), eq(roles.name, name)));
    return row ?? null;
  }

  async list(accountId: string): Promise<RoleRow[]> {
    return this.db
      .select()
      .from(roles)
      .where(eq(roles.accountId, accountId))
      .orderBy(asc(roles.createdAt));
  }

  async create(row: NewRoleRow, db: Db = this.db): Promise<RoleRow> {
    const [created] = await db.insert(roles).values(row).returning();
    if (!created) throw new Error('Role insert returned no row');
    return created;
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
    return row ?? null;
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    const removed = await this.db
      .delete(roles)
      .where(and(eq(roles.accountId, accountId), eq(roles.id, id)))
      .returning({ id: roles.id });
    return removed.length > 0;
  }
}
