import { describe, expect, it } from 'vitest';
import {
  matchesSearch,
  parseSearchQuery,
  unknownSearchFields,
  withoutUnknownFields,
  type FieldValue,
} from './search-query';

const product: Record<string, FieldValue> = {
  title: 'Blue wool coat',
  sku: ['COAT-1', 'COAT-2'],
  status: 'active',
  updated_at: new Date('2025-07-01T12:00:00Z'),
  tag: ['vintage', 'wool'],
};
const valueOf = (field: string | null) => product[field ?? 'title'] ?? null;

describe('Shopify search syntax', () => {
  it('parses terms, comparators, quotes, negation and OR', () => {
    expect(
      parseSearchQuery(`sku:"COAT 1" updated_at:>='2025-07-01' -status:draft OR wool`),
    ).toEqual([
      [
        { field: 'sku', comparator: ':', value: 'COAT 1', negated: false },
        { field: 'updated_at', comparator: ':>=', value: '2025-07-01', negated: false },
        { field: 'status', comparator: ':', value: 'draft', negated: true },
      ],
      [{ field: null, comparator: ':', value: 'wool', negated: false }],
    ]);
    expect(parseSearchQuery('  ')).toEqual([]);
  });

  it('matches exact values, lists, dates, prefixes, free text and negations', () => {
    const matches = (query: string) => matchesSearch(parseSearchQuery(query), valueOf);
    expect(matches('sku:coat-2')).toBe(true);
    expect(matches('sku:COAT')).toBe(false);
    expect(matches('sku:COAT*')).toBe(true);
    expect(matches(`updated_at:>'2025-06-30T00:00:00Z'`)).toBe(true);
    expect(matches(`updated_at:>'2025-07-01T12:00:00Z'`)).toBe(false);
    expect(matches('tag:vintage status:active')).toBe(true);
    expect(matches('-status:active')).toBe(false);
    expect(matches('wool')).toBe(true);
    expect(matches('status:draft OR tag:wool')).toBe(true);
  });

  it('finds the fields a resource does not know, which Shopify ignores', () => {
    const query = parseSearchQuery('sku:A colour:red');
    expect(unknownSearchFields(query, ['sku'])).toEqual(['colour']);
    expect(withoutUnknownFields(query, ['sku'])).toEqual([
      [{ field: 'sku', comparator: ':', value: 'A', negated: false }],
    ]);
  });
});
