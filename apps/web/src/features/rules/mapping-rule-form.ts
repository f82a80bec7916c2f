import {
  MAPPING_FIELDS,
  MAPPING_VALUE_MAX_LENGTH,
  mappingRulesOverlap,
  type MappingField,
  type MappingMatch,
  type MappingRule,
} from '@listloop/domain';
import type { MappingRuleUpsert } from './api/rules.api';

/** What the mapping rule form holds while the seller types. */
export interface MappingRuleDraft {
  field: MappingField;
  from: string;
  to: string;
  match: MappingMatch;
}

export type MappingValueProblem =
  | { code: 'required' }
  | { code: 'tooLong'; max: number }
  /** Another rule of the field could match the same value: only one of them would be used. */
  | { code: 'overlap'; other: MappingRule };

export interface MappingRuleProblems {
  from?: MappingValueProblem;
  to?: MappingValueProblem;
}

export function emptyMappingDraft(field: MappingField = 'brand'): MappingRuleDraft {
  return { field, from: '', to: '', match: 'case_insensitive' };
}

export function draftFromRule(rule: MappingRule): MappingRuleDraft {
  return { field: rule.field, from: rule.from, to: rule.to, match: rule.match };
}

/** The body of the PUT: values trimmed as the server stores them. */
export function upsertFromDraft(draft: MappingRuleDraft, id?: string): MappingRuleUpsert {
  return {
    ...(id ? { id } : {}),
    field: draft.field,
    from: draft.from.trim(),
    to: draft.to.trim(),
    match: draft.match,
  };
}

function valueProblem(value: string): MappingValueProblem | undefined {
  const text = value.trim();
  if (text === '') return { code: 'required' };
  if (text.length > MAPPING_VALUE_MAX_LENGTH) {
    return { code: 'tooLong', max: MAPPING_VALUE_MAX_LENGTH };
  }
  return undefined;
}

/**
 * The problems the server would refuse the rule for, found before sending it: a missing or
 * too long value, or a rule (other than the one being edited) that already maps the value.
 */
export function mappingRuleProblems(
  draft: MappingRuleDraft,
  rules: readonly MappingRule[],
  editingId?: string,
): MappingRuleProblems {
  const problems: MappingRuleProblems = {};
  const from = valueProblem(draft.from);
  const to = valueProblem(draft.to);
  if (from) problems.from = from;
  if (to) problems.to = to;
  if (!from) {
    const candidate: MappingRule = {
      id: editingId ?? '',
      field: draft.field,
      from: draft.from.trim(),
      to: draft.to.trim(),
      match: draft.match,
    };
    const other = rules.find(
      (rule) => rule.id !== editingId && mappingRulesOverlap(rule, candidate),
    );
    if (other) problems.from = { code: 'overlap', other };
  }
  return problems;
}

export function hasMappingProblems(problems: MappingRuleProblems): boolean {
  return problems.from !== undefined || problems.to !== undefined;
}

/** Rules in the order of the fields (category, brand, condition, colour, size), then by value. */
export function sortMappingRules(rules: readonly MappingRule[], locale: string): MappingRule[] {
  const order = (field: MappingField) => MAPPING_FIELDS.indexOf(field);
  return [...rules].sort(
    (a, b) =>
      order(a.field) - order(b.field) ||
      a.from.localeCompare(b.from, locale) ||
      a.id.localeCompare(b.id),
  );
}
