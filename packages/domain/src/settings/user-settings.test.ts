import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MARKETPLACE_IDS } from '../marketplaces/marketplaces';
import {
  applyEntryChanges,
  applyUserSettingsUpdate,
  booleanLike,
  BULK_ACTIONS,
  invalidValueMessage,
  isBulkAction,
  resolveUserSettings,
  SaleDetectionSettingsUpdateSchema,
  UserSettingsSchema,
  UserSettingsUpdateSchema,
} from './user-settings';

const messagesOf = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.message);

describe('booleanLike (spec §5)', () => {
  const labelled = booleanLike('Show switch shipping');
  const unlabelled = booleanLike();

  it('keeps booleans as they are', () => {
    expect(labelled.parse(true)).toBe(true);
    expect(labelled.parse(false)).toBe(false);
  });

  it('turns any non-empty string into true and the empty string into false', () => {
    expect(unlabelled.parse('yes')).toBe(true);
    expect(unlabelled.parse('false')).toBe(true);
    expect(unlabelled.parse('0')).toBe(true);
    expect(unlabelled.parse(' ')).toBe(true);
    expect(unlabelled.parse('')).toBe(false);
  });

  it('refuses anything else with the label’s invalid-value message', () => {
    for (const value of [1, 0, null, [], {}, [true]]) {
      expect(messagesOf(labelled.safeParse(value))).toEqual([
        'Show switch shipping has an invalid value',
      ]);
    }
  });

  it('says "This" when the field has no label', () => {
    expect(messagesOf(unlabelled.safeParse(42))).toEqual(['This has an invalid value']);
    expect(invalidValueMessage()).toBe('This has an invalid value');
    expect(invalidValueMessage('  ')).toBe('This has an invalid value');
    expect(invalidValueMessage('Notify')).toBe('Notify has an invalid value');
  });

  it('asks for a missing value', () => {
    expect(messagesOf(labelled.safeParse(undefined))).toEqual(['Show switch shipping is required']);
    expect(messagesOf(z.object({ on: unlabelled }).safeParse({}))).toEqual(['This is required']);
  });

  it('reports the message at the field’s path inside an object', () => {
    const result = z.object({ on: labelled }).safeParse({ on: 7 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['on'],
      message: 'Show switch shipping has an invalid value',
    });
  });
});

describe('the keyed settings (spec §5)', () => {
  it('lists the eight bulk actions', () => {
    expect(BULK_ACTIONS).toHaveLength(8);
    expect(isBulkAction('bulkCopyItems')).toBe(true);
    expect(isBulkAction('bulkExplode')).toBe(false);
  });

  it('strips unknown keys, unknown marketplaces and unknown bulk actions', () => {
    const parsed = UserSettingsUpdateSchema.parse({
      theme: 'dark',
      saleDetection: { ebay: { enabled: '', extra: 1 }, amazon: { enabled: true } },
      forceDelistRelist: { tradesy: { enabled: 'on' }, craigslist: { enabled: true } },
      notifications: { bulkDelete: { enabled: true }, bulkExplode: { enabled: true } },
      mercariForm: { showSwitchShipping: '', colour: 'red' },
    });
    expect(parsed).toEqual({
      saleDetection: { ebay: { enabled: false } },
      forceDelistRelist: { tradesy: { enabled: true } },
      notifications: { bulkDelete: { enabled: true } },
      mercariForm: { showSwitchShipping: false },
    });
  });

  it('refuses an entry that is not an object, with the invalid-value message', () => {
    const result = SaleDetectionSettingsUpdateSchema.safeParse({ ebay: true });
    expect(messagesOf(result)).toEqual(['This has an invalid value']);
  });
});

describe('resolving and updating the stored settings', () => {
  const now = new Date('2026-03-03T12:00:00.000Z');
  const earlier = '2026-01-01T08:00:00.000Z';

  it('answers every key at its default when nothing is stored', () => {
    const settings = resolveUserSettings(null);
    expect(UserSettingsSchema.parse(settings)).toEqual(settings);
    expect(Object.keys(settings.saleDetection)).toEqual([...MARKETPLACE_IDS]);
    expect(Object.keys(settings.notifications)).toEqual([...BULK_ACTIONS]);
    expect(settings.saleDetection.ebay).toEqual({ enabled: true, dateEnabled: null });
    expect(settings.forceDelistRelist.ebay).toEqual({ enabled: false, dateEnabled: null });
    expect(settings.notifications.bulkList).toEqual({ enabled: true, dateEnabled: null });
    expect(settings.mercariForm).toEqual({ showSwitchShipping: true });
  });

  it('ignores damaged stored entries and keys no longer known', () => {
    const settings = resolveUserSettings({
      saleDetection: { ebay: { enabled: 'yes' }, etsy: { enabled: true, dateEnabled: 'soon' } },
      notifications: { bulkGone: { enabled: false } },
      mercariForm: { showSwitchShipping: 'no' },
      forceDelistRelist: { poshmark: { enabled: false, dateEnabled: earlier } },
    });
    expect(settings.saleDetection.ebay).toEqual({ enabled: true, dateEnabled: null });
    expect(settings.saleDetection.etsy).toEqual({ enabled: true, dateEnabled: null });
    expect(settings.notifications).not.toHaveProperty('bulkGone');
    expect(settings.mercariForm.showSwitchShipping).toBe(true);
    expect(settings.forceDelistRelist.poshmark).toEqual({ enabled: false, dateEnabled: null });
  });

  it('dates an entry when it turns on, keeps the date while on, clears it when off', () => {
    const keys = ['a', 'b', 'c', 'd'] as const;
    const stored = {
      a: { enabled: true, dateEnabled: earlier },
      b: { enabled: true, dateEnabled: earlier },
      c: { enabled: false, dateEnabled: null },
      zombie: { enabled: true, dateEnabled: earlier },
    };
    const next = applyEntryChanges(
      keys,
      stored,
      { a: { enabled: true }, b: { enabled: false }, c: { enabled: true }, d: { enabled: true } },
      now,
    );
    expect(next).toEqual({
      a: { enabled: true, dateEnabled: earlier },
      b: { enabled: false, dateEnabled: null },
      c: { enabled: true, dateEnabled: now.toISOString() },
      d: { enabled: true, dateEnabled: now.toISOString() },
    });
  });

  it('merges a partial update into what is stored', () => {
    const stored = {
      saleDetection: { ebay: { enabled: false, dateEnabled: null } },
      notifications: { bulkEdit: { enabled: false, dateEnabled: null } },
      mercariForm: { showSwitchShipping: false },
      forceDelistRelist: {},
    };
    const next = applyUserSettingsUpdate(
      stored,
      UserSettingsUpdateSchema.parse({ saleDetection: { etsy: { enabled: 'x' } } }),
      now,
    );
    expect(next).toEqual({
      saleDetection: {
        ebay: { enabled: false, dateEnabled: null },
        etsy: { enabled: true, dateEnabled: now.toISOString() },
      },
      notifications: { bulkEdit: { enabled: false, dateEnabled: null } },
      mercariForm: { showSwitchShipping: false },
      forceDelistRelist: {},
    });
  });
});
