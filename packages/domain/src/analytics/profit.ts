import { IN_PERSON, type SaleChannel } from '../sale-detection/sale-detection.api';
import { isMarketplaceId } from '../marketplaces/marketplaces';
import { defaultFeeSchedule, feeFor, fromCents, type FeeRow } from '../marketplaces/fees';
import type {
  ChannelFigures,
  MoneyFigures,
  OtherCurrency,
  ProfitPoint,
  SaleFigures,
} from './analytics.api';

/**
 * The profit arithmetic of the analytics screen (decision 0049), pure: the database groups the
 * period's sales into classes whose sales share everything the figures depend on, and this
 * turns them into figures. One sale is a class of one, which is how the tests give it.
 *
 * The rules, in one place:
 * - Only `sale` events count; a `double_sale` (a second order for a unit already gone, to be
 *   cancelled) is counted apart and never adds revenue. A dismissed event still happened and
 *   counts.
 * - Money figures are over the sales in the account's currency only; sales in another
 *   currency are listed apart with their own revenue, never converted or added.
 * - A sale's fee is the one the marketplace reported; else, for a sale made in person, none;
 *   else the schedule's rows in force on the sale's UTC day applied to its price (an
 *   estimate when a row is marked uncertain or is charged on price plus shipping, which the
 *   sale does not carry); else unknown — never zero.
 * - Cost of goods is the item's cost × units sold; an item with no cost gives an unknown cost.
 * - Profit is price − fee − cost, summed over the sales where all three are known (estimates
 *   included); the others are counted as left out, each under its first missing part (no
 *   price, then unknown fee, then unknown cost). Margin is that profit over those sales'
 *   revenue.
 */

/** Where a sale's fee came from. */
export type FeeSource = 'reported' | 'schedule' | 'estimated' | 'none' | 'unknown';

export interface SaleClass {
  /** First day of the bucket the sales fall in (YYYY-MM-DD). */
  bucket: string;
  channel: SaleChannel;
  kind: 'sale' | 'double_sale';
  /** The sales' currency (a sale recorded with none is in the account's). */
  currency: string;
  sales: number;
  units: number;
  /** Whether every sale of the class has a price (classes never mix the two). */
  hasPrice: boolean;
  revenueCents: number;
  /** The marketplace's own fees of the class, when it reported them for every sale of it. */
  reportedFeeCents: number | null;
  /**
   * A UTC day on which the fee rows in force are those of every sale of the class (for one
   * sale, the day it sold); null when no row was in force.
   */
  feeDate: string | null;
  /** The one price of every sale of the class, when their fee comes from the schedule. */
  feePriceCents: number | null;
  /** Whether every sale of the class has a cost of goods (classes never mix the two). */
  hasCost: boolean;
  costCents: number;
  /** Milliseconds from each item's creation to its sale, summed (negatives counted as 0). */
  msToSell: number;
}

export interface ProfitOptions {
  /** The account's currency: the only one amounts are added up in. */
  currency: string;
  schedule?: readonly FeeRow[];
}

/** The fee of every sale of a class together, and where it came from. */
export function classFee(
  sale: Pick<
    SaleClass,
    'channel' | 'currency' | 'sales' | 'hasPrice' | 'reportedFeeCents' | 'feeDate' | 'feePriceCents'
  >,
  schedule: readonly FeeRow[] = defaultFeeSchedule,
): { source: FeeSource; cents: number | null } {
  if (sale.reportedFeeCents !== null) return { source: 'reported', cents: sale.reportedFeeCents };
  if (sale.channel === IN_PERSON) return { source: 'none', cents: 0 };
  if (!sale.hasPrice || sale.feeDate === null || sale.feePriceCents === null)
    return { source: 'unknown', cents: null };
  if (!isMarketplaceId(sale.channel)) return { source: 'unknown', cents: null };
  const fee = feeFor(sale.channel, sale.feeDate, fromCents(sale.feePriceCents), 0, {
    currency: sale.currency,
    schedule,
  });
  if (!fee) return { source: 'unknown', cents: null };
  // The sale carries no shipping: a row charged on price plus shipping is short by its share.
  const estimated =
    fee.uncertain || fee.lines.some((line) => line.row.base === 'sale_price_plus_shipping');
  return { source: estimated ? 'estimated' : 'schedule', cents: fee.feeCents * sale.sales };
}

interface MoneyTally {
  sales: number;
  units: number;
  revenueCents: number;
  salesWithoutPrice: number;
  feeCents: number;
  feeCounts: Record<FeeSource, number>;
  costCents: number;
  salesWithoutCost: number;
  profitCents: number;
  profitSales: number;
  profitRevenueCents: number;
  leftOut: { noPrice: number; unknownFee: number; unknownCost: number };
}

interface Tally {
  sales: number;
  units: number;
  msToSell: number;
  doubleSales: number;
  money: MoneyTally;
  other: Map<string, { sales: number; revenueCents: number }>;
}

function emptyTally(): Tally {
  return {
    sales: 0,
    units: 0,
    msToSell: 0,
    doubleSales: 0,
    money: {
      sales: 0,
      units: 0,
      revenueCents: 0,
      salesWithoutPrice: 0,
      feeCents: 0,
      feeCounts: { reported: 0, schedule: 0, estimated: 0, none: 0, unknown: 0 },
      costCents: 0,
      salesWithoutCost: 0,
      profitCents: 0,
      profitSales: 0,
      profitRevenueCents: 0,
      leftOut: { noPrice: 0, unknownFee: 0, unknownCost: 0 },
    },
    other: new Map(),
  };
}

