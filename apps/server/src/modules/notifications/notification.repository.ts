import { and, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { InsertStatements } from '../../platform/db/statement';
import { notificationPreferences, notifications, type DeliveryStatus } from './notification.table';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = Omit<typeof notifications.$inferInsert, 'seq'>;
export type NotificationPreferencesRow = typeof notificationPreferences.$inferSelect;

export type Channel = 'email' | 'slack';

const statusColumn = { email: notifications.emailStatus, slack: notifications.slackStatus };

/** Notifications belong to a user in an account; every query names both, or the account. */
/** Every sale notifies: built once per shape (platform/db/statement.ts). */
const newNotifications = new InsertStatements(
  (q, rows: (typeof notifications.$inferInsert)[]) =>
    q
      .insert(notifications)
      .values(rows)
      .onConflictDoNothing({
        target: [
          notifications.accountId,
          notifications.userId,
          notifications.kind,
          notifications.key,
        ],
      })
      .returning(),
  notifications,
);

export class NotificationRepository {
  constructor(private readonly db: Db) {}

  /** The new notification, or null when the same (account, user, kind, key) is already there. */
  async insert(row: NewNotificationRow): Promise<NotificationRow | null> {
    const [created] = await newNotifications.rows(this.db, [row]);
    return created ?? null;
  }

  async findByKey(
    accountId: string,
    userId: string,
    kind: NotificationRow['kind'],
    key: string,
  ): Promise<NotificationRow | null> {
    const [row] = await this.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.accountId, accountId),
          eq(notifications.userId, userId),
          eq(notifications.kind, kind),
          eq(notifications.key, key),
        ),
      );
    return row ?? null;
  }

  /** Whether another notification of the account already posts this event to Slack. */
  async slackPlannedFor(
    accountId: string,
    kind: NotificationRow['kind'],
    key: string,
  ): Promise<boolean> {
    const [row] = await this.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.accountId, accountId),
          eq(notifications.kind, kind),
          eq(notifications.key, key),
          inArray(notifications.slackStatus, ['pending', 'sent']),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** A notification of the account, whoever it is for (the delivery jobs). */
  async findInAccount(accountId: string, id: string): Promise<NotificationRow | null> {
    const [row] = await this.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, accountId), eq(notifications.id, id)));
    return row ?? null;
  }

  /** One page of the user's notifications, newest first, after the `seq` of the page before. */
  async listPage(
    accountId: string,
    userId: string,
    beforeSeq: number | null,
    limit: number,
  ): Promise<NotificationRow[]> {
    return this.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.accountId, accountId),
          eq(notifications.userId, userId),
          beforeSeq === null ? undefined : lt(notifications.seq, beforeSeq),
        ),
      )
      .orderBy(desc(notifications.seq))
      .limit(limit);
  }

  async unreadCount(accountId: string, userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(
        and(
          eq(notifications.accountId, accountId),
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
        ),
      );
    return row?.n ?? 0;
  }

  /** Marks it read (keeping the first time it was read); null when the user has no such one. */
  async markRead(
    accountId: string,
    userId: string,
    id: string,
    at: Date,
  ): Promise<NotificationRow | null> {
    const [row] = await this.db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
      .where(
        and(
          eq(notifications.accountId, accountId),
          eq(notifications.userId, userId),
          eq(notifications.id, id),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** Marks every unread one read; how many there were. */
  async markAllRead(accountId: string, userId: string, at: Date): Promise<number> {
    const rows = await this.db
      .update(notifications)
      .set({ readAt: at })
      .where(
        and(
          eq(notifications.accountId, accountId),
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
        ),
      )
      .returning({ id: notifications.id });
    return rows.length;
  }

  /**
   * Moves a delivery from pending to its outcome. Only a pending delivery moves, so a job that
   * runs twice records its outcome once.
   */
  async settleDelivery(
    accountId: string,
    id: string,
    channel: Channel,
    outcome: { status: Exclude<DeliveryStatus, 'pending'>; error?: string; at: Date },
  ): Promise<boolean> {
    const set =
      channel === 'email'
        ? {
            emailStatus: outcome.status,
            emailError: outcome.error ?? null,
            emailedAt: outcome.status === 'sent' ? outcome.at : null,
          }
        : {
            slackStatus: outcome.status,
            slackError: outcome.error ?? null,
            slackedAt: outcome.status === 'sent' ? outcome.at : null,
          };
    const rows = await this.db
      .update(notifications)
      .set(set)
      .where(
        and(
          eq(notifications.accountId, accountId),
          eq(notifications.id, id),
          eq(statusColumn[channel], 'pending'),
        ),
      )
      .returning({ id: notifications.id });
    return rows.length > 0;
  }

  /** Deliveries still pending that were made between `since` and `until` (the sweep). */
  async pendingDeliveries(
    since: Date,
    until: Date,
    limit: number,
  ): Promise<Pick<NotificationRow, 'id' | 'accountId' | 'emailStatus' | 'slackStatus'>[]> {
    return this.db
      .select({
        id: notifications.id,
        accountId: notifications.accountId,
        emailStatus: notifications.emailStatus,
        slackStatus: notifications.slackStatus,
      })
      .from(notifications)
      .where(
        and(
          or(eq(notifications.emailStatus, 'pending'), eq(notifications.slackStatus, 'pending')),
          lte(notifications.createdAt, until),
          sql`${notifications.createdAt} >= ${since.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(notifications.createdAt)
      .limit(limit);
  }

  async findPreferences(userId: string): Promise<NotificationPreferencesRow | null> {
    const [row] = await this.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId));
    return row ?? null;
  }

  async savePreferences(
    userId: string,
    patch: Partial<Pick<NotificationPreferencesRow, 'emailSales' | 'emailProblems'>>,
  ): Promise<NotificationPreferencesRow> {
    const [row] = await this.db
      .insert(notificationPreferences)
      .values({ userId, ...patch })
      .onConflictDoUpdate({
        target: notificationPreferences.userId,
        set: { ...patch, updatedAt: new Date() },
      })
      .returning();
    if (!row) throw new Error('Notification preferences upsert returned no row');
    return row;
  }
}
