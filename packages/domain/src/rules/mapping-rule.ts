import { z } from 'zod';
import { normalizeCategoryPath } from '../items/category-path';
import { MarketplaceIdSchema } from '../marketplaces/marketplaces';

/**
 * Spec §7 mappingRule: per marketplace, the account's translations of its own values into the
 * marketplace's (brand "nike" → "Nike", size "M" → "US M", category "Dresses" → "11450").
 */
export const MAPPING_FIELDS = ['category', 'brand', 'condition', 'colour', 'size'] as const;
export type MappingField = (typeof MAPPING_FIELDS)[number];

/** 'exact' compares as written; 'case_insensitive' ignores letter case (the default). */
export const MAPPING_MATCHES = ['exact', 'case_insensitive'] as const;
export type MappingMatch = (typeof MAPPING_MATCHES)[number];

export const MAPPING_RULES_MAX = 1_000;
export const MAPPING_VALUE_MAX_LENGTH = 200;

const mappingValue = z.string().trim().min(1).max(MAPPING_VALUE_MAX_LENGTH);

export const MappingRuleSchema = z.object({
  id: z.string().min(1).max(64),
  field: z.enum(MAPPING_FIELDS),
  from: mappingValue,
  to: mappingValue,
  match: z.enum(MAPPING_MATCHES).default('case_insensitive'),
});
export type MappingRule = z.infer<typeof MappingRuleSchema>;
export type MappingRuleInput = z.input<typeof MappingRuleSchema>;

/** PUT /api/account/mappingRule/{marketplaceId}: rules with an id replace it, without are new. */
export const MappingRuleUpsertSchema = MappingRuleSchema.extend({
  id: z.string().min(1).max(64).optional(),
});
export const MappingRulePutSchema = z.object({
  rules: z.array(MappingRuleUpsertSchema).min(1).max(MAPPING_RULES_MAX),
});

function fold(value: string): string {
  return value.normalize('NFC').toLocaleLowerCase('en-US');
}

/**
 * A value as rules compare it: a category path with either separator (` › ` or ` > `) is one
 * path, so a rule written with one matches a category typed with the other.
 */
function comparable(field: MappingField, value: string): string {
  return field === 'category' ? normalizeCategoryPath(value) : value;
}

/** Two rules that could both match one value: the later one would never be used. */
export function mappingRulesOverlap(a: MappingRule, b: MappingRule): boolean {
  if (a.field !== b.field) return false;
  const from = comparable(a.field, a.from);
  const other = comparable(b.field, b.from);
  if (a.match === 'exact' && b.match === 'exact') return from === other;
  return fold(from) === fold(other);
}

/** One marketplace's rules as stored and returned; at most one rule can match any value. */
export const MappingRulesSchema = z
  .object({
    marketplaceId: MarketplaceIdSchema,
    rules: z.array(MappingRuleSchema).max(MAPPING_RULES_MAX),
  })
  .superRefine((value, ctx) => {
    const ids = new Set<string>();
    value.rules.forEach((rule, index) => {
      if (ids.has(rule.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['rules', index, 'id'],
          message: 'Rule ids are unique',
        });
      }
      ids.add(rule.id);
      const earlier = value.rules.slice(0, index).find((other) => mappingRulesOverlap(other, rule));
      if (earlier) {
        ctx.addIssue({
          code: 'custom',
          path: ['rules', index, 'from'],
          message: `Another ${rule.field} rule already maps '${earlier.from}'; keep one of them.`,
        });
      }
    });
  });
export type MappingRules = z.infer<typeof MappingRulesSchema>;

export const MappingRulesResponseSchema = z.object({ mappingRules: MappingRulesSchema });

/**
 * The rule that maps `value` of `field`, or undefined. An exact rule is preferred to a
 * case-insensitive one; among equals the first wins (stored rule sets never have two).
 */
export function findMappingRule(
  rules: readonly MappingRule[],
  field: MappingField,
  value: string | null,
): MappingRule | undefined {
  if (value === null) return undefined;
  const text = comparable(field, value.trim());
  if (text === '') return undefined;
  const ofField = rules.filter((rule) => rule.field === field);
  const from = (rule: MappingRule) => comparable(field, rule.from);
  return (
    ofField.find((rule) => rule.match === 'exact' && from(rule) === text) ??
    ofField.find((rule) => rule.match === 'case_insensitive' && fold(from(rule)) === fold(text))
  );
}
