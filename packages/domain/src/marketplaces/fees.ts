import { z } from 'zod';
import { MarketplaceIdSchema, type MarketplaceId } from './marketplaces';

/**
 * Marketplace fees for profit figures. A schedule is a set of rows; the rows of one marketplace
 * and currency that share the latest effectiveFrom on or before a date are the fees in force
 * then. A change of fees is therefore new rows with a new date, never an edited row, so past
 * profit figures keep the fees they were sold under.
 *
 * One row is one component (selling fee, payment processing, listing fee …). A row may apply
 * to a band of its base amount only (eBay's $0.30/$0.40 per order, Poshmark's flat fee under
 * $15). Amounts are integer cents; bands are [baseFromCents, baseBelowCents).
 */

export const FEE_BASES = ['sale_price', 'sale_price_plus_shipping'] as const;
export type FeeBase = (typeof FEE_BASES)[number];

const IsoDateSchema = z.iso.date({ message: 'effectiveFrom must be an ISO date (YYYY-MM-DD)' });

export const FeeRowSchema = z
  .object({
    marketplace: MarketplaceIdSchema,
    effectiveFrom: IsoDateSchema,
    component: z.string().min(1),
    /** Percent of the base, at most two decimals (13.6 = 13.6 %). */
    percentage: z
      .number()
      .min(0)
      .max(100)
      .refine((p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6, {
        message: 'percentage has at most two decimals',
      }),
    fixedFeeCents: z.number().int().min(0),
    base: z.enum(FEE_BASES),
    /** Inclusive lower bound of the base amount this row applies to; null = from zero. */
    baseFromCents: z.number().int().min(0).nullable().default(null),
    /** Exclusive upper bound; null = no upper bound. */
    baseBelowCents: z.number().int().min(1).nullable().default(null),
    currency: z.string().length(3),
    /** ◐ = the README marks this figure uncertain; the UI may say "estimated". */
    uncertain: z.boolean().default(false),
    note: z.string().default(''),
  })
  .refine(
    (r) =>
      r.baseFromCents === null || r.baseBelowCents === null || r.baseFromCents < r.baseBelowCents,
    { message: 'baseFromCents must be below baseBelowCents', path: ['baseBelowCents'] },
  );
export type FeeRow = z.infer<typeof FeeRowSchema>;
export type FeeRowInput = z.input<typeof FeeRowSchema>;
export const FeeScheduleSchema = z.array(FeeRowSchema);

/**
 * '2000-01-01' stands for "in force before we started tracking": the README gives no start date
 * for these rows.
 */
const SINCE_EVER = '2000-01-01';

const DEFAULT_FEE_ROWS: FeeRowInput[] = [
  // eBay: final value fee by category; ~13.6 % for most ◐, on the total incl. shipping ✅ (and tax,
  // which we do not hold). Per-order fee since 2024-03 ✅: $0.30 at or under $10, $0.40 over.
  {
    marketplace: 'ebay',
    effectiveFrom: '2024-03-01',
    component: 'final_value',
    percentage: 13.6,
    fixedFeeCents: 0,
    base: 'sale_price_plus_shipping',
    currency: 'USD',
    uncertain: true,
    note: 'Most categories; the rate varies by category.',
  },
  {
    marketplace: 'ebay',
    effectiveFrom: '2024-03-01',
    component: 'per_order',
    percentage: 0,
    fixedFeeCents: 30,
    base: 'sale_price_plus_shipping',
    baseBelowCents: 1001,
    currency: 'USD',
    note: 'Order total at or under $10.',
  },
  {
    marketplace: 'ebay',
    effectiveFrom: '2024-03-01',
    component: 'per_order',
    percentage: 0,
    fixedFeeCents: 40,
    base: 'sale_price_plus_shipping',
    baseFromCents: 1001,
    currency: 'USD',
    note: 'Order total over $10.',
  },
  // Poshmark ◐: $2.95 flat under $15, 20 % at $15 and over.
  {
    marketplace: 'poshmark',
    effectiveFrom: SINCE_EVER,
    component: 'selling',
    percentage: 0,
    fixedFeeCents: 295,
    base: 'sale_price',
    baseBelowCents: 1500,
    currency: 'USD',
    uncertain: true,
  },
  {
    marketplace: 'poshmark',
    effectiveFrom: SINCE_EVER,
    component: 'selling',
    percentage: 20,
    fixedFeeCents: 0,
    base: 'sale_price',
    baseFromCents: 1500,
    currency: 'USD',
    uncertain: true,
  },
  // Mercari ◐: 10 % selling fee since 2025-01.
  {
    marketplace: 'mercari',
    effectiveFrom: '2025-01-01',
    component: 'selling',
    percentage: 10,
    fixedFeeCents: 0,
    base: 'sale_price',
    currency: 'USD',
    uncertain: true,
  },
  // Depop ◐: 10 % + processing until the US/UK selling fee was dropped in 2024 (the exact day ◐),
  // then processing only (~3.3 % + $0.45 ◐).
  {
    marketplace: 'depop',
    effectiveFrom: SINCE_EVER,
    component: 'selling',
    percentage: 10,
    fixedFeeCents: 0,
    base: 'sale_price_plus_shipping',
    currency: 'USD',
    uncertain: true,
  },
  {
    marketplace: 'depop',
    effectiveFrom: SINCE_EVER,
    component: 'payment',
    percentage: 3.3,
    fixedFeeCents: 45,
    base: 'sale_price_plus_shipping',
    currency: 'USD',
    uncertain: true,
  },
  {
    marketplace: 'depop',
    effectiveFrom: '2024-07-15',
    component: 'payment',
    percentage: 3.3,
    fixedFeeCents: 45,
    base: 'sale_price_plus_shipping',
    currency: 'USD',
    uncertain: true,
    note: 'Selling fee dropped for US sellers; the date is approximate.',
  },
  // Grailed ◐: 9 % commission + ~3.49 % + $0.49 processing.
  {
    marketplace: 'grailed',
    effectiveFrom: SINCE_EVER,
    component: 'commission',
    percentage: 9,
    fixedFeeCents: 0,
    base: 'sale_price',
    currency: 'USD',
    uncertain: true,
  },
  {
    marketplace: 'grailed',
    effectiveFrom: SINCE_EVER,
    component: 'payment',
    percentage: 3.49,
    fixedFeeCents: 49,
    base: 'sale_price_plus_shipping',
    currency: 'USD',
    uncertain: true,
  },
  // Etsy ✅ (US): 6.5 % transaction + 3 % + $0.25 payment + $0.20 listing. The start date and
  // which components include shipping are ◐.
  {
    marketplace: 'etsy',
    effectiveFrom: '2022-04-11',
    component: 'transaction',
    percentage: 6.5,
    fixedFeeCents: 0,
    base: 'sale_price_plus_shipping',
    currency: 'USD',
  },
  {
    marketplace: 'etsy',
    effectiveFrom: '2022-04-11',
    component: 'payment',
    percentage: 3,
    fixedFeeCents: 25,
    base: 'sale_price_plus_shipping',
    currency: 'USD',
  },
  {
    marketplace: 'etsy',
    effectiveFrom: '2022-04-11',
    component: 'listing',
    percentage: 0,
    fixedFeeCents: 20,
    base: 'sale_price',
    currency: 'USD',
  },
  // Vinted ✅: no seller fee; the buyer pays for protection.
  {
    marketplace: 'vinted',
    effectiveFrom: SINCE_EVER,
    component: 'selling',
    percentage: 0,
    fixedFeeCents: 0,
    base: 'sale_price',
    currency: 'USD',
  },
  // Whatnot ✅: 8 % commission + 2.9 % + $0.30 processing (bases ◐).
  {
    marketplace: 'whatnot',
    effectiveFrom: SINCE_EVER,
    component: 'commission',
    percentage: 8,
    fixedFeeCents: 0,
    base: 'sale_price',
    currency: 'USD',
  },
  {
    marketplace: 'whatnot',
    effectiveFrom: SINCE_EVER,
    component: 'payment',
    percentage: 2.9,
    fixedFeeCents: 30,
    base: 'sale_price_plus_shipping',
    currency: 'USD',
  },
];

export const defaultFeeSchedule: readonly FeeRow[] = Object.freeze(
  FeeScheduleSchema.parse(DEFAULT_FEE_ROWS),
);

/** Major units to integer cents, rounding half away from zero (12.345 → 1235). */
export function toCents(amount: number): number {
  // toFixed(6) removes binary noise (1.005 is 1.00499999…) before rounding to cents.
  const scaled = Number((amount * 100).toFixed(6));
  return Math.sign(scaled) * Math.round(Math.abs(scaled));
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** percentage of baseCents, rounded half up to a cent, in integer arithmetic. */
function percentOfCents(baseCents: number, percentage: number): number {
  const basisPoints = Math.round(percentage * 100);
  return Math.floor((baseCents * basisPoints + 5000) / 10000);
}

function isoDay(date: string | Date): string {
  return typeof date === 'string' ? date.slice(0, 10) : date.toISOString().slice(0, 10);
}

/** The rows of one marketplace and currency in force on a date (empty when none). */
export function feeRowsInForce(
  marketplace: MarketplaceId,
  date: string | Date,
  currency = 'USD',
  schedule: readonly FeeRow[] = defaultFeeSchedule,
): FeeRow[] {
  const day = isoDay(date);
  const candidates = schedule.filter(
    (r) => r.marketplace === marketplace && r.currency === currency && r.effectiveFrom <= day,
  );
  if (candidates.length === 0) return [];
  const latest = candidates.reduce((a, r) => (r.effectiveFrom > a ? r.effectiveFrom : a), '');
  return candidates.filter((r) => r.effectiveFrom === latest);
}

export interface FeeLine {
  component: string;
  baseCents: number;
  feeCents: number;
  row: FeeRow;
}

export interface FeeBreakdown {
  marketplace: MarketplaceId;
  currency: string;
  effectiveFrom: string;
  feeCents: number;
  lines: FeeLine[];
  /** True when any row used is ◐; the figure is an estimate. */
  uncertain: boolean;
}

export interface FeeOptions {
  currency?: string;
  schedule?: readonly FeeRow[];
}

/**
 * The fee marketplace M charges on a sale made on `date`, from a price and the shipping the
 * buyer paid (major units). null when no schedule is known for M in that currency on that date.
 */
export function feeFor(
  marketplace: MarketplaceId,
  date: string | Date,
  salePrice: number,
  shipping = 0,
  options: FeeOptions = {},
): FeeBreakdown | null {
  const currency = options.currency ?? 'USD';
  const rows = feeRowsInForce(marketplace, date, currency, options.schedule);
  const [first] = rows;
  if (!first) return null;
  const priceCents = toCents(salePrice);
  const shippingCents = toCents(shipping);
  const lines: FeeLine[] = [];
  for (const row of rows) {
    const baseCents = row.base === 'sale_price' ? priceCents : priceCents + shippingCents;
    if (row.baseFromCents !== null && baseCents < row.baseFromCents) continue;
    if (row.baseBelowCents !== null && baseCents >= row.baseBelowCents) continue;
    const feeCents = percentOfCents(baseCents, row.percentage) + row.fixedFeeCents;
    lines.push({ component: row.component, baseCents, feeCents, row });
  }
  return {
    marketplace,
    currency,
    effectiveFrom: first.effectiveFrom,
    feeCents: lines.reduce((sum, l) => sum + l.feeCents, 0),
    lines,
    uncertain: lines.some((l) => l.row.uncertain),
  };
}

export interface ProfitInput {
  marketplace: MarketplaceId;
  date: string | Date;
  salePrice: number;
  shipping?: number;
  costOfGoods?: number | null;
}

export interface Profit {
  priceCents: number;
  feeCents: number | null;
  costCents: number;
  /** price − fees − cost of goods; null when the fees are unknown, never a guess of zero. */
  profitCents: number | null;
  profit: number | null;
  uncertain: boolean;
}

export function profitFor(input: ProfitInput, options: FeeOptions = {}): Profit {
  const priceCents = toCents(input.salePrice);
  const costCents = toCents(input.costOfGoods ?? 0);
  const fee = feeFor(input.marketplace, input.date, input.salePrice, input.shipping ?? 0, options);
  const profitCents = fee ? priceCents - fee.feeCents - costCents : null;
  return {
    priceCents,
    feeCents: fee?.feeCents ?? null,
    costCents,
    profitCents,
    profit: profitCents === null ? null : fromCents(profitCents),
    uncertain: fee?.uncertain ?? true,
  };
}
