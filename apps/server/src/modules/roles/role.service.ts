import { PERMISSION_KEYS, type Permissions } from '@listloop/domain';
import { AppError, conflict, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { RequestContext } from '../../platform/http/request-context';
import type { Db } from '../../platform/db/database';
import {
  assertMayActOn,
  assertMayGive,
  assertNotOwnerOfAnother,
  assertWithinReach,
} from './role-access';
import type { NewRoleRow, RoleRepository, RoleRow } from './role.repository';

/**
 * What the role operations need of the team: who holds which role, a member, the owner, and
 * giving a member a role. The account-users module's service provides it; it is declared here
 * because that module uses this one's rules (role-access) and its table, so the dependency runs
 * that way only.
 */
export interface RoleMembers {
  membersOfRoles(accountId: string): Promise<{ roleId: string; userId: string }[]>;
  findInAccount(
    accountId: string,
    userId: string,
  ): Promise<{ userId: string; isOwner: boolean; role: string | null } | null>;
  findOwner(
    accountId: string,
  ): Promise<{ userId: string; isOwner: boolean; role: string | null } | null>;
  setRole(accountId: string, userId: string, roleId: string): Promise<void>;
  moveRoleMembers(
    accountId: string,
    fromRoleId: string,
    toRoleId: string | null,
    tx: Db,
  ): Promise<number>;
}

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
    private readonly accountUsers: RoleMembers,
  ) {}

  /** A role of the account by its key (the role a membership points at); null when none such. */
  async findInAccount(accountId: string, id: string): Promise<RoleRow | null> {
    return this.roles.findById(accountId, id);
  }

  /** A role made as part of a larger write (an account's built-in roles), in its transaction. */
  async create(row: NewRoleRow, tx: Db): Promise<RoleRow> {
    return this.roles.create(row, tx);
  }

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

  /**
   * Creates a role, or saves the one named by id. Built-in roles cannot be changed; a role is
   * made or changed only within the caller's own permissions, and the owner's role only by the
   * owner.
   */
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
      if (existing.isProtected && !ctx.membership.isOwner)
        throw new AppError(403, 'team/protected-role');
      if (existing.isProtected) throw conflict('Built-in roles cannot be changed.');
      await this.assertNotOwnersRole(ctx, existing.id);
      assertWithinReach(ctx, existing.permissions);
      assertWithinReach(ctx, input.permissions);
      const updated = await this.roles.update(ctx.accountId, input.id, {
        name: input.name,
        permissions: input.permissions,
        ...(input.color ? { color: input.color } : {}),
      });
      if (!updated) throw notFound('No such role.');
      return this.findOne(ctx, updated.id);
    }
    assertWithinReach(ctx, input.permissions);
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
      const member = await this.accountUsers.findInAccount(ctx.accountId, userId);
      if (!member) throw notFound('No such team member.');
      assertNotOwnerOfAnother(ctx, member);
      if (member.role && member.role !== role.id) {
        assertMayActOn(ctx, await this.roles.findById(ctx.accountId, member.role));
      }
    }
    assertMayGive(ctx, role);
    for (const userId of input.userIds) {
      await this.accountUsers.setRole(ctx.accountId, userId, role.id);
    }
    return this.findOne(ctx, role.id);
  }

  /**
   * Removes a role. Its members fall back to the account's built-in viewer role (read-only) in
   * the same transaction, so nobody is left holding a role that is gone; the answer says how
   * many moved. Removing a role demotes its members, so it needs every permission the role
   * holds, and the fallback may not hand them anything the caller lacks.
   */
  async remove(
    ctx: RequestContext,
    id: string,
  ): Promise<{ id: string; membersMoved: number; movedToRoleId: string | null }> {
    const role = await this.roles.findById(ctx.accountId, id);
    if (!role) throw notFound('No such role.');
    if (role.isProtected) throw conflict('Built-in roles cannot be removed.');
    await this.assertNotOwnersRole(ctx, role.id);
    assertMayActOn(ctx, role);
    const viewer = await this.roles.findBuiltIn(ctx.accountId, 'viewer');
    const holders = (await this.accountUsers.membersOfRoles(ctx.accountId)).filter(
      (m) => m.roleId === role.id,
    );
    if (viewer && holders.length > 0) assertWithinReach(ctx, viewer.permissions);
    const membersMoved = await this.roles.transaction(async (tx) => {
      const moved = await this.accountUsers.moveRoleMembers(
        ctx.accountId,
        role.id,
        viewer?.id ?? null,
        tx,
      );
      if (!(await this.roles.remove(ctx.accountId, id, tx))) throw notFound('No such role.');
      return moved;
    });
    return { id: role.id, membersMoved, movedToRoleId: viewer?.id ?? null };
  }

  /** Changing or removing the role the owner holds would demote them: the owner's to do. */
  private async assertNotOwnersRole(ctx: RequestContext, roleId: string): Promise<void> {
    const owner = await this.accountUsers.findOwner(ctx.accountId);
    if (owner && owner.role === roleId) assertNotOwnerOfAnother(ctx, owner);
  }
}
