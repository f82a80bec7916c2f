import { z } from 'zod';
import { PRICE_MAX } from '../items/item.schema';

import { toCents } from '../marketplaces/fees';

/**
 * Money in the rules is computed in integer cents; amounts arrive and leave in major units
 * (12.5 = $12.50) because that is how items and built listings hold them. The conversion both
 * ways is the fee schedule's (`toCents`, `fromCents` in marketplaces/fees.ts): one rounding
 * for prices and fees alike.
 */

/** n / d rounded half up, exactly, for integers n ≥ 0 and d > 0. */
export function divideRoundingHalfUp(n: number, d: number): number {
  const remainder = n % d;
  const quotient = (n - remainder) / d;
  return remainder * 2 >= d ? quotient + 1 : quotient;
}

/** "$12.50", "-$2.00": for explanations in previews, not for display in a region's currency. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** An amount with at most two decimals (whole cents). */
export function isWholeCents(amount: number): boolean {
  return Number.isFinite(amount) && toCents(amount) / 100 === amount;
}

/** A non-negative amount in whole cents. */
export const MoneySchema = z
  .number()
  .min(0)
  .max(PRICE_MAX)
  .refine(isWholeCents, { message: 'Use at most two decimals (whole cents)' });

/** An amount that may be negative (a fixed price adjustment), in whole cents. */
export const SignedMoneySchema = z
  .number()
  .min(-PRICE_MAX)
  .max(PRICE_MAX)
  .refine(isWholeCents, { message: 'Use at most two decimals (whole cents)' });
