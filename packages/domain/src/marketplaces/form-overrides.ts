import type { CountryCode } from '../regions/regions';
import { textSetForCountry } from '../regions/text-sets';
import type { MarketplaceId } from './marketplaces';

/**
 * Spec §1 "Marketplace form overrides", as data the item editor renders. Labels are message ids
 * the web formats through its catalogues.
 *
 * Reading of the spec (the UK and US editions differ in wording): the eBay UPC field is labelled
 * EAN outside the US, where barcodes are European Article Numbers; the 'UK Size' field exists in
 * the UK edition only; the shipping location is labelled with the edition's postal-code label
 * (zip in the US, post code elsewhere). Etsy always has its Delivery, shipping profile and
 * processing profile sections.
 */

export type FormFieldInput = 'text' | 'select' | 'postalCode';

export interface FormFieldDescriptor {
  /** Stable key of the field in the editor. */
  key: string;
  /** Where the value goes: a BuiltListing path, or `extra.<key>`. */
  target: string;
  labelId: string;
  input: FormFieldInput;
  required: boolean;
  /** 'relabel' changes the label of a field every marketplace has; 'add' adds one. */
  kind: 'relabel' | 'add';
}

export interface FormSectionDescriptor {
  key: string;
  titleId: string;
  fields: FormFieldDescriptor[];
}

export interface FormOverrides {
  marketplace: MarketplaceId;
  fields: FormFieldDescriptor[];
  sections: FormSectionDescriptor[];
}

function ebayOverrides(country: CountryCode): FormOverrides {
  const fields: FormFieldDescriptor[] = [
    {
      key: 'upc',
      target: 'extra.upc',
      labelId: country === 'US' ? 'listing.field.upc.upc' : 'listing.field.upc.ean',
      input: 'text',
      required: false,
      kind: 'relabel',
    },
  ];
  if (country === 'UK') {
    fields.push({
      key: 'ukSize',
      target: 'extra.ukSize',
      labelId: 'listing.field.ukSize',
      input: 'text',
      required: false,
      kind: 'add',
    });
  }
  fields.push({
    key: 'shippingLocation',
    target: 'shipping.fromPostalCode',
    labelId: textSetForCountry(country).labels.postalCode,
    input: 'postalCode',
    required: true,
    kind: 'relabel',
  });
  return { marketplace: 'ebay', fields, sections: [] };
}

function etsyOverrides(): FormOverrides {
  return {
    marketplace: 'etsy',
    fields: [],
    sections: [
      {
        key: 'delivery',
        titleId: 'listing.section.delivery',
        fields: [
          // Etsy's calculated shipping reads the package weight and size (item_weight, item_length …).
          {
            key: 'weight',
            target: 'weight',
            labelId: 'listing.field.packageWeight',
            input: 'text',
            required: false,
            kind: 'add',
          },
          {
            key: 'dimensions',
            target: 'dimensions',
            labelId: 'listing.field.packageDimensions',
            input: 'text',
            required: false,
            kind: 'add',
          },
        ],
      },
      {
        key: 'shippingProfile',
        titleId: 'listing.section.shippingProfile',
        fields: [
          {
            key: 'shippingProfileId',
            target: 'shipping.profileId',
            labelId: 'listing.field.shippingProfile',
            input: 'select',
            required: true,
            kind: 'add',
          },
        ],
      },
      {
        key: 'processingProfile',
        titleId: 'listing.section.processingProfile',
        fields: [
          {
            key: 'processingProfileId',
            target: 'shipping.processingProfileId',
            labelId: 'listing.field.processingProfile',
            input: 'select',
            required: true,
            kind: 'add',
          },
        ],
      },
    ],
  };
}

/** The form overrides of marketplace M in a country's edition; empty for most marketplaces. */
export function formOverrides(
  marketplace: MarketplaceId,
  country: CountryCode = 'US',
): FormOverrides {
  if (marketplace === 'ebay') return ebayOverrides(country);
  if (marketplace === 'etsy') return etsyOverrides();
  return { marketplace, fields: [], sections: [] };
}
