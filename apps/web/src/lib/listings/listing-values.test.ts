import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import enGB from '../../i18n/catalogues/en-GB.json';
import enUS from '../../i18n/catalogues/en-US.json';
import it_ from '../../i18n/catalogues/it.json';
import {
  humanizeCode,
  listingFieldName,
  listingValueText,
  marketplaceConditionText,
  type ListingValueContext,
} from './listing-values';

const us = createIntl({ locale: 'en-US', messages: enUS });
const uk = createIntl({ locale: 'en-GB', messages: enGB });
const italian = createIntl({ locale: 'it', messages: it_ });
const US: ListingValueContext = {
  colourLabel: 'region.colour.color',
  postalCodeLabel: 'region.postalCode.zip',
};
const ebay: ListingValueContext = { ...US, marketplace: 'ebay' };

describe('marketplace conditions', () => {
  it('name each code as the marketplace does', () => {
    expect(marketplaceConditionText(us, 'ebay', 'USED_EXCELLENT')).toBe('Used – excellent');
    expect(marketplaceConditionText(us, 'poshmark', 'not_nwt')).toBe('Not new with tags');
    expect(marketplaceConditionText(us, 'depop', 'used_good')).toBe('Used – good');
    expect(marketplaceConditionText(us, 'vestiaireApi', 'never_worn')).toBe('Never worn');
    expect(marketplaceConditionText(italian, 'ebay', 'USED_EXCELLENT')).toBe('Usato – eccellente');
  });

  it('make a code configuration added readable rather than raw', () => {
    expect(marketplaceConditionText(us, 'ebay', 'USED_SLIGHTLY_WORN')).toBe('Used slightly worn');
    expect(humanizeCode('certifiedRefurbished')).toBe('Certified refurbished');
  });
});

describe('field names', () => {
  it('turn item paths into the form’s labels, with the unit where it matters', () => {
    expect(listingFieldName(us, 'generalDetails.weight.pounds', US)).toBe('Weight (lb)');
    expect(listingFieldName(us, 'generalDetails.weight.ounces', US)).toBe('Weight (oz)');
    expect(listingFieldName(us, 'generalDetails.title', US)).toBe('Title');
    expect(listingFieldName(us, 'generalDetails.primaryColor', US)).toBe('Color');
    expect(listingFieldName(uk, 'colour', { ...US, colourLabel: 'region.colour.colour' })).toBe(
      'Colour',
    );
    expect(listingFieldName(us, 'listings.ebay.listedID', US)).toBe('eBay item number');
    expect(listingFieldName(us, 'generalDetails.dimensions.length', US)).toBe('Length');
  });

  it('name the listing’s own fields, eBay’s profile being its shipping policy', () => {
    expect(listingFieldName(us, 'extra.paymentPolicyId', ebay)).toBe('Payment policy');
    expect(listingFieldName(us, 'shipping.profileId', ebay)).toBe('Shipping policy');
    expect(listingFieldName(us, 'shipping.profileId', { ...US, marketplace: 'etsy' })).toBe(
      'Shipping profile',
    );
    expect(listingFieldName(us, 'shipping.fromPostalCode', US)).toBe('ZIP code');
    expect(listingFieldName(us, 'extra.shipsFromCountry', US)).toBe('Ships from');
    expect(listingFieldName(us, 'extra.department', US)).toBe('Department');
    expect(listingFieldName(us, 'extra.somethingNew', US)).toBe('Something new');
  });
});

describe('values', () => {
  const names = new Map([['6196932002', 'Pay on checkout']]);

  it('show a business policy by its name, and never as a bare id', () => {
    expect(
      listingValueText(us, 'extra.paymentPolicyId', '6196932002', { ...ebay, policyNames: names }),
    ).toBe('Pay on checkout');
    expect(listingValueText(us, 'extra.returnPolicyId', '6196932003', ebay)).toBe(
      'Policy 6196932003',
    );
  });

  it('put codes in words', () => {
    expect(listingValueText(us, 'condition', 'USED_GOOD', ebay)).toBe('Used – good');
    expect(listingValueText(us, 'extra.shipsFromCountry', 'US', US)).toBe('United States');
    expect(listingValueText(us, 'extra.shippingPayer', 'buyer', US)).toBe('The buyer');
    expect(listingValueText(us, 'extra.department', 'womenswear', US)).toBe('Womenswear');
    expect(listingValueText(us, 'extra.who_made', 'someone_else', US)).toBe(
      'Another company or person',
    );
    expect(listingValueText(us, 'extra.when_made', 'before_2006', US)).toBe('Before 2006');
    expect(listingValueText(us, 'extra.when_made', '2010_2019', US)).toBe('2010–2019');
    expect(listingValueText(us, 'extra.returnsAccepted', true, US)).toBe('Yes');
  });

  it('leave plain text to be shown as it is', () => {
    expect(listingValueText(us, 'brand', 'Laura Ashley', US)).toBeNull();
    expect(listingValueText(us, 'extra.upc', '012345678905', US)).toBeNull();
  });
});
