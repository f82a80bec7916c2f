import { describe, expect, it } from 'vitest';
import { CATEGORY_SEPARATOR, categoryLevels } from '@listloop/domain';
import {
  EBAY_US_CATEGORY_TREE,
  ebayLeafCategoryIds,
  ETSY_SELLER_TAXONOMY,
  etsyTaxonomyIds,
} from '@listloop/emulators';
import { demoEbayCategories, demoEtsyCategories, demoItems } from './demo-catalogue';

describe('the demo catalogue', () => {
  it('writes its categories with the separator the item form shows', () => {
    for (const { category } of demoEbayCategories()) {
      expect(category).toBe(categoryLevels(category).join(CATEGORY_SEPARATOR));
      expect(categoryLevels(category).length).toBeGreaterThan(1);
    }
    expect(demoItems(5).every((item) => item.generalDetails.category?.includes(' › '))).toBe(true);
  });

  it('maps to eBay leaf categories and Etsy nodes the sandbox marketplaces offer', () => {
    const leaves = ebayLeafCategoryIds(EBAY_US_CATEGORY_TREE);
    for (const { ebayCategoryId } of demoEbayCategories()) expect(leaves).toContain(ebayCategoryId);
    const nodes = etsyTaxonomyIds(ETSY_SELLER_TAXONOMY);
    for (const { etsyTaxonomyId } of demoEtsyCategories()) {
      expect(nodes).toContain(Number(etsyTaxonomyId));
    }
  });
});
