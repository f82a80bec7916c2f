import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { RESERVED_ROLE_NAMES, ROLE_NAME_MAX_LENGTH, type Permissions } from '@listloop/domain';
import { idLength, oneOf, timestamps } from '../../platform/db/columns';
import { accounts } from '../accounts/account.table';

/**
 * Spec §3 Role. `members` is not stored: it is derived from account_users.role, so a member
 * can never be in a role's list and hold another role at once (docs/decisions/0005).
 */
export const roles = pgTable(
  'roles',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    /** The user who created the role. */
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    color: text('color').notNull().default('#228be6'),
    isProtected: boolean('is_protected').notNull().default(false),
    permissions: jsonb('permissions').$type<Permissions>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    check('roles_id_length', idLength(t.id)),
    check(
      'roles_name_normalised',
      sql`${t.name} = lower(btrim(${t.name})) AND char_length(${t.name}) > 0`,
    ),
    check(
      'roles_name_length',
      sql`char_length(${t.name}) <= ${sql.raw(String(ROLE_NAME_MAX_LENGTH))}`,
    ),
    check(
      'roles_name_not_reserved',
      sql`${t.isProtected} OR NOT (${oneOf(t.name, RESERVED_ROLE_NAMES)})`,
    ),
    unique('roles_account_name_unique').on(t.accountId, t.name),
    index('roles_account_idx').on(t.accountId),
  ],
);
