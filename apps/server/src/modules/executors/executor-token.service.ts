import crypto from 'node:crypto';
import {
  type ExtensionMarketplace,
  EXECUTOR_TOKEN_PREFIX,
  EXECUTOR_TOKENS_PER_ACCOUNT_MAX,
  type ExecutorToken,
  type ExecutorWhoAmI,
} from '@listloop/domain';
import { conflict, notFound } from '../../platform/http/errors';
import type { ExecutorSession, RequestContext } from '../../platform/http/request-context';
import { newId } from '../../platform/ids';
import type { AuthService } from '../auth';
import type { ExecutorTokenRepository, ExecutorTokenRow } from './executor-token.repository';

const NO_SUCH_TOKEN = 'No such paired browser.';
/** A token's last use is written at most this often. */
const TOUCH_EVERY_MS = 60_000;
/** 32 random bytes, base64url: what follows the prefix. */
const SECRET_LENGTH = 43;

function hashOf(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * Pairing the browser extension (decision 0039): a bearer token per browser, made for the
 * account user who pairs it and acting as them, listed with its last use, revocable by them or
 * by whoever manages the account's marketplaces. The token is shown once; only its hash is kept.
 */
export class ExecutorTokenService {
  constructor(
    private readonly tokens: ExecutorTokenRepository,
    private readonly users: Pick<AuthService, 'findUserById'>,
    /** The account's marketplaces whose operations the extension carries out now. */
    private readonly extensionMarketplaces: (accountId: string) => Promise<ExtensionMarketplace[]>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async create(
    ctx: RequestContext,
    input: { name: string },
  ): Promise<{ token: string; executorToken: ExecutorToken }> {
    if ((await this.tokens.countActive(ctx.accountId)) >= EXECUTOR_TOKENS_PER_ACCOUNT_MAX) {
      throw conflict(
        `This account has ${EXECUTOR_TOKENS_PER_ACCOUNT_MAX} paired browsers already. Unpair one you no longer use first.`,
      );
    }
    const token = `${EXECUTOR_TOKEN_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
    const row = await this.tokens.insert({
      id: newId(),
      accountId: ctx.accountId,
      userId: ctx.user.id,
      name: input.name,
      tokenHash: hashOf(token),
      createdAt: new Date(this.now()),
    });
    return { token, executorToken: this.view(row, ctx.user.name) };
  }

  /** The caller's paired browsers; every member's for whoever manages the marketplaces. */
  async list(ctx: RequestContext): Promise<ExecutorToken[]> {
    const rows = await this.tokens.list(
      ctx.accountId,
      this.managesAll(ctx) ? undefined : ctx.user.id,
    );
    const names = new Map<string, string>();
    for (const userId of new Set(rows.map((r) => r.userId))) {
      names.set(userId, (await this.users.findUserById(userId))?.name ?? '');
    }
    return rows.map((row) => this.view(row, names.get(row.userId) ?? ''));
  }

  /** Unpairs a browser: its next request is refused. Revoking twice changes nothing. */
  async revoke(ctx: RequestContext, id: string): Promise<ExecutorToken> {
    const row = await this.tokens.find(ctx.accountId, id);
    if (!row || (row.userId !== ctx.user.id && !this.managesAll(ctx))) {
      throw notFound(NO_SUCH_TOKEN);
    }
    const revoked = await this.tokens.revoke(ctx.accountId, id, new Date(this.now()));
    const user = await this.users.findUserById(row.userId);
    return this.view(revoked ?? row, user?.name ?? '');
  }

  /** Who the extension's token acts as, for its popup: only the paired extension asks. */
  async whoAmI(ctx: RequestContext): Promise<ExecutorWhoAmI> {
    const row = ctx.executorTokenId
      ? await this.tokens.find(ctx.accountId, ctx.executorTokenId)
      : null;
    if (!row) throw notFound('Only the paired browser extension can ask who it acts as.');
    return {
      tokenId: row.id,
      name: row.name,
      userName: ctx.user.name,
      email: ctx.user.email,
      accountId: ctx.accountId,
      companyName: ctx.account.companyName,
      marketplaces: await this.extensionMarketplaces(ctx.accountId),
    };
  }

  /**
   * Who a bearer token acts as, for the request hook: null for anything that is not a live
   * token of a user who still exists (unknown, malformed, revoked).
   */
  async resolve(token: string): Promise<ExecutorSession | null> {
    if (
      !token.startsWith(EXECUTOR_TOKEN_PREFIX) ||
      token.length !== EXECUTOR_TOKEN_PREFIX.length + SECRET_LENGTH
    ) {
      return null;
    }
    const row = await this.tokens.findByHash(hashOf(token));
    if (!row || row.revokedAt) return null;
    const user = await this.users.findUserById(row.userId);
    if (!user) return null;
    await this.tokens.touch(row.id, new Date(this.now()), TOUCH_EVERY_MS);
    return { tokenId: row.id, accountId: row.accountId, user };
  }

  private managesAll(ctx: RequestContext): boolean {
    return ctx.accessLevel === 'staff' || ctx.permissions['marketplaces.manage'] === true;
  }

  private view(row: ExecutorTokenRow, userName: string): ExecutorToken {
    return {
      id: row.id,
      name: row.name,
      userId: row.userId,
      userName,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      revokedAt: row.revokedAt?.toISOString() ?? null,
    };
  }
}
