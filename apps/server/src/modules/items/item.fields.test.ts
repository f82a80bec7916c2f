import { describe, expect, it } from 'vitest';
import { GeneralDetailsSchema, ListingSchema } from '@listloop/domain';
import { applyFieldChanges, mergeListing, stampListing, type EditableItem } from './item.fields';

const item = (): EditableItem => ({
  generalDetails: GeneralDetailsSchema.parse({ title: 'Old' }),
  labels: ['a'],
  listings: {
    ebay: {
      ...ListingSchema.parse({}),
      status: 'listed',
      listedID: 'E1',
      dateCreated: 100,
      dateLastModified: 100,
      price: 5,
    },
  },
  variants: [],
});

describe('applyFieldChanges', () => {
  it('sets nested general details and leaves the input untouched', () => {
    const original = item();
    const result = applyFieldChanges(original, {
      'generalDetails.weight.pounds': 3,
      'generalDetails.title': 'New',
    });
    expect(result.errors).toEqual([]);
    expect(result.changed).toBe(true);
    expect(result.next.generalDetails).toMatchObject({ title: 'New', weight: { pounds: 3 } });
    expect(original.generalDetails.title).toBe('Old');
  });

  it('skips protected and server-set listing fields, and whole listings that carry them', () => {
    const result = applyFieldChanges(item(), {
      'listings.ebay.status': 'sold',
      'listings.ebay.dateCreated': 1,
      'listings.ebay': { listingURL: 'x' },
      'listings.ebay.price': 9,
    });
    expect(result.skipped).toEqual([
      'listings.ebay.status',
      'listings.ebay.dateCreated',
      'listings.ebay',
    ]);
    expect(result.next.listings.ebay).toMatchObject({ status: 'listed', listedID: 'E1', price: 9 });
    expect(result.touchedListings).toEqual(['ebay']);
  });

  it('replaces a whole listing but keeps what only the server sets', () => {
    const result = applyFieldChanges(item(), { 'listings.ebay': { title: 'T' } });
    expect(result.next.listings.ebay).toEqual({
      title: 'T',
      status: 'listed',
      listedID: 'E1',
      lastStatusDate: null,
      listingURL: null,
      dateCreated: 100,
      dateLastModified: 100,
    });
  });

  it('reports unknown fields, marketplaces and unsafe paths', () => {
    const result = applyFieldChanges(item(), {
      nope: 1,
      'generalDetails.nope': 1,
      'listings.amazon.price': 1,
      'labels.__proto__': 1,
      'generalDetails.title.deeper': 1,
      'labels.5': 'gap',
    });
    expect(result.errors.map((e) => e.path)).toEqual([
      'nope',
      'generalDetails.nope',
      'listings.amazon.price',
      'labels.__proto__',
      'generalDetails.title.deeper',
      'labels.5',
    ]);
    expect(result.changed).toBe(false);
  });
});

describe('listing timestamps', () => {
  it('stamps dateLastModified always and dateCreated only when absent', () => {
    expect(stampListing({ dateCreated: 5 }, 10)).toEqual({ dateCreated: 5, dateLastModified: 10 });
    expect(stampListing({ dateCreated: null }, 10)).toEqual({
      dateCreated: 10,
      dateLastModified: 10,
    });
  });

  it('merges given fields without the protected ones', () => {
    expect(
      mergeListing({ status: 'listed', price: 1, dateCreated: 3 }, { status: 'sold', price: 2 }, 9),
    ).toEqual({ status: 'listed', price: 2, dateCreated: 3, dateLastModified: 9 });
  });
});
