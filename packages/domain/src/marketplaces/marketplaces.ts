import { z } from 'zod';

/**
 * Spec §1. The crosslisting group has no public seller API and is carried out by the browser
 * extension; the source group is carried out by server-side API connectors.
 */
export const CROSSLISTING_MARKETPLACES = [
  'mercari',
  'grailed',
  'poshmark',
  'facebook',
  'depop',
  'tradesy',
  'kidizen',
  'vestiaire',
  'vinted',
] as const;

export const SOURCE_MARKETPLACES = [
  'ebay',
  'etsy',
  'whatnot',
  'sellhound',
  'sellwild',
  'vestiaireApi',
  'shopify',
] as const;

export const MARKETPLACE_IDS = [...CROSSLISTING_MARKETPLACES, ...SOURCE_MARKETPLACES] as const;
export type MarketplaceId = (typeof MARKETPLACE_IDS)[number];
export const MarketplaceIdSchema = z.enum(MARKETPLACE_IDS);

/** Spec §1: named, but not offered to sellers. */
export const EXCLUDED_MARKETPLACES: readonly MarketplaceId[] = ['tradesy', 'kidizen', 'sellhound'];

export const SUPPORTED_MARKETPLACES: readonly MarketplaceId[] = MARKETPLACE_IDS.filter(
  (id) => !EXCLUDED_MARKETPLACES.includes(id),
);

export type MarketplaceGroup = 'crosslisting' | 'source';

export function marketplaceGroup(id: MarketplaceId): MarketplaceGroup {
  return (CROSSLISTING_MARKETPLACES as readonly string[]).includes(id) ? 'crosslisting' : 'source';
}

export function isMarketplaceId(value: string): value is MarketplaceId {
  return (MARKETPLACE_IDS as readonly string[]).includes(value);
}

/** Display names are proper nouns and are not translated. */
export const MARKETPLACE_NAMES: Record<MarketplaceId, string> = {
  mercari: 'Mercari',
  grailed: 'Grailed',
  poshmark: 'Poshmark',
  facebook: 'Facebook Marketplace',
  depop: 'Depop',
  tradesy: 'Tradesy',
  kidizen: 'Kidizen',
  vestiaire: 'Vestiaire Collective',
  vinted: 'Vinted',
  ebay: 'eBay',
  etsy: 'Etsy',
  whatnot: 'Whatnot',
  sellhound: 'Sellhound',
  sellwild: 'Sellwild',
  vestiaireApi: 'Vestiaire Collective (API)',
  shopify: 'Shopify',
};

/**
 * The one order every list of marketplaces follows: those the account is connected to first,
 * then the others; within each, alphabetically by the name shown, in the reader's language.
 */
export function orderMarketplaces<Id extends MarketplaceId>(
  ids: Iterable<Id>,
  options: { connected?: (id: MarketplaceId) => boolean; locale?: string } = {},
): Id[] {
  const connected = options.connected ?? (() => false);
  const collator = new Intl.Collator(options.locale, { sensitivity: 'base' });
  return [...new Set(ids)].sort(
    (a, b) =>
      Number(connected(b)) - Number(connected(a)) ||
      collator.compare(MARKETPLACE_NAMES[a], MARKETPLACE_NAMES[b]),
  );
}

/**
 * Spec §4: the marketplaces a seller may use come from the onboarding marketplaces when there
 * are any, otherwise from the account's marketplaceAllowedToAccess; either way only supported
 * ones. An account with no explicit access map may use every supported marketplace.
 */
export function allowedMarketplaces(input: {
  onboardingMarketplaces?: readonly string[] | null;
  marketplaceAllowedToAccess?: Partial<Record<string, boolean>> | null;
}): MarketplaceId[] {
  const fromOnboarding = (input.onboardingMarketplaces ?? []).filter(isMarketplaceId);
  if (fromOnboarding.length > 0) {
    return SUPPORTED_MARKETPLACES.filter((id) => fromOnboarding.includes(id));
  }
  const access = input.marketplaceAllowedToAccess;
  if (!access || Object.keys(access).length === 0) return [...SUPPORTED_MARKETPLACES];
  return SUPPORTED_MARKETPLACES.filter((id) => access[id] === true);
}
