import { z } from 'zod';
import { CountryCodeSchema, DEFAULT_COUNTRY } from '../regions/regions';

export const TEST_USER_TYPES = ['betaUser', 'listloopTeam'] as const;

/** Spec §3 User (details). */
export const UserDetailsSchema = z.object({
  firstName: z.string().trim().max(100).default(''),
  lastName: z.string().trim().max(100).default(''),
  createdAt: z.string(),
  featureFlags: z.record(z.string(), z.boolean()).default({}),
  testUserFeatures: z.record(z.string(), z.boolean()).default({}),
  testUserType: z.enum(TEST_USER_TYPES).optional(),
  countryCode: CountryCodeSchema.default(DEFAULT_COUNTRY),
  hideSaleDetectionToggle: z.boolean().default(false),
  crossEnvUserId: z.string().default(''),
});
export type UserDetails = z.infer<typeof UserDetailsSchema> & { fullName: string };

/** fullName is derived: first and last name joined. */
export function fullName(details: { firstName: string; lastName: string }): string {
  return [details.firstName, details.lastName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

/** Spec §3: per-user help-text-seen flags, all false until seen. */
export const HELP_TEXT_KEYS = [
  'marketplaceConnections',
  'exportItems',
  'mappingRules',
  'pricingRules',
  'defaults',
  'labelManager',
  'tagsSuggestions',
  'automations',
  'mappingRulesCategorySpecifics',
  'teamManagement',
  'profile',
  'workflow',
  'favoriteCategories',
  'itemCreation',
  'marketplaces',
  'mapShopifyMetafields',
  'import',
  'shopifySetup',
] as const;
export type HelpTextKey = (typeof HELP_TEXT_KEYS)[number];
export const HelpTextKeySchema = z.enum(HELP_TEXT_KEYS);
export type HelpTextSeen = Record<HelpTextKey, boolean>;

export function defaultHelpTextSeen(): HelpTextSeen {
  return Object.fromEntries(HELP_TEXT_KEYS.map((key) => [key, false])) as HelpTextSeen;
}
