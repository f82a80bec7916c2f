import { BuiltListingSchema, type Item } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { isOutOfDate, listingDigest } from './listing-digest';

const built = (fields: Record<string, unknown> = {}) =>
  BuiltListingSchema.parse({
    marketplace: 'ebay',
    title: 'Canon AE-1',
    price: 120,
    quantity: 1,
    photos: ['/api/images/a/large'],
    extra: { upc: '012345678905', aspects: { Brand: ['Canon'] } },
    ...fields,
  });

describe('listingDigest: what an update would send, as a digest', () => {
  it('is the same for the same listing, whatever the order of its keys', () => {
    const one = built();
    const reordered = Object.fromEntries(Object.entries(one).reverse()) as typeof one;
    expect(listingDigest(reordered)).toBe(listingDigest(one));
    expect(
      listingDigest(built({ extra: { aspects: { Brand: ['Canon'] }, upc: '012345678905' } })),
    ).toBe(listingDigest(one));
  });

  it('changes with any detail an update sends: the price, the title, a photo', () => {
    const one = listingDigest(built());
    expect(listingDigest(built({ price: 119.99 }))).not.toBe(one);
    expect(listingDigest(built({ title: 'Canon AE-1 Program' }))).not.toBe(one);
    expect(listingDigest(built({ photos: ['/api/images/b/large'] }))).not.toBe(one);
  });

  it('leaves out the quantity (pushed on its own) and what the marketplace’s update does not send', () => {
    expect(listingDigest(built({ quantity: 3 }))).toBe(listingDigest(built()));
    const photos = built({ photos: ['/api/images/b/large'] });
    expect(listingDigest(photos, ['photos'])).toBe(listingDigest(built(), ['photos']));
  });
});

describe('isOutOfDate', () => {
  const item = (listing: Record<string, unknown>, dateLastModified = 2_000) =>
    ({ dateLastModified, listings: { ebay: listing } }) as unknown as Item;

  it('compares a listed listing’s digest with what was last sent', () => {
    expect(isOutOfDate(item({ status: 'listed', sentHash: 'abc' }), 'ebay', 'abc')).toBe(false);
    expect(isOutOfDate(item({ status: 'listed', sentHash: 'abc' }), 'ebay', 'xyz')).toBe(true);
  });

  it('without a digest sent, is out of date once the item was edited after it went live', () => {
    expect(isOutOfDate(item({ status: 'listed', lastStatusDate: 1_000 }), 'ebay', 'x')).toBe(true);
    expect(isOutOfDate(item({ status: 'listed', lastStatusDate: 3_000 }), 'ebay', 'x')).toBe(false);
  });

  it('is null where nothing is live to update', () => {
    for (const status of ['not_listed', 'queued', 'delisted', 'sold', 'delist_failure']) {
      expect(isOutOfDate(item({ status, sentHash: 'abc' }), 'ebay', 'xyz'), status).toBeNull();
    }
    expect(isOutOfDate(item({ status: 'listed' }), 'shopify', 'x')).toBeNull();
  });
});
