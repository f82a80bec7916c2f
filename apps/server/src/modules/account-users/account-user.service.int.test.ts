import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../platform/db/database';
import { AppError } from '../../platform/http/errors';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { identityServices, recordingMailer } from '../../../test/identity';

/** The code of the AppError a call is refused with. */
async function refusal(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  throw new Error('the call was not refused');
}

describe('the team service on a real database', () => {
  let test: TestDatabase;
  let identity: ReturnType<typeof identityServices>;
  const mailer = recordingMailer();

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrateDatabase(test.database);
    identity = identityServices(test.database, mailer);
  });
  afterAll(() => test.dispose());

  /** An account whose owner made a "team lead" role that may manage the team and little else. */
  async function teamWithLead() {
    const account = await identity.openAccount();
    const leadRole = await identity.roles.save(account.ctx, {
      name: 'team lead',
      permissions: { 'items.read': true, 'team.manage': true },
    });
    const lead = await identity.addMember(account.account.accountId, { roleId: leadRole.id });
    const admin = await identity.addMember(account.account.accountId, {
      roleId: account.adminRoleId,
    });
    return { account, leadRole, lead, admin, leadCtx: await identity.contextOf(lead) };
  }

  it('gives the owner a context in their account with every permission of the admin role', async () => {
    const { ctx, account, adminRoleId } = await identity.openAccount();
    expect(ctx.accountId).toBe(account.accountId);
    expect(ctx.membership.isOwner).toBe(true);
    expect(ctx.role?.id).toBe(adminRoleId);
    expect(Object.values(ctx.permissions).every(Boolean)).toBe(true);
  });

  it('lets nobody in without a usable membership, and sends a pending member to set a password', async () => {
    const { account } = await identity.openAccount();
    const stranger = await identity.auth.createUser({
      email: `nobody-${account.accountId}@example.test`,
      password: 'x',
      name: '',
    });
    expect((await identity.accountUsers.memberContext(stranger, 't')).decision).toMatchObject({
      kind: 'signOut',
    });

    const inactive = await identity.addMember(account.accountId, {
      roleId: null,
      status: 'inactive',
    });
    const left = await identity.accountUsers.memberContext(
      { ...inactive, id: inactive.userId, name: '' },
      't',
    );
    expect(left).toEqual({
      decision: { kind: 'signOut', reason: 'auth/inactive-account' },
      context: null,
    });

    const pending = await identity.addMember(account.accountId, {
      roleId: null,
      status: 'pending',
    });
    const invited = await identity.accountUsers.memberContext(
      { ...pending, id: pending.userId, name: '' },
      't',
    );
    expect(invited.decision).toEqual({ kind: 'redirect', to: '/update-password' });
    expect(invited.context?.permissions['items.read']).toBe(false);
  });

  it('keeps the owner out of reach of everyone else, even a team manager', async () => {
    const { account, leadCtx } = await teamWithLead();
    expect(
      await refusal(() =>
        identity.accountUsers.updateStatus(leadCtx, { userId: account.userId, status: 'inactive' }),
      ),
    ).toBe('team/owner-protected');
    expect(await refusal(() => identity.accountUsers.remove(leadCtx, account.userId))).toBe(
      'team/owner-protected',
    );
    const owner = await identity.accountUsers.findInAccount(
      account.account.accountId,
      account.userId,
    );
    expect(owner?.status).toBe('active');
  });

  it('refuses acting on a member whose role can do more, and allows it on one within reach', async () => {
    const { account, leadCtx, admin } = await teamWithLead();
    expect(
      await refusal(() =>
        identity.accountUsers.updateStatus(leadCtx, { userId: admin.userId, status: 'inactive' }),
      ),
    ).toBe('team/member-above-you');

    const packer = await identity.addMember(account.account.accountId, { roleId: null });
    const updated = await identity.accountUsers.updateStatus(leadCtx, {
      userId: packer.userId,
      status: 'inactive',
    });
    expect(updated.status).toBe('inactive');
  });

  it('adds a member only with a role within the caller’s reach, and mails them their password', async () => {
    const { account, leadCtx, leadRole } = await teamWithLead();
    expect(
      await refusal(() =>
        identity.accountUsers.createWithTemporaryPassword(leadCtx, {
          email: `too-high-${account.account.accountId}@example.test`,
          roleId: account.adminRoleId,
        }),
      ),
    ).toBe('team/protected-role');

    const broader = await identity.roles.save(account.ctx, {
      name: 'publisher',
      permissions: { 'items.read': true, 'listings.publish': true },
    });
    expect(
      await refusal(() =>
        identity.accountUsers.createWithTemporaryPassword(leadCtx, {
          email: `beyond-${account.account.accountId}@example.test`,
          roleId: broader.id,
        }),
      ),
    ).toBe('team/grant-beyond-own');

    const email = `new-${account.account.accountId}@example.test`.toLowerCase();
    const before = mailer.sent.length;
    const { accountUser } = await identity.accountUsers.createWithTemporaryPassword(leadCtx, {
      email,
      roleId: leadRole.id,
    });
    expect(accountUser).toMatchObject({ email, status: 'pending', role: leadRole.id });
    expect(accountUser.hasTemporaryPassword).toBe(true);
    expect(mailer.sent.slice(before).map((m) => m.to)).toEqual([email]);
  });

  it('gives a role to members only within reach, and never moves the owner', async () => {
    const { account, leadCtx, leadRole, admin } = await teamWithLead();
    const packer = await identity.addMember(account.account.accountId, { roleId: null });
    expect(
      await refusal(() =>
        identity.roles.assignMembers(leadCtx, { roleId: leadRole.id, userIds: [account.userId] }),
      ),
    ).toBe('team/owner-protected');
    expect(
      await refusal(() =>
        identity.roles.assignMembers(leadCtx, { roleId: leadRole.id, userIds: [admin.userId] }),
      ),
    ).toBe('team/member-above-you');

    const assigned = await identity.roles.assignMembers(account.ctx, {
      roleId: leadRole.id,
      userIds: [packer.userId],
    });
    expect(assigned.members).toEqual(expect.arrayContaining([packer.userId]));
  });

  it('reads each membership of a user with its own account and role, usable ones first', async () => {
    const first = await identity.openAccount();
    const second = await identity.openAccount();
    // The first account's owner is also a pending viewer of the second account.
    await identity.repositories.accountUsers.create({
      id: `m-${first.userId}`,
      accountId: second.account.accountId,
      userId: first.userId,
      accessLevel: 'member',
      status: 'pending',
      email: first.email,
      role: second.viewerRoleId,
    });
    const memberships = await identity.accountUsers.findMembershipsOfUser(first.userId);
    expect(
      memberships.map(({ membership, account, role }) => ({
        status: membership.status,
        accountId: account.accountId,
        roleId: role?.id ?? null,
      })),
    ).toEqual([
      { status: 'active', accountId: first.account.accountId, roleId: first.adminRoleId },
      { status: 'pending', accountId: second.account.accountId, roleId: second.viewerRoleId },
    ]);
    // A role is read only in its own account.
    expect(
      await identity.roles.findInAccount(first.account.accountId, second.viewerRoleId),
    ).toBeNull();
    // A membership without a role is read with none.
    const member = await identity.addMember(second.account.accountId, { roleId: null });
    const [alone] = await identity.accountUsers.findMembershipsOfUser(member.userId);
    expect(alone?.account.accountId).toBe(second.account.accountId);
    expect(alone?.role).toBeNull();
  });

  it('names a notification’s recipient only while they are a usable member of the account', async () => {
    const { account } = await teamWithLead();
    const member = await identity.addMember(account.account.accountId, { roleId: null });
    expect(
      await identity.accountUsers.recipientOf(account.account.accountId, member.userId),
    ).toEqual({
      email: member.email,
      countryCode: 'IT',
    });
    const other = await identity.openAccount();
    expect(
      await identity.accountUsers.recipientOf(other.account.accountId, member.userId),
    ).toBeNull();

    await identity.accountUsers.updateStatus(account.ctx, {
      userId: member.userId,
      status: 'inactive',
    });
    expect(
      await identity.accountUsers.recipientOf(account.account.accountId, member.userId),
    ).toBeNull();
    // A removed seller's items still sell: their settings are read in the account while any membership is there.
    expect(await identity.accountUsers.isMemberOf(account.account.accountId, member.userId)).toBe(
      true,
    );
  });
});
