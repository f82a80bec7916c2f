import { z } from 'zod';
import { IdSchema } from '../ids/ids';
import { CURRENCY_CODES } from '../marketplaces/catalogue';
import { DEFAULT_TIME_ZONE } from '../regions/time-zone';

/**
 * Spec §3 Account. `accountName` names the edition of the product an account belongs to:
 * ListLoop's own (the default) or one of its partner editions. The spec names one of the
 * five (shopify) and omits the others; docs/decisions/0004 records the names we chose.
 */
export const ACCOUNT_NAMES = ['listloop', 'shopify', 'ebay', 'vestiaire', 'enterprise'] as const;
export type AccountName = (typeof ACCOUNT_NAMES)[number];
export const DEFAULT_ACCOUNT_NAME: AccountName = 'listloop';

export function isKnownAccountName(value: unknown): value is AccountName {
  return (
    typeof value === 'string' &&
    (ACCOUNT_NAMES as readonly string[]).includes(value.trim().toLowerCase())
  );
}

export const ACCOUNT_STATUSES = ['active', 'inactive'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const CREATION_SOURCES = ['admin', 'enterprise'] as const;
export type CreationSource = (typeof CREATION_SOURCES)[number];

export const PICKING_LIST_VERIFICATION_METHODS = ['via_photo', 'via_barcode'] as const;
export const SHOPIFY_WEBHOOKS = ['ORDERS_CREATE', 'PRODUCTS_CREATE', 'PRODUCTS_UPDATE'] as const;

export const AccountConfigSchema = z.object({
  features: z
    .object({
      isMultiVariantsEnabled: z.boolean().default(false),
      pickingList: z
        .object({
          isEnabled: z.boolean().default(false),
          verificationMethod: z.enum(PICKING_LIST_VERIFICATION_METHODS).default('via_photo'),
        })
        .prefault({}),
    })
    .prefault({}),
  shopify: z
    .object({
      webhooksAvailable: z.array(z.enum(SHOPIFY_WEBHOOKS)).default(['ORDERS_CREATE']),
    })
    .prefault({}),
});
export type AccountConfig = z.infer<typeof AccountConfigSchema>;

/** Spec §5: the account record must conform to this shape; unknown fields are stripped. */
export const AccountSchema = z.object({
  accountId: IdSchema,
  accountName: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(ACCOUNT_NAMES))
    .default(DEFAULT_ACCOUNT_NAME),
  companyName: z.string().trim().min(1, { message: 'Company name is required' }),
  dateCreated: z.string(),
  marketplaceAllowedToAccess: z.record(z.string(), z.boolean()).default({}),
  brandBlacklistByMarketplace: z.record(z.string(), z.array(z.string())).default({}),
  customBrands: z.array(z.string()).default([]),
  accountFeatureFlags: z.record(z.string(), z.boolean()).default({}),
  status: z.enum(ACCOUNT_STATUSES).default('active'),
  customTagsSuggestionsByCategory: z.record(z.string(), z.unknown()).default({}),
  tagsSuggestionsByCategory: z.record(z.string(), z.unknown()).default({}),
  isSlackAlertsBySaleDetectionEnabled: z.boolean().default(false),
  onboarding: z.record(z.string(), z.unknown()).nullable().default(null),
  creationSource: z.enum(CREATION_SOURCES).default('admin'),
  usage: z.object({ removeBackgroundImage: z.number().int().min(0).default(0) }).prefault({}),
  config: AccountConfigSchema.prefault({}),
  /**
   * The one currency of every amount the account keeps (prices, costs, rules, sales): set from
   * the owner's country when the account is opened. Not in the spec; docs/decisions/0017.
   */
  currency: z.enum(CURRENCY_CODES).default('USD'),
  /**
   * The IANA time zone the account's days are counted in (reports, totals by date): set from
   * the owner's country when the account is opened. Not in the spec; docs/decisions/0048.
   */
  timeZone: z.string().default(DEFAULT_TIME_ZONE),
});
export type Account = z.infer<typeof AccountSchema>;
