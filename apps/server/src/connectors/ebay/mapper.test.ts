import { describe, expect, it } from 'vitest';
import { BuiltListingSchema } from '@listloop/domain';
import { connectorInput, testItem } from '../shared/testing/items';
import { buildEbayListing } from './mapper';

function input(shipping: Record<string, unknown>, extra: Record<string, unknown>) {
  const built = BuiltListingSchema.parse({
    marketplace: 'ebay',
    title: 'Wool coat',
    price: 80,
    currency: 'USD',
    quantity: 1,
    condition: 'USED_GOOD',
    category: '11483',
    shipping,
    extra,
  });
  return connectorInput(testItem({ title: 'Wool coat' }), built);
}

describe('eBay listing policies', () => {
  it('takes the item’s own shipping profile over the account default’s fulfillment policy', () => {
    const listing = buildEbayListing(
      input({ profileId: 'item-policy' }, { fulfillmentPolicyId: 'default-policy' }),
      'EBAY_US',
    );
    expect(listing.policies.fulfillmentPolicyId).toBe('item-policy');
  });

  it('falls back to the defaults’ fulfillment policy when the listing names no profile', () => {
    const listing = buildEbayListing(
      input({}, { fulfillmentPolicyId: 'default-policy', paymentPolicyId: 'pay-1' }),
      'EBAY_US',
    );
    expect(listing.policies).toMatchObject({
      fulfillmentPolicyId: 'default-policy',
      paymentPolicyId: 'pay-1',
      returnPolicyId: null,
    });
  });
});

describe('eBay item location', () => {
  const seller = { merchantLocationKey: 'seller-home', merchantLocationPostalCode: '10001' };

  it('ships from the seller’s own location while its postal code is the one read with it', () => {
    for (const fromPostalCode of ['10001', ' 10001', null]) {
      const listing = buildEbayListing(input({ fromPostalCode }, seller), 'EBAY_US');
      expect(listing.location).toEqual({ key: 'seller-home', address: null });
      expect(listing.offer.merchantLocationKey).toBe('seller-home');
    }
  });

  it('ships from the new postal code once the seller changes it', () => {
    const listing = buildEbayListing(input({ fromPostalCode: '94103' }, seller), 'EBAY_US');
    expect(listing.location).toEqual({
      key: 'LL-US-94103',
      address: { postalCode: '94103', country: 'US' },
    });
  });

  it('keeps a location named without a postal code (the defaults’ extra fields)', () => {
    const listing = buildEbayListing(
      input({ fromPostalCode: '94103' }, { merchantLocationKey: 'warehouse' }),
      'EBAY_US',
    );
    expect(listing.location).toEqual({ key: 'warehouse', address: null });
  });
});
