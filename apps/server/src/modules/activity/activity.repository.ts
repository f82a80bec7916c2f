import { and, desc, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import type { ActivityAction, ActivitySubjectType } from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { InsertStatements } from '../../platform/db/statement';
import { activityLog } from './activity.table';

export type ActivityRow = typeof activityLog.$inferSelect;
export type NewActivityRow = Omit<typeof activityLog.$inferInsert, 'seq' | 'createdAt'>;

const INSERT_SLICE = 1000;

export interface ActivityFilter {
  actorUserId?: string;
  /** Several types: an item's history takes its listing entries too. */
  subjectTypes?: ActivitySubjectType[];
  subjectId?: string;
  action?: ActivityAction;
  from?: Date;
  to?: Date;
}

/** Most writes log a few entries: built once per shape (platform/db/statement.ts). */
const newEntries = new InsertStatements((q, rows: (typeof activityLog.$inferInsert)[]) =>
  q.insert(activityLog).values(rows),
);

/** The log belongs to an account; every query names it. */
export class ActivityRepository {
  constructor(private readonly db: Db) {}

  async insert(rows: NewActivityRow[]): Promise<void> {
    // A bulk edit writes one entry per item: in slices, under the driver's parameter limit.
    for (let start = 0; start < rows.length; start += INSERT_SLICE) {
      await newEntries.run(this.db, rows.slice(start, start + INSERT_SLICE));
    }
  }

  /** A page, newest first, of the entries before `beforeSeq` (the cursor). */
  async listPage(
    accountId: string,
    filter: ActivityFilter,
    beforeSeq: number | null,
    limit: number,
  ): Promise<ActivityRow[]> {
    const conditions: (SQL | undefined)[] = [
      eq(activityLog.accountId, accountId),
      filter.actorUserId === undefined
        ? undefined
        : eq(activityLog.actorUserId, filter.actorUserId),
      filter.subjectTypes === undefined
        ? undefined
        : inArray(activityLog.subjectType, filter.subjectTypes),
      filter.subjectId === undefined ? undefined : eq(activityLog.subjectId, filter.subjectId),
      filter.action === undefined ? undefined : eq(activityLog.action, filter.action),
      filter.from === undefined ? undefined : gte(activityLog.createdAt, filter.from),
      filter.to === undefined ? undefined : lte(activityLog.createdAt, filter.to),
      beforeSeq === null ? undefined : lt(activityLog.seq, beforeSeq),
    ];
    return this.db
      .select()
      .from(activityLog)
      .where(and(...conditions))
      .orderBy(desc(activityLog.seq))
      .limit(limit);
  }

  /** Removes the entries older than `before`; how many went. */
  async pruneBefore(before: Date): Promise<number> {
    const removed = await this.db
      .delete(activityLog)
      .where(lt(activityLog.createdAt, before))
      .returning({ id: activityLog.id });
    return removed.length;
  }
}
