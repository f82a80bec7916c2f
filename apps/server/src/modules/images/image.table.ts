import { check, index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idLength, timestamps } from '../../platform/db/columns';
import { accounts } from '../accounts/account.table';
import { authUsers } from '../auth/auth.table';

export const imageStatus = pgEnum('image_status', ['processing', 'ready', 'failed']);

/**
 * An uploaded photo: the original at `storage_key` (images/{userID}/{uniqueId}.{ext}, region
 * prefix outside the US) and, once the derivative job has run, its large and small versions.
 */
export const images = pgTable(
  'images',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    largeKey: text('large_key'),
    smallKey: text('small_key'),
    mimeType: text('mime_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width'),
    height: integer('height'),
    originalMaxDimension: integer('original_max_dimension'),
    status: imageStatus('status').notNull().default('processing'),
    failureReason: text('failure_reason'),
    ...timestamps,
  },
  (t) => [
    check('images_id_length', idLength(t.id)),
    index('images_account_user_idx').on(t.accountId, t.userId),
  ],
);

/**
 * A tus upload not finished yet, counted against its user's quota until it becomes an image,
 * is cancelled, or expires (then the purge job removes its bytes and this row).
 */
export const imageUploads = pgTable(
  'image_uploads',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** The length the upload declared (the largest upload when it deferred its length). */
    byteSize: integer('byte_size').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (t) => [
    check('image_uploads_id_length', idLength(t.id)),
    index('image_uploads_user_idx').on(t.userId, t.expiresAt),
    index('image_uploads_expires_idx').on(t.expiresAt),
  ],
);
