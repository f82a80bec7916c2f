import { WEIGHT_PART_MAX, type RegionalTextSet, type Weight } from '@listloop/domain';

/** The international avoirdupois ounce. */
export const GRAMS_PER_OUNCE = 28.349523125;
export const OUNCES_PER_POUND = 16;

/** Ounces are kept to two decimals: 0.01 oz is under 0.3 g, so grams survive a round trip. */
const roundOunces = (value: number) => Math.round(value * 100) / 100;

const finite = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;

export function totalOunces(weight: Partial<Weight> | null | undefined): number {
  return finite(weight?.pounds) * OUNCES_PER_POUND + finite(weight?.ounces);
}

/** The canonical weight (spec §3: pounds and ounces) of a weight in grams. */
export function weightFromGrams(grams: number): Weight {
  const ounces = roundOunces(finite(grams) / GRAMS_PER_OUNCE);
  const pounds = Math.floor(ounces / OUNCES_PER_POUND);
  return { pounds, ounces: roundOunces(ounces - pounds * OUNCES_PER_POUND) };
}

/** Whole grams: a scale in the kitchen or the post office reads no finer. */
export function gramsFromWeight(weight: Partial<Weight> | null | undefined): number {
  return Math.round(totalOunces(weight) * GRAMS_PER_OUNCE);
}

/**
 * The two inputs of a region's weight field: lb + oz in the US, kg + g elsewhere. Null is an
 * empty input (nothing of that unit), which the field shows with a 0 placeholder.
 */
export interface WeightParts {
  major: number | null;
  minor: number | null;
}

type WeightUnit = RegionalTextSet['weightUnits'][keyof RegionalTextSet['weightUnits']];

/** The heaviest weight stored (WEIGHT_PART_MAX pounds), in whole grams. */
const MAX_GRAMS = Math.floor(WEIGHT_PART_MAX * OUNCES_PER_POUND * GRAMS_PER_OUNCE);

/**
 * What each weight input takes: pounds and ounces to the hundredth, as they are stored;
 * kilograms to the gram (0,75 kg is how a weight is written in Europe); whole grams, which is
 * what survives the round trip through ounces.
 */
export const WEIGHT_INPUTS: Record<WeightUnit, { decimals: number; max: number }> = {
  lb: { decimals: 2, max: WEIGHT_PART_MAX },
  oz: { decimals: 2, max: WEIGHT_PART_MAX },
  kg: { decimals: 3, max: Math.floor(MAX_GRAMS / 1000) },
  g: { decimals: 0, max: MAX_GRAMS },
};

const given = (value: number) => (value > 0 ? value : null);

export function weightToParts(
  weight: Partial<Weight> | null | undefined,
  units: RegionalTextSet['weightUnits'],
): WeightParts {
  if (units.major === 'lb') {
    return {
      major: given(finite(weight?.pounds)),
      minor: given(roundOunces(finite(weight?.ounces))),
    };
  }
  const grams = gramsFromWeight(weight);
  const kilograms = Math.floor(grams / 1000);
  return { major: given(kilograms), minor: given(grams - kilograms * 1000) };
}

/** Pounds and ounces are kept as typed; metric parts are converted. */
export function weightFromParts(parts: WeightParts, units: RegionalTextSet['weightUnits']): Weight {
  if (units.major === 'lb') {
    return { pounds: finite(parts.major), ounces: roundOunces(finite(parts.minor)) };
  }
  // Kilograms typed to the gram: 1.001 × 1000 is 1000.9999999999999 in floating point.
  return weightFromGrams(Math.round(finite(parts.major) * 1000) + finite(parts.minor));
}

export function sameWeight(
  a: Partial<Weight> | null | undefined,
  b: Partial<Weight> | null | undefined,
) {
  return finite(a?.pounds) === finite(b?.pounds) && finite(a?.ounces) === finite(b?.ounces);
}
