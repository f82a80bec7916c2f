import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS } from '@listloop/domain';
import { idLength, oneOf, timestamps } from '../../platform/db/columns';
import { accounts } from '../accounts/account.table';
import { authUsers } from '../auth/auth.table';

export const notificationKind = pgEnum('notification_kind', NOTIFICATION_KINDS);

/**
 * How far an outside delivery (e-mail, Slack) of a notification got. `none`: not to be sent
 * (switched off, not configured, or not a kind that goes there); `pending`: a job will send it;
 * `sent`; `failed`: given up after the job's retries, with the reason kept.
 */
export const DELIVERY_STATUSES = ['none', 'pending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One notification of one user in one account, stored as its kind and parameters (the web app
 * words it in the seller's language). `key` is the caller's name for what it is about, so a
 * retried caller notifies once. `seq` orders the list newest first and is its page cursor.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    kind: notificationKind('kind').notNull(),
    key: text('key').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    emailStatus: text('email_status').$type<DeliveryStatus>().notNull().default('none'),
    emailError: text('email_error'),
    emailedAt: timestamp('emailed_at', { withTimezone: true, mode: 'date' }),
    slackStatus: text('slack_status').$type<DeliveryStatus>().notNull().default('none'),
    slackError: text('slack_error'),
    slackedAt: timestamp('slacked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('notifications_id_length', idLength(t.id)),
    check('notifications_email_status_known', oneOf(t.emailStatus, DELIVERY_STATUSES)),
    check('notifications_slack_status_known', oneOf(t.slackStatus, DELIVERY_STATUSES)),
    uniqueIndex('notifications_once_per_key').on(t.accountId, t.userId, t.kind, t.key),
    index('notifications_list_idx').on(t.accountId, t.userId, t.seq.desc()),
    index('notifications_unread_idx')
      .on(t.accountId, t.userId)
      .where(sql`${t.readAt} is null`),
    index('notifications_pending_delivery_idx')
      .on(t.createdAt)
      .where(sql`${t.emailStatus} = 'pending' or ${t.slackStatus} = 'pending'`),
  ],
);

/**
 * A user's e-mail switches. Not in the spec's user settings (whose `notifications` keep only
 * the eight bulk actions): ours, one row per user, made on the first change; no row means both
 * on.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  emailSales: boolean('email_sales').notNull().default(true),
  emailProblems: boolean('email_problems').notNull().default(true),
  ...timestamps,
});

/**
 * The account's Slack incoming-webhook URL, sealed like marketplace credentials (AES-256-GCM,
 * bound to the account): whoever holds the URL can post into the seller's Slack.
 */
export const accountSlackWebhooks = pgTable('account_slack_webhooks', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.accountId, { onDelete: 'cascade' }),
  webhookCiphertext: text('webhook_ciphertext').notNull(),
  keyVersion: integer('key_version').notNull(),
  /** What the settings screen shows of the URL: its start, never the secret part. */
  webhookHint: text('webhook_hint').notNull(),
  ...timestamps,
});
