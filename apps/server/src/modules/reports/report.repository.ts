import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { ReportDefaults, ReportFailure } from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { heldBy, leaseLapsed, NO_LEASE } from '../../platform/db/lease';
import { itemReports, reportDefaults } from './report.table';

export type ItemReportRow = typeof itemReports.$inferSelect;
export type NewItemReportRow = typeof itemReports.$inferInsert;

const ACTIVE = ['queued', 'running'] as const;
const ONE_ACTIVE_INDEX = 'item_reports_one_active';

/** A start or retry that met the user's report in progress. */
export class ActiveReportExists extends Error {
  constructor() {
    super('The user already has a report queued or running.');
    this.name = 'ActiveReportExists';
  }
}

function kept(now: Date) {
  return or(isNull(itemReports.expiresAt), gt(itemReports.expiresAt, now));
}

/** Reports belong to an account and to the user who asked; every read of a user's names both. */
export class ReportRepository {
  constructor(private readonly db: Db) {}

  /** A new report, queued; ActiveReportExists when the user has one queued or running. */
  async create(row: NewItemReportRow): Promise<ItemReportRow> {
    try {
      const [created] = await this.db.insert(itemReports).values(row).returning();
      if (!created) throw new Error('Report insert returned no row');
      return created;
    } catch (error) {
      if (isUniqueViolation(error, ONE_ACTIVE_INDEX)) throw new ActiveReportExists();
      throw error;
    }
  }

  /** One report of the user's. */
  async findOwn(accountId: string, userId: string, id: string): Promise<ItemReportRow | null> {
    const [row] = await this.db
      .select()
      .from(itemReports)
      .where(
        and(
          eq(itemReports.accountId, accountId),
          eq(itemReports.userId, userId),
          eq(itemReports.id, id),
        ),
      );
    return row ?? null;
  }

  /** A report by id within its account, for its job (which names the account). */
  async find(accountId: string, id: string): Promise<ItemReportRow | null> {
    const [row] = await this.db
      .select()
      .from(itemReports)
      .where(and(eq(itemReports.accountId, accountId), eq(itemReports.id, id)));
    return row ?? null;
  }

