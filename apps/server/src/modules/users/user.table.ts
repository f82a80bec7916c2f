import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { COUNTRY_CODES, TEST_USER_TYPES } from '@listloop/domain';
import { timestamps } from '../../platform/db/columns';
import { authUsers } from '../auth/auth.table';

export const countryCode = pgEnum('country_code', COUNTRY_CODES);
export const testUserType = pgEnum('test_user_type', TEST_USER_TYPES);

/** Spec §3 User (details). fullName is derived by the database from first and last name. */
export const userDetails = pgTable('user_details', {
  userId: text('user_id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  fullName: text('full_name').generatedAlwaysAs(sql`btrim(first_name || ' ' || last_name)`),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  featureFlags: jsonb('feature_flags').$type<Record<string, boolean>>().notNull().default({}),
  testUserFeatures: jsonb('test_user_features')
    .$type<Record<string, boolean>>()
    .notNull()
    .default({}),
  testUserType: testUserType('test_user_type'),
  countryCode: countryCode('country_code').notNull().default('US'),
  hideSaleDetectionToggle: boolean('hide_sale_detection_toggle').notNull().default(false),
  crossEnvUserId: text('cross_env_user_id').notNull().default(''),
  updatedAt: timestamps.updatedAt,
});

/** Spec §3 help-text-seen flags: one column per flag, all false until seen. */
export const helpTextSeen = pgTable('help_text_seen', {
  userId: text('user_id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  marketplaceConnections: boolean('marketplace_connections').notNull().default(false),
  exportItems: boolean('export_items').notNull().default(false),
  mappingRules: boolean('mapping_rules').notNull().default(false),
  pricingRules: boolean('pricing_rules').notNull().default(false),
  defaults: boolean('defaults').notNull().default(false),
  labelManager: boolean('label_manager').notNull().default(false),
  tagsSuggestions: boolean('tags_suggestions').notNull().default(false),
  automations: boolean('automations').notNull().default(false),
  mappingRulesCategorySpecifics: boolean('mapping_rules_category_specifics')
    .notNull()
    .default(false),
  teamManagement: boolean('team_management').notNull().default(false),
  profile: boolean('profile').notNull().default(false),
  workflow: boolean('workflow').notNull().default(false),
  favoriteCategories: boolean('favorite_categories').notNull().default(false),
  itemCreation: boolean('item_creation').notNull().default(false),
  marketplaces: boolean('marketplaces').notNull().default(false),
  mapShopifyMetafields: boolean('map_shopify_metafields').notNull().default(false),
  import: boolean('import').notNull().default(false),
  shopifySetup: boolean('shopify_setup').notNull().default(false),
  updatedAt: timestamps.updatedAt,
});

type SettingEntry = { enabled: boolean; dateEnabled: string | null };

/** Spec §3 User settings; read by the session (saleDetection) and edited in a later issue. */
export const userSettings = pgTable('user_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  saleDetection: jsonb('sale_detection')
    .$type<Record<string, SettingEntry>>()
    .notNull()
    .default({}),
  notifications: jsonb('notifications').$type<Record<string, SettingEntry>>().notNull().default({}),
  mercariForm: jsonb('mercari_form')
    .$type<{ showSwitchShipping: boolean }>()
    .notNull()
    .default({ showSwitchShipping: true }),
  forceDelistRelist: jsonb('force_delist_relist')
    .$type<Record<string, SettingEntry>>()
    .notNull()
    .default({}),
  updatedAt: timestamps.updatedAt,
});
