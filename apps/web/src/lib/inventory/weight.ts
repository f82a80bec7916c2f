import type { RegionalTextSet, Weight } from '@listloop/domain';

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

/** The two inputs of a region's weight field: lb + oz in the US, kg + g elsewhere. */
export interface WeightParts {
  major: number;
  minor: number;
}

export function weightToParts(
  weight: Partial<Weight> | null | undefined,
  units: RegionalTextSet['weightUnits'],
): WeightParts {
  if (units.major === 'lb') {
    return { major: finite(weight?.pounds), minor: roundOunces(finite(weight?.ounces)) };
  }
  const grams = gramsFromWeight(weight);
  const kilograms = Math.floor(grams / 1000);
  return { major: kilograms, minor: grams - kilograms * 1000 };
}

/** Pounds and ounces are kept as typed; metric parts are converted. */
export function weightFromParts(parts: WeightParts, units: RegionalTextSet['weightUnits']): Weight {
  if (units.major === 'lb') {
    return { pounds: finite(parts.major), ounces: roundOunces(finite(parts.minor)) };
  }
  return weightFromGrams(finite(parts.major) * 1000 + finite(parts.minor));
}

export function sameWeight(
  a: Partial<Weight> | null | undefined,
  b: Partial<Weight> | null | undefined,
) {
  return finite(a?.pounds) === finite(b?.pounds) && finite(a?.ounces) === finite(b?.ounces);
}
