import { z } from 'zod';
import { MarketplaceIdSchema } from '../marketplaces/marketplaces';
import { SaleChannelSchema } from '../sale-detection/sale-detection.api';
import { BulkActionSchema } from '../settings/user-settings';

/**
 * Notifications: what the server tells a seller about, in the app (the bell), by
 * e-mail and in the account's Slack. A notification is stored as a kind and its parameters,
 * never as text: the web app words it in the seller's language from the message catalogues,
 * and the server words the e-mail and the Slack message itself.
 */
export const NOTIFICATION_KINDS = [
  'sale',
  'double_sale',
  'delist_failed',
  'bulk_finished',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

const Id = z.string().min(1).max(64);
/**
 * Stored and answered as given to notify: a title folded onto one line and cut to 500
 * characters, a reason cut to 1000 (responses carry no transforms: they are encoded).
 */
const Title = z.string().max(500);
const Reason = z.string().max(1000);
/** What notify accepts: any title and reason, made to fit. */
const TitleIn = z
  .string()
  .max(20_000)
  .transform((title) => title.replace(/\s+/g, ' ').trim().slice(0, 500));
const ReasonIn = z
  .string()
  .max(20_000)
  .transform((reason) => reason.trim().slice(0, 1000));
const Price = z.number().finite().nonnegative().nullable();
const Currency = z
  .string()
  .regex(/^[A-Z]{3}$/, 'A currency is a three-letter ISO 4217 code such as USD.')
  .nullable();

/** An item sold on a marketplace, or in person (a sale the seller recorded). */
export const SaleNotificationParamsSchema = z.object({
  itemId: Id,
  itemTitle: Title,
  marketplace: SaleChannelSchema,
  /** The sale price in major units of `currency`; null when the marketplace did not say. */
  price: Price,
  currency: Currency,
  quantity: z.number().int().min(1).default(1),
  saleEventId: Id.nullable().default(null),
});

/**
 * The last unit sold twice: `marketplace` is where the second sale came from, `soldOn` where
 * the item had already sold. The seller must cancel one of the orders.
 */
export const DoubleSaleNotificationParamsSchema = z.object({
  itemId: Id,
  itemTitle: Title,
  marketplace: SaleChannelSchema,
  soldOn: SaleChannelSchema.nullable(),
  price: Price,
  currency: Currency,
  saleEventId: Id.nullable().default(null),
});

/** After a sale, the item could not be taken down from `marketplace`. */
export const DelistFailedNotificationParamsSchema = z.object({
  itemId: Id,
  itemTitle: Title,
  marketplace: MarketplaceIdSchema,
  /** The marketplace's or the connector's words, shown as they are. */
  reason: Reason,
  saleEventId: Id.nullable().default(null),
});

/** A bulk action ran to its end (or was cancelled). */
export const BulkFinishedNotificationParamsSchema = z.object({
  bulkActionId: Id,
  /** One of the eight bulk actions of spec §5, the keys of the `notifications` user setting. */
  bulkAction: BulkActionSchema,
  total: z.number().int().min(0),
  succeeded: z.number().int().min(0),
  failed: z.number().int().min(0),
  cancelled: z.boolean().default(false),
});

export type SaleNotificationParams = z.output<typeof SaleNotificationParamsSchema>;
export type DoubleSaleNotificationParams = z.output<typeof DoubleSaleNotificationParamsSchema>;
export type DelistFailedNotificationParams = z.output<typeof DelistFailedNotificationParamsSchema>;
export type BulkFinishedNotificationParams = z.output<typeof BulkFinishedNotificationParamsSchema>;

const SaleContent = z.object({ kind: z.literal('sale'), params: SaleNotificationParamsSchema });
const DoubleSaleContent = z.object({
  kind: z.literal('double_sale'),
  params: DoubleSaleNotificationParamsSchema,
});
const DelistFailedContent = z.object({
  kind: z.literal('delist_failed'),
  params: DelistFailedNotificationParamsSchema,
});
const BulkFinishedContent = z.object({
  kind: z.literal('bulk_finished'),
  params: BulkFinishedNotificationParamsSchema,
});

/** A kind with its parameters: what a notification is about. */
export const NotificationContentSchema = z.discriminatedUnion('kind', [
  SaleContent,
  DoubleSaleContent,
  DelistFailedContent,
  BulkFinishedContent,
]);
export type NotificationContent = z.output<typeof NotificationContentSchema>;

const NotifyTarget = {
  accountId: Id,
  userId: Id,
  key: z.string().min(1).max(200),
};

/**
 * What another module hands NotificationService.notify. `key` names what the notification is
 * about (the sale event, the listing operation, the bulk action run), so a caller that retries
 * notifies once: the same (account, user, kind, key) is one notification.
 */
export const NotifyInputSchema = z.discriminatedUnion('kind', [
  SaleContent.extend({
    ...NotifyTarget,
    params: SaleNotificationParamsSchema.extend({ itemTitle: TitleIn }),
  }),
  DoubleSaleContent.extend({
    ...NotifyTarget,
    params: DoubleSaleNotificationParamsSchema.extend({ itemTitle: TitleIn }),
  }),
  DelistFailedContent.extend({
    ...NotifyTarget,
    params: DelistFailedNotificationParamsSchema.extend({ itemTitle: TitleIn, reason: ReasonIn }),
  }),
  BulkFinishedContent.extend(NotifyTarget),
]);
/** What a caller gives (defaults not yet applied). */
export type NotifyInput = z.input<typeof NotifyInputSchema>;

const NotificationMeta = {
  id: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  readAt: z.string().nullable(),
};

/** One notification as the web app receives it. */
export const NotificationSchema = z.discriminatedUnion('kind', [
  SaleContent.extend(NotificationMeta),
  DoubleSaleContent.extend(NotificationMeta),
  DelistFailedContent.extend(NotificationMeta),
  BulkFinishedContent.extend(NotificationMeta),
]);
export type Notification = z.output<typeof NotificationSchema>;

/** The item a notification is about, when it is about one. */
export function notificationItemId(content: NotificationContent): string | null {
  return content.kind === 'bulk_finished' ? null : content.params.itemId;
}

export const NOTIFICATION_PAGE_MAX = 50;

/** GET /api/user/notifications */
export const NotificationListQuerySchema = z.object({
  /** The `nextCursor` of the page before. */
  cursor: z
    .string()
    .regex(
      /^[1-9]\d{0,17}$/,
      'The cursor is not valid for this list; start again from the first page.',
    )
    .optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_MAX).default(20),
});
export type NotificationListQuery = z.output<typeof NotificationListQuerySchema>;

