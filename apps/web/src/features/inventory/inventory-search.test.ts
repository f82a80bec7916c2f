import { describe, expect, it } from 'vitest';
import { itemExportHref, itemListParams } from '../../lib/inventory/item.api';
import {
  InventorySearchSchema,
  activeFilterCount,
  compactSearch,
  endOfDay,
  filtersFromSearch,
  hasSearchOrFilters,
  rangeProblems,
  startOfDay,
  withoutFilters,
} from './inventory-search';

describe('the inventory URL', () => {
  it('reads every filter from the query', () => {
    const search = InventorySearchSchema.parse({
      q: ' denim jacket ',
      status: 'complete',
      marketplace: 'ebay',
      listingStatus: 'listed',
      label: 'Summer',
      priceMin: '10',
      priceMax: 50,
      createdFrom: '2026-01-01',
      createdTo: '2026-01-31',
      sort: 'price:asc',
    });
    expect(search).toEqual({
      q: 'denim jacket',
      status: 'complete',
      marketplace: 'ebay',
      listingStatus: 'listed',
      label: 'Summer',
      priceMin: 10,
      priceMax: 50,
      createdFrom: '2026-01-01',
      createdTo: '2026-01-31',
      sort: 'price:asc',
    });
  });

  it('keeps a numeric search as text', () => {
    expect(InventorySearchSchema.parse({ q: 12345 }).q).toBe('12345');
  });

  it('drops what it cannot read instead of failing', () => {
    expect(
      compactSearch(
        InventorySearchSchema.parse({
          q: '   ',
          status: 'sold-out',
          marketplace: 'amazon',
          priceMin: -3,
          priceMax: 'lots',
          createdFrom: '01/02/2026',
          sort: 'random',
          label: 'x'.repeat(21),
        }),
      ),
    ).toEqual({});
  });

  it('turns days into the first and last millisecond of the local day', () => {
    expect(startOfDay('2026-03-05')).toBe(new Date(2026, 2, 5).getTime());
    expect(endOfDay('2026-03-05')).toBe(new Date(2026, 2, 6).getTime() - 1);
    // The last day of a month rolls into the next one.
    expect(endOfDay('2026-01-31')).toBe(new Date(2026, 1, 1).getTime() - 1);
  });

  it('asks the list call for the filters, with the default sort', () => {
    expect(filtersFromSearch({})).toEqual({ sort: 'dateCreated:desc' });
    expect(
      filtersFromSearch({ q: 'bag', priceMin: 0, createdFrom: '2026-03-05', sort: 'title:asc' }),
    ).toEqual({
      q: 'bag',
      priceMin: 0,
      createdFrom: new Date(2026, 2, 5).getTime(),
      sort: 'title:asc',
    });
  });

  it('writes the same filters into the list and export URLs', () => {
    const filters = filtersFromSearch({ q: 'red bag', label: 'Bin 4', priceMax: 20 });
    expect(itemListParams({ ...filters, limit: 100 }).toString()).toBe(
      'sort=dateCreated%3Adesc&q=red+bag&label=Bin+4&priceMax=20&limit=100',
    );
    expect(itemExportHref(filters)).toBe(
      '/api/account/item/export?sort=dateCreated%3Adesc&q=red+bag&label=Bin+4&priceMax=20',
    );
  });

  it('counts and clears the drawer filters but keeps the search and sort', () => {
    const search = { q: 'bag', sort: 'price:asc', status: 'inProgress', priceMin: 0 } as const;
    expect(activeFilterCount(search)).toBe(2);
    expect(withoutFilters(search)).toEqual({ q: 'bag', sort: 'price:asc' });
    expect(hasSearchOrFilters({ sort: 'price:asc' })).toBe(false);
    expect(hasSearchOrFilters({ q: 'bag' })).toBe(true);
  });

  it('spots ranges the wrong way round', () => {
    expect(rangeProblems({ priceMin: 20, priceMax: 10 })).toEqual({ price: true, created: false });
    expect(rangeProblems({ createdFrom: '2026-02-01', createdTo: '2026-01-01' })).toEqual({
      price: false,
      created: true,
    });
    expect(rangeProblems({ priceMin: 10, priceMax: 10 })).toEqual({ price: false, created: false });
  });
});
