// The rules module's door: an account's rules per marketplace (mapping, pricing, defaults) and
// the listing each marketplace would be sent, built from an item and those rules.
export {
  MarketplaceRuleService,
  requireSupportedMarketplace,
  type ListingDefaultsPut,
  type MappingRuleUpsert,
  type MarketplaceRuleSet,
  type PricingRulePut,
} from './marketplace-rule.service';
export {
  ListingPreviewService,
  type CategoryCheck,
  type CategoryVerdict,
  type ListingPreview,
  type ListingPreviewOptions,
  type ListingSending,
} from './listing-preview.service';
