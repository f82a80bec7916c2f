import { describe, expect, it } from 'vitest';
import {
  RESERVED_ROLE_NAME_MESSAGE,
  RESERVED_ROLE_NAMES,
  ROLE_NAME_MAX_LENGTH,
  RoleColorSchema,
  RoleNameSchema,
} from './role.schema';

function messages(input: unknown): string[] {
  const result = RoleNameSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('RoleNameSchema (spec §5 Role)', () => {
  it('has the limit and reserved names of the spec', () => {
    expect(ROLE_NAME_MAX_LENGTH).toBe(160);
    expect([...RESERVED_ROLE_NAMES]).toEqual(['admin', 'viewer']);
    expect(RESERVED_ROLE_NAME_MESSAGE).toBe(
      'Name must not be one of the following values: admin, viewer',
    );
  });

  it.each([
    ['Packers', 'packers'],
    ['  Shipping Team  ', 'shipping team'],
    ['\tLISTER\n', 'lister'],
    ['Ärger', 'ärger'],
    ['administrator', 'administrator'],
    ['viewers', 'viewers'],
    ['admin team', 'admin team'],
    ['x', 'x'],
  ])('%j is trimmed and lowercased to %j', (input, expected) => {
    expect(RoleNameSchema.parse(input)).toBe(expected);
  });

  describe('length', () => {
    it.each([
      [ROLE_NAME_MAX_LENGTH - 1, true],
      [ROLE_NAME_MAX_LENGTH, true],
      [ROLE_NAME_MAX_LENGTH + 1, false],
      [ROLE_NAME_MAX_LENGTH + 50, false],
    ])('%i characters → valid %j', (length, valid) => {
      const result = RoleNameSchema.safeParse('r'.repeat(length));
      expect(result.success).toBe(valid);
      if (!valid)
        expect(messages('r'.repeat(length))).toEqual(['Name must be at most 160 characters']);
    });

    it('counts the length after trimming', () => {
      const name = `   ${'R'.repeat(ROLE_NAME_MAX_LENGTH)}   `;
      expect(RoleNameSchema.parse(name)).toBe('r'.repeat(ROLE_NAME_MAX_LENGTH));
    });
  });

  describe('reserved names are refused in any case and with any whitespace', () => {
    it.each([
      'admin',
      'viewer',
      'Admin',
      'ADMIN',
      'aDmIn',
      ' admin ',
      'VIEWER',
      '\tViewer\n',
      '  viewer',
    ])('%j', (name) => {
      expect(messages(name)).toEqual([
        'Name must not be one of the following values: admin, viewer',
      ]);
    });
  });

  describe('required', () => {
    it.each(['', ' ', '   ', '\t\n'])('%j → Name is required', (name) => {
      expect(messages(name)).toEqual(['Name is required']);
    });

    it.each([undefined, null, 42, {}, []])('%j → Name is required', (value) => {
      // zod may report a non-string twice (type and length); every message says the same.
      expect([...new Set(messages(value))]).toEqual(['Name is required']);
    });
  });
});

describe('RoleColorSchema', () => {
  it.each(['#228be6', '#000000', '#FFFFFF', '#aBcDeF'])('%j is a colour', (colour) => {
    expect(RoleColorSchema.safeParse(colour).success).toBe(true);
  });

  it.each(['228be6', '#228be', '#228be66', '#gggggg', 'red', '', ' #228be6'])(
    '%j is not a colour',
    (colour) => {
      const result = RoleColorSchema.safeParse(colour);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Colour must be a hex colour such as #228be6');
    },
  );
});
