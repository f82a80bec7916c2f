import type { Item, ItemCondition } from '@listloop/domain';
import {
  TAG_CHARACTERISTICS,
  type ConnectorTagging,
  type TagCharacteristic,
  type TagRules,
} from '../contract';

/**
 * Shopify tags derived from an item's characteristics by rule (spec §7,
 * `PATCH /api/rest/v1/item/set-shopify-tags-based-on-characteristics`): brand, category,
 * colour, size and condition each become a tag, labelled ("Brand: Levi's") so a shop's
 * filters can group them, or plain ("Levi's"). Deriving again replaces the tags a previous
 * derivation made and keeps the seller's own.
 */
export const SHOPIFY_TAG_CHARACTERISTICS = TAG_CHARACTERISTICS;
export type ShopifyTagCharacteristic = TagCharacteristic;

export type ItemCharacteristics = Record<ShopifyTagCharacteristic, string>;

export type ShopifyTagRules = TagRules;

export const DEFAULT_SHOPIFY_TAG_RULES: ShopifyTagRules = {
  characteristics: SHOPIFY_TAG_CHARACTERISTICS,
  style: 'labelled',
  labels: {
    brand: 'Brand',
    category: 'Category',
    // Shopify's own option and filter names are American English.
    colour: 'Color',
    size: 'Size',
    condition: 'Condition',
  },
};

/** Our conditions in words a buyer reads. */
export const CONDITION_WORDS: Record<ItemCondition, string> = {
  new_with_tags: 'New with tags',
  new_without_tags: 'New without tags',
  like_new: 'Like new',
  good: 'Good',
  fair: 'Fair',
  poor: 'Poor',
};

/** ✅ A Shopify tag holds at most 255 characters; ◐ commas split tags, so none are kept. */
const TAG_MAX = 255;

function clean(value: string): string {
  return value.replace(/,/g, ' ').replace(/\s+/g, ' ').trim();
}

/** The most specific part of a category: the last step of a path or of categoryV2. */
function categoryName(item: Item): string {
  const details = item.generalDetails;
  const path = details.categoryV2?.path ?? [];
  if (path.length > 0) return path[path.length - 1] ?? '';
  const category = details.category ?? '';
  const parts = category.split(/\s*(?:>|›|\/)\s*/).filter(Boolean);
  return parts[parts.length - 1] ?? '';
}

/** The characteristics of an item, as text ('' when the item has none). */
export function itemCharacteristics(item: Item): ItemCharacteristics {
  const details = item.generalDetails;
  return {
    brand: clean(details.brand),
    category: clean(categoryName(item)),
    colour: clean(details.primaryColor ?? ''),
    size: clean(details.size),
    condition: details.condition ? CONDITION_WORDS[details.condition] : '',
  };
}

/** The tags the rules derive from these characteristics. */
export function deriveShopifyTags(
  characteristics: ItemCharacteristics,
  rules: ShopifyTagRules = DEFAULT_SHOPIFY_TAG_RULES,
): string[] {
  const tags: string[] = [];
  for (const key of rules.characteristics) {
    const value = clean(characteristics[key]);
    if (!value) continue;
    const tag = rules.style === 'labelled' ? `${rules.labels[key]}: ${value}` : value;
    tags.push(tag.slice(0, TAG_MAX));
  }
  return tags;
}

/** Whether a tag looks like one the labelled rules made ("Brand: …"). */
function isDerived(tag: string, rules: ShopifyTagRules): boolean {
  if (rules.style !== 'labelled') return false;
  return Object.values(rules.labels).some((label) =>
    tag.toLowerCase().startsWith(`${label.toLowerCase()}:`),
  );
}

/**
 * The item's tags with freshly derived ones: tags an earlier derivation made (labelled ones)
 * are replaced, the seller's other tags kept, duplicates dropped (case-insensitively), at most
 * 250 (Shopify's limit ✅).
 */
export function withDerivedShopifyTags(
  existing: readonly string[],
  item: Item,
  rules: ShopifyTagRules = DEFAULT_SHOPIFY_TAG_RULES,
): string[] {
  const kept = existing.map(clean).filter((tag) => tag && !isDerived(tag, rules));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tag of [...kept, ...deriveShopifyTags(itemCharacteristics(item), rules)]) {
    if (seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out.slice(0, 250);
}

/** Shopify's tagging, as the tags module takes it. */
export const shopifyTagging: ConnectorTagging = {
  defaults: DEFAULT_SHOPIFY_TAG_RULES,
  withDerived: (current, item, rules) => withDerivedShopifyTags(current, item, rules),
};
