import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { LABEL_MAX_LENGTH } from '@listloop/domain';
import { timestamps } from '../../platform/db/columns';
import { accounts } from '../accounts/account.table';
import { authUsers } from '../auth/auth.table';

/** Spec §3/§9 Label: a user's own, visible only to them; names unique per user, any case. */
export const labels = pgTable(
  'labels',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [
    check(
      'labels_name_length',
      sql`char_length(${t.name}) BETWEEN 1 AND ${sql.raw(String(LABEL_MAX_LENGTH))}`,
    ),
    check('labels_name_trimmed', sql`${t.name} = btrim(${t.name})`),
    uniqueIndex('labels_user_name_unique').on(t.userId, sql`lower(${t.name})`),
    index('labels_account_user_idx').on(t.accountId, t.userId),
  ],
);
