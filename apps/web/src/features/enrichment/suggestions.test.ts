import { GeneralDetailsSchema, type EnrichmentSuggestion } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { fillsForEmptyFields, suggestionKey } from './suggestions';

const suggestion = (
  field: EnrichmentSuggestion['field'],
  value: string,
  confidence = 0.9,
): EnrichmentSuggestion => ({
  field,
  value,
  source: 'text',
  confidence,
  evidence: { photo: null },
});

describe('apply to empty fields', () => {
  const suggestions = [
    suggestion('brand', 'Levi Strauss'),
    suggestion('primaryColor', 'Blue'),
    suggestion('primaryColor', 'Navy', 0.5),
    suggestion('size', 'W32 L34'),
    suggestion('material', '100% cotton'),
    suggestion('barcode', '4006381333931'),
  ];

  it('fills only empty fields, with the surest suggestion not dismissed, never material or barcode', () => {
    const details = GeneralDetailsSchema.parse({ brand: 'Typed', size: '  ' });
    expect(fillsForEmptyFields(suggestions, details, new Set())).toEqual([
      { field: 'primaryColor', value: 'Blue' },
      { field: 'size', value: 'W32 L34' },
    ]);
    const dismissed = new Set([suggestionKey(suggestions[1]!)]);
    expect(fillsForEmptyFields(suggestions, details, dismissed)).toEqual([
      { field: 'primaryColor', value: 'Navy' },
      { field: 'size', value: 'W32 L34' },
    ]);
  });

  it('writes nothing when every field has a value', () => {
    const details = GeneralDetailsSchema.parse({ brand: 'A', primaryColor: 'Red', size: 'M' });
    expect(fillsForEmptyFields(suggestions, details, new Set())).toEqual([]);
  });
});
