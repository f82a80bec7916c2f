import type { Account } from '@listloop/domain';
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
  };
}
