import type { CountryCode } from './regions';

/**
 * Spec §1 "Regional text sets": the units, currency and wording a country's edition uses.
 * Labels are message ids, formatted by the web app through its catalogues, so that wording
 * (colour/color, zip/post code, VAT) stays translatable.
 */
export interface RegionalTextSet {
  currency: { code: 'USD' | 'EUR' | 'GBP'; symbol: string };
  weightUnits: { major: 'lb' | 'kg'; minor: 'oz' | 'g' };
  lengthUnit: 'in' | 'cm';
  /** Whether prices are shown with a VAT label. */
  showsVat: boolean;
  labels: {
    tax: 'region.tax.salesTax' | 'region.tax.vat';
    colour: 'region.colour.color' | 'region.colour.colour';
    postalCode: 'region.postalCode.zip' | 'region.postalCode.post';
  };
  links: {
    refundPolicy: string;
    helpCentre: string;
    faq: string;
    privacy: string;
  };
}

const HELP_BASE = 'https://help.listloop.app';

function links(lang: string) {
  return {
    refundPolicy: `${HELP_BASE}/${lang}/refund-policy`,
    helpCentre: `${HELP_BASE}/${lang}`,
    faq: `${HELP_BASE}/${lang}/faq`,
    privacy: `https://listloop.app/${lang}/privacy`,
  };
}

const METRIC = {
  weightUnits: { major: 'kg', minor: 'g' },
  lengthUnit: 'cm',
  showsVat: true,
} as const;

export const REGIONAL_TEXT_SETS: Record<CountryCode, RegionalTextSet> = {
  US: {
    currency: { code: 'USD', symbol: '$' },
    weightUnits: { major: 'lb', minor: 'oz' },
    lengthUnit: 'in',
    showsVat: false,
    labels: {
      tax: 'region.tax.salesTax',
      colour: 'region.colour.color',
      postalCode: 'region.postalCode.zip',
    },
    links: links('en-us'),
  },
  UK: {
    ...METRIC,
    currency: { code: 'GBP', symbol: '£' },
    labels: {
      tax: 'region.tax.vat',
      colour: 'region.colour.colour',
      postalCode: 'region.postalCode.post',
    },
    links: links('en-gb'),
  },
  ES: {
    ...METRIC,
    currency: { code: 'EUR', symbol: '€' },
    labels: {
      tax: 'region.tax.vat',
      colour: 'region.colour.colour',
      postalCode: 'region.postalCode.post',
    },
    links: links('es'),
  },
  IT: {
    ...METRIC,
    currency: { code: 'EUR', symbol: '€' },
    labels: {
      tax: 'region.tax.vat',
      colour: 'region.colour.colour',
      postalCode: 'region.postalCode.post',
    },
    links: links('it'),
  },
};

export function textSetForCountry(country: CountryCode): RegionalTextSet {
  return REGIONAL_TEXT_SETS[country];
}

export type AccountCurrency = RegionalTextSet['currency']['code'];

/**
 * The currency an account opened in this country keeps: its amounts are in it whatever edition
 * a member reads them in (the edition changes the language and number format only).
 */
export function currencyForCountry(country: CountryCode): AccountCurrency {
  return REGIONAL_TEXT_SETS[country].currency.code;
}
