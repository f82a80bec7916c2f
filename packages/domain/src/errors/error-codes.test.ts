import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_MESSAGES } from './error-codes';

describe('error codes', () => {
  it('has no duplicate codes', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('has an English fallback for every code and no other', () => {
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual([...ERROR_CODES].sort());
  });

  it.each(ERROR_CODES)('%s has a non-empty message', (code) => {
    expect(ERROR_MESSAGES[code].trim().length).toBeGreaterThan(0);
  });

  it.each([
    'auth/login-fail',
    'auth/user-logged-out',
    'auth/provider-user-logged-out',
    'auth/inactive-account',
  ])('includes the gating reason %s', (code) => {
    expect(ERROR_CODES).toContain(code);
  });
});
