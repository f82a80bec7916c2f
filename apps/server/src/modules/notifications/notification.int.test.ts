import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Notification, NotificationList, NotifyInput } from '@listloop/domain';
import type { TestClient } from '../../../test/client';
import { addMember, createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { startHttpReceiver, type HttpReceiver } from '../../../test/http-receiver';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp-receiver';

const BASE = '/api/user/notifications';
const PREFERENCES = '/api/user/notification-preferences';
const SLACK = '/api/rest/v1/enterprise/account/slack';
const silent = pino({ level: 'silent' });

async function waitFor<T>(
  what: string,
  probe: () => T | Promise<T>,
  ms = 20_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let counter = 0;
const uniqueKey = (prefix: string) => `${prefix}-${Date.now()}-${(counter += 1)}`;

interface DeliveryRow {
  id: string;
  email_status: string;
  email_error: string | null;
  slack_status: string;
  slack_error: string | null;
}

describe('notifications: in the app, by e-mail over SMTP and in Slack', () => {
  let server: TestServer;
  let smtp: SmtpReceiver;
  let slackReceiver: HttpReceiver;
  let account: AccountFixture;
  let owner: TestClient;

  const service = () => server.container.services.notifications;
  const deliveryOf = async (id: string) =>
    (
      await queryRows<DeliveryRow>(
        server,
        sql`SELECT id, email_status, email_error, slack_status, slack_error FROM notifications WHERE id = ${id}`,
      )
    )[0]!;
  const sale = (overrides: Partial<Extract<NotifyInput, { kind: 'sale' }>['params']> = {}) =>
    ({
      accountId: account.accountId,
      userId: account.userId,
      key: uniqueKey('sale'),
      kind: 'sale',
      params: {
        itemId: 'item00000000000000000001',
        itemTitle: 'Dr. Martens 1460 boots, cherry red',
        marketplace: 'ebay',
        price: 95,
        currency: 'USD',
        ...overrides,
      },
    }) satisfies NotifyInput;
  const mailsTo = (email: string) => smtp.messages.filter((m) => m.envelopeTo.includes(email));

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    slackReceiver = await startHttpReceiver();
    server = await startTestServer({
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'ListLoop <notifications@listloop.test>',
        SLACK_LOOPBACK_WEBHOOKS: 'true',
        LOGIN_MAX_PER_IP: '1000',
      },
    });
    account = await createAccount(server, { companyName: 'Thrift & Notify' });
    owner = await signIn(server, account);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await slackReceiver?.close();
  });

  describe('in the app', () => {
    let seller: AccountFixture;
    let client: TestClient;

    beforeEach(async () => {
      // A fresh account each time, so counts start at zero.
      seller = await createAccount(server);
      client = await signIn(server, seller);
    });

    it('shows a sale once in the bell, however often it is notified', async () => {
      const input = { ...sale(), accountId: seller.accountId, userId: seller.userId };
      const first = await service().notify(input);
      const again = await service().notify(input);
      expect(again!.id).toBe(first!.id);

      const list = await client.get(BASE);
      expect(list.status, list.text).toBe(200);
      const body = list.body as NotificationList;
      expect(body.unreadCount).toBe(1);
      expect(body.nextCursor).toBeNull();
      expect(body.notifications).toEqual([
        {
          id: first!.id,
          kind: 'sale',
          params: {
            itemId: 'item00000000000000000001',
            itemTitle: 'Dr. Martens 1460 boots, cherry red',
            marketplace: 'ebay',
            price: 95,
            currency: 'USD',
            quantity: 1,
            saleEventId: null,
          },
          createdAt: expect.any(String),
          readAt: null,
        },
      ]);
      expect((await client.get(`${BASE}/unread-count`)).body).toEqual({ unreadCount: 1 });
    });

    it('lists newest first, page by page, and refuses a cursor it did not give', async () => {
      const ids: string[] = [];
      for (let n = 0; n < 5; n += 1) {
        const made = await service().notify({
          accountId: seller.accountId,
          userId: seller.userId,
          key: `op-${n}`,
          kind: 'delist_failed',
          params: {
            itemId: `item0000000000000000000${n}`,
            itemTitle: `Item ${n}`,
            marketplace: 'etsy',
            reason: 'The listing is in a state Etsy does not let us change.',
          },
        });
        ids.push(made!.id);
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const response = await client.get(`${BASE}?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(response.status, response.text).toBe(200);
        const page = response.body as NotificationList;
        expect(page.unreadCount).toBe(5);
        seen.push(...page.notifications.map((n) => n.id));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual([...ids].reverse());

      for (const bad of ['abc', '0', '-1', '99999999999999999999']) {
        const response = await client.get(`${BASE}?cursor=${bad}`);
        expect(response.status, bad).toBe(400);
        expect(response.body.message).toContain('The cursor is not valid for this list');
      }
      expect((await client.get(`${BASE}?limit=500`)).status).toBe(400);
    });

    it('marks one read, then all read', async () => {
      const made: Notification[] = [];
      for (let n = 0; n < 3; n += 1) {
        made.push(
          (await service().notify({
            ...sale({ itemTitle: `Sold thing ${n}` }),
            accountId: seller.accountId,
            userId: seller.userId,
          }))!,
        );
      }
      const one = await client.post(`${BASE}/${made[0]!.id}/read`, {});
      expect(one.status, one.text).toBe(200);
      expect(one.body.unreadCount).toBe(2);
      expect(one.body.notification.id).toBe(made[0]!.id);
      const readAt = one.body.notification.readAt as string;
      expect(Date.parse(readAt)).not.toBeNaN();
      // Reading it again keeps the time it was first read.
      const twice = await client.post(`${BASE}/${made[0]!.id}/read`, {});
      expect(twice.body.notification.readAt).toBe(readAt);

      const all = await client.post(`${BASE}/read-all`, {});
      expect(all.status, all.text).toBe(200);
      expect(all.body).toEqual({ marked: 2, unreadCount: 0 });
      const list = (await client.get(BASE)).body as NotificationList;
      expect(list.notifications.every((n) => n.readAt !== null)).toBe(true);
      expect((await client.post(`${BASE}/read-all`, {})).body).toEqual({
        marked: 0,
        unreadCount: 0,
      });
    });

    it('keeps a notification to its user: another member, or another account, finds no such one', async () => {
      const made = await service().notify({
        ...sale(),
        accountId: seller.accountId,
        userId: seller.userId,
      });
      const colleague = await signIn(server, await addMember(server, seller));
      const stranger = await signIn(server, await createAccount(server));
      for (const other of [colleague, stranger]) {
        const read = await other.post(`${BASE}/${made!.id}/read`, {});
        expect(read.status).toBe(404);
        expect(read.body.message).toBe('This notification does not exist, or it is not yours.');
        const list = (await other.get(BASE)).body as NotificationList;
        expect(list.notifications).toEqual([]);
        expect(list.unreadCount).toBe(0);
        expect((await other.post(`${BASE}/read-all`, {})).body.marked).toBe(0);
      }
      expect((await client.get(`${BASE}/unread-count`)).body.unreadCount).toBe(1);
    });

    it('answers 400, never 500, for an id no notification can have, and for one too long', async () => {
      for (const id of ['%00', 'abc%00def', encodeURIComponent('\u0000')]) {
        const response = await client.post(`${BASE}/${id}/read`, {});
        expect(response.status, id).toBe(400);
        expect(response.body.message).toMatch(/cannot contain a NUL character/);
      }
      expect((await client.post(`${BASE}/${'x'.repeat(65)}/read`, {})).status).toBe(400);
    });

    it('tells about a finished bulk action unless the user switched that action’s notifications off', async () => {
      const bulk = (bulkAction: 'bulkDelete' | 'bulkEdit', key: string) => ({
        accountId: seller.accountId,
        userId: seller.userId,
        key,
        kind: 'bulk_finished' as const,
        params: { bulkActionId: key, bulkAction, total: 10, succeeded: 9, failed: 1 },
      });
      const byDefault = await service().notify(bulk('bulkDelete', 'bulk000000000000000000001'));
      expect(byDefault).toMatchObject({
        kind: 'bulk_finished',
        params: { bulkAction: 'bulkDelete', total: 10, succeeded: 9, failed: 1, cancelled: false },
      });
      expect((await deliveryOf(byDefault!.id)).email_status).toBe('none');

      const off = await client.put('/api/user/settings', {
        notifications: { bulkDelete: { enabled: false } },
      });
      expect(off.status, off.text).toBe(200);
      expect(await service().notify(bulk('bulkDelete', 'bulk000000000000000000002'))).toBeNull();
      const other = await service().notify(bulk('bulkEdit', 'bulk000000000000000000003'));
      expect(other).not.toBeNull();

      const list = (await client.get(BASE)).body as NotificationList;
      expect(list.notifications.map((n) => n.id)).toEqual([other!.id, byDefault!.id]);
    });

    it('refuses a notification whose parameters are not what the kind needs', async () => {
      await expect(
        service().notify({
          ...sale(),
          accountId: seller.accountId,
          userId: seller.userId,
          params: { itemId: 'x'.repeat(24), itemTitle: 'x', marketplace: 'nowhere' },
        } as unknown as NotifyInput),
      ).rejects.toThrow('A notification was not made');
      expect((await client.get(`${BASE}/unread-count`)).body.unreadCount).toBe(0);
    });
  });

  describe('by e-mail', () => {
    it('sends a sale to the seller through the SMTP server, with the title and the marketplace', async () => {
      const made = await service().notify(sale({ itemTitle: 'Levi’s 501 jeans 32x32' }));
      const mail = await waitFor('the sale e-mail', () =>
        mailsTo(account.email).find((m) => m.subject.includes('Levi’s 501 jeans 32x32')),
      );
      expect(mail.authUser).toBe('mailer');
      expect(mail.from).toBe('notifications@listloop.test');
      expect(mail.to).toEqual([account.email]);
      expect(mail.subject).toBe('Sold on eBay: Levi’s 501 jeans 32x32');
      expect(mail.text).toContain('“Levi’s 501 jeans 32x32” sold on eBay for $95.00.');
      expect(mail.text).toContain('/app/inventory/item00000000000000000001');
      expect(mail.html).toContain('Levi’s 501 jeans 32x32');
      expect(mail.messageId).toBe(`<notification.${made!.id}@localhost>`);
      await waitFor('the e-mail recorded as sent', async () =>
        (await deliveryOf(made!.id)).email_status === 'sent' ? true : null,
      );
    });

    it('writes in the seller’s language, from their country', async () => {
      const member = await addMember(server, account);
      await server.container.database.db.execute(
        sql`UPDATE user_details SET country_code = 'ES' WHERE user_id = ${member.userId}`,
      );
      await service().notify({
        ...sale({ marketplace: 'vinted', price: 30, currency: 'EUR', itemTitle: 'Chaqueta' }),
        userId: member.userId,
      });
      const mail = await waitFor('the Spanish e-mail', () => mailsTo(member.email)[0]);
      expect(mail.subject).toBe('Vendido en Vinted: Chaqueta');
      expect(mail.text).toMatch(/«Chaqueta» se ha vendido en Vinted por 30,00\s€\./);
      expect(mail.headers['content-language']).toBe('es');
    });

    it('e-mails no one who is no longer a member of the account', async () => {
      const former = await addMember(server, account, { status: 'inactive' });
      const made = await service().notify({
        ...sale({ itemTitle: 'Sold after they left' }),
        userId: former.userId,
      });
      const row = await waitFor('the e-mail given up', async () => {
        const current = await deliveryOf(made!.id);
        return current.email_status === 'failed' ? current : null;
      });
      expect(row.email_error).toContain('no longer a member of this account');
      expect(mailsTo(former.email)).toEqual([]);
    });

    it('follows the seller’s switches: sales off, problems still on', async () => {
      const member = await addMember(server, account);
      const client = await signIn(server, member);
      expect((await client.get(PREFERENCES)).body).toEqual({
        emailSales: true,
        emailProblems: true,
        emailAvailable: true,
        email: member.email,
      });
      const saved = await client.put(PREFERENCES, { emailSales: false });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body).toMatchObject({ emailSales: false, emailProblems: true });

      const sold = await service().notify({ ...sale(), userId: member.userId });
      const doubled = await service().notify({
        accountId: account.accountId,
        userId: member.userId,
        key: uniqueKey('double'),
        kind: 'double_sale',
        params: {
          itemId: 'item00000000000000000002',
          itemTitle: 'Pentax K1000',
          marketplace: 'etsy',
          soldOn: 'ebay',
          price: 180,
          currency: 'USD',
        },
      });
      expect((await deliveryOf(sold!.id)).email_status).toBe('none');
      const mail = await waitFor('the double-sale e-mail', () => mailsTo(member.email)[0]);
      expect(mail.subject).toBe('Sold twice: Pentax K1000');
      expect(mail.text).toContain('after it had already sold on eBay');
      expect(mailsTo(member.email)).toHaveLength(1);
      expect((await deliveryOf(doubled!.id)).email_status).not.toBe('none');

      for (const bad of [{ emailSales: 'yes' }, { emailSales: true, surprise: 1 }, []]) {
        const refused = await client.put(PREFERENCES, bad);
        expect(refused.status).toBe(400);
        expect(refused.body.message.length).toBeGreaterThan(0);
      }
      expect((await client.get(PREFERENCES)).body.emailSales).toBe(false);
    });

    it('tries again when the SMTP server fails for now, and sends the e-mail once', async () => {
      smtp.refuseNext(451);
      const refusedBefore = smtp.refusals.length;
      const made = await service().notify(sale({ itemTitle: 'Retried e-mail item' }));
      // The job's first try meets the refusal and leaves the e-mail pending for a retry.
      await waitFor('the refused first try', () => smtp.refusals.length > refusedBefore);
      await waitFor('the job to record its failed try', async () => {
        const rows = await queryRows<{ state: string; retry_count: number }>(
          server,
          sql`SELECT state, retry_count FROM pgboss.job WHERE name = 'notifications.email' AND data->>'notificationId' = ${made!.id}`,
        );
        return rows[0] && rows[0].state === 'retry' ? true : null;
      });
      expect((await deliveryOf(made!.id)).email_status).toBe('pending');
      // The retry (run here rather than after the job's back-off) sends it.
      await service().deliverEmail(
        { notificationId: made!.id, accountId: account.accountId },
        { retryCount: 1, retryLimit: 8, logger: silent },
      );
      expect((await deliveryOf(made!.id)).email_status).toBe('sent');
      // A later run of the same job sends nothing more.
      await service().deliverEmail(
        { notificationId: made!.id, accountId: account.accountId },
        { retryCount: 2, retryLimit: 8, logger: silent },
      );
      expect(
        mailsTo(account.email).filter((m) => m.subject.includes('Retried e-mail item')),
      ).toHaveLength(1);
    });

    it('records the failure when the SMTP server refuses for good, or on the last try', async () => {
      smtp.refuseNext(550);
      const refused = await service().notify(sale({ itemTitle: 'Refused item' }));
      const row = await waitFor('the refusal recorded', async () => {
        const current = await deliveryOf(refused!.id);
        return current.email_status === 'failed' ? current : null;
      });
      expect(row.email_error).toContain('refused the message (550)');

      // The last try of a temporary failure gives up too, with the reason kept.
      const last = await server.container.repositories.notifications.insert({
        id: 'lasttry0000000000000000001',
        accountId: account.accountId,
        userId: account.userId,
        kind: 'sale',
        key: uniqueKey('last'),
        params: sale().params,
        emailStatus: 'pending',
      });
      smtp.refuseNext(421);
      await service().deliverEmail(
        { notificationId: last!.id, accountId: account.accountId },
        { retryCount: 8, retryLimit: 8, logger: silent },
      );
      expect(await deliveryOf(last!.id)).toMatchObject({ email_status: 'failed' });
    });

    it('sends again, from the sweep, an e-mail whose job was never sent', async () => {
      const stranded = await server.container.repositories.notifications.insert({
        id: 'stranded000000000000000001',
        accountId: account.accountId,
        userId: account.userId,
        kind: 'sale',
        key: uniqueKey('stranded'),
        params: sale({ itemTitle: 'Stranded sale' }).params,
        emailStatus: 'pending',
      });
      await server.container.database.db.execute(
        sql`UPDATE notifications SET created_at = now() - interval '5 minutes' WHERE id = ${stranded!.id}`,
      );
      expect(await service().sweep()).toBeGreaterThanOrEqual(1);
      await waitFor('the stranded e-mail', () =>
        mailsTo(account.email).find((m) => m.subject.includes('Stranded sale')),
      );
    });
  });

  describe('in Slack', () => {
    const webhookPath = '/services/T0TEST/B0TEST/s3cretT0ken';
    const postsOf = (title: string) =>
      slackReceiver.requests.filter((r) => JSON.stringify(r.body).includes(title));

    it('refuses a webhook that is not Slack’s, and alerts with nowhere to go', async () => {
      for (const webhookUrl of [
        'http://hooks.slack.com/services/T0/B0/x',
        'https://hooks.slack.com.evil.example/services/T0/B0/x',
        'https://example.com/services/T0/B0/x',
        'not a url',
      ]) {
        const response = await owner.put(SLACK, { enabled: true, webhookUrl });
        expect(response.status, webhookUrl).toBe(400);
        expect(response.body.message).toBe(
          'Paste the incoming-webhook URL Slack gave you: it starts with https://hooks.slack.com/',
        );
      }
      const nowhere = await owner.put(SLACK, { enabled: true });
      expect(nowhere.status).toBe(400);
      expect(nowhere.body.message).toContain('add the incoming-webhook URL');
      expect((await owner.get(SLACK)).body).toEqual({
        enabled: false,
        webhookConfigured: false,
        webhookHint: null,
      });
    });

    it('lets only those who manage the account change it', async () => {
      const viewer = await signIn(
        server,
        await addMember(server, account, { roleId: account.viewerRoleId }),
      );
      const response = await viewer.put(SLACK, {
        enabled: true,
        webhookUrl: 'https://hooks.slack.com/services/T0/B0/x',
      });
      expect(response.status).toBe(403);
      expect((await viewer.get(SLACK)).status).toBe(403);
    });

    it('stores the webhook sealed, shows only a hint, and posts each sale once', async () => {
      const saved = await owner.put(SLACK, {
        enabled: true,
        webhookUrl: `${slackReceiver.baseUrl}${webhookPath}`,
      });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body).toEqual({
        enabled: true,
        webhookConfigured: true,
        webhookHint: `${slackReceiver.baseUrl}/services/T0TE…`,
      });
      expect(saved.text).not.toContain('s3cretT0ken');
      const stored = await queryRows<{ webhook_ciphertext: string }>(
        server,
        sql`SELECT webhook_ciphertext FROM account_slack_webhooks WHERE account_id = ${account.accountId}`,
      );
      expect(stored[0]!.webhook_ciphertext).not.toContain('s3cretT0ken');
      const session = await owner.get('/api/rest/v1/auth/session');
      expect(session.body.account.isSlackAlertsBySaleDetectionEnabled).toBe(true);

      const input = sale({ itemTitle: 'Wool overshirt', marketplace: 'shopify', price: 120 });
      const made = await service().notify(input);
      // Told to a second person of the account: still one post.
      const member = await addMember(server, account);
      const second = await service().notify({ ...input, userId: member.userId });
      expect((await deliveryOf(second!.id)).slack_status).toBe('none');

      const post = await waitFor('the Slack post', () => postsOf('Wool overshirt')[0]);
      expect(post.method).toBe('POST');
      expect(post.path).toBe(webhookPath);
      expect(post.headers['content-type']).toContain('application/json');
      const body = post.body as { text: string; blocks: unknown[] };
      expect(body.text).toBe('Sold on Shopify: Wool overshirt for $120.00');
      expect(JSON.stringify(body.blocks)).toContain('*Price*\\n$120.00');
      expect(JSON.stringify(body.blocks)).toContain('*Marketplace*\\nShopify');
      await waitFor('the post recorded as sent', async () =>
        (await deliveryOf(made!.id)).slack_status === 'sent' ? true : null,
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(postsOf('Wool overshirt')).toHaveLength(1);
      // Problems are not posted.
      const failed = await service().notify({
        accountId: account.accountId,
        userId: account.userId,
        key: uniqueKey('delist'),
        kind: 'delist_failed',
        params: {
          itemId: 'item00000000000000000003',
          itemTitle: 'Not for Slack',
          marketplace: 'ebay',
          reason: 'eBay is down',
        },
      });
      expect((await deliveryOf(failed!.id)).slack_status).toBe('none');
    });

    it('words the post in the language of the seller it is for', async () => {
      const member = await addMember(server, account);
      await server.container.database.db.execute(
        sql`UPDATE user_details SET country_code = 'IT' WHERE user_id = ${member.userId}`,
      );
      const made = await service().notify({
        ...sale({
          itemTitle: 'Giacca <lana> & seta',
          marketplace: 'vinted',
          price: 30,
          currency: 'EUR',
        }),
        userId: member.userId,
      });
      const post = await waitFor('the Italian Slack post', () => postsOf('Giacca')[0]);
      const body = post.body as { text: string; blocks: unknown[] };
      expect(body.text).toMatch(/^Venduto su Vinted: Giacca &lt;lana&gt; &amp; seta a 30,00\s€$/);
      expect(JSON.stringify(body.blocks)).toContain('*Prezzo*');
      await waitFor('the post recorded as sent', async () =>
        (await deliveryOf(made!.id)).slack_status === 'sent' ? true : null,
      );
    });

    it('tries again while Slack is down, and gives up at once on a webhook Slack removed', async () => {
      slackReceiver.answerNext({ status: 503, body: 'service unavailable' });
      const made = await service().notify(sale({ itemTitle: 'Slack retry item' }));
      await waitFor('the failed first post', () =>
        postsOf('Slack retry item').find((r) => r.status === 503),
      );
      await waitFor('the job to record its failed try', async () => {
        const rows = await queryRows<{ state: string }>(
          server,
          sql`SELECT state FROM pgboss.job WHERE name = 'notifications.slack' AND data->>'notificationId' = ${made!.id}`,
        );
        return rows[0]?.state === 'retry' ? true : null;
      });
      expect((await deliveryOf(made!.id)).slack_status).toBe('pending');
      await service().deliverSlack(
        { notificationId: made!.id, accountId: account.accountId },
        { retryCount: 1, retryLimit: 8, logger: silent },
      );
      expect((await deliveryOf(made!.id)).slack_status).toBe('sent');
      expect(postsOf('Slack retry item').map((r) => r.status)).toEqual([503, 200]);

      slackReceiver.answerNext({ status: 404, body: 'no_service' });
      const gone = await service().notify(sale({ itemTitle: 'Removed webhook item' }));
      const row = await waitFor('the refusal recorded', async () => {
        const current = await deliveryOf(gone!.id);
        return current.slack_status === 'failed' ? current : null;
      });
      expect(row.slack_error).toBe('Slack refused the message (404 no_service)');
      expect(row.slack_error).not.toContain('s3cretT0ken');
    });

    it('posts nothing once the alerts are off, and forgets the webhook when asked', async () => {
      const off = await owner.put(SLACK, { enabled: false });
      expect(off.body).toMatchObject({ enabled: false, webhookConfigured: true });
      const made = await service().notify(sale({ itemTitle: 'Quiet sale' }));
      expect((await deliveryOf(made!.id)).slack_status).toBe('none');

      const removed = await owner.put(SLACK, { enabled: false, webhookUrl: null });
      expect(removed.body).toEqual({ enabled: false, webhookConfigured: false, webhookHint: null });
      expect(postsOf('Quiet sale')).toEqual([]);
    });
  });
});