export const NotificationListSchema = z.object({
  /** Newest first. */
  notifications: z.array(NotificationSchema),
  unreadCount: z.number().int(),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const NotificationUnreadCountSchema = z.object({ unreadCount: z.number().int() });

export const NotificationParamsSchema = z.object({ notificationId: Id });

/** POST /api/user/notifications/:id/read: the notification, and the unread count after it. */
export const NotificationReadSchema = z.object({
  notification: NotificationSchema,
  unreadCount: z.number().int(),
});

/** POST /api/user/notifications/read-all */
export const NotificationReadAllSchema = z.object({
  /** How many were unread and are read now. */
  marked: z.number().int(),
  unreadCount: z.number().int(),
});

/**
 * The signed-in user's e-mail switches (ours: the spec's `notifications` user setting holds
 * only the eight bulk actions). Sales, and problems (double-sales and failed delists), each
 * on unless switched off. `emailAvailable` says whether this server sends e-mail at all.
 */
export const NotificationPreferencesSchema = z.object({
  emailSales: z.boolean(),
  emailProblems: z.boolean(),
  emailAvailable: z.boolean(),
  /** Where the e-mails go: the user's sign-in address. */
  email: z.string(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

export const NotificationPreferencesUpdateSchema = z
  .object({
    emailSales: z.boolean({ error: 'emailSales is true or false.' }).optional(),
    emailProblems: z.boolean({ error: 'emailProblems is true or false.' }).optional(),
  })
  .strict();
export type NotificationPreferencesUpdate = z.infer<typeof NotificationPreferencesUpdateSchema>;

/**
 * A Slack incoming-webhook URL: https://hooks.slack.com/services/… (or /workflows/…). Nothing
 * else is accepted, so the server only ever posts to Slack.
 */
export const SLACK_WEBHOOK_MESSAGE =
  'Paste the incoming-webhook URL Slack gave you: it starts with https://hooks.slack.com/';

const SLACK_WEBHOOK_PATTERN =
  /^https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/;

export function isSlackWebhookUrl(value: string): boolean {
  return value.length <= 500 && SLACK_WEBHOOK_PATTERN.test(value);
}

/** The account's Slack alerts: whether they are on, and a hint of the stored URL (never all of it). */
export const SlackSettingsSchema = z.object({
  /** The account's isSlackAlertsBySaleDetectionEnabled (spec §3). */
  enabled: z.boolean(),
  webhookConfigured: z.boolean(),
  /** "https://hooks.slack.com/services/T01…" : enough to recognise it, not enough to use it. */
  webhookHint: z.string().nullable(),
});
export type SlackSettings = z.infer<typeof SlackSettingsSchema>;

/**
 * PUT /api/rest/v1/enterprise/account/slack. `webhookUrl` replaces the stored URL (null removes
 * it; left out keeps it). Alerts cannot be on without a URL.
 */
export const SlackSettingsUpdateSchema = z
  .object({
    enabled: z.boolean({ error: 'enabled is true or false.' }),
    webhookUrl: z
      .string({ error: SLACK_WEBHOOK_MESSAGE })
      .trim()
      .max(500, SLACK_WEBHOOK_MESSAGE)
      .nullable()
      .optional(),
  })
  .strict();
export type SlackSettingsUpdate = z.infer<typeof SlackSettingsUpdateSchema>;
