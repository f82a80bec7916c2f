import { resolveUserSettings } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import {
  flipSwitch,
  loadState,
  marketplacesByName,
  NO_SAVES,
  optimisticValue,
  saveSettled,
  settingStatus,
  settingValue,
  shownValue,
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

  it('orders the seller’s marketplaces by name, each once', () => {
    expect(marketplacesByName(['shopify', 'ebay', 'depop', 'ebay', 'facebook'], 'en-US')).toEqual([
      'depop',
      'ebay',
      'facebook',
      'shopify',
    ]);
  });
});

describe('a switch flipped again while its save is on the way', () => {
  it('keeps the new choice, shows it, and saves it once the first answer is in', () => {
    const first = flipSwitch(NO_SAVES, false);
    expect(first.send).toBe(false);
    expect(shownValue(first.saves, true)).toBe(false);

    // Back on before the server answered: nothing is sent yet, and nothing is dropped.
    const second = flipSwitch(first.saves, true);
    expect(second.send).toBeNull();
    expect(shownValue(second.saves, false)).toBe(true);

    // The first save answers "off": the seller's "on" goes next.
    const answered = saveSettled(second.saves, false);
    expect(answered.send).toBe(true);
    expect(shownValue(answered.saves, false)).toBe(true);

    const done = saveSettled(answered.saves, true);
    expect(done).toEqual({ saves: NO_SAVES, send: null });
    expect(shownValue(done.saves, true)).toBe(true);
  });

  it('sends only the last of several flips, and nothing when it matches the answer', () => {
    let saves = flipSwitch(NO_SAVES, false).saves;
    saves = flipSwitch(saves, true).saves;
    saves = flipSwitch(saves, false).saves;
    expect(saveSettled(saves, false)).toEqual({ saves: NO_SAVES, send: null });
  });

  it('sends nothing more when the first save failed and the seller had switched it back', () => {
    const saves = flipSwitch(flipSwitch(NO_SAVES, false).saves, true).saves;
    // Refused: the setting is put back on, which is what the seller now wants.
    expect(saveSettled(saves, true)).toEqual({ saves: NO_SAVES, send: null });
  });

  it('saves a choice made again after a refused save', () => {
    const saves = flipSwitch(
      flipSwitch(flipSwitch(NO_SAVES, false).saves, true).saves,
      false,
    ).saves;
    // The first "off" was refused (back on), but the seller still wants it off.
    expect(saveSettled(saves, true).send).toBe(false);
  });
});

describe('what the settings screen shows of its query', () => {
  const settings = resolveUserSettings(null);
  it('keeps the settings on screen when a later refetch fails', () => {
    expect(loadState({ data: settings, isError: true, error: new Error('offline') })).toEqual({
      kind: 'ready',
      data: settings,
    });
  });

  it('shows the failure only when nothing was loaded, else that it is loading', () => {
    const error = new Error('offline');
    expect(loadState({ data: undefined, isError: true, error })).toEqual({
      kind: 'failed',
      error,
    });
    expect(loadState({ data: undefined, isError: false, error: null })).toEqual({
      kind: 'loading',
    });
  });
});
