/** Spec §3/§4 onboarding record values; the steps themselves arrive with the onboarding issue. */
export const ONBOARDING_STATUSES = ['APPROVED', 'PENDING'] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];

export const ONBOARDING_STEPS = [
  'contact',
  'crosslisting_workflow',
  'inventory_size',
  'listing_template',
  'main_marketplace',
  'marketplaces',
  'onboarding_done',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const ONBOARDING_API_BASE = '/api/rest/v1/enterprise/onboarding';
