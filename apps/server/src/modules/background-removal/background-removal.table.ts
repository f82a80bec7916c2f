import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import {
  BACKGROUND_OUTPUTS,
  BACKGROUND_REMOVAL_FAILURES,
  BACKGROUND_REMOVAL_STATUSES,
} from '@listloop/domain';
import { idLength, oneOf, timestamps } from '../../platform/db/columns';
import { accounts } from '../accounts/account.table';
import { authUsers } from '../auth/auth.table';

export const backgroundRemovalStatus = pgEnum(
  'background_removal_status',
  BACKGROUND_REMOVAL_STATUSES,
);

/**
 * One background removal (decision 0051): the picture it works on (one of the account's images,
 * or a picture sent with the spec's call, kept at `source_key` until the removal goes), what it
 * is given behind it, its progress while the model runs, and the result in storage once done.
 * `counted` says the account's usage counter has this removal: it is set with `done` in one
 * transaction, so a retried job never counts twice. `lease_*` names the worker running it now.
 */
export const backgroundRemovals = pgTable(
  'background_removals',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** The account's photo it works on (no foreign key: the photo may go; the job then fails). */
    sourceImageId: text('source_image_id'),
    /** A picture sent with the request, in storage. */
    sourceKey: text('source_key'),
    originPlatform: text('origin_platform').notNull(),
    output: text('output').notNull(),
    /** `#rrggbb` behind the cut-out: white for `white`, the seller's for `colour`. */
    colour: text('colour'),
    status: backgroundRemovalStatus('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    failure: text('failure'),
    /** What went wrong, in English, for whoever reads the logs; the screen words `failure`. */
    error: text('error'),
    resultKey: text('result_key'),
    resultContentType: text('result_content_type'),
    width: integer('width'),
    height: integer('height'),
    counted: boolean('counted').notNull().default(false),
    keptImageId: text('kept_image_id'),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true, mode: 'date' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    check('background_removals_id_length', idLength(t.id)),
    check('background_removals_output', oneOf(t.output, BACKGROUND_OUTPUTS)),
    check(
      'background_removals_failure',
      sql`${t.failure} IS NULL OR ${oneOf(t.failure, BACKGROUND_REMOVAL_FAILURES)}`,
    ),
    check('background_removals_progress', sql`${t.progress} BETWEEN 0 AND 100`),
    check(
      'background_removals_source',
      sql`${t.sourceImageId} IS NOT NULL OR ${t.sourceKey} IS NOT NULL`,
    ),
    index('background_removals_account_idx').on(t.accountId, t.status),
    index('background_removals_finished_idx').on(t.finishedAt),
  ],
);
