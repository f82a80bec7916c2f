import { index, integer, pgTable, text, timestamp, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { idLength, timestamps } from '../../platform/db/columns';
import { authUsers } from './auth.table';

/**
 * Sign-in attempts counted per key (an e-mail and address pair, an address, an e-mail, a known
 * device) in fixed windows. A key is a hash, so no e-mail or address is kept here. The counts
 * live in the database so they hold across concurrent requests, restarts and processes.
 */
export const loginCounters = pgTable(
  'login_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('login_counters_reset_idx').on(t.resetAt),
    check('login_counters_count_not_negative', sql`${t.count} >= 0`),
  ],
);

/**
 * Browsers a user has signed in from: the device cookie names a row and carries a secret whose
 * SHA-256 is kept here. A correct password from one of them is let through while the e-mail is
 * under attack from elsewhere.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (t) => [
    check('known_devices_id_length', idLength(t.id)),
    index('known_devices_user_idx').on(t.userId),
    index('known_devices_expires_idx').on(t.expiresAt),
  ],
);
