import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import {
  ACCOUNT_NAMES,
  ACCOUNT_STATUSES,
  CREATION_SOURCES,
  CURRENCY_CODES,
  DEFAULT_TIME_ZONE,
  type AccountConfig,
} from '@listloop/domain';
import { idLength, oneOf, timestamps } from '../../platform/db/columns';

export const accountStatus = pgEnum('account_status', ACCOUNT_STATUSES);
export const creationSource = pgEnum('creation_source', CREATION_SOURCES);

const DEFAULT_CONFIG: AccountConfig = {
  features: {
    isMultiVariantsEnabled: false,
    pickingList: { isEnabled: false, verificationMethod: 'via_photo' },
  },
  shopify: { webhooksAvailable: ['ORDERS_CREATE'] },
};

/** Spec §3 Account: the tenant. Every customer row elsewhere carries its account_id. */
export const accounts = pgTable(
  'accounts',
  {
    accountId: text('account_id').primaryKey(),
    accountName: text('account_name').notNull().default('listloop'),
    companyName: text('company_name').notNull(),
    dateCreated: timestamp('date_created', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    marketplaceAllowedToAccess: jsonb('marketplace_allowed_to_access')
      .$type<Record<string, boolean>>()
      .notNull()
      .default({}),
    brandBlacklistByMarketplace: jsonb('brand_blacklist_by_marketplace')
      .$type<Record<string, string[]>>()
      .notNull()
      .default({}),
    customBrands: jsonb('custom_brands').$type<string[]>().notNull().default([]),
    accountFeatureFlags: jsonb('account_feature_flags')
      .$type<Record<string, boolean>>()
      .notNull()
      .default({}),
    status: accountStatus('status').notNull().default('active'),
    customTagsSuggestionsByCategory: jsonb('custom_tags_suggestions_by_category')
      .$type<Record<string, unknown>>()
      .notNull()
      .default({}),
    tagsSuggestionsByCategory: jsonb('tags_suggestions_by_category')
      .$type<Record<string, unknown>>()
      .notNull()
      .default({}),
    isSlackAlertsBySaleDetectionEnabled: boolean('is_slack_alerts_by_sale_detection_enabled')
      .notNull()
      .default(false),
    onboarding: jsonb('onboarding').$type<Record<string, unknown> | null>(),
    creationSource: creationSource('creation_source').notNull().default('admin'),
    usageRemoveBackgroundImage: integer('usage_remove_background_image').notNull().default(0),
    config: jsonb('config').$type<AccountConfig>().notNull().default(DEFAULT_CONFIG),
    /** Every amount of the account is in this currency (docs/decisions/0017). */
    currency: text('currency').$type<(typeof CURRENCY_CODES)[number]>().notNull().default('USD'),
    /** The IANA time zone the account's days are counted in (docs/decisions/0048). */
    timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
    ...timestamps,
  },
  (t) => [
    check('accounts_id_length', idLength(t.accountId)),
    check('accounts_name_known', oneOf(t.accountName, ACCOUNT_NAMES)),
    check('accounts_company_name_present', sql`char_length(btrim(${t.companyName})) > 0`),
    check('accounts_usage_non_negative', sql`${t.usageRemoveBackgroundImage} >= 0`),
    check('accounts_currency_known', oneOf(t.currency, CURRENCY_CODES)),
  ],
);
