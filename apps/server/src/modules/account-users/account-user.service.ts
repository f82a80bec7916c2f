import { customAlphabet } from 'nanoid';
import pLimit from 'p-limit';
import {
  DEFAULT_LOCALE,
  isTemporaryPasswordExpired,
  localeForCountry,
  TEMPORARY_PASSWORD_DURATION_MS,
  type AccountUserStatus,
  type CountryCode,
  type GateDecision,
  type JoinData,
  type Locale,
  type SpeechOption,
  type TeamMember,
} from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import type { Mailer, MailMessage } from '../../platform/mailer/mailer';
import { AppError, conflict, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import { loadMemberContext, type RequestContext } from '../../platform/http/request-context';
import type { AuthService, SignedInUser } from '../auth';
import type { UserService } from '../users';
import type {
  AccountUserRepository,
  AccountUserRow,
  NewAccountUserRow,
} from './account-user.repository';
import { assertMayActOn, assertMayGive, assertNotOwnerOfAnother } from '../roles';
import { toPublicAccountUser, toTeamMember } from './account-user.mapper';
import { linkMemberships, type LinkedMembership, type MembershipLinks } from './member-links';
import { alreadyHasSignInEmail, invitationEmail } from './invitation.email';

/** Readable temporary passwords: no 0/O or 1/l/I to misread, three groups of four. */
const passwordPart = customAlphabet('23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ', 4);
const temporaryPasswordValue = () => `${passwordPart()}-${passwordPart()}-${passwordPart()}`;

/** How many addresses of one bulk invitation are worked on at once. */
const BULK_INVITE_CONCURRENCY = 4;

const JOIN_FAIL = 'The e-mail or temporary password is not correct.';

export class AccountUserService {
  constructor(
    private readonly db: Db,
    private readonly accountUsers: AccountUserRepository,
    private readonly users: UserService,
    private readonly auth: AuthService,
    private readonly mailer: Mailer,
    private readonly options: { publicUrl: string; now?: () => Date },
    private readonly links: MembershipLinks,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  private readonly now: () => Date;

  async search(
    ctx: RequestContext,
    filter: { query?: string; status?: AccountUserStatus; role?: string },
  ): Promise<TeamMember[]> {
    const rows = await this.accountUsers.search(ctx.accountId, filter);
    const now = this.now();
    return rows.map((row) => toTeamMember(row, now));
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
      const account = await this.links.accountOf(candidate.accountId);
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
      throw new AppError(400, 'auth/new-password-is-temporary');
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

  /**
   * Spec §7 create-with-temporary-password: a new team member, pending until they join. The
   * temporary password goes to them by e-mail and never into the answer, so whoever adds a
   * member cannot sign in as them.
   */
  async createWithTemporaryPassword(
    ctx: RequestContext,
    input: { email: string; name?: string | undefined; roleId?: string | null | undefined },
  ) {
    const email = input.email.trim().toLowerCase();
    await this.assertMayAdd(ctx, input.roleId);
    if (await this.auth.findUserByEmail(email)) {
      throw conflict(
        `${email} already has a ListLoop sign-in; a person can belong to one team for now.`,
      );
    }
    return { accountUser: await this.addInvited(ctx, { ...input, email }) };
  }

  /**
   * Spec §7 bulk-create-by-email. Each address gets an e-mail and the same answer, whether it
   * is new to ListLoop (an invitation with its temporary password) or already has a sign-in
   * in some account (a note that it cannot join), so the answer tells nothing of other
   * accounts. Only the caller's own team is named: an address already in it is refused.
   */
  async bulkCreateByEmail(
    ctx: RequestContext,
    input: { emails: string[]; roleId?: string | null | undefined },
  ) {
    await this.assertMayAdd(ctx, input.roleId);
    const emails = [...new Set(input.emails.map((e) => e.trim().toLowerCase()))];
    // A few at once: each address waits on password hashing and its own SMTP exchange, and
    // up to BULK_INVITE_MAX of them one after another would outlast any HTTP client's patience.
    const limit = pLimit(BULK_INVITE_CONCURRENCY);
    return Promise.all(emails.map((email) => limit(() => this.inviteOneOfMany(ctx, email, input))));
  }

  private async inviteOneOfMany(
    ctx: RequestContext,
    email: string,
    input: { roleId?: string | null | undefined },
  ): Promise<{ email: string; ok: boolean; message?: string }> {
    try {
      const memberships = await this.accountUsers.findByEmail(email);
      if (memberships.some((m) => m.accountId === ctx.accountId)) {
        return { email, ok: false, message: `${email} is already in your team.` };
      }
      if (await this.auth.findUserByEmail(email)) {
        await this.sendOrRefuse(alreadyHasSignInEmail({ ...(await this.sender(ctx)), to: email }));
      } else {
        await this.addInvited(ctx, { email, roleId: input.roleId });
      }
      return { email, ok: true };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { email, ok: false, message: error.message };
    }
  }

  /**
   * Spec §7 invite: a pending member gets a fresh temporary password by e-mail (the old one
   * stops working once it is sent, and so does any session opened with it).
   */
  async invite(ctx: RequestContext, userId: string) {
    const member = await this.accountUsers.findInAccount(ctx.accountId, userId);
    if (!member) throw notFound('No such team member.');
    if (member.status !== 'pending') throw conflict('Only a pending member can be invited again.');
    this.assertMailOn();
    const temporaryPassword = temporaryPasswordValue();
    await this.sendOrRefuse(
      invitationEmail({
        ...(await this.sender(ctx)),
        to: member.email,
        temporaryPassword,
        joinUrl: this.joinUrl(),
      }),
    );
    await this.auth.setPassword(userId, temporaryPassword);
    await this.auth.endAllSessions(userId);
    const updated = await this.accountUsers.update(ctx.accountId, userId, {
      temporaryPassword: await this.temporaryPasswordRecord(userId, temporaryPassword),
    });
    if (!updated) throw notFound('No such team member.');
    return { accountUser: toPublicAccountUser(updated) };
  }

  async updateStatus(ctx: RequestContext, input: { userId: string; status: AccountUserStatus }) {
    if (input.userId === ctx.user.id) throw conflict('You cannot change your own status.');
    await this.assertNotTheOwner(ctx, input.userId);
    const updated = await this.accountUsers.update(ctx.accountId, input.userId, {
      status: input.status,
    });
    if (!updated) throw notFound('No such team member.');
    if (input.status === 'inactive') await this.auth.endAllSessions(input.userId);
    return toPublicAccountUser(updated);
  }

  async remove(ctx: RequestContext, userId: string) {
    if (userId === ctx.user.id) throw conflict('You cannot remove yourself from the team.');
    await this.assertNotTheOwner(ctx, userId);
    if (!(await this.accountUsers.remove(ctx.accountId, userId)))
      throw notFound('No such team member.');
  }

  /**
   * The gate decision for a signed-in user and, when they may enter, their context: the
   * membership the session uses (usable first, then the oldest), its account and role, and the
   * effective permissions. The request hook uses it, and so does work done on a user's behalf
   * outside a request (the demo seed).
   */
  async memberContext(
    user: SignedInUser,
    sessionToken: string,
  ): Promise<{ decision: GateDecision; context: RequestContext | null }> {
    // The request hook's own rule, so a session and work done on a user's behalf never differ.
    return loadMemberContext(this, user, sessionToken);
  }

  /**
   * The memberships of a user with the account and role of each, in the order a session picks
   * from (a membership whose account is gone is none).
   */
  async findMembershipsOfUser(userId: string): Promise<LinkedMembership[]> {
    return linkMemberships(await this.accountUsers.findOfUser(userId), this.links);
  }

  async findInAccount(accountId: string, userId: string): Promise<AccountUserRow | null> {
    return this.accountUsers.findInAccount(accountId, userId);
  }

  async findOwner(accountId: string): Promise<AccountUserRow | null> {
    return this.accountUsers.findOwner(accountId);
  }

  /** Whether the user has a membership of the account, of any status (a removed seller's items still sell). */
  async isMemberOf(accountId: string, userId: string, db?: Db): Promise<boolean> {
    return this.accountUsers.isMemberOf(accountId, userId, db);
  }

  /** Which member holds which role in the account. */
  async membersOfRoles(accountId: string): Promise<{ roleId: string; userId: string }[]> {
    return this.accountUsers.membersOfRoles(accountId);
  }

  /** The member's own photo-step speech option in this account ('disabled' without a membership). */
  async speechOptionOf(accountId: string, userId: string): Promise<SpeechOption> {
    return (
      (await this.accountUsers.findInAccount(accountId, userId))?.showSpeechAtPhotoStep ??
      'disabled'
    );
  }

  /** Sets a member's own photo-step speech option in this account, in the caller's transaction. */
  async setSpeechOption(
    accountId: string,
    userId: string,
    option: SpeechOption,
    db?: Db,
  ): Promise<void> {
    await this.accountUsers.update(accountId, userId, { showSpeechAtPhotoStep: option }, db);
  }

  /** Gives a member a role; the caller has checked they may (the role operations). */
  async setRole(accountId: string, userId: string, roleId: string): Promise<void> {
    await this.accountUsers.update(accountId, userId, { role: roleId });
  }

  /**
   * Moves every holder of a role to another role (or to none), inside the caller's
   * transaction (removing a role moves its members to the viewer role first).
   */
  async moveRoleMembers(
    accountId: string,
    fromRoleId: string,
    toRoleId: string | null,
    tx: Db,
  ): Promise<number> {
    return this.accountUsers.moveRoleMembers(accountId, fromRoleId, toRoleId, tx);
  }

  /** A membership made as part of a larger write (opening an account), in its transaction. */
  async createMembership(row: NewAccountUserRow, tx: Db): Promise<AccountUserRow> {
    return this.accountUsers.create(row, tx);
  }

  /**
   * Where a user's e-mails about an account go, and the country that picks their language:
   * null when the user is gone or no longer a usable (active or pending) member of the
   * account, who must not hear about it any more.
   */
  async recipientOf(
    accountId: string,
    userId: string,
  ): Promise<{ email: string; countryCode: CountryCode } | null> {
    if (!(await this.accountUsers.isUsableMemberOf(accountId, userId))) return null;
    const user = await this.auth.findUserById(userId);
    if (!user) return null;
    const details = await this.users.findDetails(userId);
    return { email: user.email, countryCode: details?.countryCode ?? 'US' };
  }

  /** The owner is the owner's to change, and a member who can do more than the caller is out of reach. */
  private async assertNotTheOwner(ctx: RequestContext, userId: string): Promise<void> {
    const member = await this.accountUsers.findInAccount(ctx.accountId, userId);
    if (!member) throw notFound('No such team member.');
    assertNotOwnerOfAnother(ctx, member);
    assertMayActOn(ctx, member.role ? await this.links.roleOf(ctx.accountId, member.role) : null);
  }

  /** A member is added with a role the caller may give, and only when e-mail can reach them. */
  private async assertMayAdd(ctx: RequestContext, roleId: string | null | undefined) {
    if (roleId) {
      const role = await this.links.roleOf(ctx.accountId, roleId);
      if (!role) throw notFound('No such role in this account.');
      assertMayGive(ctx, role);
    }
    this.assertMailOn();
  }

  private assertMailOn(): void {
    if (!this.mailer.enabled) throw new AppError(409, 'team/email-off');
  }

  /**
   * Mails the temporary password first and stores the member after: a send that fails leaves
   * nobody behind with a password no one received.
   */
  private async addInvited(
    ctx: RequestContext,
    input: { email: string; name?: string | undefined; roleId?: string | null | undefined },
  ) {
    const { email } = input;
    const temporaryPassword = temporaryPasswordValue();
    await this.sendOrRefuse(
      invitationEmail({
        ...(await this.sender(ctx)),
        to: email,
        temporaryPassword,
        joinUrl: this.joinUrl(),
      }),
    );
    const user = await this.auth.createUser({
      email,
      password: temporaryPassword,
      name: input.name ?? '',
    });
    // Read before the transaction: the credential is not the transaction's to read.
    const temporaryPasswordRecord = await this.temporaryPasswordRecord(user.id, temporaryPassword);
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
          temporaryPassword: temporaryPasswordRecord,
        },
        tx,
      );
    });
    return toPublicAccountUser(row);
  }

  /** Who the team e-mails come from, in the inviter's language (from their country). */
  private async sender(ctx: RequestContext): Promise<{
    locale: Locale;
    inviter: string;
    company: string;
  }> {
    const details = await this.users.findDetails(ctx.user.id);
    return {
      locale: details ? localeForCountry(details.countryCode) : DEFAULT_LOCALE,
      inviter: ctx.user.name.trim() || ctx.user.email,
      company: ctx.account.companyName,
    };
  }

  private joinUrl(): string {
    return new URL('/join-team', this.options.publicUrl).toString();
  }

  private async sendOrRefuse(message: MailMessage): Promise<void> {
    try {
      await this.mailer.send(message);
    } catch {
      throw new AppError(502, 'team/invitation-not-sent');
    }
  }

  /**
   * The record of a temporary password just set as the user's credential. Its value is the
   * credential's own scrypt hash of the same password: hashing it a second time would double
   * the slowest step of an invitation (a bulk one of 500 spends most of its time hashing).
   */
  private async temporaryPasswordRecord(userId: string, value: string) {
    return {
      value: (await this.auth.passwordHashOf(userId)) ?? (await this.auth.hashPassword(value)),
      createdAt: this.now().toISOString(),
      duration: TEMPORARY_PASSWORD_DURATION_MS,
    };
  }

  private async checkPassword(userId: string, password: string): Promise<boolean> {
    const hash = await this.auth.passwordHashOf(userId);
    return hash ? this.auth.verifyPassword(hash, password) : false;
  }
}
