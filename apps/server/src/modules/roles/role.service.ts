import { PERMISSION_KEYS, type Permissions } from '@listloop/domain';
import { conflict, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { RequestContext } from '../../platform/http/request-context';
import type { AccountUserRepository } from '../account-users/account-user.repository';
import type { RoleRepository, RoleRow } from './role.repository';

export interface RoleView {
  id: string;
  accountId: string;
  userId: string;
  name: string;
  color: string;
  isProtected: boolean;
  permissions: Permissions;
  members: string[];
  createdAt: string;
  updatedAt: string;
}

function toView(row: RoleRow, members: string[]): RoleView {
  return {
    id: row.id,
    accountId: row.accountId,
    userId: row.userId,
    name: row.name,
    color: row.color,
    isProtected: row.isProtected,
    permissions: Object.fromEntries(PERMISSION_KEYS.map((k) => [k, row.permissions[k] === true])),
    members,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Spec §6 enterprise role operations, each scoped to the caller's account. */
export class RoleService {
  constructor(
    private readonly roles: RoleRepository,
    private readonly accountUsers: AccountUserRepository,
  ) {}

  async list(ctx: RequestContext): Promise<RoleView[]> {
    const [rows, members] = await Promise.all([
      this.roles.list(ctx.accountId),
      this.accountUsers.membersOfRoles(ctx.accountId),
    ]);
    return rows.map((row) =>
      toView(
        row,
        members.filter((m) => m.roleId === row.id).map((m) => m.userId),
      ),
    );
  }

  async findOne(ctx: RequestContext, id: string): Promise<RoleView> {
    const row = await this.roles.findById(ctx.accountId, id);
    if (!row) throw notFound('No such role.');
    const members = await this.accountUsers.membersOfRoles(ctx.accountId);
    return toView(
      row,
      members.filter((m) => m.roleId === id).map((m) => m.userId),
    );
  }

  /** Creates a role, or saves the one named by id. Built-in roles cannot be changed. */
  async save(
    ctx: RequestContext,
    input: {
      id?: string | undefined;
      name: string;
      color?: string | undefined;
      permissions: Permissions;
    },
  ): Promise<RoleView> {
    const sameName = await this.roles.findByName(ctx.accountId, input.name);
    if (sameName && sameName.id !== input.id)
      throw conflict(`A role named "${input.name}" already exists.`);
    if (input.id) {
      const existing = await this.roles.findById(ctx.accountId, input.id);
      if (!existing) throw notFound('No such role.');
      if (existing.isProtected) throw conflict('Built-in roles cannot be changed.');
      const updated = await this.roles.update(ctx.accountId, input.id, {
        name: input.name,
        permissions: input.permissions,
        ...(input.color ? { color: input.color } : {}),
      });
      if (!updated) throw notFound('No such role.');
      return this.findOne(ctx, updated.id);
    }
    const created = await this.roles.create({
      id: newId(),
      accountId: ctx.accountId,
      userId: ctx.user.id,
      name: input.name,
      permissions: input.permissions,
      ...(input.color ? { color: input.color } : {}),
    });
    return toView(created, []);
  }

  async assignMembers(
    ctx: RequestContext,
    input: { roleId: string; userIds: string[] },
  ): Promise<RoleView> {
    const role = await this.roles.findById(ctx.accountId, input.roleId);
    if (!role) throw notFound('No such role.');
    for (const userId of input.userIds) {
      if (!(await this.accountUsers.findInAccount(ctx.accountId, userId)))
        throw notFound('No such team member.');
    }
    for (const userId of input.userIds) {
      await this.accountUsers.update(ctx.accountId, userId, { role: role.id });
    }
    return this.findOne(ctx, role.id);
  }

  async remove(ctx: RequestContext, id: string): Promise<void> {
    const role = await this.roles.findById(ctx.accountId, id);
    if (!role) throw notFound('No such role.');
    if (role.isProtected) throw conflict('Built-in roles cannot be removed.');
    await this.roles.remove(ctx.accountId, id);
  }
}
