import { describe, expect, it } from 'vitest';
import { divideRoundingHalfUp, formatCents, isWholeCents, MoneySchema } from './money';
import { fromCents, toCents } from '../marketplaces/fees';

/** The rules depend on these conversions (marketplaces/fees.ts); the cases they rely on. */
describe('toCents', () => {
  it.each([
    [0, 0],
    [0.01, 1],
    [0.1, 10],
    [0.29, 29], // 0.29 * 100 = 28.999999999999996
    [1.005, 101], // binary 1.00499999…: rounded from the decimal as written
    [19.995, 2000],
    [19.994, 1999],
    [11.2, 1120],
    [1_000_000, 100_000_000],
    [0.004, 0],
    [0.005, 1],
    [1e-7, 0],
    [-2, -200],
    [-0.005, -1],
  ])('%d → %d', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it('reads back what fromCents gives', () => {
    for (let cents = 0; cents < 100_000; cents += 37) expect(toCents(fromCents(cents))).toBe(cents);
  });
});

describe('divideRoundingHalfUp', () => {
  it.each([
    [0, 100, 0],
    [49, 100, 0],
    [50, 100, 1],
    [149, 100, 1],
    [150, 100, 2],
    [11_200_000, 10_000, 1120],
    [12_499, 10_000, 1],
  ])('%d / %d → %d', (n, d, q) => {
    expect(divideRoundingHalfUp(n, d)).toBe(q);
  });
});

describe('money values', () => {
  it.each([
    [0, '$0.00'],
    [1, '$0.01'],
    [1199, '$11.99'],
    [-250, '-$2.50'],
  ])('formatCents(%d) = %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it.each([
    [12, true],
    [12.5, true],
    [0.01, true],
    [19.995, false],
    [0.001, false],
  ])('isWholeCents(%d) = %s', (amount, whole) => {
    expect(isWholeCents(amount)).toBe(whole);
    expect(MoneySchema.safeParse(amount).success).toBe(whole);
  });

  it('refuses negative money', () => {
    expect(MoneySchema.safeParse(-1).success).toBe(false);
  });
});
