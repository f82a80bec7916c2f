import {
  ActivityDetailsSchema,
  subjectTypeOf,
  type ActivityAction,
  type ActivityDetails,
  type ActivityEntry,
  type ActivityList,
  type ActivityListQuery,
  type ActivitySubjectType,
} from '@listloop/domain';
import { newId } from '../../platform/ids';
import type { ActivityEntryInput, ActivityRecorder } from '../../platform/http/activity';
import type { RequestContext } from '../../platform/http/request-context';
import type { ActivityRepository, ActivityRow } from './activity.repository';

/** How long the log keeps an entry (decision 0046). */
export const ACTIVITY_RETENTION_DAYS = 365;

/** What ListLoop itself did in an account (no request, no member): a sale, its delists. */
export interface ProductActivity {
  accountId: string;
  action: ActivityAction;
  subjectId: string | null;
  subjectLabel?: string | null;
  details?: ActivityDetails;
}

export class ActivityService implements ActivityRecorder {
  constructor(
    private readonly repository: ActivityRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Writes entries as given (the request hook's, and `recordByProduct`'s). */
  async record(entries: ActivityEntryInput[]): Promise<void> {
    await this.repository.insert(
      entries.map((entry) => ({
        id: newId(),
        ...entry,
        details: ActivityDetailsSchema.parse(entry.details),
      })),
    );
  }

  /** Work that is no member's request, recorded with ListLoop as the actor. */
  async recordByProduct(entries: ProductActivity[]): Promise<void> {
    await this.record(
      entries.map((entry) => ({
        accountId: entry.accountId,
        actorUserId: null,
        actorName: null,
        action: entry.action,
        subjectType: subjectTypeOf(entry.action),
        subjectId: entry.subjectId,
        subjectLabel: entry.subjectLabel ?? null,
        details: entry.details ?? {},
      })),
    );
  }

  /**
   * A marketplace account connected through its sign-in page: the callback answers a redirect,
   * not a 2xx, so the connection's own event records it. A failure is logged by the caller.
   */
  async recordConnected(event: {
    accountId: string;
    userId: string;
    userName?: string;
    connectionId: string;
    marketplace: string;
  }): Promise<void> {
    await this.record([
      {
        accountId: event.accountId,
        actorUserId: event.userId,
        actorName: event.userName ?? null,
        action: 'connection.connected',
        subjectType: 'connection',
        subjectId: event.connectionId,
        subjectLabel: null,
        details: { marketplaces: [event.marketplace] },
      },
    ]);
  }

  /** A page of the caller's account's log, newest first. */
  async list(ctx: RequestContext, query: ActivityListQuery): Promise<ActivityList> {
    const subjectTypes: ActivitySubjectType[] | undefined =
      query.subjectType === 'item'
        ? ['item', 'listing']
        : query.subjectType
          ? [query.subjectType]
          : undefined;
    const rows = await this.repository.listPage(
      ctx.accountId,
      {
        actorUserId: query.actor,
        subjectTypes,
        subjectId: query.subjectId,
        action: query.action,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
      },
      query.cursor ? Number(query.cursor) : null,
      query.limit + 1,
    );
    const page = rows.slice(0, query.limit);
    return {
      entries: page.map(toEntry),
      nextCursor: rows.length > query.limit ? String(page[page.length - 1]!.seq) : null,
    };
  }

  /** Removes what is older than the retention period; how many went. */
  async prune(): Promise<number> {
    const before = new Date(this.now().getTime() - ACTIVITY_RETENTION_DAYS * 24 * 3600 * 1000);
    return this.repository.pruneBefore(before);
  }
}

function toEntry(row: ActivityRow): ActivityEntry {
  const details = ActivityDetailsSchema.safeParse(row.details);
  return {
    id: row.id,
    actorUserId: row.actorUserId,
    actorName: row.actorName,
    action: row.action,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    subjectLabel: row.subjectLabel,
    details: details.success ? details.data : {},
    createdAt: row.createdAt.toISOString(),
  };
}
