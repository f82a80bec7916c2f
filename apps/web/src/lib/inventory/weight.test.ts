import { describe, expect, it } from 'vitest';
import { WEIGHT_PART_MAX } from '@listloop/domain';
import {
  WEIGHT_INPUTS,
  gramsFromWeight,
  sameWeight,
  totalOunces,
  weightFromGrams,
  weightFromParts,
  weightToParts,
} from './weight';

const US = { major: 'lb', minor: 'oz' } as const;
const METRIC = { major: 'kg', minor: 'g' } as const;

describe('weights', () => {
  it('stores grams as pounds and ounces', () => {
    expect(weightFromGrams(1000)).toEqual({ pounds: 2, ounces: 3.27 });
    expect(weightFromGrams(454)).toEqual({ pounds: 1, ounces: 0.01 });
    expect(weightFromGrams(28)).toEqual({ pounds: 0, ounces: 0.99 });
    expect(weightFromGrams(0)).toEqual({ pounds: 0, ounces: 0 });
  });

  it('never leaves 16 ounces after rounding', () => {
    // 453.5 g is 15.997 oz, which rounds to 16.00: that is one pound.
    expect(weightFromGrams(453.5)).toEqual({ pounds: 1, ounces: 0 });
  });

  it('reads pounds and ounces as grams', () => {
    expect(gramsFromWeight({ pounds: 1, ounces: 0 })).toBe(454);
    expect(gramsFromWeight({ pounds: 0, ounces: 8 })).toBe(227);
    expect(gramsFromWeight(null)).toBe(0);
    expect(totalOunces({ pounds: 2, ounces: 3 })).toBe(35);
  });

  it('brings every whole number of grams back unchanged', () => {
    for (let grams = 0; grams <= 25_000; grams += 7) {
      expect(gramsFromWeight(weightFromGrams(grams))).toBe(grams);
    }
  });

  it('shows lb and oz as stored in the US', () => {
    expect(weightToParts({ pounds: 2, ounces: 5.5 }, US)).toEqual({ major: 2, minor: 5.5 });
    expect(weightFromParts({ major: 0, minor: 20 }, US)).toEqual({ pounds: 0, ounces: 20 });
  });

  it('shows kg and g elsewhere and converts what is typed', () => {
    expect(weightToParts({ pounds: 2, ounces: 3.27 }, METRIC)).toEqual({ major: 1, minor: null });
    expect(weightFromParts({ major: 1, minor: 250 }, METRIC)).toEqual(weightFromGrams(1250));
    // 1500 g typed in the gram box stays 1500 g.
    expect(gramsFromWeight(weightFromParts({ major: 0, minor: 1500 }, METRIC))).toBe(1500);
  });

  it('leaves a unit with nothing in it empty', () => {
    expect(weightToParts({ pounds: 0, ounces: 0 }, US)).toEqual({ major: null, minor: null });
    expect(weightToParts({ pounds: 0, ounces: 8 }, US)).toEqual({ major: null, minor: 8 });
    expect(weightToParts(weightFromGrams(750), METRIC)).toEqual({ major: null, minor: 750 });
    expect(weightFromParts({ major: null, minor: null }, METRIC)).toEqual({ pounds: 0, ounces: 0 });
  });

  it('takes kilograms typed with decimals, to the gram', () => {
    const weight = weightFromParts({ major: 0.75, minor: null }, METRIC);
    expect(weight).toEqual(weightFromGrams(750));
    expect(weightToParts(weight, METRIC)).toEqual({ major: null, minor: 750 });
    expect(gramsFromWeight(weightFromParts({ major: 1.001, minor: null }, METRIC))).toBe(1001);
    expect(gramsFromWeight(weightFromParts({ major: 1.25, minor: 5 }, METRIC))).toBe(1255);
  });

  it('lets each input take no more than the heaviest weight stored', () => {
    expect(WEIGHT_INPUTS.lb).toEqual({ decimals: 2, max: WEIGHT_PART_MAX });
    expect(WEIGHT_INPUTS.oz).toEqual({ decimals: 2, max: WEIGHT_PART_MAX });
    expect(WEIGHT_INPUTS.g.decimals).toBe(0);
    expect(weightFromGrams(WEIGHT_INPUTS.g.max).pounds).toBe(WEIGHT_PART_MAX - 1);
    expect(WEIGHT_INPUTS.kg.max * 1000).toBeLessThanOrEqual(WEIGHT_INPUTS.g.max);
  });

  it('treats negative, missing and non-numbers as nothing', () => {
    expect(weightFromParts({ major: -1, minor: Number.NaN }, US)).toEqual({ pounds: 0, ounces: 0 });
    expect(sameWeight({ pounds: 0, ounces: 0 }, {})).toBe(true);
    expect(sameWeight({ pounds: 1, ounces: 0 }, { pounds: 0, ounces: 16 })).toBe(false);
  });
});
