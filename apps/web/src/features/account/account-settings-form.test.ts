import { describe, expect, it } from 'vitest';
import type { AccountSettings } from '@listloop/domain';
import { settingsUpdate, valuesFromSettings } from './account-settings-form';

const SETTINGS: AccountSettings = {
  accountId: 'a'.repeat(20),
  companyName: 'Rewind Records',
  config: {
    features: {
      isMultiVariantsEnabled: false,
      pickingList: { isEnabled: false, verificationMethod: 'via_photo' },
    },
    shopify: { webhooksAvailable: ['PRODUCTS_UPDATE', 'ORDERS_CREATE'] },
  },
  isSlackAlertsBySaleDetectionEnabled: false,
  slackWebhookConfigured: true,
  currency: 'USD',
  timeZone: 'America/New_York',
  dateCreated: '2026-01-01T00:00:00.000Z',
  creationSource: 'enterprise',
  status: 'active',
};

describe('account settings form', () => {
  const saved = valuesFromSettings(SETTINGS);

  it('holds the Shopify webhooks in the catalogue order', () => {
    expect(saved.shopifyWebhooks).toEqual(['ORDERS_CREATE', 'PRODUCTS_UPDATE']);
  });

  it('saves nothing when nothing changed (whitespace and webhook order included)', () => {
    expect(settingsUpdate(saved, { ...saved })).toBeNull();
    expect(
      settingsUpdate(saved, {
        ...saved,
        companyName: ' Rewind Records ',
        shopifyWebhooks: ['PRODUCTS_UPDATE', 'ORDERS_CREATE'],
      }),
    ).toBeNull();
  });

  it('sends only the fields that changed', () => {
    expect(
      settingsUpdate(saved, {
        ...saved,
        companyName: 'Rewind Ltd',
        verificationMethod: 'via_barcode',
      }),
    ).toEqual({
      companyName: 'Rewind Ltd',
      config: { features: { pickingList: { verificationMethod: 'via_barcode' } } },
    });
    expect(
      settingsUpdate(saved, {
        ...saved,
        isMultiVariantsEnabled: true,
        shopifyWebhooks: ['PRODUCTS_CREATE', 'ORDERS_CREATE'],
        slackAlerts: true,
      }),
    ).toEqual({
      config: {
        features: { isMultiVariantsEnabled: true },
        shopify: { webhooksAvailable: ['ORDERS_CREATE', 'PRODUCTS_CREATE'] },
      },
      isSlackAlertsBySaleDetectionEnabled: true,
    });
  });

  it('sends the time zone when it changed', () => {
    expect(settingsUpdate(saved, { ...saved, timeZone: 'Europe/Rome' })).toEqual({
      timeZone: 'Europe/Rome',
    });
  });
});
