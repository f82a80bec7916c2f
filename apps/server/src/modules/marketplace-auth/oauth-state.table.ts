import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/account.table';

/**
 * One OAuth 2 authorization in flight: created by web-auth-url, consumed once by the callback.
 * `state` is the random value the marketplace sends back (the row's key, 256 bits); the PKCE
 * code verifier lives here until the code is exchanged, for at most `expires_at`.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    state: text('state').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    marketplace: text('marketplace').notNull(),
    codeVerifier: text('code_verifier'),
    /** The callback URL sent with the authorization; the code exchange must repeat it. */
    redirectUri: text('redirect_uri').notNull(),
    /** A path of this app to return to (never another site). */
    redirect: text('redirect').notNull(),
    /** The connection to reconnect, when it is a reconnect. */
    connectionId: text('connection_id'),
    /** Values the marketplace needs (Shopify's shop), passed to the provider. */
    extra: jsonb('extra').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
);
