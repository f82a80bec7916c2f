import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  ACCESS_LEVELS,
  ACCOUNT_USER_STATUSES,
  SPEECH_OPTIONS,
  type TemporaryPassword,
} from '@listloop/domain';
import { idLength, timestamps } from '../../platform/db/columns';
import { accounts } from '../accounts/account.table';
import { authUsers } from '../auth/auth.table';
import { roles } from '../roles/role.table';

export const accessLevel = pgEnum('access_level', ACCESS_LEVELS);
export const accountUserStatus = pgEnum('account_user_status', ACCOUNT_USER_STATUSES);
export const speechOption = pgEnum('speech_option', SPEECH_OPTIONS);

/** Spec §3 Account user: a user's membership of an account. */
export const accountUsers = pgTable(
  'account_users',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** Required, no default: the strict schema of spec §3. */
    accessLevel: accessLevel('access_level').notNull(),
    accountUserId: text('account_user_id').notNull().default(''),
    /** The strict schema's default (spec §3 gives pending in one reading, active in this one). */
    status: accountUserStatus('status').notNull().default('active'),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    role: text('role').references(() => roles.id, { onDelete: 'set null' }),
    showSpeechAtPhotoStep: speechOption('show_speech_at_photo_step').notNull().default('disabled'),
    temporaryPassword: jsonb('temporary_password').$type<TemporaryPassword | null>(),
    /**
     * The account's owner: the person who opened it (its first administrator). Nobody else may
     * deactivate, remove or demote them, and only they assign or change protected roles.
     */
    isOwner: boolean('is_owner').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('account_users_account_id_length', idLength(t.accountId)),
    check('account_users_user_id_length', idLength(t.userId)),
    unique('account_users_account_user_unique').on(t.accountId, t.userId),
    index('account_users_user_idx').on(t.userId),
    index('account_users_role_idx').on(t.role),
    uniqueIndex('account_users_one_owner')
      .on(t.accountId)
      .where(sql`${t.isOwner}`),
  ],
);
