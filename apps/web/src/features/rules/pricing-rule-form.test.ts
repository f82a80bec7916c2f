import { PRICE_MAX, type PricingRule } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_PRICING_VALUES,
  pricingExample,
  pricingRuleFromValues,
  pricingRuleProblems,
  pricingValuesChanged,
  pricingValuesFromRule,
} from './pricing-rule-form';

const saved: PricingRule = {
  marketplaceId: 'mercari',
  adjustmentPercent: 10,
  fixedAmount: 0,
  rounding: 'up_to_99',
  minimumPrice: 15,
  maximumPrice: null,
};

describe('the pricing form', () => {
  it('shows a saved rule and sends empty inputs as no change', () => {
    const values = pricingValuesFromRule(saved);
    expect(values).toEqual({
      adjustmentPercent: 10,
      fixedAmount: null,
      rounding: 'up_to_99',
      minimumPrice: 15,
      maximumPrice: null,
    });
    expect(pricingRuleFromValues(values)).toEqual({
      adjustmentPercent: 10,
      fixedAmount: 0,
      rounding: 'up_to_99',
      minimumPrice: 15,
      maximumPrice: null,
    });
    expect(pricingValuesFromRule(null)).toEqual(EMPTY_PRICING_VALUES);
  });

  it('knows whether anything differs from the saved rule', () => {
    expect(pricingValuesChanged(pricingValuesFromRule(saved), saved)).toBe(false);
    expect(pricingValuesChanged({ ...pricingValuesFromRule(saved), rounding: 'none' }, saved)).toBe(
      true,
    );
    expect(pricingValuesChanged(EMPTY_PRICING_VALUES, null)).toBe(false);
  });

  it('refuses what the server’s schema refuses, per field', () => {
    expect(pricingRuleProblems({ ...EMPTY_PRICING_VALUES, adjustmentPercent: -101 })).toEqual({
      adjustmentPercent: { code: 'tooSmall', limit: -100 },
    });
    expect(pricingRuleProblems({ ...EMPTY_PRICING_VALUES, adjustmentPercent: 1001 })).toEqual({
      adjustmentPercent: { code: 'tooBig', limit: 1000 },
    });
    expect(pricingRuleProblems({ ...EMPTY_PRICING_VALUES, fixedAmount: 1.005 })).toEqual({
      fixedAmount: { code: 'decimals' },
    });
    expect(pricingRuleProblems({ ...EMPTY_PRICING_VALUES, maximumPrice: PRICE_MAX + 1 })).toEqual({
      maximumPrice: { code: 'tooBig', limit: PRICE_MAX },
    });
    expect(
      pricingRuleProblems({ ...EMPTY_PRICING_VALUES, minimumPrice: 50, maximumPrice: 40 }),
    ).toEqual({ minimumPrice: { code: 'minAboveMax' } });
    expect(pricingRuleProblems(pricingValuesFromRule(saved))).toEqual({});
  });

  it('works the example out with the domain’s pricing, step by step', () => {
    const example = pricingExample(45, {
      ...EMPTY_PRICING_VALUES,
      adjustmentPercent: 10,
      rounding: 'up_to_99',
    });
    expect(example).toEqual({
      fromCents: 4500,
      cents: 4999,
      steps: [
        { kind: 'percent', fromCents: 4500, toCents: 4950, detail: '+10%' },
        { kind: 'rounding', fromCents: 4950, toCents: 4999, detail: 'up to .99' },
      ],
    });
    // The minimum and maximum clamp last.
    expect(
      pricingExample(8, { ...EMPTY_PRICING_VALUES, rounding: 'up_to_99', minimumPrice: 15 })?.cents,
    ).toBe(1500);
    expect(pricingExample(20, EMPTY_PRICING_VALUES)).toEqual({
      fromCents: 2000,
      cents: 2000,
      steps: [],
    });
  });

  it('has no example for a rule that is not valid yet, nor for a negative price', () => {
    expect(pricingExample(10, { ...EMPTY_PRICING_VALUES, adjustmentPercent: -200 })).toBeNull();
    expect(pricingExample(-1, EMPTY_PRICING_VALUES)).toBeNull();
  });
});
