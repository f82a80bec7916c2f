import crypto from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../../platform/crypto/secret-box';
import { migrateDatabase } from '../../platform/db/database';
import { createGuardedFetcher, type GuardedFetcher } from '../../platform/net/guarded-fetch';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { identityServices, recordingMailer } from '../../../test/identity';
import { UserSettingsService } from '../user-settings/user-settings.service';
import { NotificationRepository } from './notification.repository';
import { NotificationService, type DeliveryJobPayload } from './notification.service';
import { SlackSettingsService } from './slack-settings.service';
import { SlackWebhookRepository } from './slack-webhook.repository';

/** Who a notification's e-mail goes to: resolved through the team when the job runs. */
describe('notification e-mails and their recipients, on a real database', () => {
  let test: TestDatabase;
  let identity: ReturnType<typeof identityServices>;
  let fetcher: GuardedFetcher;
  let rows: NotificationRepository;
  let service: NotificationService;
  const mailer = recordingMailer();
  const queued: DeliveryJobPayload[] = [];
  const job = { retryCount: 0, retryLimit: 3, logger: pino({ level: 'silent' }) };

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrateDatabase(test.database);
    const { db } = test.database;
    identity = identityServices(test.database, mailer);
    fetcher = createGuardedFetcher();
    rows = new NotificationRepository(db);
    service = new NotificationService(
      rows,
      identity.accountUsers,
      new UserSettingsService(db, identity.users, identity.accountUsers),
      new SlackSettingsService(
        db,
        new SlackWebhookRepository(db),
        identity.accounts,
        new SecretBox([[1, crypto.randomBytes(32)]], 1),
        pino({ level: 'silent' }),
        { allowLoopbackWebhooks: false },
      ),
      mailer,
      {
        email: async (payload) => {
          queued.push(payload);
        },
        slack: async () => undefined,
      },
      { publicUrl: 'http://localhost:3000', fetcher },
    );
  });
  afterAll(async () => {
    await fetcher.close();
    await test.dispose();
  });

  const delistFailed = (accountId: string, userId: string, key: string) =>
    service.notify({
      kind: 'delist_failed',
      accountId,
      userId,
      key,
      params: { itemId: 'item-1', itemTitle: 'Linen shirt', marketplace: 'ebay', reason: 'Gone' },
    });

  it('mails a member of the account at their own address', async () => {
    const { account } = await identity.openAccount();
    const member = await identity.addMember(account.accountId, { roleId: null });
    const notification = await delistFailed(account.accountId, member.userId, 'k1');
    const payload = queued.find((p) => p.notificationId === notification!.id)!;

    await service.deliverEmail(payload, job);
    expect(mailer.sent.filter((m) => m.to === member.email)).toHaveLength(1);
    expect((await rows.findInAccount(account.accountId, notification!.id))?.emailStatus).toBe(
      'sent',
    );
  });

  it('mails nobody once the member is no longer usable in the account, and says why', async () => {
    const { account, ctx } = await identity.openAccount();
    const member = await identity.addMember(account.accountId, { roleId: null });
    const notification = await delistFailed(account.accountId, member.userId, 'k2');
    const payload = queued.find((p) => p.notificationId === notification!.id)!;
    await identity.accountUsers.updateStatus(ctx, { userId: member.userId, status: 'inactive' });

    await service.deliverEmail(payload, job);
    expect(mailer.sent.filter((m) => m.to === member.email)).toHaveLength(0);
    const row = await rows.findInAccount(account.accountId, notification!.id);
    expect(row).toMatchObject({ emailStatus: 'failed' });
    expect(row?.emailError).toMatch(/no longer a member/);
  });
});
