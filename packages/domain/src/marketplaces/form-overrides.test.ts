import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '../regions/regions';
import { formOverrides } from './form-overrides';
import { MARKETPLACE_IDS } from './marketplaces';

const label = (country: (typeof COUNTRY_CODES)[number], key: string) =>
  formOverrides('ebay', country).fields.find((f) => f.key === key)?.labelId ?? null;

describe('eBay form overrides per edition', () => {
  it.each([
    ['US', 'listing.field.upc.upc', null, 'region.postalCode.zip'],
    ['UK', 'listing.field.upc.ean', 'listing.field.ukSize', 'region.postalCode.post'],
    ['ES', 'listing.field.upc.ean', null, 'region.postalCode.post'],
    ['IT', 'listing.field.upc.ean', null, 'region.postalCode.post'],
  ] as const)('%s: UPC %s, UK Size %s, location %s', (country, upc, ukSize, location) => {
    expect(label(country, 'upc')).toBe(upc);
    expect(label(country, 'ukSize')).toBe(ukSize);
    expect(label(country, 'shippingLocation')).toBe(location);
  });

  it('the shipping location writes the ship-from postal code and is required', () => {
    expect(
      formOverrides('ebay', 'UK').fields.find((f) => f.key === 'shippingLocation'),
    ).toMatchObject({
      target: 'shipping.fromPostalCode',
      input: 'postalCode',
      required: true,
    });
  });

  it('has no sections', () => {
    expect(formOverrides('ebay').sections).toEqual([]);
  });
});

describe('Etsy form overrides', () => {
  it.each(COUNTRY_CODES)(
    '%s: Delivery, shipping profile and processing profile sections',
    (country) => {
      const { sections, fields } = formOverrides('etsy', country);
      expect(fields).toEqual([]);
      expect(sections.map((s) => [s.key, s.titleId])).toEqual([
        ['delivery', 'listing.section.delivery'],
        ['shippingProfile', 'listing.section.shippingProfile'],
        ['processingProfile', 'listing.section.processingProfile'],
      ]);
      const targets = sections.flatMap((s) =>
        s.fields.filter((f) => f.required).map((f) => f.target),
      );
      expect(targets).toEqual(['shipping.profileId', 'shipping.processingProfileId']);
    },
  );
});

describe('other marketplaces', () => {
  it.each(MARKETPLACE_IDS.filter((m) => m !== 'ebay' && m !== 'etsy'))('%s has none', (m) => {
    expect(formOverrides(m, 'UK')).toEqual({ marketplace: m, fields: [], sections: [] });
  });
});
