import { describe, expect, it } from 'vitest';
import {
  DIMENSION_INPUTS,
  dimensionsFromParts,
  dimensionsToParts,
  listingForm,
  readStored,
  storedPatch,
} from './listing-form';

const targets = (marketplace: Parameters<typeof listingForm>[0], country: 'US' | 'UK' = 'US') =>
  listingForm(marketplace, country).map((section) => [
    section.key,
    section.fields.map((field) => field.target),
  ]);

describe("a marketplace's tab in the item editor", () => {
  it('eBay (US): its category, UPC, the shipping location by zip code, and its shipping policy', () => {
    expect(targets('ebay')).toEqual([
      ['listing', ['title', 'category', 'price', 'extra.upc', 'shipping.fromPostalCode']],
      ['shipping', ['shipping.profileId']],
    ]);
    const [main, shipping] = listingForm('ebay', 'US');
    // eBay's category is its own id: picked by name, never typed.
    expect(main!.fields[1]).toMatchObject({ input: 'category', required: true });
    expect(main!.fields.map((f) => f.label)).toEqual([
      { own: 'title' },
      { own: 'category' },
      { own: 'price' },
      { id: 'listing.field.upc.upc' },
      { id: 'region.postalCode.zip' },
    ]);
    expect(shipping!.fields[0]).toMatchObject({ label: { own: 'shippingPolicy' }, required: true });
  });

  it('eBay (UK): EAN, UK Size and the post code', () => {
    const [main] = listingForm('ebay', 'UK');
    expect(main!.fields.map((f) => f.label)).toEqual([
      { own: 'title' },
      { own: 'category' },
      { own: 'price' },
      { id: 'listing.field.upc.ean' },
      { id: 'listing.field.ukSize' },
      { id: 'region.postalCode.post' },
    ]);
    expect(main!.fields.filter((f) => f.override).map((f) => f.key)).toEqual([
      'upc',
      'ukSize',
      'shippingLocation',
    ]);
  });

  it('Etsy: who made it and when, then the Delivery, shipping and processing profile sections', () => {
    expect(targets('etsy')).toEqual([
      ['listing', ['title', 'category', 'price', 'extra.who_made', 'extra.when_made']],
      ['delivery', ['weight', 'dimensions']],
      ['shippingProfile', ['shipping.profileId']],
      ['processingProfile', ['shipping.processingProfileId']],
    ]);
    const sections = listingForm('etsy', 'US');
    expect(sections.map((s) => s.title)).toEqual([
      null,
      { id: 'listing.section.delivery' },
      { id: 'listing.section.shippingProfile' },
      { id: 'listing.section.processingProfile' },
    ]);
    expect(sections[1]!.fields.map((f) => f.input)).toEqual(['weight', 'dimensions']);
    // Who made it is one of Etsy's three answers, chosen by name; when is written.
    expect(sections[0]!.fields.slice(3).map((f) => [f.input, f.choices])).toEqual([
      ['choice', ['i_did', 'someone_else', 'collective']],
      ['text', undefined],
    ]);
  });

  it('Mercari: a shipping price or service, either one', () => {
    expect(targets('mercari')).toEqual([
      ['listing', ['title', 'price']],
      ['shipping', ['shipping.price', 'shipping.service']],
    ]);
    const shipping = listingForm('mercari', 'US')[1]!;
    expect(shipping.title).toEqual({ own: 'shippingSection' });
    expect(shipping.fields.map((f) => [f.input, f.required])).toEqual([
      ['money', false],
      ['text', false],
    ]);
  });

  it('Depop has no title; it needs a department', () => {
    expect(targets('depop')).toEqual([
      ['listing', ['price', 'extra.department']],
      ['shipping', ['shipping.price', 'shipping.service']],
    ]);
    const department = listingForm('depop', 'US')[0]!.fields[1]!;
    expect(department).toMatchObject({
      input: 'choice',
      choices: ['womenswear', 'menswear', 'kidswear', 'everything-else'],
    });
  });

  it('Poshmark needs an original price', () => {
    expect(targets('poshmark')).toEqual([['listing', ['title', 'price', 'originalPrice']]]);
  });
});

describe('stored listing values', () => {
  const stored = {
    status: 'not_listed',
    title: 'Short title',
    shipping: { price: 5, service: 'USPS' },
    extra: { upc: '0123' },
    ukSize: '10',
  };

  it('reads top-level, nested and extra values', () => {
    expect(readStored(stored, 'title')).toBe('Short title');
    expect(readStored(stored, 'shipping.service')).toBe('USPS');
    expect(readStored(stored, 'shipping.profileId')).toBeUndefined();
    expect(readStored(stored, 'extra.upc')).toBe('0123');
    expect(readStored(stored, 'extra.ukSize')).toBe('10');
    expect(readStored(undefined, 'title')).toBeUndefined();
  });

  it('sends nested groups whole, with their other stored values', () => {
    expect(
      storedPatch(stored, {
        'shipping.profileId': 'policy-1',
        'shipping.price': null,
        title: '',
        'extra.upc': '999',
      }),
    ).toEqual({
      shipping: { price: null, service: 'USPS', profileId: 'policy-1' },
      title: '',
      extra: { upc: '999' },
    });
  });

  it('clears a top-level copy of an extra field it saves', () => {
    expect(storedPatch(stored, { 'extra.ukSize': '11' })).toEqual({
      extra: { upc: '0123', ukSize: '11' },
      ukSize: null,
    });
  });

  it('starts a group the listing does not have yet', () => {
    expect(storedPatch(undefined, { 'shipping.fromPostalCode': '10001' })).toEqual({
      shipping: { fromPostalCode: '10001' },
    });
  });
});

describe('package dimensions in the edition’s unit', () => {
  it('stores inches', () => {
    expect(dimensionsFromParts({ length: 10, width: 8, height: 2 }, 'in')).toEqual({
      length: 10,
      width: 8,
      height: 2,
    });
    expect(dimensionsFromParts({ length: 25.4, width: 5.08, height: 2.54 }, 'cm')).toEqual({
      length: 10,
      width: 2,
      height: 1,
    });
  });

  it('lets each input take no more than the schema stores', () => {
    const longest = DIMENSION_INPUTS.cm.max;
    const stored = dimensionsFromParts({ length: longest, width: 1, height: 1 }, 'cm');
    expect(stored?.length).toBeLessThanOrEqual(DIMENSION_INPUTS.in.max);
  });

  it('waits for all three, and clears with none', () => {
    expect(dimensionsFromParts({ length: 10, width: null, height: 2 }, 'in')).toBeUndefined();
    expect(dimensionsFromParts({ length: null, width: null, height: null }, 'cm')).toBeNull();
  });

  it('brings back every length typed in centimetres to the hundredth', () => {
    for (let hundredths = 1; hundredths <= 20_000; hundredths += 7) {
      const cm = hundredths / 100;
      const stored = dimensionsFromParts({ length: cm, width: cm, height: cm }, 'cm');
      expect(dimensionsToParts(stored, 'cm').length).toBe(cm);
    }
  });

  it('shows stored inches in centimetres outside the US', () => {
    expect(dimensionsToParts({ length: 10, width: 2, height: 1 }, 'cm')).toEqual({
      length: 25.4,
      width: 5.08,
      height: 2.54,
    });
    expect(dimensionsToParts(null, 'in')).toEqual({ length: null, width: null, height: null });
  });
});
