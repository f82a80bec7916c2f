export * from './etsy-emulator';
export {
  ETSY_AUTHORIZE_PATH,
  ETSY_TOKEN_PATH,
  type EtsyApp,
  type EtsyTokenAnswer,
} from './etsy-oauth';
export { ETSY_API_PREFIX, type EtsyRateLimits } from './etsy-api';
export { DEFAULT_ETSY_RULES, type EtsyRules } from './etsy-context';
export { ETSY_LISTING_STATES, type EtsyListingState } from './etsy-description';
export type { EtsyListingRecord, EtsyReceiptRecord } from './etsy-store';
export { ETSY_SELLER_TAXONOMY, etsyTaxonomyIds, type EtsyTaxonomyNode } from './etsy-taxonomy';
