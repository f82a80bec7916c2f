import { describe, expect, it } from 'vitest';
import type { EtsyListingAnswer } from './client';
import { etsyListingFields } from './mapper';

const LISTING: EtsyListingAnswer = { listing_id: 1, shop_id: 2, state: 'active' };

describe('Etsy listing fields read back (the import)', () => {
  it('reads every field of the Etsy form, in the shape of the item’s Etsy listing', () => {
    expect(
      etsyListingFields({
        ...LISTING,
        taxonomy_id: 1813,
        tags: ['vintage', ' rose '],
        materials: ['enamel', 'brass'],
        who_made: 'i_did',
        when_made: 'made_to_order',
        is_supply: false,
        shop_section_id: 42,
        shipping_profile_id: 7,
        item_weight: 1.5,
        item_weight_unit: 'lb',
        item_length: 10,
        item_width: 8,
        item_height: 2.5,
        item_dimensions_unit: 'in',
        inventory: {
          products: [
            { offerings: [{ is_enabled: false, readiness_state_id: 8 }] },
            { offerings: [{ is_enabled: true, readiness_state_id: 9 }] },
          ],
        },
      }),
    ).toEqual({
      category: '1813',
      tags: ['vintage', 'rose'],
      weight: { pounds: 1, ounces: 8 },
      dimensions: { length: 10, width: 8, height: 2.5 },
      // The profile of an offering on sale, over a disabled one's.
      shipping: { profileId: '7', processingProfileId: '9' },
      extra: {
        who_made: 'i_did',
        when_made: 'made_to_order',
        is_supply: false,
        materials: ['enamel', 'brass'],
        shop_section_id: '42',
      },
    });
  });

  it('converts metric weights and sizes to ounces and inches', () => {
    expect(
      etsyListingFields({
        ...LISTING,
        item_weight: 500,
        item_weight_unit: 'g',
        item_length: 30,
        item_width: 20,
        item_height: 5,
        item_dimensions_unit: 'cm',
      }),
    ).toEqual({
      weight: { pounds: 1, ounces: 1.64 },
      dimensions: { length: 11.81, width: 7.87, height: 1.97 },
    });
  });

  it('leaves out what the listing does not have: no field, no empty value', () => {
    expect(etsyListingFields(LISTING)).toBeUndefined();
    expect(
      etsyListingFields({
        ...LISTING,
        taxonomy_id: null,
        tags: [],
        materials: [],
        who_made: null,
        shipping_profile_id: null,
        shop_section_id: null,
        item_weight: 0,
        item_weight_unit: 'oz',
        // A side missing: no size at all.
        item_length: 10,
        item_width: null,
        item_height: 2,
        item_dimensions_unit: 'in',
        inventory: { products: [{ offerings: [{ is_enabled: true, readiness_state_id: null }] }] },
      }),
    ).toBeUndefined();
  });
});
