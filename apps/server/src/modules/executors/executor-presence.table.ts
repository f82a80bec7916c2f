import { boolean, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/account.table';
import { authUsers } from '../auth/auth.table';
import { executorTokens } from './executor-token.table';

/**
 * When a member's browser extension last looked at each marketplace (decision 0041), so the web
 * app can say that nothing is working a marketplace instead of showing its queue as waiting.
 * One row per (account, user, marketplace): the latest report or claim wins, whichever browser
 * made it. A row outlives its browser's unpairing: it still says when that browser last looked.
 */
export const executorPresence = pgTable(
  'executor_presence',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    marketplace: text('marketplace').notNull(),
    tokenId: text('token_id').references(() => executorTokens.id, { onDelete: 'set null' }),
    executorId: text('executor_id').notNull(),
    signedIn: boolean('signed_in').notNull(),
    paused: boolean('paused').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId, t.marketplace] })],
);
