import { MAPPING_VALUE_MAX_LENGTH, type MappingRule } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import {
  draftFromRule,
  emptyMappingDraft,
  hasMappingProblems,
  mappingRuleProblems,
  sortMappingRules,
  upsertFromDraft,
} from './mapping-rule-form';

const rule = (over: Partial<MappingRule>): MappingRule => ({
  id: 'rule-1',
  field: 'brand',
  from: 'Levi’s',
  to: 'Levi Strauss & Co.',
  match: 'case_insensitive',
  ...over,
});

describe('a mapping rule being typed', () => {
  it('needs both values, each within the server’s length', () => {
    const problems = mappingRuleProblems(emptyMappingDraft(), []);
    expect(problems).toEqual({ from: { code: 'required' }, to: { code: 'required' } });
    expect(hasMappingProblems(problems)).toBe(true);

    const long = 'x'.repeat(MAPPING_VALUE_MAX_LENGTH + 1);
    expect(mappingRuleProblems({ ...emptyMappingDraft(), from: '  Nike ', to: long }, [])).toEqual({
      to: { code: 'tooLong', max: MAPPING_VALUE_MAX_LENGTH },
    });
    // Spaces around a value are not counted: the server trims them too.
    expect(
      mappingRuleProblems(
        { ...emptyMappingDraft(), from: ` ${'x'.repeat(MAPPING_VALUE_MAX_LENGTH)} `, to: 'y' },
        [],
      ),
    ).toEqual({});
  });

  it('names the rule that already maps the value, in any letter case', () => {
    const existing = rule({});
    const draft = { ...emptyMappingDraft('brand'), from: 'LEVI’S', to: 'Levis' };
    expect(mappingRuleProblems(draft, [existing]).from).toEqual({
      code: 'overlap',
      other: existing,
    });
    // Another field may map the same word.
    expect(mappingRuleProblems({ ...draft, field: 'size' }, [existing])).toEqual({});
  });

  it('lets two exact rules differ only in letter case', () => {
    const exact = rule({ match: 'exact', from: 'M' });
    const draft = { field: 'brand' as const, from: 'm', to: 'Medium', match: 'exact' as const };
    expect(mappingRuleProblems(draft, [exact])).toEqual({});
    expect(mappingRuleProblems({ ...draft, match: 'case_insensitive' }, [exact]).from?.code).toBe(
      'overlap',
    );
  });

  it('does not hold the rule being edited against itself', () => {
    const existing = rule({});
    expect(mappingRuleProblems(draftFromRule(existing), [existing], existing.id)).toEqual({});
  });

  it('sends trimmed values, with the id only when editing', () => {
    const draft = {
      field: 'colour' as const,
      from: ' navy ',
      to: ' Blue ',
      match: 'exact' as const,
    };
    expect(upsertFromDraft(draft)).toEqual({
      field: 'colour',
      from: 'navy',
      to: 'Blue',
      match: 'exact',
    });
    expect(upsertFromDraft(draft, 'rule-9')).toMatchObject({ id: 'rule-9', from: 'navy' });
  });

  it('lists rules by field in the form’s order, then by value', () => {
    const sorted = sortMappingRules(
      [
        rule({ id: 'a', field: 'size', from: 'M' }),
        rule({ id: 'b', field: 'brand', from: 'Wrangler' }),
        rule({ id: 'c', field: 'category', from: 'Jackets' }),
        rule({ id: 'd', field: 'brand', from: 'Carhartt' }),
      ],
      'en-US',
    );
    expect(sorted.map((r) => r.id)).toEqual(['c', 'd', 'b', 'a']);
  });
});
