/**
 * Spec §6 names these flags; the keys are ours. Flags come from three sources merged by one
 * provider: the always-on beta list below, the account's stored flags, and a remote flag file.
 */
export const FEATURE_FLAGS = [
  'newPricing',
  'onboardingV5',
  'onboardingRework',
  'sharingV2',
  'aiTextSpeechToItem',
  'listingVideos',
  'userManagementRolesAndPermissions',
  'shopifyBilling',
  'subscriptionB2B',
  'countryUS',
  'countryUK',
  'countryIT',
  'countryES',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/** Always on for everyone, whatever the other sources say. */
export const ALWAYS_ON_BETA_FLAGS: readonly FeatureFlag[] = [
  'userManagementRolesAndPermissions',
  'countryUS',
  'countryUK',
  'countryIT',
  'countryES',
];

/** Spec §9: the remote flag file is refreshed every 15 minutes and fetched within 5 s. */
export const REMOTE_FLAGS_REFRESH_MS = 900_000;
export const REMOTE_FLAGS_TIMEOUT_MS = 5_000;

/**
 * Merge order: remote file, then the account's stored flags (an account may switch a flag on
 * or off for itself), then the always-on list, which nothing overrides.
 */
export function mergeFlags(sources: {
  remote?: Record<string, boolean> | null;
  account?: Record<string, boolean> | null;
}): Record<string, boolean> {
  const merged: Record<string, boolean> = {};
  for (const flag of FEATURE_FLAGS) merged[flag] = false;
  Object.assign(merged, sources.remote ?? {}, sources.account ?? {});
  for (const flag of ALWAYS_ON_BETA_FLAGS) merged[flag] = true;
  return merged;
}
