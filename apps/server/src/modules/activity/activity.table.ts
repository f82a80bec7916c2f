import { bigint, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ActivityAction, ActivityDetails, ActivitySubjectType } from '@listloop/domain';
import { idLength } from '../../platform/db/columns';
import { accounts } from '../accounts/account.table';
import { authUsers } from '../auth/auth.table';

/**
 * The account's activity log: one row per thing a member (or ListLoop itself, actor null) did.
 * The actor's name and the subject's label are copied when the entry is written, so the log
 * still reads after a member leaves or an item is deleted. `seq` orders the log newest first
 * and is its page cursor. Rows are only ever inserted (and pruned after the retention period).
 * Action and subject type are not constrained in SQL: the domain's lists type every write, and
 * a new action must not need a migration.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: text('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    actorUserId: text('actor_user_id').references(() => authUsers.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    action: text('action').$type<ActivityAction>().notNull(),
    subjectType: text('subject_type').$type<ActivitySubjectType>().notNull(),
    subjectId: text('subject_id'),
    subjectLabel: text('subject_label'),
    details: jsonb('details').$type<ActivityDetails>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('activity_log_id_length', idLength(t.id)),
    index('activity_log_list_idx').on(t.accountId, t.seq.desc()),
    index('activity_log_created_idx').on(t.accountId, t.createdAt.desc()),
    index('activity_log_subject_idx').on(t.accountId, t.subjectType, t.subjectId, t.seq.desc()),
    index('activity_log_actor_idx').on(t.accountId, t.actorUserId, t.seq.desc()),
  ],
);
