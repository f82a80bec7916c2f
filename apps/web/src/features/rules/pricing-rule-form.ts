import {
  applyPricingRule,
  PricingRulePutSchema,
  toCents,
  type PriceRounding,
  type PricingRule,
  type PricingStep,
} from '@listloop/domain';
import type { PricingRulePut } from './api/rules.api';

/** The pricing form's values; null is an empty input. */
export interface PricingRuleValues {
  adjustmentPercent: number | null;
  fixedAmount: number | null;
  rounding: PriceRounding;
  minimumPrice: number | null;
  maximumPrice: number | null;
}

export type PricingField = keyof PricingRuleValues;

export type PricingProblem =
  | { code: 'tooSmall'; limit: number }
  | { code: 'tooBig'; limit: number }
  | { code: 'decimals' }
  | { code: 'minAboveMax' }
  | { code: 'invalid' };

export type PricingProblems = Partial<Record<PricingField, PricingProblem>>;

/** A new rule: the item's price unchanged until the seller says otherwise. */
export const EMPTY_PRICING_VALUES: PricingRuleValues = {
  adjustmentPercent: null,
  fixedAmount: null,
  rounding: 'none',
  minimumPrice: null,
  maximumPrice: null,
};

export function pricingValuesFromRule(rule: PricingRule | null): PricingRuleValues {
  if (!rule) return EMPTY_PRICING_VALUES;
  return {
    adjustmentPercent: rule.adjustmentPercent === 0 ? null : rule.adjustmentPercent,
    fixedAmount: rule.fixedAmount === 0 ? null : rule.fixedAmount,
    rounding: rule.rounding,
    minimumPrice: rule.minimumPrice,
    maximumPrice: rule.maximumPrice,
  };
}

/** A pricing rule with every part given, as the form sends it. */
export type PricingRuleBody = Required<{
  [Key in keyof PricingRulePut]-?: Exclude<PricingRulePut[Key], undefined>;
}>;

/** The body of the PUT: an empty percentage or amount is no change. */
export function pricingRuleFromValues(values: PricingRuleValues): PricingRuleBody {
  return {
    adjustmentPercent: values.adjustmentPercent ?? 0,
    fixedAmount: values.fixedAmount ?? 0,
    rounding: values.rounding,
    minimumPrice: values.minimumPrice,
    maximumPrice: values.maximumPrice,
  };
}

const FIELDS: readonly PricingField[] = [
  'adjustmentPercent',
  'fixedAmount',
  'rounding',
  'minimumPrice',
  'maximumPrice',
];

function isField(value: unknown): value is PricingField {
  return typeof value === 'string' && (FIELDS as readonly string[]).includes(value);
}

/**
 * What the server's schema would refuse, per field, as codes the screen words: the same schema
 * checks here as there, so the form never sends what comes back as a 400.
 */
export function pricingRuleProblems(values: PricingRuleValues): PricingProblems {
  const problems: PricingProblems = {};
  const parsed = PricingRulePutSchema.shape.pricingRule.safeParse(pricingRuleFromValues(values));
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (!isField(field) || problems[field]) continue;
    if (issue.code === 'too_small') {
      problems[field] = { code: 'tooSmall', limit: Number(issue.minimum) };
    } else if (issue.code === 'too_big') {
      problems[field] = { code: 'tooBig', limit: Number(issue.maximum) };
    } else if (issue.code === 'custom') {
      const { minimumPrice, maximumPrice } = values;
      const minAboveMax =
        field === 'minimumPrice' &&
        minimumPrice !== null &&
        maximumPrice !== null &&
        minimumPrice > maximumPrice;
      problems[field] = minAboveMax ? { code: 'minAboveMax' } : { code: 'decimals' };
    } else {
      problems[field] = { code: 'invalid' };
    }
  }
  return problems;
}

export function hasPricingProblems(problems: PricingProblems): boolean {
  return Object.keys(problems).length > 0;
}

/**
 * The rule's effect on one price, worked out here with the domain's own pricing function, so
 * the example changes as the seller types. Null when the values are not a valid rule yet.
 */
export function pricingExample(
  price: number,
  values: PricingRuleValues,
): { fromCents: number; cents: number; steps: PricingStep[] } | null {
  if (!Number.isFinite(price) || price < 0) return null;
  const parsed = PricingRulePutSchema.shape.pricingRule.safeParse(pricingRuleFromValues(values));
  if (!parsed.success) return null;
  const fromCents = toCents(price);
  return { fromCents, ...applyPricingRule(fromCents, parsed.data) };
}

/** Whether the form differs from the saved rule (none saved: from an empty form). */
export function pricingValuesChanged(values: PricingRuleValues, saved: PricingRule | null) {
  const base = pricingValuesFromRule(saved);
  return FIELDS.some((field) => values[field] !== base[field]);
}
