import { describe, expect, it } from 'vitest';
import { BuiltListingSchema } from './built-listing';

describe('BuiltListingSchema', () => {
  it('fills defaults from a marketplace alone', () => {
    expect(BuiltListingSchema.parse({ marketplace: 'depop' })).toEqual({
      marketplace: 'depop',
      title: '',
      description: '',
      price: null,
      currency: 'USD',
      originalPrice: null,
      quantity: 1,
      condition: null,
      brand: '',
      category: null,
      size: '',
      colour: '',
      weight: null,
      dimensions: null,
      photos: [],
      sku: '',
      tags: [],
      shipping: {
        price: null,
        service: null,
        profileId: null,
        processingProfileId: null,
        fromPostalCode: null,
      },
      extra: {},
    });
  });

  it.each([
    [{ marketplace: 'amazon' }],
    [{ marketplace: 'ebay', currency: 'US' }],
    [{ marketplace: 'ebay', quantity: 1.5 }],
    [{ marketplace: 'ebay', photos: 'a.jpg' }],
  ])('refuses %j', (input) => {
    expect(BuiltListingSchema.safeParse(input).success).toBe(false);
  });

  it('keeps marketplace-specific extras', () => {
    const l = BuiltListingSchema.parse({ marketplace: 'etsy', extra: { who_made: 'i_did' } });
    expect(l.extra).toEqual({ who_made: 'i_did' });
  });
});
