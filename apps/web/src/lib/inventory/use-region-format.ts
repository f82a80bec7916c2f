import { textSetForCountry, type RegionalTextSet } from '@listloop/domain';
import { useMemo } from 'react';
import { useCountry } from '../../i18n/locale-provider';

/** The edition's currency, weight units and labels (spec §1 regional text sets). */
export function useRegionFormat(): {
  currency: RegionalTextSet['currency'];
  weightUnits: RegionalTextSet['weightUnits'];
  colourLabel: RegionalTextSet['labels']['colour'];
  postalCodeLabel: RegionalTextSet['labels']['postalCode'];
} {
  const country = useCountry();
  return useMemo(() => {
    const textSet = textSetForCountry(country);
    return {
      currency: textSet.currency,
      weightUnits: textSet.weightUnits,
      colourLabel: textSet.labels.colour,
      postalCodeLabel: textSet.labels.postalCode,
    };
  }, [country]);
}