  /** The user's report queued or running, if any. */
  async findActive(accountId: string, userId: string): Promise<ItemReportRow | null> {
    const [row] = await this.db
      .select()
      .from(itemReports)
      .where(
        and(
          eq(itemReports.accountId, accountId),
          eq(itemReports.userId, userId),
          inArray(itemReports.status, ACTIVE),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  /** The user's reports still kept, newest first. */
  async listOwn(
    accountId: string,
    userId: string,
    now: Date,
    limit: number,
  ): Promise<ItemReportRow[]> {
    return this.db
      .select()
      .from(itemReports)
      .where(and(eq(itemReports.accountId, accountId), eq(itemReports.userId, userId), kept(now)))
      .orderBy(desc(itemReports.createdAt), desc(itemReports.id))
      .limit(limit);
  }

  /**
   * A failed report queued again, as a new start (its attempt counts on): null when it was not
   * failed; ActiveReportExists when the user has another one in progress.
   */
  async requeueFailed(
    accountId: string,
    userId: string,
    id: string,
  ): Promise<ItemReportRow | null> {
    try {
      const [row] = await this.db
        .update(itemReports)
        .set({
          status: 'queued',
          attempts: sql`${itemReports.attempts} + 1`,
          sends: 0,
          rowsDone: 0,
          rowsTotal: null,
          failure: null,
          failureDetail: null,
          startedAt: null,
          finishedAt: null,
          expiresAt: null,
          ...NO_LEASE,
        })
        .where(
          and(
            eq(itemReports.accountId, accountId),
            eq(itemReports.userId, userId),
            eq(itemReports.id, id),
            eq(itemReports.status, 'failed'),
          ),
        )
        .returning();
      return row ?? null;
    } catch (error) {
      if (isUniqueViolation(error, ONE_ACTIVE_INDEX)) throw new ActiveReportExists();
      throw error;
    }
  }

  /**
   * Takes the report for a worker: only while it is queued or running and nobody holds it (or
   * their lease ran out). It starts again from its first row. Null otherwise.
   */
  async claim(input: {
    accountId: string;
    id: string;
    owner: string;
    now: Date;
    until: Date;
  }): Promise<ItemReportRow | null> {
    const [row] = await this.db
      .update(itemReports)
      .set({
        status: 'running',
        leaseOwner: input.owner,
        leaseExpiresAt: input.until,
        rowsDone: 0,
        rowsTotal: null,
        startedAt: input.now,
      })
      .where(
        and(
          eq(itemReports.accountId, input.accountId),
          eq(itemReports.id, input.id),
          inArray(itemReports.status, ACTIVE),
          leaseLapsed(itemReports, input.now),
        ),
      )
      .returning();
    return row ?? null;
  }

  /**
   * The holder's progress, with its lease moved on; false when it no longer holds the report
   * (its lease ran out and another worker took it, or it was ended).
   */
  async progress(
    id: string,
    owner: string,
    values: { rowsDone?: number; rowsTotal?: number; until: Date },
  ): Promise<boolean> {
    const rows = await this.db
      .update(itemReports)
      .set({
        leaseExpiresAt: values.until,
        ...(values.rowsDone !== undefined ? { rowsDone: values.rowsDone } : {}),
        ...(values.rowsTotal !== undefined ? { rowsTotal: values.rowsTotal } : {}),
      })
      .where(and(eq(itemReports.id, id), heldBy(itemReports, owner)))
      .returning({ id: itemReports.id });
    return rows.length > 0;
  }

  /** The holder's report is done, with its file. False when it no longer held it. */
  async finish(
    id: string,
    owner: string,
    file: { key: string; name: string; size: number; rows: number; now: Date; expiresAt: Date },
  ): Promise<boolean> {
    const rows = await this.db
      .update(itemReports)
      .set({
        status: 'done',
        fileKey: file.key,
        fileName: file.name,
        fileSize: file.size,
        rowsDone: file.rows,
        rowsTotal: file.rows,
        finishedAt: file.now,
        expiresAt: file.expiresAt,
        ...NO_LEASE,
      })
      .where(and(eq(itemReports.id, id), heldBy(itemReports, owner)))
      .returning({ id: itemReports.id });
    return rows.length > 0;
  }

  /**
   * Ends a report that has not ended as failed. With `owner`, only while that worker holds it;
   * without (the sweeper), only while nobody does.
   */
  async fail(
    id: string,
    failure: { failure: ReportFailure; detail: string; now: Date; expiresAt: Date },
    owner: string | null,
  ): Promise<boolean> {
    const rows = await this.db
      .update(itemReports)
      .set({
        status: 'failed',
        failure: failure.failure,
        failureDetail: failure.detail.slice(0, 2000),
        finishedAt: failure.now,
        expiresAt: failure.expiresAt,
        ...NO_LEASE,
      })
      .where(
        and(
          eq(itemReports.id, id),
          inArray(itemReports.status, ACTIVE),
          owner === null
            ? leaseLapsed(itemReports, failure.now)
            : eq(itemReports.leaseOwner, owner),
        ),
      )
      .returning({ id: itemReports.id });
    return rows.length > 0;
  }

  /** The holder lets go: the report waits for its job's next try, from its first row. */
  async release(id: string, owner: string): Promise<void> {
    await this.db
      .update(itemReports)
      .set({ status: 'queued', rowsDone: 0, ...NO_LEASE })
      .where(and(eq(itemReports.id, id), heldBy(itemReports, owner)));
  }

  /** Reports in progress that no worker holds and that have not moved since `quietBefore`. */
  async unattended(now: Date, quietBefore: Date): Promise<ItemReportRow[]> {
    return this.db
      .select()
      .from(itemReports)
      .where(
        and(
          inArray(itemReports.status, ACTIVE),
          leaseLapsed(itemReports, now),
          lt(itemReports.updatedAt, quietBefore),
        ),
      )
      .limit(100);
  }

  /** The sweeper sends it again: queued, its send counted on. Null when someone took it. */
  async resend(id: string, sends: number, now: Date): Promise<ItemReportRow | null> {
    const [row] = await this.db
      .update(itemReports)
      .set({
        status: 'queued',
        sends: sends + 1,
        rowsDone: 0,
        ...NO_LEASE,
      })
      .where(
        and(
          eq(itemReports.id, id),
          eq(itemReports.sends, sends),
          inArray(itemReports.status, ACTIVE),
          leaseLapsed(itemReports, now),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** Reports whose keeping time is over, oldest first. */
  async expired(now: Date, limit: number): Promise<ItemReportRow[]> {
    return this.db
      .select()
      .from(itemReports)
      .where(lt(itemReports.expiresAt, now))
      .orderBy(itemReports.expiresAt)
      .limit(limit);
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(itemReports).where(eq(itemReports.id, id));
  }

  // Defaults.

  async findDefaults(
    accountId: string,
    userId: string,
  ): Promise<{ defaults: ReportDefaults; updatedAt: Date } | null> {
    const [row] = await this.db
      .select({ defaults: reportDefaults.defaults, updatedAt: reportDefaults.updatedAt })
      .from(reportDefaults)
      .where(and(eq(reportDefaults.accountId, accountId), eq(reportDefaults.userId, userId)));
    return row ?? null;
  }

  async saveDefaults(
    accountId: string,
    userId: string,
    defaults: ReportDefaults,
  ): Promise<{ defaults: ReportDefaults; updatedAt: Date }> {
    const [row] = await this.db
      .insert(reportDefaults)
      .values({ accountId, userId, defaults })
      .onConflictDoUpdate({
        target: [reportDefaults.accountId, reportDefaults.userId],
        set: { defaults, updatedAt: new Date() },
      })
      .returning({ defaults: reportDefaults.defaults, updatedAt: reportDefaults.updatedAt });
    if (!row) throw new Error('Report defaults upsert returned no row');
    return row;
  }

  async removeDefaults(accountId: string, userId: string): Promise<void> {
    await this.db
      .delete(reportDefaults)
      .where(and(eq(reportDefaults.accountId, accountId), eq(reportDefaults.userId, userId)));
  }
}
