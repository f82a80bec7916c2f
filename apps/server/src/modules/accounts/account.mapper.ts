import { allowedMarketplaces, type Account, type MarketplaceId } from '@listloop/domain';
import type { AccountRow } from './account.repository';

/** The spec's Account shape (§3) from a row. */
export function toAccount(row: AccountRow): Account {
  return {
    accountId: row.accountId,
    accountName: row.accountName as Account['accountName'],
    companyName: row.companyName,
    dateCreated: row.dateCreated.toISOString(),
    marketplaceAllowedToAccess: row.marketplaceAllowedToAccess,
    brandBlacklistByMarketplace: row.brandBlacklistByMarketplace,
    customBrands: row.customBrands,
    accountFeatureFlags: row.accountFeatureFlags,
    status: row.status,
    customTagsSuggestionsByCategory: row.customTagsSuggestionsByCategory,
    tagsSuggestionsByCategory: row.tagsSuggestionsByCategory,
    isSlackAlertsBySaleDetectionEnabled: row.isSlackAlertsBySaleDetectionEnabled,
    onboarding: row.onboarding ?? null,
    creationSource: row.creationSource,
    usage: { removeBackgroundImage: row.usageRemoveBackgroundImage },
    config: row.config,
    currency: row.currency,
    timeZone: row.timeZone,
  };
}

/**
 * The marketplaces the account may list on (spec §4): its onboarding marketplaces when it has
 * any, else its marketplaceAllowedToAccess. The session state and the listing engine both use it.
 */
export function allowedMarketplacesOf(
  row: Pick<AccountRow, 'marketplaceAllowedToAccess' | 'onboarding'>,
): MarketplaceId[] {
  const onboarding = row.onboarding?.marketplaces;
  return allowedMarketplaces({
    onboardingMarketplaces: Array.isArray(onboarding) ? (onboarding as string[]) : null,
    marketplaceAllowedToAccess: row.marketplaceAllowedToAccess,
  });
}
