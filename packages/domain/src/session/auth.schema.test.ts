import { describe, expect, it } from 'vitest';
import {
  JoinDataSchema,
  LoginSchema,
  NewPasswordSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  UpdatePasswordSchema,
} from './auth.schema';

type Issue = { path: string; message: string };

function issues(schema: { safeParse(input: unknown): unknown }, input: unknown): Issue[] {
  const result = schema.safeParse(input) as
    | { success: true }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

describe('LoginSchema (spec §5 Login)', () => {
  it('accepts a valid e-mail and password, trimming the e-mail only', () => {
    expect(LoginSchema.parse({ email: '  seller@example.com\t', password: ' pass word ' })).toEqual(
      {
        email: 'seller@example.com',
        password: ' pass word ',
      },
    );
  });

  describe('email', () => {
    it.each([
      ['missing', undefined],
      ['null', null],
      ['empty', ''],
      ['only spaces', '   '],
    ])('%s → Email is required', (_label, email) => {
      expect(issues(LoginSchema, { email, password: 'pw' })).toEqual([
        { path: 'email', message: 'Email is required' },
      ]);
    });

    it.each([
      'seller',
      'seller@',
      '@example.com',
      'sel ler@example.com',
      'seller@example',
      'a@b@c.com',
    ])('%j → not a valid e-mail', (email) => {
      expect(issues(LoginSchema, { email, password: 'pw' })).toEqual([
        { path: 'email', message: 'Email must be a valid e-mail address' },
      ]);
    });

    it.each(['seller@example.com', 'first.last+tag@sub.example.co.uk', ' A@B.CO '])(
      '%j is valid',
      (email) => {
        expect(LoginSchema.safeParse({ email, password: 'pw' }).success).toBe(true);
      },
    );
  });

  describe('password', () => {
    it.each([
      ['missing', undefined],
      ['null', null],
      ['empty', ''],
    ])('%s → Password is required', (_label, password) => {
      expect(issues(LoginSchema, { email: 'seller@example.com', password })).toEqual([
        { path: 'password', message: 'Password is required' },
      ]);
    });

    it('any non-empty password passes (no strength rule at login)', () => {
      expect(LoginSchema.safeParse({ email: 'seller@example.com', password: 'x' }).success).toBe(
        true,
      );
    });
  });

  it('reports both fields when both are missing', () => {
    expect(issues(LoginSchema, {})).toEqual([
      { path: 'email', message: 'Email is required' },
      { path: 'password', message: 'Password is required' },
    ]);
  });
});

describe('NewPasswordSchema', () => {
  it('allows 10 to 128 characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(10);
    expect(PASSWORD_MAX_LENGTH).toBe(128);
  });

  it.each([
    [PASSWORD_MIN_LENGTH - 1, 'Password must be at least 10 characters'],
    [PASSWORD_MIN_LENGTH, null],
    [PASSWORD_MIN_LENGTH + 1, null],
    [PASSWORD_MAX_LENGTH - 1, null],
    [PASSWORD_MAX_LENGTH, null],
    [PASSWORD_MAX_LENGTH + 1, 'Password must be at most 128 characters'],
  ])('%i characters → %j', (length, message) => {
    expect(issues(NewPasswordSchema, 'p'.repeat(length))).toEqual(
      message ? [{ path: '', message }] : [],
    );
  });

  it.each([
    ['missing', undefined, 'Password is required'],
    ['not a string', 1234567890, 'Password is required'],
    ['empty', '', 'Password must be at least 10 characters'],
  ])('%s → %j', (_label, input, message) => {
    expect(issues(NewPasswordSchema, input)).toEqual([{ path: '', message }]);
  });

  it('is not trimmed: spaces count and are kept', () => {
    expect(NewPasswordSchema.parse('  abcdefgh')).toBe('  abcdefgh');
  });

  it('is used by UpdatePasswordSchema', () => {
    expect(UpdatePasswordSchema.parse({ password: 'p'.repeat(10) })).toEqual({
      password: 'p'.repeat(10),
    });
    expect(issues(UpdatePasswordSchema, { password: 'short' })).toEqual([
      { path: 'password', message: 'Password must be at least 10 characters' },
    ]);
  });
});

describe('JoinDataSchema', () => {
  it('trims the e-mail and requires a temporary password', () => {
    expect(
      JoinDataSchema.parse({ email: ' new@example.com ', temporaryPassword: 'Tmp-123' }),
    ).toEqual({ email: 'new@example.com', temporaryPassword: 'Tmp-123' });
    expect(issues(JoinDataSchema, { email: 'new@example.com', temporaryPassword: '' })).toEqual([
      { path: 'temporaryPassword', message: 'Temporary password is required' },
    ]);
    expect(issues(JoinDataSchema, { email: 'nope', temporaryPassword: 'x' })).toEqual([
      { path: 'email', message: 'Email must be a valid e-mail address' },
    ]);
  });
});
