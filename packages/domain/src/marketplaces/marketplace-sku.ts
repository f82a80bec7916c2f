import type { MarketplaceId } from './marketplaces';

/**
 * What a marketplace takes as a SKU, beyond its length (the catalogue's skuMax): the characters,
 * and the SKUs ListLoop keeps for itself there. The connectors send the seller's SKU where it
 * passes these and the length, and the listing checks say so where it does not (decision 0024),
 * so the item id is never sent in its place without the seller knowing.
 */
export interface SkuRule {
  /** The SKUs the marketplace takes, as a whole-string pattern. */
  characters: RegExp;
  /** Those characters as the check shows them (symbols only, so every language reads them). */
  shown: string;
  /**
   * SKUs ListLoop makes itself on this marketplace (Depop's `<SKU>-r2`, `-r3` … of a relist):
   * a seller's SKU of that shape could name another item's product there.
   */
  reserved?: { pattern: RegExp; shown: string };
}

/** Letters, digits, hyphen, underscore and full stop: nothing a URL path must escape. */
const PATH_SAFE: Pick<SkuRule, 'characters' | 'shown'> = {
  characters: /^[A-Za-z0-9._-]+$/,
  shown: 'A–Z a–z 0–9 - _ .',
};

export const SKU_RULES: Partial<Record<MarketplaceId, SkuRule>> = {
  // ✅ The SKU is a path parameter of the Inventory API (/inventory_item/{sku}); eBay's error
  // 25707 says "only alphanumeric characters". ◐ Hyphens, underscores and full stops are taken
  // in practice (sellers' SKUs such as ABC-123 are listed through it every day).
  ebay: PATH_SAFE,
  // ✅ A path parameter too (/api/v1/products/by-sku/{sku}/; its examples: ABC-12345-S-BL).
  depop: {
    ...PATH_SAFE,
    reserved: { pattern: /-r\d+$/, shown: '-r2' },
  },
};

export type SkuRefusal =
  { code: 'sku.characters'; shown: string } | { code: 'sku.reserved'; shown: string };

/** Why `marketplace` cannot be sent `sku` as it is (length aside); null when it can. */
export function skuRefusal(marketplace: MarketplaceId, sku: string): SkuRefusal | null {
  const rule = SKU_RULES[marketplace];
  if (!rule || sku === '') return null;
  if (!rule.characters.test(sku)) return { code: 'sku.characters', shown: rule.shown };
  if (rule.reserved?.pattern.test(sku)) return { code: 'sku.reserved', shown: rule.reserved.shown };
  return null;
}
