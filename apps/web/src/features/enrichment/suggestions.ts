import {
  isApplicableField,
  type EnrichmentApplicableField,
  type EnrichmentSuggestion,
  type GeneralDetails,
} from '@listloop/domain';

/** A suggestion's key on screen: its field and value. */
export function suggestionKey(suggestion: Pick<EnrichmentSuggestion, 'field' | 'value'>): string {
  return `${suggestion.field}:${suggestion.value}`;
}

/** Whether the seller has left a field empty. */
export function isEmptyField(details: GeneralDetails, field: EnrichmentApplicableField): boolean {
  const value = details[field];
  return value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * What "Apply to empty fields" writes: for each field the seller left empty, the first (surest)
 * suggestion still shown. A field with a value is never in it.
 */
export function fillsForEmptyFields(
  suggestions: readonly EnrichmentSuggestion[],
  details: GeneralDetails,
  hidden: ReadonlySet<string>,
): { field: EnrichmentApplicableField; value: string }[] {
  const fills = new Map<EnrichmentApplicableField, string>();
  for (const suggestion of suggestions) {
    const { field } = suggestion;
    if (!isApplicableField(field) || hidden.has(suggestionKey(suggestion))) continue;
    if (fills.has(field) || !isEmptyField(details, field)) continue;
    fills.set(field, suggestion.value);
  }
  return [...fills].map(([field, value]) => ({ field, value }));
}