function add(tally: Tally, sale: SaleClass, options: Required<ProfitOptions>): void {
  if (sale.kind === 'double_sale') {
    tally.doubleSales += sale.sales;
    return;
  }
  tally.sales += sale.sales;
  tally.units += sale.units;
  tally.msToSell += sale.msToSell;
  if (sale.currency !== options.currency) {
    const other = tally.other.get(sale.currency) ?? { sales: 0, revenueCents: 0 };
    other.sales += sale.sales;
    other.revenueCents += sale.revenueCents;
    tally.other.set(sale.currency, other);
    return;
  }
  const money = tally.money;
  const fee = classFee(sale, options.schedule);
  money.sales += sale.sales;
  money.units += sale.units;
  money.revenueCents += sale.revenueCents;
  if (!sale.hasPrice) money.salesWithoutPrice += sale.sales;
  money.feeCounts[fee.source] += sale.sales;
  if (fee.cents !== null) money.feeCents += fee.cents;
  if (sale.hasCost) money.costCents += sale.costCents;
  else money.salesWithoutCost += sale.sales;
  if (!sale.hasPrice) money.leftOut.noPrice += sale.sales;
  else if (fee.cents === null) money.leftOut.unknownFee += sale.sales;
  else if (!sale.hasCost) money.leftOut.unknownCost += sale.sales;
  else {
    money.profitCents += sale.revenueCents - fee.cents - sale.costCents;
    money.profitSales += sale.sales;
    money.profitRevenueCents += sale.revenueCents;
  }
}

function moneyFigures(money: MoneyTally): MoneyFigures {
  return {
    sales: money.sales,
    units: money.units,
    revenue: fromCents(money.revenueCents),
    salesWithoutPrice: money.salesWithoutPrice,
    fees: fromCents(money.feeCents),
    feeCounts: { ...money.feeCounts },
    costOfGoods: fromCents(money.costCents),
    salesWithoutCost: money.salesWithoutCost,
    profit: money.profitSales === 0 ? null : fromCents(money.profitCents),
    profitSales: money.profitSales,
    profitRevenue: fromCents(money.profitRevenueCents),
    margin:
      money.profitSales === 0 || money.profitRevenueCents === 0
        ? null
        : money.profitCents / money.profitRevenueCents,
    leftOut: { ...money.leftOut },
  };
}

function otherCurrencies(tally: Tally): OtherCurrency[] {
  return [...tally.other]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, other]) => ({
      currency,
      sales: other.sales,
      revenue: fromCents(other.revenueCents),
    }));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Sold units over sold and still-listed units; null when there is neither. */
export function sellThroughRate(soldUnits: number, listedUnits: number): number | null {
  const base = soldUnits + listedUnits;
  return base === 0 ? null : soldUnits / base;
}

function saleFigures(tally: Tally, listedUnits: number): SaleFigures {
  return {
    sales: tally.sales,
    units: tally.units,
    doubleSales: tally.doubleSales,
    averageDaysToSell: tally.sales === 0 ? null : tally.msToSell / tally.sales / DAY_MS,
    sellThrough: {
      soldUnits: tally.units,
      listedUnits,
      rate: sellThroughRate(tally.units, listedUnits),
    },
    money: moneyFigures(tally.money),
    otherCurrencies: otherCurrencies(tally),
  };
}

export interface ProfitFigures {
  total: SaleFigures;
  channels: ChannelFigures[];
  series: ProfitPoint[];
}

/**
 * The period's figures from its sale classes: the total, each channel that sold or has units
 * listed (biggest revenue first), and one point per bucket of `buckets` (empty ones too).
 * `listed` is the units on hand with a live listing now, per marketplace and in all.
 */
export function profitFigures(
  classes: readonly SaleClass[],
  buckets: readonly string[],
  listed: { total: number; byChannel: Partial<Record<SaleChannel, number>> },
  options: ProfitOptions,
): ProfitFigures {
  const settled: Required<ProfitOptions> = {
    currency: options.currency,
    schedule: options.schedule ?? defaultFeeSchedule,
  };
  const total = emptyTally();
  const byChannel = new Map<SaleChannel, Tally>();
  const byBucket = new Map<string, Tally>(buckets.map((start) => [start, emptyTally()]));
  for (const sale of classes) {
    add(total, sale, settled);
    const channel = byChannel.get(sale.channel) ?? emptyTally();
    add(channel, sale, settled);
    byChannel.set(sale.channel, channel);
    const bucket = byBucket.get(sale.bucket) ?? emptyTally();
    add(bucket, sale, settled);
    byBucket.set(sale.bucket, bucket);
  }
  for (const [channel, units] of Object.entries(listed.byChannel) as [SaleChannel, number][]) {
    if (units > 0 && !byChannel.has(channel)) byChannel.set(channel, emptyTally());
  }
  const channels = [...byChannel]
    .map(([channel, tally]) => ({
      channel,
      ...saleFigures(tally, listed.byChannel[channel] ?? 0),
    }))
    .sort(
      (a, b) =>
        b.money.revenue - a.money.revenue ||
        b.sales - a.sales ||
        a.channel.localeCompare(b.channel),
    );
  const series = [...byBucket]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([start, tally]) => {
      const money = moneyFigures(tally.money);
      return {
        start,
        sales: tally.sales,
        revenue: money.revenue,
        fees: money.fees,
        costOfGoods: money.costOfGoods,
        profit: money.profit,
        profitSales: money.profitSales,
        salesLeftOut: money.sales - money.profitSales,
      };
    });
  return { total: saleFigures(total, listed.total), channels, series };
}
