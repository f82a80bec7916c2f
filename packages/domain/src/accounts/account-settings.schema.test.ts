import { describe, expect, it } from 'vitest';
import {
  AccountSettingsUpdateSchema,
  mergeAccountConfig,
  SignUpSchema,
} from './account-settings.schema';
import { AccountConfigSchema } from './account.schema';

const SIGN_UP = {
  companyName: ' Thrift & Shift ',
  firstName: ' Ada ',
  email: ' Ada@Example.test ',
  password: 'correct-horse-battery',
};

describe('SignUpSchema', () => {
  it('trims, defaults the country to US and the last name to empty, and strips the unknown', () => {
    expect(SignUpSchema.parse({ ...SIGN_UP, role: 'staff' })).toEqual({
      companyName: 'Thrift & Shift',
      firstName: 'Ada',
      lastName: '',
      email: 'Ada@Example.test',
      password: 'correct-horse-battery',
      countryCode: 'US',
    });
  });

  it('refuses what the spec and the product do not take, with a message', () => {
    const message = (input: Record<string, unknown>) =>
      SignUpSchema.safeParse({ ...SIGN_UP, ...input }).error?.issues[0]?.message;
    expect(message({ companyName: ' ' })).toBe('Company name is required');
    expect(message({ companyName: 'x'.repeat(201) })).toMatch(/at most 200/);
    expect(message({ firstName: '' })).toBe('First name is required');
    expect(message({ lastName: 'x'.repeat(101) })).toMatch(/at most 100/);
    expect(message({ email: `${'x'.repeat(250)}@e.test` })).toMatch(/at most 254/);
    expect(message({ email: 'nope' })).toMatch(/valid e-mail/);
    expect(message({ password: 'short' })).toMatch(/at least 10/);
    expect(message({ countryCode: 'FR' })).toBe('Country must be one of US, UK, ES, IT');
  });
});

describe('AccountSettingsUpdateSchema and mergeAccountConfig', () => {
  const defaults = AccountConfigSchema.parse({});

  it('keeps what a save leaves out', () => {
    const update = AccountSettingsUpdateSchema.parse({
      config: { features: { pickingList: { verificationMethod: 'via_barcode' } } },
    });
    expect(mergeAccountConfig(defaults, update.config)).toEqual({
      features: {
        isMultiVariantsEnabled: false,
        pickingList: { isEnabled: false, verificationMethod: 'via_barcode' },
      },
      shopify: { webhooksAvailable: ['ORDERS_CREATE'] },
    });
  });

  it('holds each Shopify webhook once, in the catalogue order, and at least one', () => {
    const update = AccountSettingsUpdateSchema.parse({
      config: {
        shopify: { webhooksAvailable: ['PRODUCTS_UPDATE', 'ORDERS_CREATE', 'ORDERS_CREATE'] },
      },
    });
    expect(update.config?.shopify?.webhooksAvailable).toEqual(['ORDERS_CREATE', 'PRODUCTS_UPDATE']);
    expect(
      AccountSettingsUpdateSchema.safeParse({ config: { shopify: { webhooksAvailable: [] } } })
        .success,
    ).toBe(false);
  });

  it('strips unknown fields, so a save cannot reach the flags or the status', () => {
    expect(
      AccountSettingsUpdateSchema.parse({ status: 'inactive', accountFeatureFlags: { x: true } }),
    ).toEqual({});
  });
});
