import { describe, expect, it } from 'vitest';
import { IdSchema, MIN_ID_LENGTH } from './ids';

describe('IdSchema (spec §9: ids of at least 20 characters)', () => {
  it('needs 20 characters', () => {
    expect(MIN_ID_LENGTH).toBe(20);
  });

  it.each([
    [19, false],
    [20, true],
    [21, true],
    [64, true],
  ])('%i characters → valid %j', (length, valid) => {
    expect(IdSchema.safeParse('x'.repeat(length)).success).toBe(valid);
  });

  it('trims before counting', () => {
    expect(IdSchema.safeParse(`   ${'x'.repeat(19)}   `).success).toBe(false);
    expect(IdSchema.parse(`  ${'x'.repeat(20)}  `)).toBe('x'.repeat(20));
  });

  it('says why a short id is refused', () => {
    const result = IdSchema.safeParse('short');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Must be at least 20 characters',
    ]);
  });

  it.each([undefined, null, 123456789012345])('%j is not an id', (value) => {
    expect(IdSchema.safeParse(value).success).toBe(false);
  });
});
