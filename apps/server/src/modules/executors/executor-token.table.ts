import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idLength } from '../../platform/db/columns';
import { accounts } from '../accounts/account.table';
import { authUsers } from '../auth/auth.table';

/**
 * A paired browser (decision 0039): the extension's bearer token, kept as its SHA-256 only,
 * for one account user. Revoked rows stay, so the Marketplaces screen can say when.
 */
export const executorTokens = pgTable(
  'executor_tokens',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('executor_tokens_id_length', idLength(t.id)),
    uniqueIndex('executor_tokens_hash_unique').on(t.tokenHash),
    index('executor_tokens_account_idx').on(t.accountId, t.createdAt),
  ],
);
