import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import {
  BULK_ACTION_ITEM_STATUSES,
  BULK_ACTION_RUN_STATUSES,
  BULK_ACTIONS,
} from '@listloop/domain';
import { idLength, oneOf, timestamps } from '../../platform/db/columns';
import { accounts } from '../accounts/account.table';
import { authUsers } from '../auth/auth.table';

export const bulkActionRunStatus = pgEnum('bulk_action_run_status', BULK_ACTION_RUN_STATUSES);
export const bulkActionItemStatus = pgEnum('bulk_action_item_status', BULK_ACTION_ITEM_STATUSES);

/**
 * One run of a bulk action. `item_ids` is the selection as it was resolved when the
 * run started, frozen: the run works through it in order, a batch at a time, and `position` is
 * how many of it are finished. A batch's outcomes and the position after it are written in one
 * transaction, so a run that stops (a restart, a crash) carries on at the first unfinished item
 * and never does a finished one again. `lease_*` names the worker working on a batch now, so two
 * jobs of one run never work at once.
 */
export const bulkActionRuns = pgTable(
  'bulk_action_runs',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    /** Who started it: the run acts with their permissions, checked again at every batch. */
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** Whose inventory it works on. */
    ownerUserId: text('owner_user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    parameters: jsonb('parameters').$type<Record<string, unknown>>().notNull().default({}),
    selection: jsonb('selection')
      .$type<{ kind: 'items' | 'filter'; filter: Record<string, unknown> | null }>()
      .notNull(),
    itemIds: text('item_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: bulkActionRunStatus('status').notNull().default('queued'),
    /** Items of the selection, including ids that named no item of the inventory. */
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    /** How many of item_ids have their outcome. */
    position: integer('position').notNull().default(0),
    /** Batches finished: the next job's batch number. */
    batchesDone: integer('batches_done').notNull().default(0),
    /** Times the sweeper sent a stalled run's batch again (part of the job id). */
    attempt: integer('attempt').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true, mode: 'date' }),
    failureReason: text('failure_reason'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    check('bulk_action_runs_id_length', idLength(t.id)),
    check('bulk_action_runs_action', oneOf(t.action, BULK_ACTIONS)),
    check(
      'bulk_action_runs_counts',
      sql`${t.done} + ${t.failed} + ${t.skipped} <= ${t.total} AND ${t.position} <= cardinality(${t.itemIds})`,
    ),
    index('bulk_action_runs_user_idx').on(t.accountId, t.userId, t.createdAt.desc()),
    index('bulk_action_runs_active_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} in ('queued', 'running', 'cancelling')`),
  ],
);

/** What became of each item of a run: one row per item, written with its batch. */
export const bulkActionRunItems = pgTable(
  'bulk_action_run_items',
  {
    runId: text('run_id')
      .notNull()
      .references(() => bulkActionRuns.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    /** The item's place in the selection, for reading outcomes in order. */
    position: integer('position').notNull(),
    itemId: text('item_id').notNull(),
    /** The title when the action reached it (a deleted item keeps its name here). */
    title: text('title').notNull().default(''),
    status: bulkActionItemStatus('status').notNull(),
    message: text('message'),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.itemId] }),
    index('bulk_action_run_items_status_idx').on(t.runId, t.status, t.position),
  ],
);
