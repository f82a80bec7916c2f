import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { SERVICE_KEY_KINDS, SERVICE_KEY_NAME_MAX, type ServiceKeyKind } from '@listloop/domain';
import { idLength, oneOf } from '../../platform/db/columns';
import { accounts } from '../accounts/account.table';
import { authUsers } from '../auth/auth.table';
import { roles } from '../roles/role.table';

/**
 * The account's service keys (decision 0045): the secret kept as its SHA-256 only, with its
 * last four characters to tell keys apart. Revoked rows stay, so the list can say when. A role
 * key whose role is removed keeps its row and stops working (its role_id becomes null).
 */
export const serviceKeys = pgTable(
  'service_keys',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    /** The member who made it: the key acts as them. */
    createdBy: text('created_by')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ServiceKeyKind>().notNull(),
    name: text('name').notNull(),
    roleId: text('role_id').references(() => roles.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    hint: text('hint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('service_keys_id_length', idLength(t.id)),
    check('service_keys_kind', oneOf(t.kind, SERVICE_KEY_KINDS)),
    check('service_keys_search_has_no_role', sql`${t.kind} = 'user_role' OR ${t.roleId} IS NULL`),
    check(
      'service_keys_name_length',
      sql`char_length(${t.name}) BETWEEN 1 AND ${sql.raw(String(SERVICE_KEY_NAME_MAX))}`,
    ),
    uniqueIndex('service_keys_hash_unique').on(t.tokenHash),
    index('service_keys_account_idx').on(t.accountId, t.createdAt),
  ],
);
