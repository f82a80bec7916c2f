import crypto from 'node:crypto';
import {
  maskedServiceKey,
  SERVICE_KEY_PREFIXES,
  SERVICE_KEYS_PER_ACCOUNT_MAX,
  serviceKeyKindOf,
  type AuthKeys,
  type CreateServiceKeyBody,
  type Permissions,
  type ServiceKey,
  type ServiceKeyKind,
} from '@listloop/domain';
import { conflict, notFound } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import type { ServiceKeySession } from '../../platform/http/service-key-access';
import { newId } from '../../platform/ids';
import type { AuthService } from '../auth';
import { assertMayGive, assertWithinReach, type RoleService } from '../roles';
import type { ServiceKeyRepository, ServiceKeyRow } from './service-key.repository';

const NO_SUCH_KEY = 'No such service key.';
/** A key's last use is written at most this often. */
const TOUCH_EVERY_MS = 60_000;
/** 32 random bytes, base64url: what follows the prefix. */
const SECRET_LENGTH = 43;
/** The characters of a key kept in the clear, to tell keys apart. */
const HINT_LENGTH = 4;
/** What a read-only search key may do, whoever made it. */
const SEARCH_PERMISSIONS: Permissions = { 'items.read': true };

function hashOf(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * The account's service keys (decision 0045): made by whoever manages the account, within
 * their own reach, shown once, listed with their last use, revoked at once. A key acts as the
 * member who made it, in the key's account, with the key's permissions narrowed to that
 * member's current ones.
 */
export class ServiceKeyService {
  constructor(
    private readonly keys: ServiceKeyRepository,
    private readonly users: Pick<AuthService, 'findUserById'>,
    private readonly roles: Pick<RoleService, 'findInAccount'>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async create(
    ctx: RequestContext,
    input: CreateServiceKeyBody,
  ): Promise<{ secret: string; serviceKey: ServiceKey }> {
    // Nobody hands a program more than they hold themselves (decision 0029).
    let role: { id: string; name: string } | null = null;
    if (input.kind === 'user_role') {
      const found = input.roleId
        ? await this.roles.findInAccount(ctx.accountId, input.roleId)
        : null;
      if (!found) throw notFound('No such role in this account.');
      assertMayGive(ctx, found);
      role = { id: found.id, name: found.name };
    } else {
      assertWithinReach(ctx, SEARCH_PERMISSIONS);
    }
    if ((await this.keys.countActive(ctx.accountId)) >= SERVICE_KEYS_PER_ACCOUNT_MAX) {
      throw conflict(
        `This account has ${SERVICE_KEYS_PER_ACCOUNT_MAX} service keys already. Revoke one you no longer use first.`,
      );
    }
    const secret = `${SERVICE_KEY_PREFIXES[input.kind]}${crypto.randomBytes(32).toString('base64url')}`;
    const row = await this.keys.insert({
      id: newId(),
      accountId: ctx.accountId,
      createdBy: ctx.user.id,
      kind: input.kind,
      name: input.name,
      roleId: role?.id ?? null,
      tokenHash: hashOf(secret),
      hint: secret.slice(-HINT_LENGTH),
      createdAt: new Date(this.now()),
    });
    return { secret, serviceKey: this.view(row, ctx.user.name, role) };
  }

  /** Every key of the account, revoked ones included, newest first. */
  async list(ctx: RequestContext): Promise<ServiceKey[]> {
    const rows = await this.keys.list(ctx.accountId);
    const names = new Map<string, string>();
    for (const userId of new Set(rows.map((r) => r.createdBy))) {
      names.set(userId, (await this.users.findUserById(userId))?.name ?? '');
    }
    const roles = new Map<string, { id: string; name: string } | null>();
    for (const roleId of new Set(rows.flatMap((r) => (r.roleId ? [r.roleId] : [])))) {
      const found = await this.roles.findInAccount(ctx.accountId, roleId);
      roles.set(roleId, found ? { id: found.id, name: found.name } : null);
    }
    return rows.map((row) =>
      this.view(
        row,
        names.get(row.createdBy) ?? '',
        row.roleId ? (roles.get(row.roleId) ?? null) : null,
      ),
    );
  }

  /** Revokes a key: its next request is refused. Revoking twice changes nothing. */
  /** Revokes a key of the account; answers its name, for the activity log. */
  async revoke(ctx: RequestContext, id: string): Promise<{ name: string }> {
    const row = await this.keys.find(ctx.accountId, id);
    if (!row) throw notFound(NO_SUCH_KEY);
    await this.keys.revoke(ctx.accountId, id, new Date(this.now()));
    return { name: row.name };
  }

  /**
   * Session state's authKeys: the newest live key of each kind, masked. Only for whoever may
   * manage the keys; the secret is never kept, so never shown.
   */
  async authKeys(ctx: RequestContext): Promise<AuthKeys> {
    const none: AuthKeys = { searchReadOnly: null, userRole: null };
    if (ctx.accessLevel !== 'staff' && ctx.permissions['account.manage'] !== true) return none;
    const live = (await this.keys.list(ctx.accountId)).filter(
      (row) => row.revokedAt === null && (row.kind === 'search' || row.roleId !== null),
    );
    const newest = (kind: ServiceKeyKind) => {
      const row = live.find((r) => r.kind === kind);
      return row ? { key: maskedServiceKey(kind, row.hint) } : null;
    };
    return { searchReadOnly: newest('search'), userRole: newest('user_role') };
  }

  /**
   * Who a bearer key acts as, for the request hook: null for anything that is not a live key
   * (unknown, malformed, revoked, a role key whose role is gone, a creator who no longer exists).
   * The lookup is by the secret's SHA-256, so nothing is compared character by character.
   */
  async resolve(token: string): Promise<ServiceKeySession | null> {
    const kind = serviceKeyKindOf(token);
    if (!kind || token.length !== SERVICE_KEY_PREFIXES[kind].length + SECRET_LENGTH) return null;
    const row = await this.keys.findByHash(hashOf(token));
    if (!row || row.revokedAt || row.kind !== kind) return null;
    let permissions = SEARCH_PERMISSIONS;
    if (row.kind === 'user_role') {
      const role = row.roleId ? await this.roles.findInAccount(row.accountId, row.roleId) : null;
      if (!role) return null;
      permissions = role.permissions;
    }
    const user = await this.users.findUserById(row.createdBy);
    if (!user) return null;
    await this.keys.touch(row.id, new Date(this.now()), TOUCH_EVERY_MS);
    return { keyId: row.id, kind: row.kind, accountId: row.accountId, user, permissions };
  }

  private view(
    row: ServiceKeyRow,
    creatorName: string,
    role: { id: string; name: string } | null,
  ): ServiceKey {
    return {
      id: row.id,
      name: row.name,
      kind: row.kind,
      role,
      hint: row.hint,
      createdBy: { userId: row.createdBy, name: creatorName },
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      revokedAt: row.revokedAt?.toISOString() ?? null,
    };
  }
}
