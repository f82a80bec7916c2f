import { z } from 'zod';
import { MarketplaceIdSchema } from '../marketplaces/marketplaces';
import {
  divideRoundingHalfUp,
  formatCents,
  isWholeCents,
  MoneySchema,
  SignedMoneySchema,
} from './money';
import { toCents } from '../marketplaces/fees';

/**
 * Spec §7 pricingRule: per marketplace, how the item's price becomes the marketplace's price
 * (e.g. +12 % to cover its fees, rounded to .99, never under $15).
 */
export const PRICE_ROUNDINGS = ['none', 'up_to_99', 'nearest_dollar', 'nearest_5'] as const;
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number];

export const PRICE_ROUNDING_NAMES: Record<PriceRounding, string> = {
  none: 'no rounding',
  up_to_99: 'up to .99',
  nearest_dollar: 'to the nearest dollar',
  nearest_5: 'to the nearest 5',
};

/** The percentage a pricing rule moves prices by: -100 (free) at the lowest. */
export const ADJUSTMENT_PERCENT_MIN = -100;
export const ADJUSTMENT_PERCENT_MAX = 1_000;

const pricingRuleFields = {
  /** +12 raises by 12 %; at most two decimals. */
  adjustmentPercent: z
    .number()
    .min(ADJUSTMENT_PERCENT_MIN)
    .max(ADJUSTMENT_PERCENT_MAX)
    .refine(isWholeCents, { message: 'Use at most two decimals' })
    .default(0),
  /** Added after the percentage; may be negative. */
  fixedAmount: SignedMoneySchema.default(0),
  rounding: z.enum(PRICE_ROUNDINGS).default('none'),
  minimumPrice: MoneySchema.nullable().default(null),
  maximumPrice: MoneySchema.nullable().default(null),
};

const minNotOverMax = (rule: { minimumPrice: number | null; maximumPrice: number | null }) =>
  rule.minimumPrice === null ||
  rule.maximumPrice === null ||
  rule.minimumPrice <= rule.maximumPrice;
const minNotOverMaxIssue = {
  message: 'The minimum price cannot be above the maximum price',
  path: ['minimumPrice'],
};

export const PricingRuleSchema = z
  .object({ marketplaceId: MarketplaceIdSchema, ...pricingRuleFields })
  .refine(minNotOverMax, minNotOverMaxIssue);
export type PricingRule = z.infer<typeof PricingRuleSchema>;
export type PricingRuleInput = z.input<typeof PricingRuleSchema>;

/** PUT /api/account/pricingRule/{marketplaceId}: the path names the marketplace. */
export const PricingRulePutSchema = z.object({
  pricingRule: z.object(pricingRuleFields).refine(minNotOverMax, minNotOverMaxIssue),
});
export const PricingRuleResponseSchema = z.object({ pricingRule: PricingRuleSchema.nullable() });

export type PricingStepKind =
  'percent' | 'fixed' | 'floor_at_zero' | 'rounding' | 'minimum' | 'maximum';

export interface PricingStep {
  kind: PricingStepKind;
  fromCents: number;
  toCents: number;
  /** "+12%", "up to .99", "minimum $15.00": what the preview shows beside the change. */
  detail: string;
}

const UNIT: Record<'nearest_dollar' | 'nearest_5', number> = {
  nearest_dollar: 100,
  nearest_5: 500,
};

/**
 * Rounds a price in cents. up_to_99 goes up to the next x.99 (x.99 stays). The nearest modes
 * round half up, but a positive price never rounds down to nothing: it becomes one unit.
 */
export function roundPrice(cents: number, rounding: PriceRounding): number {
  switch (rounding) {
    case 'none':
      return cents;
    case 'up_to_99':
      return Math.floor(cents / 100) * 100 + 99;
    case 'nearest_dollar':
    case 'nearest_5': {
      const unit = UNIT[rounding];
      const rounded = divideRoundingHalfUp(cents, unit) * unit;
      return rounded === 0 && cents > 0 ? unit : rounded;
    }
  }
}

function signedPercent(basisPoints: number): string {
  const text = (Math.abs(basisPoints) / 100).toString();
  return `${basisPoints < 0 ? '-' : '+'}${text}%`;
}

/**
 * Applies a pricing rule to a price in cents, in this order: percentage (to the nearest cent,
 * half up), fixed amount, no lower than zero, rounding, then the minimum and maximum, which
 * clamp the rounded price. Returns each change that altered the price.
 */
export function applyPricingRule(
  priceCents: number,
  rule: Pick<
    PricingRule,
    'adjustmentPercent' | 'fixedAmount' | 'rounding' | 'minimumPrice' | 'maximumPrice'
  >,
): { cents: number; steps: PricingStep[] } {
  const steps: PricingStep[] = [];
  let cents = priceCents;
  const step = (kind: PricingStepKind, next: number, detail: string) => {
    if (next !== cents) steps.push({ kind, fromCents: cents, toCents: next, detail });
    cents = next;
  };

  const basisPoints = toCents(rule.adjustmentPercent);
  if (basisPoints !== 0) {
    step(
      'percent',
      divideRoundingHalfUp(cents * (10_000 + basisPoints), 10_000),
      signedPercent(basisPoints),
    );
  }
  const fixed = toCents(rule.fixedAmount);
  if (fixed !== 0) {
    step('fixed', cents + fixed, `${fixed < 0 ? '' : '+'}${formatCents(fixed)}`);
  }
  if (cents < 0) step('floor_at_zero', 0, 'not below $0.00');
  step('rounding', roundPrice(cents, rule.rounding), PRICE_ROUNDING_NAMES[rule.rounding]);
  if (rule.minimumPrice !== null) {
    const minimum = toCents(rule.minimumPrice);
    if (cents < minimum) step('minimum', minimum, `minimum ${formatCents(minimum)}`);
  }
  if (rule.maximumPrice !== null) {
    const maximum = toCents(rule.maximumPrice);
    if (cents > maximum) step('maximum', maximum, `maximum ${formatCents(maximum)}`);
  }
  return { cents, steps };
}
