import { z } from 'zod';
import { COUNTRY_CODES } from '../regions/regions';
import { NewPasswordSchema } from '../session/auth.schema';
import {
  ACCOUNT_STATUSES,
  CREATION_SOURCES,
  AccountConfigSchema,
  PICKING_LIST_VERIFICATION_METHODS,
  SHOPIFY_WEBHOOKS,
} from './account.schema';
import { CURRENCY_CODES } from '../marketplaces/catalogue';
import { TimeZoneSchema } from '../regions/time-zone';

export const COMPANY_NAME_MAX_LENGTH = 200;
export const PERSON_NAME_MAX_LENGTH = 100;
/** The longest address SMTP carries (RFC 5321's path limit less its brackets). */
export const EMAIL_MAX_LENGTH = 254;

const CompanyNameSchema = z
  .string({ message: 'Company name is required' })
  .trim()
  .min(1, { message: 'Company name is required' })
  .max(COMPANY_NAME_MAX_LENGTH, {
    message: `Company name must be at most ${COMPANY_NAME_MAX_LENGTH} characters`,
  });

/**
 * Spec §7 POST /api/account: a new seller opens an account and becomes its owner. Unknown
 * fields are stripped (spec §5 "unknown fields are stripped").
 */
export const SignUpSchema = z.object({
  companyName: CompanyNameSchema,
  firstName: z
    .string({ message: 'First name is required' })
    .trim()
    .min(1, { message: 'First name is required' })
    .max(PERSON_NAME_MAX_LENGTH, {
      message: `First name must be at most ${PERSON_NAME_MAX_LENGTH} characters`,
    }),
  lastName: z
    .string({ message: 'Last name must be text' })
    .trim()
    .max(PERSON_NAME_MAX_LENGTH, {
      message: `Last name must be at most ${PERSON_NAME_MAX_LENGTH} characters`,
    })
    .default(''),
  email: z
    .string({ message: 'Email is required' })
    .trim()
    .min(1, { message: 'Email is required' })
    .max(EMAIL_MAX_LENGTH, { message: `Email must be at most ${EMAIL_MAX_LENGTH} characters` })
    .pipe(z.email({ message: 'Email must be a valid e-mail address' })),
  password: NewPasswordSchema,
  countryCode: z
    .enum(COUNTRY_CODES, { message: `Country must be one of ${COUNTRY_CODES.join(', ')}` })
    .default('US'),
});
export type SignUpInput = z.infer<typeof SignUpSchema>;
/** What the sign-up form holds before parsing (the country may be left to its default). */
export type SignUpFormInput = z.input<typeof SignUpSchema>;

export const SignUpResultSchema = z.object({
  accountId: z.string(),
  userId: z.string(),
  email: z.string(),
});
export type SignUpResult = z.infer<typeof SignUpResultSchema>;

/** Spec §7 GET /api/account: what the account settings screen shows. */
export const AccountSettingsSchema = z.object({
  accountId: z.string(),
  companyName: z.string(),
  config: AccountConfigSchema,
  isSlackAlertsBySaleDetectionEnabled: z.boolean(),
  /** Whether a Slack webhook is stored: alerts can be switched on only then. */
  slackWebhookConfigured: z.boolean(),
  currency: z.enum(CURRENCY_CODES),
  /** The IANA time zone the account's days are counted in. */
  timeZone: z.string(),
  dateCreated: z.string(),
  creationSource: z.enum(CREATION_SOURCES),
  status: z.enum(ACCOUNT_STATUSES),
});
export type AccountSettings = z.infer<typeof AccountSettingsSchema>;

/**
 * Spec §7 PUT /api/account: a partial save. A field left out keeps its value; unknown fields
 * are stripped. Shopify needs at least one webhook: without any, a connected store tells
 * ListLoop nothing, not even its orders (sale detection).
 */
export const AccountSettingsUpdateSchema = z.object({
  companyName: CompanyNameSchema.optional(),
  config: z
    .object({
      features: z
        .object({
          isMultiVariantsEnabled: z.boolean().optional(),
          pickingList: z
            .object({
              isEnabled: z.boolean().optional(),
              verificationMethod: z
                .enum(PICKING_LIST_VERIFICATION_METHODS, {
                  message: 'Verification method must be via_photo or via_barcode',
                })
                .optional(),
            })
            .optional(),
        })
        .optional(),
      shopify: z
        .object({
          webhooksAvailable: z
            .array(
              z.enum(SHOPIFY_WEBHOOKS, {
                message: `Shopify webhooks must be among ${SHOPIFY_WEBHOOKS.join(', ')}`,
              }),
            )
            .min(1, { message: 'Choose at least one Shopify webhook' })
            .max(SHOPIFY_WEBHOOKS.length * 2)
            // Kept in the catalogue's order, each once, so a save compares equal to the screen.
            .transform((topics) => SHOPIFY_WEBHOOKS.filter((topic) => topics.includes(topic))),
        })
        .optional(),
    })
    .optional(),
  isSlackAlertsBySaleDetectionEnabled: z.boolean().optional(),
  timeZone: TimeZoneSchema.optional(),
});
export type AccountSettingsUpdate = z.infer<typeof AccountSettingsUpdateSchema>;
export type AccountSettingsUpdateInput = z.input<typeof AccountSettingsUpdateSchema>;

type AccountConfig = z.infer<typeof AccountConfigSchema>;

/** The account's config with a partial save applied: what is left out stays as it was. */
export function mergeAccountConfig(
  current: AccountConfig,
  update: AccountSettingsUpdate['config'],
): AccountConfig {
  const base = AccountConfigSchema.parse(current ?? {});
  if (!update) return base;
  return {
    features: {
      isMultiVariantsEnabled:
        update.features?.isMultiVariantsEnabled ?? base.features.isMultiVariantsEnabled,
      pickingList: {
        isEnabled: update.features?.pickingList?.isEnabled ?? base.features.pickingList.isEnabled,
        verificationMethod:
          update.features?.pickingList?.verificationMethod ??
          base.features.pickingList.verificationMethod,
      },
    },
    shopify: {
      webhooksAvailable: update.shopify?.webhooksAvailable ?? base.shopify.webhooksAvailable,
    },
  };
}
