import { describe, expect, it } from 'vitest';
import {
  findMappingRule,
  MappingRulePutSchema,
  MappingRulesSchema,
  type MappingRule,
  type MappingRuleInput,
} from './mapping-rule';

const rule = (input: Omit<MappingRuleInput, 'id'> & { id?: string }): MappingRule => ({
  id: input.id ?? `r-${input.field}-${input.from}`,
  match: 'case_insensitive',
  ...input,
});

const RULES: MappingRule[] = [
  rule({ field: 'brand', from: 'nike', to: 'Nike' }),
  rule({ field: 'brand', from: 'Levis', to: "Levi's", match: 'exact' }),
  rule({ field: 'brand', from: 'levis', to: 'LEVIS (lower)', match: 'exact' }),
  rule({ field: 'size', from: 'M', to: 'US M' }),
  rule({ field: 'colour', from: 'Navy', to: 'Blue' }),
  rule({ field: 'condition', from: 'like_new', to: 'Excellent' }),
  rule({ field: 'category', from: 'Women > Dresses', to: '11450' }),
];

describe('findMappingRule', () => {
  it.each([
    ['brand', 'nike', 'Nike'],
    ['brand', 'NIKE', 'Nike'],
    ['brand', ' Nike ', 'Nike'],
    ['brand', 'Levis', "Levi's"],
    ['brand', 'levis', 'LEVIS (lower)'],
    ['brand', 'LEVIS', undefined], // both Levis rules are exact
    ['brand', 'Adidas', undefined],
    ['brand', '', undefined],
    ['brand', null, undefined],
    ['size', 'm', 'US M'],
    ['colour', 'NAVY', 'Blue'],
    ['colour', 'Nike', undefined], // a rule maps only its own field
    ['condition', 'like_new', 'Excellent'],
    ['category', 'women > dresses', '11450'],
    // The item form writes ` › ` between levels; a rule written with ` > ` still matches.
    ['category', 'Women › Dresses', '11450'],
    ['category', 'Women›Dresses', '11450'],
    ['category', 'Women', undefined],
    ['category', 'Dresses', undefined],
  ] as const)('%s %j → %j', (field, value, to) => {
    expect(findMappingRule(RULES, field, value)?.to).toBe(to);
  });

  it('reads either category separator in an exact rule too, keeping its letter case', () => {
    const rules = [
      rule({ field: 'category', from: 'Men › Jeans', to: '11483', match: 'exact', id: 'ex' }),
    ];
    expect(findMappingRule(rules, 'category', 'Men > Jeans')?.id).toBe('ex');
    expect(findMappingRule(rules, 'category', 'men > jeans')).toBeUndefined();
    // Other fields keep their values as written: '>' may be part of a brand.
    const brand = [rule({ field: 'brand', from: 'A > B', to: 'AB', match: 'exact' })];
    expect(findMappingRule(brand, 'brand', 'A › B')).toBeUndefined();
  });

  it('prefers an exact rule to a case-insensitive one', () => {
    const rules = [
      rule({ field: 'size', from: 's', to: 'Small (any case)', id: 'ci' }),
      rule({ field: 'size', from: 'S', to: 'Small (exact)', match: 'exact', id: 'ex' }),
    ];
    expect(findMappingRule(rules, 'size', 'S')?.id).toBe('ex');
    expect(findMappingRule(rules, 'size', 's')?.id).toBe('ci');
  });
});

describe('MappingRulesSchema', () => {
  it('takes a marketplace’s rules, case-insensitive by default', () => {
    const parsed = MappingRulesSchema.parse({
      marketplaceId: 'depop',
      rules: [{ id: 'a', field: 'brand', from: ' nike ', to: 'Nike' }],
    });
    expect(parsed.rules[0]).toEqual({
      id: 'a',
      field: 'brand',
      from: 'nike',
      to: 'Nike',
      match: 'case_insensitive',
    });
  });

  it.each([
    ['same value, any case', [{ from: 'Nike' }, { from: 'NIKE' }], false],
    [
      'exact and case-insensitive overlap',
      [{ from: 'Nike', match: 'exact' }, { from: 'nike' }],
      false,
    ],
    [
      'two exact spellings',
      [
        { from: 'Nike', match: 'exact' },
        { from: 'NIKE', match: 'exact' },
      ],
      true,
    ],
    ['different values', [{ from: 'Nike' }, { from: 'Adidas' }], true],
  ] as const)('%s: valid %s', (_name, pairs, valid) => {
    const rules = pairs.map((p, i) => ({ id: `r${i}`, field: 'brand', to: 'X', ...p }));
    const result = MappingRulesSchema.safeParse({ marketplaceId: 'ebay', rules });
    expect(result.success).toBe(valid);
    if (!result.success) expect(result.error.issues[0]?.message).toMatch(/already maps/);
  });

  it('refuses two category rules for one path written with different separators', () => {
    const result = MappingRulesSchema.safeParse({
      marketplaceId: 'ebay',
      rules: [
        { id: 'a', field: 'category', from: 'Men > Jeans', to: '11483' },
        { id: 'b', field: 'category', from: 'Men › Jeans', to: '57989' },
      ],
    });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues[0]?.message).toMatch(/already maps/);
  });

  it('refuses duplicate ids, unknown fields, empty values and unknown marketplaces', () => {
    const base = { id: 'a', field: 'brand', from: 'x', to: 'y' };
    expect(
      MappingRulesSchema.safeParse({ marketplaceId: 'ebay', rules: [base, { ...base, from: 'z' }] })
        .success,
    ).toBe(false);
    expect(
      MappingRulesSchema.safeParse({
        marketplaceId: 'ebay',
        rules: [{ ...base, field: 'material' }],
      }).success,
    ).toBe(false);
    expect(
      MappingRulesSchema.safeParse({ marketplaceId: 'ebay', rules: [{ ...base, to: '  ' }] })
        .success,
    ).toBe(false);
    expect(MappingRulesSchema.safeParse({ marketplaceId: 'amazon', rules: [] }).success).toBe(
      false,
    );
  });

  it('lets a PUT carry new rules without ids', () => {
    expect(
      MappingRulePutSchema.safeParse({ rules: [{ field: 'size', from: 'M', to: 'US M' }] }).success,
    ).toBe(true);
    expect(MappingRulePutSchema.safeParse({ rules: [] }).success).toBe(false);
  });
});
