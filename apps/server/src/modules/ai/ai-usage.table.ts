import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { AI_PROVIDER_KINDS } from '@listloop/domain';
import { idLength, oneOf } from '../../platform/db/columns';
import { accounts } from '../accounts/account.table';
import { authUsers } from '../auth/auth.table';

/** What a call to the AI helper was for: a completion, or suggestions from an item's photos. */
export const AI_USAGE_KINDS = ['completion', 'photo_suggestions'] as const;
export type AiUsageKind = (typeof AI_USAGE_KINDS)[number];

export const AI_USAGE_OUTCOMES = ['ok', 'failed'] as const;

/**
 * One row per call to an AI provider (decision 0052), failures included: what it was for, who
 * asked, which provider and model, the tokens the provider counted and what they cost at the
 * configured prices (in `currency`, to the millionth: one call costs a fraction of a cent).
 */
export const aiUsage = pgTable(
  'ai_usage',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    /** Null once the user is deleted: the account's figures keep the call. */
    userId: text('user_id').references(() => authUsers.id, { onDelete: 'set null' }),
    kind: text('kind').$type<AiUsageKind>().notNull(),
    provider: text('provider').$type<(typeof AI_PROVIDER_KINDS)[number]>().notNull(),
    model: text('model').notNull(),
    outcome: text('outcome').$type<(typeof AI_USAGE_OUTCOMES)[number]>().notNull(),
    /** The error code the caller was answered with, for a failed call. */
    errorCode: text('error_code'),
    attempts: integer('attempts').notNull(),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    cost: numeric('cost', { precision: 14, scale: 6, mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('ai_usage_id_length', idLength(t.id)),
    check('ai_usage_kind_known', oneOf(t.kind, AI_USAGE_KINDS)),
    check('ai_usage_provider_known', oneOf(t.provider, AI_PROVIDER_KINDS)),
    check('ai_usage_outcome_known', oneOf(t.outcome, AI_USAGE_OUTCOMES)),
    check(
      'ai_usage_counts_positive',
      sql`${t.promptTokens} >= 0 AND ${t.completionTokens} >= 0 AND ${t.cost} >= 0`,
    ),
    // The account's totals read a period by when the calls were made.
    index('ai_usage_account_created_idx').on(t.accountId, t.createdAt),
  ],
);
