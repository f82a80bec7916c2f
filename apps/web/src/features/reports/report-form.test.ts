import { BUILT_IN_REPORT_DEFAULTS, ReportStartSchema, type ReportDefaults } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import {
  defaultsInput,
  filterCount,
  formProblems,
  hasProblems,
  sameAsDefaults,
  startInput,
  toggleColumn,
  valuesFromDefaults,
  withoutFilters,
} from './report-form';

const SAVED: ReportDefaults = {
  format: 'csv',
  columns: ['price', 'title', 'sku'],
  filters: {
    sort: 'price:desc',
    label: 'winter',
    priceMin: 10,
    createdFrom: '2024-01-01',
    userId: 'member0000000000000001',
  },
};

describe('the report form', () => {
  it('starts from the defaults, its columns in the offered order', () => {
    const values = valuesFromDefaults(SAVED);
    expect(values.columns).toEqual(['title', 'sku', 'price']);
    expect(values.filters).toMatchObject({
      label: 'winter',
      priceMin: 10,
      priceMax: null,
      createdFrom: '2024-01-01',
      createdTo: '',
      q: '',
      userId: 'member0000000000000001',
    });
    expect(filterCount(values.filters)).toBe(3);
  });

  it('asks for what the form says, empty filters left out, in the edition’s language', () => {
    const values = valuesFromDefaults(BUILT_IN_REPORT_DEFAULTS);
    values.filters.q = '  denim  ';
    const input = startInput(values, 'it');
    expect(input).toEqual({
      format: 'xlsx',
      columns: values.columns,
      filters: { q: 'denim', sort: 'dateCreated:desc' },
      locale: 'it',
    });
    expect(ReportStartSchema.safeParse(input).success).toBe(true);
  });

  it('knows when it says the same as the saved defaults', () => {
    const values = valuesFromDefaults(SAVED);
    expect(sameAsDefaults(values, SAVED)).toBe(true);
    expect(sameAsDefaults({ ...values, format: 'xlsx' }, SAVED)).toBe(false);
    expect(defaultsInput(values).filters).toEqual({
      userId: 'member0000000000000001',
      label: 'winter',
      priceMin: 10,
      createdFrom: '2024-01-01',
      sort: 'price:desc',
    });
  });

  it('switches columns on and off, keeping the offered order', () => {
    expect(toggleColumn(['sku'], 'title', true)).toEqual(['title', 'sku']);
    expect(toggleColumn(['title', 'sku'], 'title', false)).toEqual(['sku']);
    expect(toggleColumn(['title'], 'title', true)).toEqual(['title']);
  });

  it('stops a start with no column or a reversed range, and clears filters but the order', () => {
    const values = valuesFromDefaults(SAVED);
    expect(hasProblems(values)).toBe(false);
    expect(formProblems({ ...values, columns: [] }).columns).toBe(true);
    const reversed = {
      ...values,
      filters: { ...values.filters, priceMax: 5, createdTo: '2023-12-31' },
    };
    expect(formProblems(reversed)).toEqual({ columns: false, price: true, created: true });
    const cleared = withoutFilters(reversed.filters);
    expect(filterCount(cleared)).toBe(0);
    expect(cleared.sort).toBe('price:desc');
    expect(cleared.userId).toBe('member0000000000000001');
  });
});
