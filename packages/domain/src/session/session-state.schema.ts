import { z } from 'zod';
import { AccountSchema } from '../accounts/account.schema';
import {
  ACCESS_LEVELS,
  PublicAccountUserSchema,
  ACCOUNT_USER_STATUSES,
} from '../account-users/account-user.schema';
import { CountryCodeSchema, LOCALES } from '../regions/regions';
import { HELP_TEXT_KEYS, TEST_USER_TYPES } from '../users/user-details.schema';
import { MarketplaceIdSchema } from '../marketplaces/marketplaces';
import { AuthKeysSchema } from '../service-keys/service-key.api';

const EntrySchema = z.object({ enabled: z.boolean(), dateEnabled: z.string().nullable() });

export const RoleSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  isProtected: z.boolean(),
  permissions: z.record(z.string(), z.boolean()),
});

export const MembershipSummarySchema = z.object({
  accountId: z.string(),
  accountName: z.string(),
  companyName: z.string(),
  status: z.enum(ACCOUNT_USER_STATUSES),
  accessLevel: z.enum(ACCESS_LEVELS),
});

/** Spec §3 "Session state", as the server hands it to the web app after sign-in. */
export const SessionStateSchema = z.object({
  status: z.literal('logged-in'),
  accessLevel: z.enum(ACCESS_LEVELS),
  accountId: z.string(),
  email: z.string(),
  userId: z.string(),
  marketplaceAllowedToAccess: z.record(z.string(), z.boolean()),
  allowedMarketplaces: z.array(MarketplaceIdSchema),
  brandBlacklistByMarketplace: z.record(z.string(), z.array(z.string())),
  customBrands: z.array(z.string()),
  /**
   * Spec §3's search read-only key and user-role key: the newest live key of each kind, masked
   * (the secret is shown once and never kept); null when none, or when the viewer may not
   * manage the account's keys.
   */
  authKeys: AuthKeysSchema,
  accountName: z.string(),
  currentAccountUser: PublicAccountUserSchema,
  accountUsers: z.array(MembershipSummarySchema),
  details: z.object({
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    createdAt: z.string(),
    featureFlags: z.record(z.string(), z.boolean()),
    testUserFeatures: z.record(z.string(), z.boolean()),
    testUserType: z.enum(TEST_USER_TYPES).nullable(),
    countryCode: CountryCodeSchema,
    hideSaleDetectionToggle: z.boolean(),
    crossEnvUserId: z.string(),
  }),
  accountFeatureFlags: z.record(z.string(), z.boolean()),
  /** Every known flag, resolved from the three sources of spec §6. */
  featureFlags: z.record(z.string(), z.boolean()),
  saleDetection: z.record(z.string(), EntrySchema),
  account: AccountSchema,
  tagsSuggestionsByCategory: z.record(z.string(), z.unknown()),
  role: RoleSummarySchema.nullable(),
  permissions: z.record(z.string(), z.boolean()),
  helpTextSeen: z.object({
    status: z.literal('loaded'),
    data: z.record(z.enum(HELP_TEXT_KEYS), z.boolean()),
  }),
  locale: z.enum(LOCALES),
});
export type SessionState = z.infer<typeof SessionStateSchema>;
export type RoleSummary = z.infer<typeof RoleSummarySchema>;
