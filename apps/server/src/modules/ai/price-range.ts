import type { AiPriceGap, AiPriceSuggestion } from '@listloop/domain';
import { keyWordsOf } from './offline-composer';

/** One of the seller's sales, with the sold item's fields. */
export interface SoldItem {
  /** The price of one unit, in major units of `currency`. */
  unitPrice: number;
  currency: string;
  title: string;
  brand: string;
  category: string | null;
}

export interface PriceTarget {
  brand: string | null;
  category: string | null;
  /** The words of the item's title (and the seller's prompt). */
  words: readonly string[];
}

const same = (a: string | null, b: string | null) =>
  Boolean(a?.trim()) && a!.trim().toLowerCase() === b?.trim().toLowerCase();

/**
 * How alike a sale is to the item, as tiers tried in order; the first with any sale gives the
 * range: 1) same brand and same category, 2) same brand or category and a shared title word,
 * 3) two shared title words, 4) same brand, or same category.
 */
function tierOf(sale: SoldItem, target: PriceTarget, wanted: ReadonlySet<string>): number | null {
  const sameBrand = same(target.brand, sale.brand);
  const sameCategory = same(target.category, sale.category);
  const shared = keyWordsOf(sale.title).filter((word) => wanted.has(word)).length;
  if (sameBrand && sameCategory) return 1;
  if ((sameBrand || sameCategory) && shared >= 1) return 2;
  if (shared >= 2) return 3;
  if (sameBrand || sameCategory) return 4;
  return null;
}

/** The nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

/**
 * A price range from the seller's own sales of similar items, in the account's currency: the
 * middle half of the prices (25th to 75th percentile) from four sales on, else the lowest to
 * the highest; whole units, the low end rounded down and the high end up.
 */
export function priceRangeFrom(
  sales: readonly SoldItem[],
  target: PriceTarget,
  currency: string,
): { price: AiPriceSuggestion } | { gap: AiPriceGap } {
  const priced = sales.filter(
    (sale) => sale.currency === currency && Number.isFinite(sale.unitPrice) && sale.unitPrice >= 0,
  );
  if (priced.length === 0) return { gap: 'no_sales' };
  const wanted = new Set(target.words);
  const tiers = new Map<number, number[]>();
  for (const sale of priced) {
    const tier = tierOf(sale, target, wanted);
    if (tier === null) continue;
    tiers.set(tier, [...(tiers.get(tier) ?? []), sale.unitPrice]);
  }
  const best = [...tiers.keys()].sort((a, b) => a - b)[0];
  if (best === undefined) return { gap: 'no_similar_sales' };
  const prices = [...tiers.get(best)!].sort((a, b) => a - b);
  const low = prices.length >= 4 ? percentile(prices, 25) : prices[0]!;
  const high = prices.length >= 4 ? percentile(prices, 75) : prices[prices.length - 1]!;
  return {
    price: {
      min: Math.floor(low),
      max: Math.max(Math.ceil(high), Math.floor(low)),
      currency,
      basedOnSales: prices.length,
    },
  };
}
