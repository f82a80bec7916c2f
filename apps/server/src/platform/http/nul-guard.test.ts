import { describe, expect, it } from 'vitest';
import { isUnstorableText } from './error-handler';
import { holdsNul } from './nul-guard';

describe('text the database cannot store', () => {
  it('finds a NUL character in strings, keys and nested values, not in binary bodies', () => {
    expect(holdsNul('a\u0000b')).toBe(true);
    expect(holdsNul({ title: 'ok', tags: ['fine', 'x\u0000'] })).toBe(true);
    expect(holdsNul({ ['k\u0000']: 1 })).toBe(true);
    expect(holdsNul({ deep: { deeper: [{ value: '\u0000' }] } })).toBe(true);
    expect(holdsNul({ title: 'Levi’s 501', price: 40, sold: null })).toBe(false);
    expect(holdsNul(Buffer.from([0, 1, 2]))).toBe(false);
    expect(holdsNul(undefined)).toBe(false);
  });

  it('knows Postgres’s refusal of such text, directly or as the cause of the ORM’s error', () => {
    expect(isUnstorableText({ code: '22021' })).toBe(true);
    expect(isUnstorableText(new Error('query failed', { cause: { code: '22P05' } }))).toBe(true);
    expect(isUnstorableText({ code: '23505' })).toBe(false);
    expect(isUnstorableText(new Error('boom'))).toBe(false);
  });
});
