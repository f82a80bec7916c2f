import type { ListingDefaults } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import {
  defaultsFieldOfPath,
  defaultsFromValues,
  defaultsLayout,
  defaultsProblems,
  defaultsValuesChanged,
  defaultsValuesFrom,
  EMPTY_DEFAULTS_VALUES,
} from './defaults-form';

const saved: ListingDefaults = {
  marketplaceId: 'ebay',
  shipping: {
    service: 'USPS Priority',
    cost: 7.5,
    payer: 'buyer',
    profileId: null,
    processingProfileId: null,
  },
  returns: { accepted: true, days: 30 },
  policies: { payment: 'pay-1', return: null, fulfillment: 'ful-1' },
  handlingDays: 2,
  location: { postalCode: '10001', country: 'US' },
  extra: { bestOffer: true },
};

describe('the defaults form', () => {
  it('round-trips saved defaults and keeps the extras it does not show', () => {
    const values = defaultsValuesFrom(saved);
    expect(values.shippingService).toBe('USPS Priority');
    expect(values.postalCode).toBe('10001');
    const { marketplaceId: _marketplace, ...body } = saved;
    expect(defaultsFromValues(values, saved)).toEqual(body);
    expect(defaultsValuesChanged(values, saved)).toBe(false);
    expect(defaultsValuesChanged({ ...values, handlingDays: 3 }, saved)).toBe(true);
  });

  it('sends empty texts as nothing, free shipping without a price, no returns without days', () => {
    const body = defaultsFromValues(
      {
        ...EMPTY_DEFAULTS_VALUES,
        shippingPayer: 'seller',
        shippingCost: 9,
        shippingService: '   ',
        country: 'gb',
        returnsAccepted: false,
        returnDays: 14,
      },
      null,
    );
    expect(body.shipping).toMatchObject({ payer: 'seller', cost: null, service: null });
    expect(body.returns).toEqual({ accepted: false, days: null });
    expect(body.location?.country).toBe('GB');
    expect(body.extra).toEqual({});
  });

  it('refuses what the server’s schema refuses, per field', () => {
    expect(defaultsProblems(EMPTY_DEFAULTS_VALUES)).toEqual({});
    expect(
      defaultsProblems({
        ...EMPTY_DEFAULTS_VALUES,
        handlingDays: 31,
        returnDays: 2.5,
        country: 'USA',
        postalCode: 'x'.repeat(21),
        shippingCost: 1.234,
      }),
    ).toEqual({
      handlingDays: { code: 'tooBig', limit: 30 },
      returnDays: { code: 'wholeNumber' },
      country: { code: 'countryCode' },
      postalCode: { code: 'tooLong', max: 20 },
      shippingCost: { code: 'decimals' },
    });
  });

  it('knows the field of each path of the request body', () => {
    expect(defaultsFieldOfPath('shipping.cost')).toBe('shippingCost');
    expect(defaultsFieldOfPath('policies.fulfillment')).toBe('fulfillmentPolicy');
    expect(defaultsFieldOfPath('extra.anything')).toBeUndefined();
  });
});

describe('the defaults layout per marketplace (spec §1 form overrides)', () => {
  it('labels eBay’s ship-from location with the edition’s zip or post code and adds its policies', () => {
    const us = defaultsLayout('ebay', 'US');
    expect(us.map((section) => section.key)).toEqual(['shipping', 'returns', 'policies']);
    const postal = us[0]!.fields.find((field) => field.key === 'postalCode');
    expect(postal).toEqual({
      key: 'postalCode',
      labelId: 'region.postalCode.zip',
      neededToPublish: true,
    });
    expect(
      defaultsLayout('ebay', 'UK')[0]!.fields.find((field) => field.key === 'postalCode')?.labelId,
    ).toBe('region.postalCode.post');
    // eBay takes its listings' shipping profile from the fulfillment policy.
    expect(us[2]!.fields.find((field) => field.key === 'fulfillmentPolicy')?.neededToPublish).toBe(
      true,
    );
  });

  it('gives Etsy its Delivery, shipping profile and processing profile sections', () => {
    const etsy = defaultsLayout('etsy', 'US');
    expect(etsy.map((section) => [section.key, section.titleId])).toEqual([
      ['delivery', 'listing.section.delivery'],
      ['shippingProfile', 'listing.section.shippingProfile'],
      ['processingProfile', 'listing.section.processingProfile'],
      ['returns', undefined],
    ]);
    expect(etsy[1]!.fields).toEqual([
      { key: 'profileId', labelId: 'listing.field.shippingProfile', neededToPublish: true },
    ]);
    expect(etsy[2]!.fields).toEqual([
      {
        key: 'processingProfileId',
        labelId: 'listing.field.processingProfile',
        neededToPublish: true,
      },
    ]);
  });

  it('gives other marketplaces the common form, saying when they need shipping', () => {
    const mercari = defaultsLayout('mercari', 'US');
    expect(mercari.map((section) => section.key)).toEqual(['shipping', 'returns']);
    expect(mercari[0]!.neededToPublish).toBe(true);
    expect(mercari[0]!.fields.every((field) => !field.labelId && !field.neededToPublish)).toBe(
      true,
    );
    expect(defaultsLayout('grailed', 'US')[0]!.neededToPublish).toBe(false);
  });
});
