import type { AppliedChange, PricingRule } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { groupAppliedChanges, previewValueText, pricingStepKinds } from './preview-steps';

const applied: AppliedChange[] = [
  { step: 'general', field: 'price', from: 44.999, to: 45, detail: 'whole cents' },
  {
    step: 'mapping',
    field: 'brand',
    from: 'Pendleton',
    to: 'Pendleton Woolen Mills',
    ruleId: 'r1',
  },
  { step: 'condition_map', field: 'condition', from: 'good', to: 'USED_GOOD' },
  { step: 'pricing', field: 'price', from: 45, to: 49.5, detail: '+10%' },
  { step: 'pricing', field: 'price', from: 49.5, to: 49.99, detail: 'up to .99' },
  { step: 'defaults', field: 'shipping.price', from: null, to: 7 },
  { step: 'override', field: 'title', from: 'A', to: 'B' },
];

const rule: PricingRule = {
  marketplaceId: 'mercari',
  adjustmentPercent: 10,
  fixedAmount: 0,
  rounding: 'up_to_99',
  minimumPrice: null,
  maximumPrice: null,
};

describe('the preview’s stages', () => {
  it('come in the order the rules apply, each with its changes', () => {
    const stages = groupAppliedChanges(applied);
    expect(stages.map((stage) => [stage.stage, stage.changes.map((c) => c.step)])).toEqual([
      ['mapping', ['mapping', 'condition_map']],
      ['pricing', ['general', 'pricing', 'pricing']],
      ['defaults', ['defaults']],
      ['override', ['override']],
    ]);
  });

  it('are all there, empty, when nothing changed', () => {
    expect(groupAppliedChanges([]).map((stage) => stage.changes.length)).toEqual([0, 0, 0, 0]);
  });
});

describe('the pricing steps of a preview', () => {
  it('are named again from the rule on screen', () => {
    const kinds = pricingStepKinds(applied, rule);
    expect([...kinds.values()]).toEqual(['percent', 'rounding']);
    expect(kinds.get(applied[3]!)).toBe('percent');
  });

  it('are not named when the rule on screen did not build the preview', () => {
    expect(pricingStepKinds(applied, { ...rule, adjustmentPercent: 20 }).size).toBe(0);
    expect(pricingStepKinds(applied, null).size).toBe(0);
    expect(pricingStepKinds([], rule).size).toBe(0);
  });
});

describe('a preview value as text', () => {
  it('is empty for nothing and JSON for a structure', () => {
    expect(previewValueText(null)).toBe('');
    expect(previewValueText('Blue')).toBe('Blue');
    expect(previewValueText(3)).toBe('3');
    expect(previewValueText({ pounds: 1, ounces: 8 })).toBe('{"pounds":1,"ounces":8}');
  });
});
