import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { idLength, timestamps } from '../../platform/db/columns';
import { accounts } from '../accounts/account.table';

export const connectionStatus = pgEnum('connection_status', [
  'connected',
  'needs_reconnect',
  'disconnected',
]);

/** A marketplace account the seller connected; several per marketplace, each with a nickname. */
export const marketplaceConnections = pgTable(
  'marketplace_connections',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    marketplace: text('marketplace').notNull(),
    nickname: text('nickname').notNull(),
    status: connectionStatus('status').notNull().default('connected'),
    externalAccountId: text('external_account_id'),
    ...timestamps,
  },
  (t) => [
    check('marketplace_connections_id_length', idLength(t.id)),
    uniqueIndex('marketplace_connections_nickname_unique').on(
      t.accountId,
      t.marketplace,
      t.nickname,
    ),
    index('marketplace_connections_account_idx').on(t.accountId),
  ],
);

/**
 * A connection's secrets, encrypted at rest with AES-256-GCM (`ciphertext` = iv | tag | data,
 * base64) under the key of `key_version`; `hint` keeps the last characters for display only.
 */
export const marketplaceCredentials = pgTable(
  'marketplace_credentials',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    connectionId: text('connection_id')
      .notNull()
      .references(() => marketplaceConnections.id, { onDelete: 'cascade' }),
    marketplace: text('marketplace').notNull(),
    ciphertext: text('ciphertext').notNull(),
    keyVersion: integer('key_version').notNull().default(1),
    hint: text('hint').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    check('marketplace_credentials_id_length', idLength(t.id)),
    uniqueIndex('marketplace_credentials_connection_unique').on(t.connectionId),
    index('marketplace_credentials_account_idx').on(t.accountId, t.marketplace),
  ],
);
