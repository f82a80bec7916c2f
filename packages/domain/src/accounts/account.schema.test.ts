import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_NAMES,
  AccountConfigSchema,
  AccountSchema,
  DEFAULT_ACCOUNT_NAME,
  isKnownAccountName,
} from './account.schema';

const ACCOUNT_ID = 'acc_0123456789abcdefgh'; // 21 characters

function account(overrides: Record<string, unknown> = {}) {
  return {
    accountId: ACCOUNT_ID,
    companyName: 'Vintage Finds Ltd',
    dateCreated: '2024-05-01T10:00:00.000Z',
    ...overrides,
  };
}

function issuePaths(input: unknown): string[] {
  const result = AccountSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

describe('AccountSchema defaults (spec §3 Account, §9)', () => {
  const parsed = AccountSchema.parse(account());

  it.each<[string, unknown]>([
    ['status', 'active'],
    ['creationSource', 'admin'],
    ['accountName', DEFAULT_ACCOUNT_NAME],
    ['isSlackAlertsBySaleDetectionEnabled', false],
    ['marketplaceAllowedToAccess', {}],
    ['brandBlacklistByMarketplace', {}],
    ['customBrands', []],
    ['accountFeatureFlags', {}],
    ['customTagsSuggestionsByCategory', {}],
    ['tagsSuggestionsByCategory', {}],
    ['onboarding', null],
    ['usage', { removeBackgroundImage: 0 }],
    ['currency', 'USD'],
  ])('%s defaults to %j', (key, expected) => {
    expect(parsed[key as keyof typeof parsed]).toEqual(expected);
  });

  it('the default account name is listloop, one of the known names', () => {
    expect(DEFAULT_ACCOUNT_NAME).toBe('listloop');
    expect(ACCOUNT_NAMES).toContain(DEFAULT_ACCOUNT_NAME);
    expect(ACCOUNT_NAMES).toContain('shopify');
    expect(ACCOUNT_NAMES).toHaveLength(5);
  });

  it('fills the whole config', () => {
    expect(parsed.config).toEqual({
      features: {
        isMultiVariantsEnabled: false,
        pickingList: { isEnabled: false, verificationMethod: 'via_photo' },
      },
      shopify: { webhooksAvailable: ['ORDERS_CREATE'] },
    });
  });

  it('fills config defaults inside a partially given config', () => {
    expect(AccountSchema.parse(account({ config: {} })).config).toEqual(parsed.config);
    expect(
      AccountSchema.parse(account({ config: { features: { pickingList: { isEnabled: true } } } }))
        .config,
    ).toEqual({
      features: {
        isMultiVariantsEnabled: false,
        pickingList: { isEnabled: true, verificationMethod: 'via_photo' },
      },
      shopify: { webhooksAvailable: ['ORDERS_CREATE'] },
    });
    expect(
      AccountSchema.parse(
        account({ config: { shopify: {}, features: { isMultiVariantsEnabled: true } } }),
      ).config,
    ).toEqual({
      features: {
        isMultiVariantsEnabled: true,
        pickingList: { isEnabled: false, verificationMethod: 'via_photo' },
      },
      shopify: { webhooksAvailable: ['ORDERS_CREATE'] },
    });
  });

  it('fills usage.removeBackgroundImage inside an empty usage object', () => {
    expect(AccountSchema.parse(account({ usage: {} })).usage).toEqual({ removeBackgroundImage: 0 });
  });

  it('does not share default arrays between parses', () => {
    const first = AccountSchema.parse(account());
    first.config.shopify.webhooksAvailable.push('PRODUCTS_CREATE');
    first.customBrands.push('Acme');
    const second = AccountSchema.parse(account());
    expect(second.config.shopify.webhooksAvailable).toEqual(['ORDERS_CREATE']);
    expect(second.customBrands).toEqual([]);
  });
});

describe('AccountSchema values', () => {
  it.each(['USD', 'GBP', 'EUR'])('currency %j is accepted', (currency) => {
    expect(AccountSchema.parse(account({ currency })).currency).toBe(currency);
  });

  it.each(['usd', 'CAD', '$', ''])('currency %j is rejected', (currency) => {
    expect(issuePaths(account({ currency }))).toEqual(['currency']);
  });

  it.each(['active', 'inactive'])('status %j is accepted', (status) => {
    expect(AccountSchema.parse(account({ status })).status).toBe(status);
  });

  it.each(['Active', 'pending', 'closed', ''])('status %j is rejected', (status) => {
    expect(issuePaths(account({ status }))).toEqual(['status']);
  });

  it.each(['admin', 'enterprise'])('creationSource %j is accepted', (creationSource) => {
    expect(AccountSchema.parse(account({ creationSource })).creationSource).toBe(creationSource);
  });

  it.each(['Admin', 'self-serve', ''])('creationSource %j is rejected', (creationSource) => {
    expect(issuePaths(account({ creationSource }))).toEqual(['creationSource']);
  });

  describe('accountName', () => {
    it.each(ACCOUNT_NAMES)('%j is accepted', (accountName) => {
      expect(AccountSchema.parse(account({ accountName })).accountName).toBe(accountName);
    });

    it.each([
      [' Shopify ', 'shopify'],
      ['LISTLOOP', 'listloop'],
      ['\teBay\n', 'ebay'],
      ['  Vestiaire', 'vestiaire'],
    ])('%j is trimmed and lowercased to %j', (accountName, expected) => {
      expect(AccountSchema.parse(account({ accountName })).accountName).toBe(expected);
    });

    it.each(['', 'amazon', 'list loop', 'shopify-plus', 'vestiaireApi'])(
      'unknown %j is rejected',
      (accountName) => {
        expect(issuePaths(account({ accountName }))).toEqual(['accountName']);
      },
    );

    it('null is rejected (only a missing value takes the default)', () => {
      expect(issuePaths(account({ accountName: null }))).toEqual(['accountName']);
    });
  });

  describe('isKnownAccountName', () => {
    it.each([...ACCOUNT_NAMES, ' Shopify ', 'EBAY'])('%j is known', (value) => {
      expect(isKnownAccountName(value)).toBe(true);
    });

    it.each(['', 'amazon', null, undefined, 1, {}])('%j is not known', (value) => {
      expect(isKnownAccountName(value)).toBe(false);
    });
  });

  describe('accountId (at least 20 characters)', () => {
    it.each([
      ['a'.repeat(19), false],
      ['a'.repeat(20), true],
      ['a'.repeat(40), true],
      ['', false],
      [`  ${'a'.repeat(19)}  `, false],
    ])('%j → valid %j', (accountId, valid) => {
      expect(AccountSchema.safeParse(account({ accountId })).success).toBe(valid);
    });

    it('is required', () => {
      expect(issuePaths(account({ accountId: undefined }))).toEqual(['accountId']);
    });

    it('is trimmed', () => {
      expect(AccountSchema.parse(account({ accountId: ` ${ACCOUNT_ID} ` })).accountId).toBe(
        ACCOUNT_ID,
      );
    });
  });

  it.each([undefined, '', '   '])('companyName %j is rejected as required', (companyName) => {
    const result = AccountSchema.safeParse(account({ companyName }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['companyName']);
  });

  it('trims companyName', () => {
    expect(AccountSchema.parse(account({ companyName: '  Acme  ' })).companyName).toBe('Acme');
  });

  it('strips unknown fields, at the top and inside config', () => {
    const parsed = AccountSchema.parse(
      account({
        secret: 'x',
        legacyPlan: 'gold',
        usage: { removeBackgroundImage: 3, other: 1 },
        config: { features: { unknownFeature: true }, shopify: { apiKey: 'k' }, extra: {} },
      }),
    );
    expect(parsed).not.toHaveProperty('secret');
    expect(parsed).not.toHaveProperty('legacyPlan');
    expect(parsed.usage).toEqual({ removeBackgroundImage: 3 });
    expect(parsed.config).not.toHaveProperty('extra');
    expect(parsed.config.features).not.toHaveProperty('unknownFeature');
    expect(parsed.config.shopify).toEqual({ webhooksAvailable: ['ORDERS_CREATE'] });
  });

  describe('usage.removeBackgroundImage', () => {
    it.each([0, 1, 250])('%j is accepted', (value) => {
      expect(
        AccountSchema.parse(account({ usage: { removeBackgroundImage: value } })).usage,
      ).toEqual({ removeBackgroundImage: value });
    });

    it.each([-1, 1.5, '3', null])('%j is rejected', (value) => {
      expect(issuePaths(account({ usage: { removeBackgroundImage: value } }))).toEqual([
        'usage.removeBackgroundImage',
      ]);
    });
  });

  it('keeps given flags, access and brands', () => {
    const parsed = AccountSchema.parse(
      account({
        marketplaceAllowedToAccess: { ebay: true, poshmark: false },
        brandBlacklistByMarketplace: { ebay: ['Nike'] },
        customBrands: ['Acme'],
        accountFeatureFlags: { newPricing: true },
        onboarding: { status: 'APPROVED' },
      }),
    );
    expect(parsed.marketplaceAllowedToAccess).toEqual({ ebay: true, poshmark: false });
    expect(parsed.brandBlacklistByMarketplace).toEqual({ ebay: ['Nike'] });
    expect(parsed.customBrands).toEqual(['Acme']);
    expect(parsed.accountFeatureFlags).toEqual({ newPricing: true });
    expect(parsed.onboarding).toEqual({ status: 'APPROVED' });
  });
});

describe('AccountConfigSchema', () => {
  it.each(['via_photo', 'via_barcode'])('verificationMethod %j is accepted', (method) => {
    expect(
      AccountConfigSchema.parse({ features: { pickingList: { verificationMethod: method } } })
        .features.pickingList.verificationMethod,
    ).toBe(method);
  });

  it.each(['via_scan', 'VIA_PHOTO', ''])('verificationMethod %j is rejected', (method) => {
    expect(
      AccountConfigSchema.safeParse({ features: { pickingList: { verificationMethod: method } } })
        .success,
    ).toBe(false);
  });

  it('accepts every known Shopify webhook and refuses others', () => {
    const all = ['ORDERS_CREATE', 'PRODUCTS_CREATE', 'PRODUCTS_UPDATE'];
    expect(AccountConfigSchema.parse({ shopify: { webhooksAvailable: all } }).shopify).toEqual({
      webhooksAvailable: all,
    });
    expect(AccountConfigSchema.parse({ shopify: { webhooksAvailable: [] } }).shopify).toEqual({
      webhooksAvailable: [],
    });
    expect(
      AccountConfigSchema.safeParse({ shopify: { webhooksAvailable: ['ORDERS_DELETE'] } }).success,
    ).toBe(false);
    expect(
      AccountConfigSchema.safeParse({ shopify: { webhooksAvailable: 'ORDERS_CREATE' } }).success,
    ).toBe(false);
  });
});
