import { describe, expect, it } from 'vitest';
import {
  ACCESS_LEVELS,
  ACCOUNT_USER_STATUSES,
  AccountUserSchema,
  isTemporaryPasswordExpired,
  isUsableAccountUserStatus,
  PublicAccountUserSchema,
  SPEECH_OPTIONS,
  TEMPORARY_PASSWORD_DURATION_MS,
  type TemporaryPassword,
  TemporaryPasswordSchema,
  USABLE_ACCOUNT_USER_STATUSES,
} from './account-user.schema';

const ACCOUNT_ID = 'acc_0123456789abcdefgh';
const USER_ID = 'usr_0123456789abcdefgh';

function accountUser(overrides: Record<string, unknown> = {}) {
  return {
    accountId: ACCOUNT_ID,
    userId: USER_ID,
    accessLevel: 'member',
    email: 'packer@example.com',
    createdAt: '2024-05-01T10:00:00.000Z',
    updatedAt: '2024-05-01T10:00:00.000Z',
    ...overrides,
  };
}

function issuePaths(input: unknown): string[] {
  const result = AccountUserSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

describe('AccountUserSchema (spec §3 Account user, strict reading)', () => {
  it('fills the defaults', () => {
    expect(AccountUserSchema.parse(accountUser())).toEqual({
      ...accountUser(),
      accountUserId: '',
      status: 'active',
      name: '',
      role: null,
      showSpeechAtPhotoStep: 'disabled',
      temporaryPassword: null,
    });
  });

  describe('accessLevel', () => {
    it('is required (no default)', () => {
      expect(issuePaths(accountUser({ accessLevel: undefined }))).toEqual(['accessLevel']);
    });

    it.each(ACCESS_LEVELS)('%j is accepted', (accessLevel) => {
      expect(AccountUserSchema.parse(accountUser({ accessLevel })).accessLevel).toBe(accessLevel);
    });

    it.each(['admin', 'Member', 'viewer', '', null])('%j is rejected', (accessLevel) => {
      expect(issuePaths(accountUser({ accessLevel }))).toEqual(['accessLevel']);
    });

    it('has exactly member and staff', () => {
      expect([...ACCESS_LEVELS]).toEqual(['member', 'staff']);
    });
  });

  describe('status', () => {
    it('defaults to active', () => {
      expect(AccountUserSchema.parse(accountUser()).status).toBe('active');
    });

    it.each(ACCOUNT_USER_STATUSES)('%j is accepted', (status) => {
      expect(AccountUserSchema.parse(accountUser({ status })).status).toBe(status);
    });

    it.each(['Active', 'suspended', '', null])('%j is rejected', (status) => {
      expect(issuePaths(accountUser({ status }))).toEqual(['status']);
    });
  });

  describe('showSpeechAtPhotoStep', () => {
    it('has the five options of the spec', () => {
      expect([...SPEECH_OPTIONS]).toEqual([
        'disabled',
        'speech_at_photo_step',
        'speech_at_photo_step_collect_data',
        'speech_flow_v1',
        'speech_flow_v1_collect_data',
      ]);
    });

    it('defaults to disabled', () => {
      expect(AccountUserSchema.parse(accountUser()).showSpeechAtPhotoStep).toBe('disabled');
    });

    it.each(SPEECH_OPTIONS)('%j is accepted', (option) => {
      expect(
        AccountUserSchema.parse(accountUser({ showSpeechAtPhotoStep: option }))
          .showSpeechAtPhotoStep,
      ).toBe(option);
    });

    it.each(['enabled', 'speech_flow_v2', 'DISABLED', '', true])('%j is rejected', (option) => {
      expect(issuePaths(accountUser({ showSpeechAtPhotoStep: option }))).toEqual([
        'showSpeechAtPhotoStep',
      ]);
    });
  });

  describe('ids (at least 20 characters)', () => {
    it.each(['accountId', 'userId'])('%s of 19 characters is rejected, 20 accepted', (key) => {
      expect(issuePaths(accountUser({ [key]: 'x'.repeat(19) }))).toEqual([key]);
      expect(issuePaths(accountUser({ [key]: 'x'.repeat(20) }))).toEqual([]);
    });

    it.each(['accountId', 'userId'])('%s is required', (key) => {
      expect(issuePaths(accountUser({ [key]: undefined }))).toEqual([key]);
    });
  });

  it('keeps a temporary password and defaults its duration to 0', () => {
    const parsed = AccountUserSchema.parse(
      accountUser({ temporaryPassword: { value: 'hash', createdAt: '2024-05-01T10:00:00.000Z' } }),
    );
    expect(parsed.temporaryPassword).toEqual({
      value: 'hash',
      createdAt: '2024-05-01T10:00:00.000Z',
      duration: 0,
    });
  });

  it('strips unknown fields', () => {
    expect(AccountUserSchema.parse(accountUser({ password: 'secret' }))).not.toHaveProperty(
      'password',
    );
  });
});

describe('PublicAccountUserSchema', () => {
  it('never carries the temporary password', () => {
    const parsed = PublicAccountUserSchema.parse(
      accountUser({
        hasTemporaryPassword: true,
        temporaryPassword: { value: 'hash', createdAt: 'x', duration: 1 },
      }),
    );
    expect(parsed).not.toHaveProperty('temporaryPassword');
    expect(parsed.hasTemporaryPassword).toBe(true);
  });

  it('requires hasTemporaryPassword', () => {
    expect(PublicAccountUserSchema.safeParse(accountUser()).success).toBe(false);
  });
});

describe('usable statuses (spec §4, §9)', () => {
  it('are active and pending only', () => {
    expect([...USABLE_ACCOUNT_USER_STATUSES]).toEqual(['active', 'pending']);
  });

  it.each([
    ['active', true],
    ['pending', true],
    ['inactive', false],
    ['Active', false],
    ['', false],
    ['deleted', false],
    [null, false],
    [undefined, false],
    [1, false],
  ])('%j → %j', (status, usable) => {
    expect(isUsableAccountUserStatus(status)).toBe(usable);
  });
});

describe('temporary passwords (spec §9: 5 days)', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const createdAt = '2024-05-01T10:00:00.000Z';
  const created = Date.parse(createdAt);
  const temp: TemporaryPassword = {
    value: 'hash',
    createdAt,
    duration: TEMPORARY_PASSWORD_DURATION_MS,
  };

  it('lasts five days', () => {
    expect(TEMPORARY_PASSWORD_DURATION_MS).toBe(5 * DAY);
    expect(TEMPORARY_PASSWORD_DURATION_MS).toBe(432_000_000);
  });

  it.each([
    ['at creation', 0, false],
    ['one day later', DAY, false],
    ['one millisecond before five days', 5 * DAY - 1, false],
    ['exactly five days later', 5 * DAY, false],
    ['one millisecond after five days', 5 * DAY + 1, true],
    ['six days later', 6 * DAY, true],
  ])('%s → expired %j', (_label, elapsed, expired) => {
    expect(isTemporaryPasswordExpired(temp, new Date(created + elapsed))).toBe(expired);
  });

  it('a clock behind the creation time does not expire it', () => {
    expect(isTemporaryPasswordExpired(temp, new Date(created - DAY))).toBe(false);
  });

  it('honours the stored duration', () => {
    const short = { ...temp, duration: 1000 };
    expect(isTemporaryPasswordExpired(short, new Date(created + 1000))).toBe(false);
    expect(isTemporaryPasswordExpired(short, new Date(created + 1001))).toBe(true);
  });

  it('a zero duration (the schema default) expires right after creation', () => {
    const zero = TemporaryPasswordSchema.parse({ value: 'hash', createdAt });
    expect(zero.duration).toBe(0);
    expect(isTemporaryPasswordExpired(zero, new Date(created))).toBe(false);
    expect(isTemporaryPasswordExpired(zero, new Date(created + 1))).toBe(true);
  });

  it.each(['', 'not a date', 'yesterday'])(
    'an unreadable createdAt %j counts as expired',
    (bad) => {
      expect(isTemporaryPasswordExpired({ ...temp, createdAt: bad }, new Date(created))).toBe(true);
    },
  );
});
