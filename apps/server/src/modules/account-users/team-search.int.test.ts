import { sql } from 'drizzle-orm';
import { BULK_INVITE_MAX, type TeamMember } from '@listloop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client';
import { addMember, createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp-receiver';

const ROLES = '/api/rest/v1/enterprise/roles';
const USERS = '/api/rest/v1/enterprise/account-users';
const CREATE = '/api/account-users/create-with-temporary-password';

/** The team screen's list: filters by name or e-mail, status and role, and what each row says. */
describe('team search and bulk invitations', () => {
  let server: TestServer;
  let smtp: SmtpReceiver;
  let account: AccountFixture;
  let owner: TestClient;
  let packersId: string;

  async function search(query: Record<string, string>): Promise<TeamMember[]> {
    const response = await owner.get(`${USERS}?${new URLSearchParams(query).toString()}`);
    expect(response.status, response.text).toBe(200);
    return response.body.data as TeamMember[];
  }

  async function renameMember(userId: string, name: string) {
    await queryRows(
      server,
      sql`UPDATE account_users SET name = ${name}
          WHERE account_id = ${account.accountId} AND user_id = ${userId}`,
    );
  }

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    server = await startTestServer({
      env: { LOGIN_MAX_PER_IP: '1000', SMTP_URL: smtp.url, MAIL_FROM: 'team@listloop.test' },
    });
    account = await createAccount(server, { companyName: 'Second Chance Threads' });
    owner = await signIn(server, account);
    packersId = (await owner.put(ROLES, { name: 'packers', permissions: { 'items.read': true } }))
      .body.data.id as string;
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('finds members by a part of the name or e-mail in any case', async () => {
    const grace = await addMember(server, account, { roleId: packersId });
    await renameMember(grace.userId, 'Grace Hopper');
    const other = await addMember(server, account, { roleId: null });
    await renameMember(other.userId, 'Linus');

    expect((await search({ query: 'hOpP' })).map((m) => m.userId)).toEqual([grace.userId]);
    const byMail = await search({ query: grace.email.slice(0, 14).toUpperCase() });
    expect(byMail.map((m) => m.userId)).toEqual([grace.userId]);
    // The LIKE wildcards are searched for as text, not as patterns.
    expect(await search({ query: '%' })).toEqual([]);
    expect(await search({ query: '_' })).toEqual([]);
  });

  it('filters by status and by role, or by no role at all', async () => {
    const pending = await addMember(server, account, { roleId: packersId, status: 'pending' });
    const inactive = await addMember(server, account, { roleId: null, status: 'inactive' });

    const pendingOnes = await search({ status: 'pending' });
    expect(pendingOnes.map((m) => m.userId)).toContain(pending.userId);
    expect(pendingOnes.every((m) => m.status === 'pending')).toBe(true);

    const packers = await search({ role: packersId });
    expect(packers.length).toBeGreaterThan(1);
    expect(packers.every((m) => m.role === packersId)).toBe(true);

    const withoutRole = await search({ role: 'none' });
    expect(withoutRole.map((m) => m.userId)).toContain(inactive.userId);
    expect(withoutRole.every((m) => m.role === null)).toBe(true);

    const both = await search({ role: 'none', status: 'inactive' });
    expect(both.map((m) => m.userId)).toEqual([inactive.userId]);

    // An id that is no role of this account matches nobody.
    expect(await search({ role: 'norole0000000000000000001' })).toEqual([]);
  });

  it('says who owns the account and carries role, status and creation time', async () => {
    const members = await search({});
    const ownerRow = members.find((m) => m.userId === account.userId);
    expect(ownerRow).toMatchObject({
      isOwner: true,
      role: account.adminRoleId,
      status: 'active',
      invitationExpired: false,
    });
    expect(Number.isNaN(Date.parse(ownerRow!.createdAt))).toBe(false);
    expect(members.filter((m) => m.isOwner)).toHaveLength(1);
    expect(JSON.stringify(members)).not.toContain('temporaryPassword"');
  });

  it('says when a pending member’s invitation has expired, and not before', async () => {
    const email = `late-joiner-${account.accountId.slice(0, 6).toLowerCase()}@example.test`;
    const created = await owner.post(CREATE, { email, name: 'Late Joiner' });
    expect(created.status, created.text).toBe(201);
    const userId = created.body.accountUser.userId as string;
    const fresh = (await search({ query: 'late joiner' }))[0];
    expect(fresh).toMatchObject({ userId, status: 'pending', invitationExpired: false });

    // Six days ago: the five-day temporary password has run out.
    const sixDaysAgo = new Date(Date.now() - 6 * 24 * 60 * 60 * 1000).toISOString();
    await queryRows(
      server,
      sql`UPDATE account_users
          SET temporary_password = jsonb_set(temporary_password, '{createdAt}', to_jsonb(${sixDaysAgo}::text))
          WHERE account_id = ${account.accountId} AND user_id = ${userId}`,
    );
    expect((await search({ query: 'late joiner' }))[0]).toMatchObject({
      invitationExpired: true,
    });

    // Inviting again gives a fresh password and the invitation is current again.
    expect((await owner.post(`${USERS}/${userId}/invite`, {})).status).toBe(200);
    expect((await search({ query: 'late joiner' }))[0]).toMatchObject({
      invitationExpired: false,
    });
  });

  it('refuses bad filters with a clear 400', async () => {
    const bad: Record<string, string>[] = [
      { status: 'sleeping' },
      { role: '' },
      { role: 'r'.repeat(65) },
      { query: 'q'.repeat(201) },
    ];
    for (const query of bad) {
      const response = await owner.get(`${USERS}?${new URLSearchParams(query).toString()}`);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.code).toBe('request/invalid');
    }
  });

  it(`takes up to ${BULK_INVITE_MAX} addresses at once and refuses one more`, async () => {
    const tooMany = Array.from({ length: BULK_INVITE_MAX + 1 }, (_, i) => `bulk-${i}@example.test`);
    const refused = await owner.post(`${USERS}/bulk-create-by-email`, { emails: tooMany });
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toContainEqual({
      path: 'emails',
      message: `Give at most ${BULK_INVITE_MAX} e-mails at once`,
    });
    const sent = smtp.messages.length;
    const response = await owner.post(`${USERS}/bulk-create-by-email`, {
      emails: ['bulk-a@example.test', 'bulk-b@example.test'],
      roleId: packersId,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toEqual([
      { email: 'bulk-a@example.test', ok: true },
      { email: 'bulk-b@example.test', ok: true },
    ]);
    expect(smtp.messages.length).toBe(sent + 2);
  });
});
