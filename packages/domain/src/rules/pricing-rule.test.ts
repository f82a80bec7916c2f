import { describe, expect, it } from 'vitest';
import {
  applyPricingRule,
  PricingRulePutSchema,
  PricingRuleSchema,
  roundPrice,
  type PriceRounding,
  type PricingRule,
} from './pricing-rule';

const NO_RULE: Omit<PricingRule, 'marketplaceId'> = {
  adjustmentPercent: 0,
  fixedAmount: 0,
  rounding: 'none',
  minimumPrice: null,
  maximumPrice: null,
};

describe('roundPrice', () => {
  it.each<[PriceRounding, number, number]>([
    ['none', 1234, 1234],
    ['up_to_99', 1120, 1199],
    ['up_to_99', 1199, 1199],
    ['up_to_99', 1100, 1199],
    ['up_to_99', 1, 99],
    ['up_to_99', 0, 99],
    ['nearest_dollar', 1149, 1100],
    ['nearest_dollar', 1150, 1200],
    ['nearest_dollar', 1100, 1100],
    ['nearest_dollar', 1, 100], // a positive price never rounds to nothing
    ['nearest_dollar', 0, 0],
    ['nearest_5', 1249, 1000],
    ['nearest_5', 1250, 1500],
    ['nearest_5', 1500, 1500],
    ['nearest_5', 200, 500],
    ['nearest_5', 249, 500],
  ])('%s: %d → %d', (rounding, cents, rounded) => {
    expect(roundPrice(cents, rounding)).toBe(rounded);
  });
});

describe('applyPricingRule', () => {
  it.each<[string, number, Partial<PricingRule>, number]>([
    ['no rule', 1000, {}, 1000],
    ['+12%', 1000, { adjustmentPercent: 12 }, 1120],
    ['+12% then up to .99', 1000, { adjustmentPercent: 12, rounding: 'up_to_99' }, 1199],
    ['x.99 stays', 1199, { rounding: 'up_to_99' }, 1199],
    ['+12% of 0.01 rounds to the nearest cent', 1, { adjustmentPercent: 12 }, 1],
    ['+50% of 0.01 rounds half up', 1, { adjustmentPercent: 50 }, 2],
    ['+12.5%', 999, { adjustmentPercent: 12.5 }, 1124], // 1123.875
    ['-10%', 2000, { adjustmentPercent: -10 }, 1800],
    ['-100%', 2000, { adjustmentPercent: -100 }, 0],
    ['+1000%', 100_000_000, { adjustmentPercent: 1000 }, 1_100_000_000],
    ['fixed +$2.50', 1000, { fixedAmount: 2.5 }, 1250],
    ['percent before fixed', 1000, { adjustmentPercent: 10, fixedAmount: 1 }, 1200],
    ['fixed below zero stops at zero', 300, { fixedAmount: -5 }, 0],
    ['minimum clamps after rounding', 1000, { rounding: 'up_to_99', minimumPrice: 15 }, 1500],
    ['minimum leaves a higher price', 2000, { minimumPrice: 15 }, 2000],
    [
      'maximum clamps after rounding',
      9950,
      { rounding: 'nearest_dollar', maximumPrice: 99.5 },
      9950,
    ],
    ['maximum clamps a rounded-up price', 9960, { rounding: 'up_to_99', maximumPrice: 99.5 }, 9950],
    ['min = max pins the price', 4321, { minimumPrice: 25, maximumPrice: 25 }, 2500],
    ['0.01 up to .99', 1, { rounding: 'up_to_99' }, 99],
    ['0.01 with a $1 minimum', 1, { minimumPrice: 1 }, 100],
  ])('%s: %d → %d', (_name, cents, rule, expected) => {
    expect(applyPricingRule(cents, { ...NO_RULE, ...rule }).cents).toBe(expected);
  });

  it('explains each change, and only changes', () => {
    const { steps } = applyPricingRule(1000, {
      adjustmentPercent: 12,
      fixedAmount: -0.2,
      rounding: 'up_to_99',
      minimumPrice: 12,
      maximumPrice: null,
    });
    expect(steps).toEqual([
      { kind: 'percent', fromCents: 1000, toCents: 1120, detail: '+12%' },
      { kind: 'fixed', fromCents: 1120, toCents: 1100, detail: '-$0.20' },
      { kind: 'rounding', fromCents: 1100, toCents: 1199, detail: 'up to .99' },
      { kind: 'minimum', fromCents: 1199, toCents: 1200, detail: 'minimum $12.00' },
    ]);
    expect(applyPricingRule(1199, { ...NO_RULE, rounding: 'up_to_99' }).steps).toEqual([]);
  });

  it('says when a price would go below zero', () => {
    expect(applyPricingRule(300, { ...NO_RULE, fixedAmount: -5 }).steps.map((s) => s.kind)).toEqual(
      ['fixed', 'floor_at_zero'],
    );
  });
});

describe('PricingRuleSchema', () => {
  it('fills defaults', () => {
    expect(PricingRuleSchema.parse({ marketplaceId: 'poshmark' })).toEqual({
      marketplaceId: 'poshmark',
      ...NO_RULE,
    });
  });

  it.each([
    [{ adjustmentPercent: 12 }, true],
    [{ adjustmentPercent: 12.25 }, true],
    [{ adjustmentPercent: 12.125 }, false],
    [{ adjustmentPercent: -101 }, false],
    [{ fixedAmount: -3.5 }, true],
    [{ fixedAmount: 0.015 }, false],
    [{ rounding: 'nearest_10' }, false],
    [{ minimumPrice: 19.995 }, false],
    [{ minimumPrice: -1 }, false],
    [{ minimumPrice: 10, maximumPrice: 10 }, true],
    [{ minimumPrice: 10.01, maximumPrice: 10 }, false],
  ])('%j valid: %s', (rule, valid) => {
    expect(PricingRuleSchema.safeParse({ marketplaceId: 'ebay', ...rule }).success).toBe(valid);
    expect(PricingRulePutSchema.safeParse({ pricingRule: rule }).success).toBe(valid);
  });

  it('says why a minimum above the maximum is refused', () => {
    const result = PricingRuleSchema.safeParse({
      marketplaceId: 'ebay',
      minimumPrice: 20,
      maximumPrice: 10,
    });
    expect(result.error?.issues[0]?.message).toBe(
      'The minimum price cannot be above the maximum price',
    );
  });
});
