import type { AiSuggestions, GeneralDetails, ItemCondition } from '@listloop/domain';
import type { SetDetail } from '../../lib/inventory/item-editor-slots';

/** A change the seller accepts from a suggestion, one field at a time. */
export type SuggestionChange =
  | { field: 'title' | 'description' | 'brand' | 'category' | 'colour'; value: string }
  | { field: 'condition'; value: ItemCondition }
  | { field: 'price'; value: number };
export type SuggestedField = SuggestionChange['field'];

/** The order offers are shown in: the form's order. */
export const SUGGESTED_FIELDS: readonly SuggestedField[] = [
  'title',
  'description',
  'brand',
  'condition',
  'price',
  'category',
  'colour',
];

/**
 * What an answer offers, field by field. A price range is offered as its middle, in whole
 * units: the seller can still type another.
 */
export function offersFrom(
  suggestions: AiSuggestions,
): Partial<Record<SuggestedField, SuggestionChange>> {
  const offers: Partial<Record<SuggestedField, SuggestionChange>> = {};
  for (const field of ['title', 'description', 'brand', 'category', 'colour'] as const) {
    const value = suggestions[field];
    if (value) offers[field] = { field, value };
  }
  if (suggestions.condition)
    offers.condition = { field: 'condition', value: suggestions.condition };
  if (suggestions.price) {
    const value = Math.round((suggestions.price.min + suggestions.price.max) / 2);
    offers.price = { field: 'price', value };
  }
  return offers;
}

/** What the field holds now, as text; null when it is empty. */
export function currentValue(details: GeneralDetails, field: SuggestedField): string | null {
  switch (field) {
    case 'title':
    case 'description':
    case 'brand':
      return details[field].trim() || null;
    case 'category':
      return details.category?.trim() || null;
    case 'colour':
      return details.primaryColor?.trim() || null;
    case 'condition':
      return details.condition;
    case 'price':
      return details.price === null ? null : String(details.price);
  }
}

/** Whether the field holds the offer already (nothing to use); names compare without case. */
export function holds(details: GeneralDetails, offer: SuggestionChange): boolean {
  const now = currentValue(details, offer.field);
  if (now === null) return false;
  if (offer.field === 'title' || offer.field === 'description' || offer.field === 'condition') {
    return now === String(offer.value).trim();
  }
  if (offer.field === 'price') return Number(now) === offer.value;
  return now.toLowerCase() === offer.value.trim().toLowerCase();
}

/** Puts an accepted suggestion in its own field of the draft, and nowhere else. */
export function acceptOffer(setDetail: SetDetail, offer: SuggestionChange): void {
  switch (offer.field) {
    case 'colour':
      return setDetail('primaryColor', offer.value);
    case 'condition':
      return setDetail('condition', offer.value);
    case 'price':
      return setDetail('price', offer.value);
    default:
      return setDetail(offer.field, offer.value);
  }
}
