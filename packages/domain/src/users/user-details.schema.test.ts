import { describe, expect, it } from 'vitest';
import {
  defaultHelpTextSeen,
  fullName,
  HELP_TEXT_KEYS,
  HelpTextKeySchema,
  TEST_USER_TYPES,
  UserDetailsSchema,
} from './user-details.schema';

const CREATED_AT = '2024-05-01T10:00:00.000Z';

describe('UserDetailsSchema (spec §3 User)', () => {
  it('fills the defaults', () => {
    expect(UserDetailsSchema.parse({ createdAt: CREATED_AT })).toEqual({
      firstName: '',
      lastName: '',
      createdAt: CREATED_AT,
      featureFlags: {},
      testUserFeatures: {},
      countryCode: 'US',
      hideSaleDetectionToggle: false,
      crossEnvUserId: '',
    });
  });

  it('leaves testUserType out when not given', () => {
    expect(UserDetailsSchema.parse({ createdAt: CREATED_AT })).not.toHaveProperty('testUserType');
  });

  it.each(TEST_USER_TYPES)('testUserType %j is accepted', (testUserType) => {
    expect(UserDetailsSchema.parse({ createdAt: CREATED_AT, testUserType }).testUserType).toBe(
      testUserType,
    );
  });

  it.each(['admin', 'BetaUser', '', null])('testUserType %j is rejected', (testUserType) => {
    expect(UserDetailsSchema.safeParse({ createdAt: CREATED_AT, testUserType }).success).toBe(
      false,
    );
  });

  it.each(['US', 'UK', 'ES', 'IT'])('countryCode %j is accepted', (countryCode) => {
    expect(UserDetailsSchema.parse({ createdAt: CREATED_AT, countryCode }).countryCode).toBe(
      countryCode,
    );
  });

  it.each(['us', 'GB', 'FR', ''])('countryCode %j is rejected', (countryCode) => {
    expect(UserDetailsSchema.safeParse({ createdAt: CREATED_AT, countryCode }).success).toBe(false);
  });

  it('trims names', () => {
    const parsed = UserDetailsSchema.parse({
      createdAt: CREATED_AT,
      firstName: '  Ada ',
      lastName: '\tLovelace\n',
    });
    expect(parsed.firstName).toBe('Ada');
    expect(parsed.lastName).toBe('Lovelace');
  });

  it.each(['firstName', 'lastName'])('%s allows 100 characters, not 101', (key) => {
    expect(
      UserDetailsSchema.safeParse({ createdAt: CREATED_AT, [key]: 'a'.repeat(100) }).success,
    ).toBe(true);
    expect(
      UserDetailsSchema.safeParse({ createdAt: CREATED_AT, [key]: 'a'.repeat(101) }).success,
    ).toBe(false);
  });

  it('requires createdAt', () => {
    expect(UserDetailsSchema.safeParse({}).success).toBe(false);
  });

  it('strips unknown fields', () => {
    expect(UserDetailsSchema.parse({ createdAt: CREATED_AT, isAdmin: true })).not.toHaveProperty(
      'isAdmin',
    );
  });
});

describe('fullName', () => {
  it.each([
    ['Ada', 'Lovelace', 'Ada Lovelace'],
    ['  Ada ', ' Lovelace  ', 'Ada Lovelace'],
    ['Ada', '', 'Ada'],
    ['', 'Lovelace', 'Lovelace'],
    ['Ada', '   ', 'Ada'],
    ['   ', 'Lovelace', 'Lovelace'],
    ['', '', ''],
    ['  ', '  ', ''],
    ['Mary Ann', 'Evans', 'Mary Ann Evans'],
  ])('%j + %j → %j', (firstName, lastName, expected) => {
    expect(fullName({ firstName, lastName })).toBe(expected);
  });
});

describe('help-text-seen flags (spec §3)', () => {
  const SPEC_KEYS = [
    'marketplaceConnections',
    'exportItems',
    'mappingRules',
    'pricingRules',
    'defaults',
    'labelManager',
    'tagsSuggestions',
    'automations',
    'mappingRulesCategorySpecifics',
    'teamManagement',
    'profile',
    'workflow',
    'favoriteCategories',
    'itemCreation',
    'marketplaces',
    'mapShopifyMetafields',
    'import',
    'shopifySetup',
  ];

  it('has the 18 keys of the spec, without duplicates', () => {
    expect(HELP_TEXT_KEYS).toHaveLength(18);
    expect(new Set(HELP_TEXT_KEYS).size).toBe(18);
    expect([...HELP_TEXT_KEYS]).toEqual(SPEC_KEYS);
  });

  it('defaults every key to false', () => {
    const seen = defaultHelpTextSeen();
    expect(Object.keys(seen)).toEqual(SPEC_KEYS);
    expect(Object.values(seen).every((value) => value === false)).toBe(true);
  });

  it('returns a fresh object each time', () => {
    const first = defaultHelpTextSeen();
    first.profile = true;
    expect(defaultHelpTextSeen().profile).toBe(false);
  });

  it.each(HELP_TEXT_KEYS)('%s is a help-text key', (key) => {
    expect(HelpTextKeySchema.safeParse(key).success).toBe(true);
  });

  it.each(['', 'Profile', 'unknown', 'constructor'])('%j is not a help-text key', (key) => {
    expect(HelpTextKeySchema.safeParse(key).success).toBe(false);
  });
});
