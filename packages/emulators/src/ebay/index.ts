export * from './ebay-emulator';
export * from './ebay-errors';
export { EBAY_CONDITIONS, EBAY_MARKETPLACES, type EbayRules } from './ebay-context';
export { BUSINESS_POLICIES_PROGRAM } from './account-api';
export type { OrderRecord, PolicyType } from './ebay-store';
export {
  EBAY_PHOTO_PATH,
  EbayExistingListingError,
  type EbayExistingListing,
  type EbayExistingListingInput,
} from './existing-listings';
export {
  EBAY_US_CATEGORY_TREE,
  EBAY_US_CATEGORY_TREE_ID,
  ebayLeafCategoryIds,
  type EbayCategoryNode,
} from './ebay-categories';
export { TAXONOMY_BASE_PATH } from './taxonomy-api';
