import { resolveUserSettings } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import {
  optimisticValue,
  settingStatus,
  settingValue,
  updateBodyFor,
  withSetting,
} from './settings-state';

const SINCE = '2026-03-03T12:00:00.000Z';

describe('the settings screen’s state', () => {
  const settings = resolveUserSettings({
    saleDetection: { ebay: { enabled: true, dateEnabled: SINCE } },
    notifications: { bulkEdit: { enabled: false, dateEnabled: null } },
    mercariForm: { showSwitchShipping: false },
    forceDelistRelist: {},
  });

  it('reads one setting of any section', () => {
    expect(
      settingValue(settings, { section: 'saleDetection', key: 'ebay', enabled: true }),
    ).toEqual({ enabled: true, dateEnabled: SINCE });
    expect(
      settingValue(settings, { section: 'notifications', key: 'bulkEdit', enabled: true }),
    ).toEqual({ enabled: false, dateEnabled: null });
    expect(
      settingValue(settings, {
        section: 'mercariForm',
        key: 'showSwitchShipping',
        enabled: true,
      }),
    ).toEqual({ enabled: false, dateEnabled: null });
  });

  it('replaces one setting and leaves every other one as it was', () => {
    const next = withSetting(
      settings,
      { section: 'forceDelistRelist', key: 'etsy' },
      { enabled: true, dateEnabled: SINCE },
    );
    expect(next.forceDelistRelist.etsy).toEqual({ enabled: true, dateEnabled: SINCE });
    expect(next.forceDelistRelist.ebay).toBe(settings.forceDelistRelist.ebay);
    expect(next.saleDetection).toBe(settings.saleDetection);
    expect(settings.forceDelistRelist.etsy.enabled).toBe(false);

    const mercari = withSetting(
      settings,
      { section: 'mercariForm', key: 'showSwitchShipping' },
      { enabled: true, dateEnabled: null },
    );
    expect(mercari.mercariForm).toEqual({ showSwitchShipping: true });
  });

  it('shows a switch turned on without a date until the server dates it, and keeps an old date', () => {
    expect(optimisticValue({ enabled: false, dateEnabled: null }, true)).toEqual({
      enabled: true,
      dateEnabled: null,
    });
    expect(optimisticValue({ enabled: true, dateEnabled: SINCE }, true)).toEqual({
      enabled: true,
      dateEnabled: SINCE,
    });
    expect(optimisticValue({ enabled: true, dateEnabled: SINCE }, false)).toEqual({
      enabled: false,
      dateEnabled: null,
    });
  });

  it('saves one switch with a body naming only it', () => {
    expect(updateBodyFor({ section: 'notifications', key: 'bulkList', enabled: false })).toEqual({
      notifications: { bulkList: { enabled: false } },
    });
    expect(updateBodyFor({ section: 'forceDelistRelist', key: 'depop', enabled: true })).toEqual({
      forceDelistRelist: { depop: { enabled: true } },
    });
    expect(
      updateBodyFor({ section: 'mercariForm', key: 'showSwitchShipping', enabled: false }),
    ).toEqual({ mercariForm: { showSwitchShipping: false } });
  });

  it('says since when a switch is on, or that it is on by default, or off', () => {
    expect(settingStatus({ enabled: true, dateEnabled: SINCE }, true)).toEqual({
      kind: 'onSince',
      since: new Date(SINCE),
    });
    expect(settingStatus({ enabled: true, dateEnabled: null }, true)).toEqual({
      kind: 'onByDefault',
    });
    expect(settingStatus({ enabled: true, dateEnabled: null }, null)).toEqual({ kind: 'on' });
    expect(settingStatus({ enabled: true, dateEnabled: 'not a date' }, false)).toEqual({
      kind: 'on',
    });
    expect(settingStatus({ enabled: false, dateEnabled: null }, true)).toEqual({ kind: 'off' });
  });
});
