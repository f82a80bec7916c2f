import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { DEPOP_PRODUCT_TYPES, DEPOP_SIZE_SETS, type EtsyShopProfile } from '@listloop/domain';
import enGB from '../../i18n/catalogues/en-GB.json';
import enUS from '../../i18n/catalogues/en-US.json';
import es from '../../i18n/catalogues/es.json';
import it_ from '../../i18n/catalogues/it.json';
import {
  depopProductTypeText,
  depopSizeText,
  etsyProfileNames,
  etsyProfileText,
  humanizeCode,
  listingFieldName,
  listingValueText,
  marketplaceConditionText,
  type ListingValueContext,
} from './listing-values';
import { depopProductTypeMessages } from './listing.messages';

const us = createIntl({ locale: 'en-US', messages: enUS });
const uk = createIntl({ locale: 'en-GB', messages: enGB });
const italian = createIntl({ locale: 'it', messages: it_ });
const spanish = createIntl({ locale: 'es', messages: es });
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

describe('Etsy’s profiles', () => {
  const shipping = (id: string, name: string | null): EtsyShopProfile => ({
    id,
    kind: 'shipping',
    name,
    readinessState: null,
    minProcessingDays: null,
    maxProcessingDays: null,
    originCountry: 'US',
  });
  const processing = (
    id: string,
    readinessState: 'ready_to_ship' | 'made_to_order',
    min: number,
    max: number,
  ): EtsyShopProfile => ({
    id,
    kind: 'processing',
    name: null,
    readinessState,
    minProcessingDays: min,
    maxProcessingDays: max,
    originCountry: null,
  });
  const etsy: ListingValueContext = { ...US, marketplace: 'etsy' };

  it('name a shipping profile by its title, and a processing profile by its state and days', () => {
    expect(etsyProfileText(us, shipping('210000000001', 'Standard shipping'))).toBe(
      'Standard shipping',
    );
    expect(etsyProfileText(us, shipping('210000000003', null))).toBe(
      'Profile without a name, from United States',
    );
    expect(etsyProfileText(us, processing('1300000001', 'ready_to_ship', 1, 3))).toBe(
      'Ready to ship in 1–3 days',
    );
    expect(etsyProfileText(uk, processing('1300000001', 'ready_to_ship', 1, 3))).toBe(
      'Ready to dispatch in 1–3 days',
    );
    expect(etsyProfileText(us, processing('1300000003', 'made_to_order', 1, 1))).toBe(
      'Made to order in 1 day',
    );
    expect(etsyProfileText(spanish, processing('1300000002', 'made_to_order', 5, 10))).toBe(
      'Hecho por encargo en 5–10 días',
    );
    expect(etsyProfileText(italian, processing('1300000002', 'made_to_order', 5, 10))).toBe(
      'Fatto su ordinazione in 5–10 giorni',
    );
  });

  it('show a stored profile id by its name, and never as a bare id', () => {
    const names = etsyProfileNames(
      us,
      { profiles: [shipping('210000000001', 'Standard shipping')], loaded: true },
      { profiles: [processing('1300000001', 'ready_to_ship', 1, 3)], loaded: true },
    );
    const context = { ...etsy, etsyProfiles: names };
    expect(listingValueText(us, 'shipping.profileId', '210000000001', context)).toBe(
      'Standard shipping',
    );
    expect(listingValueText(us, 'shipping.processingProfileId', '1300000001', context)).toBe(
      'Ready to ship in 1–3 days',
    );
    // Gone from the shop once Etsy has answered; until then, a profile by its id.
    expect(listingValueText(us, 'shipping.profileId', '210000000009', context)).toBe(
      'Profile 210000000009, no longer in your Etsy shop',
    );
    expect(listingValueText(us, 'shipping.processingProfileId', '1300000001', etsy)).toBe(
      'Profile 1300000001',
    );
    expect(listingFieldName(us, 'shipping.processingProfileId', etsy)).toBe('Processing profile');
  });
});

describe('Depop’s product types and sizes', () => {
  const depop: ListingValueContext = { ...US, marketplace: 'depop' };

  it('name the product type a listing sends, and leave a category path as the seller wrote it', () => {
    expect(listingValueText(us, 'category', 'dresses', depop)).toBe('Dresses');
    expect(listingValueText(uk, 'category', 'jumpers', depop)).toBe('Jumpers');
    expect(listingValueText(us, 'category', 'jumpers', depop)).toBe('Sweaters');
    expect(listingValueText(italian, 'category', 'dresses', depop)).toBe('Abiti');
    expect(listingValueText(us, 'category', 'swimsuit-one-piece', depop)).toBe(
      'One-piece swimsuits',
    );
    // A product type ListLoop has no name for: readable, not a slug.
    expect(depopProductTypeText(us, 'sleeveless-tops')).toBe('Sleeveless tops');
    expect(listingValueText(us, 'category', 'Clothing › Women › Dresses', depop)).toBeNull();
    // Another marketplace's category is its own.
    expect(listingValueText(us, 'category', 'dresses', US)).toBeNull();
  });

  it('name a size written as Depop’s ids, and never show the ids with their colon', () => {
    expect(listingValueText(us, 'size', '52:11', depop)).toBe('L (letter sizes)');
    expect(listingValueText(us, 'size', '60/109', depop)).toBe('9 (US shoe sizes)');
    expect(listingValueText(spanish, 'size', '52:10', depop)).toBe('M (tallas con letras)');
    expect(depopSizeText(us, '52:99')).toBe('Size 99 of size set 52');
    expect(depopSizeText(italian, '7:3')).toBe('Taglia 3 del gruppo di taglie 7');
    expect(listingValueText(us, 'size', 'L', depop)).toBeNull();
  });

  it('have a name for every product type and size set in every locale', () => {
    for (const intl of [us, uk, spanish, italian]) {
      for (const type of DEPOP_PRODUCT_TYPES) {
        const id = String(depopProductTypeMessages[type].id);
        expect(Object.hasOwn(intl.messages, id)).toBe(true);
      }
      for (const set of DEPOP_SIZE_SETS) {
        for (const size of set.sizes) {
          expect(depopSizeText(intl, `${set.id}:${size.id}`)).not.toMatch(/:/);
        }
      }
    }
  });
});
