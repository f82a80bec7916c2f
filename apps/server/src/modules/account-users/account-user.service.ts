import { customAlphabet } from 'nanoid';
import {
  isTemporaryPasswordExpired,
  TEMPORARY_PASSWORD_DURATION_MS,
  type AccountUserStatus,
  type JoinData,
} from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { AppError, conflict, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { RequestContext } from '../../platform/http/request-context';
import type { AuthService } from '../auth/auth.service';
import type { AccountRepository } from '../accounts/account.repository';
import type { RoleRepository } from '../roles/role.repository';
import type { UserRepository } from '../users/user.repository';
import type { AccountUserRepository, AccountUserRow } from './account-user.repository';
import { toPublicAccountUser } from './account-user.mapper';

/** Readable temporary passwords: no 0/O or 1/l/I to misread, three groups of four. */
const passwordPart = customAlphabet('23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ', 4);
const temporaryPasswordValue = () => `${passwordPart()}-${passwordPart()}-${passwordPart()}`;

const JOIN_FAIL = 'The e-mail or temporary password is not correct.';

export class AccountUserService {
  constructor(
    private readonly db: Db,
    private readonly accountUsers: AccountUserRepository,
    private readonly accounts: AccountRepository,
    private readonly roles: RoleRepository,
    private readonly users: UserRepository,
    private readonly auth: AuthService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async search(ctx: RequestContext, filter: { query?: string; status?: AccountUserStatus }) {
    const rows = await this.accountUsers.search(ctx.accountId, filter);
    return rows.map(toPublicAccountUser);
  }

  /**
   * Spec §7 validate-join-data: the invitation's e-mail and temporary password are right and
   * not older than five days. The answer never tells whether an e-mail is known.
   */
  async validateJoinData(input: JoinData) {
    const email = input.email.toLowerCase();
    for (const candidate of await this.accountUsers.findByEmail(email)) {
      if (candidate.status !== 'pending' || !candidate.temporaryPassword) continue;
      if (
        !(await this.auth.verifyPassword(
          candidate.temporaryPassword.value,
          input.temporaryPassword,
        ))
      )
        continue;
      if (isTemporaryPasswordExpired(candidate.temporaryPassword, this.now())) {
        throw new AppError(400, 'auth/temporary-password-expired');
      }
      const account = await this.accounts.findById(candidate.accountId);
      if (!account || account.status !== 'active') throw new AppError(400, 'auth/inactive-account');
      return { valid: true as const, email, companyName: account.companyName };
    }
    throw new AppError(400, 'auth/login-fail', JOIN_FAIL);
  }

  /** A temporary password that has expired may not be used to sign in (spec §9: 5 days). */
  assertTemporaryPasswordUsable(membership: AccountUserRow): void {
    if (
      membership.status === 'pending' &&
      membership.temporaryPassword &&
      isTemporaryPasswordExpired(membership.temporaryPassword, this.now())
    ) {
      throw new AppError(401, 'auth/temporary-password-expired');
    }
  }

  /**
   * Spec §7 update-password. A pending member sets their own password and becomes active; an
   * active member changes theirs by giving the current one. Every other session of the user
   * ends.
   */
  async updateOwnPassword(
    ctx: RequestContext,
    input: { password: string; currentPassword?: string | undefined },
  ) {
    if (ctx.membership.status === 'active') {
      if (!input.currentPassword)
        throw new AppError(400, 'request/invalid', 'Enter your current password to change it.');
      if (!(await this.checkPassword(ctx.user.id, input.currentPassword)))
        throw new AppError(400, 'request/invalid', 'The current password is not correct.');
    } else {
      this.assertTemporaryPasswordUsable(ctx.membership);
    }
    if (
      ctx.membership.temporaryPassword &&
      (await this.auth.verifyPassword(ctx.membership.temporaryPassword.value, input.password))
    ) {
      throw new AppError(400, 'request/invalid', 'Choose a new password, not the temporary one.');
    }
    await this.auth.setPassword(ctx.user.id, input.password);
    // Whoever holds a session opened with the old password is signed out; this one stays.
    await this.auth.endOtherSessions(ctx.user.id, ctx.sessionToken);
    const updated = await this.accountUsers.update(ctx.accountId, ctx.user.id, {
      status: 'active',
      temporaryPassword: null,
    });
    if (!updated) throw notFound();
    return toPublicAccountUser(updated);
  }

  /** Spec §7 create-with-temporary-password: a new team member, pending until they join. */
  async createWithTemporaryPassword(
    ctx: RequestContext,
    input: { email: string; name?: string | undefined; roleId?: string | null | undefined },
  ) {
    const email = input.email.trim().toLowerCase();
    if (input.roleId && !(await this.roles.findById(ctx.accountId, input.roleId))) {
      throw notFound('No such role in this account.');
    }
    if (await this.auth.findUserByEmail(email)) {
      throw conflict(
        `${email} already has a ListLoop sign-in; a person can belong to one team for now.`,
      );
    }
    const temporaryPassword = temporaryPasswordValue();
    const user = await this.auth.createUser({
      email,
      password: temporaryPassword,
      name: input.name ?? '',
    });
    const row = await this.db.transaction(async (tx) => {
      await this.users.createProfile({ userId: user.id, firstName: input.name ?? '' }, tx);
      return this.accountUsers.create(
        {
          id: newId(),
          accountId: ctx.accountId,
          userId: user.id,
          accessLevel: 'member',
          status: 'pending',
          email,
          name: input.name ?? '',
          role: input.roleId ?? null,
          temporaryPassword: await this.temporaryPasswordRecord(temporaryPassword),
        },
        tx,
      );
    });
    return { accountUser: toPublicAccountUser(row), temporaryPassword };
  }

  async bulkCreateByEmail(
    ctx: RequestContext,
    input: { emails: string[]; roleId?: string | null | undefined },
  ) {
    if (input.roleId && !(await this.roles.findById(ctx.accountId, input.roleId))) {
      throw notFound('No such role in this account.');
    }
    const results: { email: string; ok: boolean; temporaryPassword?: string; message?: string }[] =
      [];
    for (const email of [...new Set(input.emails.map((e) => e.trim().toLowerCase()))]) {
      try {
        const created = await this.createWithTemporaryPassword(ctx, {
          email,
          roleId: input.roleId,
        });
        results.push({ email, ok: true, temporaryPassword: created.temporaryPassword });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({ email, ok: false, message: error.message });
      }
    }
    return results;
  }

  /**
   * Spec §7 invite: a pending member gets a fresh temporary password; the old one stops working
   * and so does any session opened with it.
   */
  async invite(ctx: RequestContext, userId: string) {
    const member = await this.accountUsers.findInAccount(ctx.accountId, userId);
    if (!member) throw notFound('No such team member.');
    if (member.status !== 'pending') throw conflict('Only a pending member can be invited again.');
    const temporaryPassword = temporaryPasswordValue();
    await this.auth.setPassword(userId, temporaryPassword);
    await this.auth.endAllSessions(userId);
    const updated = await this.accountUsers.update(ctx.accountId, userId, {
      temporaryPassword: await this.temporaryPasswordRecord(temporaryPassword),
    });
    if (!updated) throw notFound('No such team member.');
    return { accountUser: toPublicAccountUser(updated), temporaryPassword };
  }

  async updateStatus(ctx: RequestContext, input: { userId: string; status: AccountUserStatus }) {
    if (input.userId === ctx.user.id) throw conflict('You cannot change your own status.');
    const updated = await this.accountUsers.update(ctx.accountId, input.userId, {
      status: input.status,
    });
    if (!updated) throw notFound('No such team member.');
    if (input.status === 'inactive') await this.auth.endAllSessions(input.userId);
    return toPublicAccountUser(updated);
  }

  async remove(ctx: RequestContext, userId: string) {
    if (userId === ctx.user.id) throw conflict('You cannot remove yourself from the team.');
    if (!(await this.accountUsers.remove(ctx.accountId, userId)))
      throw notFound('No such team member.');
  }

  private async temporaryPasswordRecord(value: string) {
    return {
      value: await this.auth.hashPassword(value),
      createdAt: this.now().toISOString(),
      duration: TEMPORARY_PASSWORD_DURATION_MS,
    };
  }

  private async checkPassword(userId: string, password: string): Promise<boolean> {
    const hash = await this.auth.passwordHashOf(userId);
    return hash ? this.auth.verifyPassword(hash, password) : false;
  }
}
