import { textSetForCountry, type RegionalTextSet } from '@listloop/domain';
import { useMemo } from 'react';
import { useCountry } from '../../i18n/locale-provider';

/**
 * The edition's weight units and wording (spec §1 regional text sets). Not its currency:
 * amounts are in the account's (lib/money).
 */
export function useRegionFormat(): {
  weightUnits: RegionalTextSet['weightUnits'];
  colourLabel: RegionalTextSet['labels']['colour'];
  postalCodeLabel: RegionalTextSet['labels']['postalCode'];
} {
  const country = useCountry();
  return useMemo(() => {
    const textSet = textSetForCountry(country);
    return {
      weightUnits: textSet.weightUnits,
      colourLabel: textSet.labels.colour,
      postalCodeLabel: textSet.labels.postalCode,
    };
  }, [country]);
}
