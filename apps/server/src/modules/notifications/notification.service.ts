import { stableJobId, type SendJob } from '../../platform/queue/job';
import {
  DEFAULT_LOCALE,
  localeForCountry,
  NotificationContentSchema,
  NotifyInputSchema,
  type BulkAction,
  type Notification,
  type NotificationContent,
  type NotificationList,
  type NotificationListQuery,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
  type NotifyInput,
} from '@listloop/domain';
import type { Logger } from 'pino';
import { z } from 'zod';
import { notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { RequestContext } from '../../platform/http/request-context';
import { MailRejectedError, type Mailer } from '../../platform/mailer/mailer';
import { emailSwitchOf, isEmailed, renderEmail } from './notification.email';
import type { Channel, NotificationRepository, NotificationRow } from './notification.repository';
import { isPostedToSlack, renderSlack } from './notification.slack';
import type { DeliveryStatus } from './notification.table';
import type { SlackSettingsService } from './slack-settings.service';
import type { GuardedFetcher } from '../../platform/net/guarded-fetch';
import type { AccountUserService } from '../account-users';
import { postToSlack, SlackRejectedError } from './slack.client';

/** Where the notifications settings (spec §3 user settings) are read from: UserSettingsService. */
export interface NotificationSettingsSource {
  /** Per bulk action, whether the user is told when it finishes (defaults applied). */
  notificationsFor(
    accountId: string,
    userId: string,
  ): Promise<Record<BulkAction, { enabled: boolean }>>;
}

/** Sends the delivery jobs (the service names each job by its notification). */
export interface DeliveryQueue {
  email: SendJob<DeliveryJobPayload>;
  slack: SendJob<DeliveryJobPayload>;
}

export const DeliveryJobPayloadSchema = z
  .object({ notificationId: z.string().min(1).max(64), accountId: z.string().min(1).max(64) })
  .strict();
export type DeliveryJobPayload = z.infer<typeof DeliveryJobPayloadSchema>;

export interface DeliveryJob {
  retryCount: number;
  retryLimit: number;
  logger: Logger;
}

/** A delivery the sweep sends again: made at least this long ago and still pending. */
const SWEEP_AFTER_MS = 2 * 60_000;
/** A delivery pending for longer than this is left alone (its job has long given up). */
const SWEEP_WITHIN_MS = 24 * 60 * 60_000;
const SWEEP_BATCH = 500;

const NOT_FOUND = 'This notification does not exist, or it is not yours.';

export interface NotificationServiceOptions {
  /** The address the web app is reached at, for the links in e-mails and Slack messages. */
  publicUrl: string;
  now?: () => Date;
  /** How Slack webhooks are posted to: the server's guarded fetcher. */
  fetcher: GuardedFetcher;
}

/**
 * Notifications of sales, double-sales, failed delists and finished bulk actions: in the app
 * always (a bulk action's per the user's notifications settings), by e-mail for sales and
 * problems when the user's switch is on and the server has SMTP, and in the account's Slack
 * for sales when its alerts are on. E-mail and Slack go out from durable jobs.
 */
export class NotificationService {
  private readonly now: () => Date;

  constructor(
    private readonly notifications: NotificationRepository,
    private readonly accountUsers: AccountUserService,
    private readonly settings: NotificationSettingsSource,
    private readonly slack: SlackSettingsService,
    private readonly mailer: Mailer,
    private readonly queue: DeliveryQueue,
    private readonly options: NotificationServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Tells a user about something. Idempotent: the same (account, user, kind, key) is one
   * notification, and calling again only makes sure its e-mail and Slack jobs were sent. Call
   * it after the transaction that made the event has committed. Answers null when the user's
   * settings say not to notify (a bulk action whose notifications are off).
   */
  async notify(input: NotifyInput): Promise<Notification | null> {
    const parsed = NotifyInputSchema.safeParse(input);
    if (!parsed.success) {
      throw new Error(`A notification was not made: ${z.prettifyError(parsed.error)}`);
    }
    const { accountId, userId, key, ...rest } = parsed.data;
    const content = rest as NotificationContent;

    if (content.kind === 'bulk_finished') {
      const settings = await this.settings.notificationsFor(accountId, userId);
      if (!settings[content.params.bulkAction].enabled) return null;
    }

    // Made once per key, tried first: a repeat (rare) finds the first one and dispatches it
    // again, its jobs keyed by it, instead of every new one paying a read to look for it.
    const emailStatus = await this.plannedEmail(userId, content);
    const slackStatus = await this.plannedSlack(accountId, content, key);
    const created =
      (await this.notifications.insert({
        id: newId(),
        accountId,
        userId,
        kind: content.kind,
        key,
        params: content.params as Record<string, unknown>,
        emailStatus,
        slackStatus,
      })) ?? (await this.notifications.findByKey(accountId, userId, content.kind, key));
    if (!created) throw new Error('A notification was neither made nor found');
    await this.dispatch(created);
    return toNotification(created);
  }

  async list(ctx: RequestContext, query: NotificationListQuery): Promise<NotificationList> {
    const limit = query.limit ?? 20;
    const beforeSeq = query.cursor ? Number(query.cursor) : null;
    const [rows, unreadCount] = await Promise.all([
      this.notifications.listPage(ctx.accountId, ctx.user.id, beforeSeq, limit + 1),
      this.notifications.unreadCount(ctx.accountId, ctx.user.id),
    ]);
    const page = rows.slice(0, limit);
    return {
      notifications: page.map(toNotification),
      unreadCount,
      nextCursor: rows.length > limit ? String(page[page.length - 1]!.seq) : null,
    };
  }

  async unreadCount(ctx: RequestContext): Promise<{ unreadCount: number }> {
    return { unreadCount: await this.notifications.unreadCount(ctx.accountId, ctx.user.id) };
  }

  async markRead(
    ctx: RequestContext,
    notificationId: string,
  ): Promise<{ notification: Notification; unreadCount: number }> {
    const row = await this.notifications.markRead(
      ctx.accountId,
      ctx.user.id,
      notificationId,
      this.now(),
    );
    if (!row) throw notFound(NOT_FOUND);
    return { notification: toNotification(row), ...(await this.unreadCount(ctx)) };
  }

  async markAllRead(ctx: RequestContext): Promise<{ marked: number; unreadCount: number }> {
    const marked = await this.notifications.markAllRead(ctx.accountId, ctx.user.id, this.now());
    return { marked, ...(await this.unreadCount(ctx)) };
  }

  async preferences(ctx: RequestContext): Promise<NotificationPreferences> {
    const row = await this.notifications.findPreferences(ctx.user.id);
    return {
      emailSales: row?.emailSales ?? true,
      emailProblems: row?.emailProblems ?? true,
      emailAvailable: this.mailer.enabled,
      email: ctx.user.email,
    };
  }

  async updatePreferences(
    ctx: RequestContext,
    update: NotificationPreferencesUpdate,
  ): Promise<NotificationPreferences> {
    const patch = Object.fromEntries(
      Object.entries(update).filter(([, value]) => typeof value === 'boolean'),
    );
    if (Object.keys(patch).length > 0) await this.notifications.savePreferences(ctx.user.id, patch);
    return this.preferences(ctx);
  }

  /**
   * The e-mail job. Sends once per notification (a delivery moves out of pending once), with a
   * Message-ID of the notification's, so a send repeated after a lost answer shows once. An
   * SMTP failure is retried by the job; the last try, or a refusal, records the failure.
   */
  async deliverEmail(payload: DeliveryJobPayload, job: DeliveryJob): Promise<void> {
    const row = await this.notifications.findInAccount(payload.accountId, payload.notificationId);
    if (!row || row.emailStatus !== 'pending') return;
    const content = contentOf(row);
    if (!isEmailed(content)) return this.settle(row, 'email', 'none');
    if (!this.mailer.enabled) {
      return this.settle(row, 'email', 'failed', 'E-mail is off on this server (no SMTP_URL).');
    }
    const recipient = await this.accountUsers.recipientOf(row.accountId, row.userId);
    if (!recipient) {
      return this.settle(
        row,
        'email',
        'failed',
        'The user no longer exists, or is no longer a member of this account.',
      );
    }
    const locale = localeForCountry(recipient.countryCode);
    const email = renderEmail(content, { locale, itemUrl: this.itemUrl(content.params.itemId) });
    try {
      await this.mailer.send({
        to: recipient.email,
        subject: email.subject,
        text: email.text,
        html: email.html,
        language: email.language,
        messageId: `<notification.${row.id}@${new URL(this.options.publicUrl).hostname}>`,
      });
    } catch (error) {
      const permanent = error instanceof MailRejectedError;
      const lastTry = permanent || job.retryCount >= job.retryLimit;
      job.logger.warn(
        { err: error, notificationId: row.id, lastTry },
        'a notification e-mail was not sent',
      );
      if (!lastTry) throw error;
      return this.settle(row, 'email', 'failed', (error as Error).message);
    }
    await this.settle(row, 'email', 'sent');
  }

  /**
   * The Slack job: posts the sale to the account's webhook once. Slack being down or busy is
   * retried; a webhook Slack refuses (removed, revoked) records the failure at once.
   */
  async deliverSlack(payload: DeliveryJobPayload, job: DeliveryJob): Promise<void> {
    const row = await this.notifications.findInAccount(payload.accountId, payload.notificationId);
    if (!row || row.slackStatus !== 'pending') return;
    const content = contentOf(row);
    if (!isPostedToSlack(content)) return this.settle(row, 'slack', 'none');
    // Alerts switched off (or the URL removed) since the sale: nothing to post to.
    const webhook = await this.slack.activeWebhook(row.accountId);
    if (!webhook) return this.settle(row, 'slack', 'none');
    // The account has no language of its own: the post is worded for the user the notification
    // is for, in the locale their e-mail would use (from their country), else en-US.
    const recipient = await this.accountUsers.recipientOf(row.accountId, row.userId);
    const message = renderSlack(content, {
      itemUrl: this.itemUrl(content.params.itemId),
      locale: recipient ? localeForCountry(recipient.countryCode) : DEFAULT_LOCALE,
    });
    try {
      await postToSlack(webhook, message, this.options.fetcher);
    } catch (error) {
      const permanent = error instanceof SlackRejectedError;
      const lastTry = permanent || job.retryCount >= job.retryLimit;
      job.logger.warn(
        { err: { name: (error as Error).name, message: (error as Error).message }, lastTry },
        'a Slack sale alert was not posted',
      );
      if (!lastTry) throw error;
      return this.settle(row, 'slack', 'failed', (error as Error).message);
    }
    await this.settle(row, 'slack', 'sent');
  }

  /**
   * Sends again the jobs of deliveries still pending a while after they were made: a process
   * that stopped between storing a notification and sending its jobs. Returns how many.
   */
  async sweep(): Promise<number> {
    const now = this.now().getTime();
    const rows = await this.notifications.pendingDeliveries(
      new Date(now - SWEEP_WITHIN_MS),
      new Date(now - SWEEP_AFTER_MS),
      SWEEP_BATCH,
    );
    for (const row of rows) await this.dispatch(row);
    return rows.length;
  }

  private async plannedEmail(
    userId: string,
    content: NotificationContent,
  ): Promise<DeliveryStatus> {
    if (!isEmailed(content) || !this.mailer.enabled) return 'none';
    const preferences = await this.notifications.findPreferences(userId);
    const on = preferences?.[emailSwitchOf(content.kind)] ?? true;
    return on ? 'pending' : 'none';
  }

  private async plannedSlack(
    accountId: string,
    content: NotificationContent,
    key: string,
  ): Promise<DeliveryStatus> {
    if (!isPostedToSlack(content)) return 'none';
    if (!(await this.slack.activeWebhook(accountId))) return 'none';
    // One post per sale, however many people of the account are told about it.
    if (await this.notifications.slackPlannedFor(accountId, content.kind, key)) return 'none';
    return 'pending';
  }

  private async dispatch(
    row: Pick<NotificationRow, 'id' | 'accountId' | 'emailStatus' | 'slackStatus'>,
  ): Promise<void> {
    const payload = { notificationId: row.id, accountId: row.accountId };
    // Each job's id is the notification's, so sending twice sends once.
    if (row.emailStatus === 'pending') {
      await this.queue.email(payload, {
        id: stableJobId('notifications.email', payload.notificationId),
      });
    }
    if (row.slackStatus === 'pending') {
      await this.queue.slack(payload, {
        id: stableJobId('notifications.slack', payload.notificationId),
      });
    }
  }

  private async settle(
    row: NotificationRow,
    channel: Channel,
    status: Exclude<DeliveryStatus, 'pending'>,
    error?: string,
  ): Promise<void> {
    await this.notifications.settleDelivery(row.accountId, row.id, channel, {
      status,
      ...(error ? { error: error.slice(0, 1000) } : {}),
      at: this.now(),
    });
  }

  private itemUrl(itemId: string): string {
    return `${this.options.publicUrl}/app/inventory/${encodeURIComponent(itemId)}`;
  }
}

function contentOf(row: NotificationRow): NotificationContent {
  return NotificationContentSchema.parse({ kind: row.kind, params: row.params });
}

export function toNotification(row: NotificationRow): Notification {
  return {
    ...contentOf(row),
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}
