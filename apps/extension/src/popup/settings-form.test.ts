import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type WorkSettings } from '../work/settings';
import { parseSettingsForm, settingsForm, testingSeconds } from './settings-form';

const stored: WorkSettings = { ...DEFAULT_SETTINGS, paused: true, off: ['grailed'] };
const shown = ['vinted', 'depop'] as const;

describe('the popup’s settings form', () => {
  it('shows the stored settings, the sold-list interval in minutes', () => {
    expect(settingsForm(stored)).toEqual({
      delayMin: '30',
      delayMax: '90',
      dailyCap: '50',
      soldPollMinutes: '2',
      off: ['grailed'],
    });
    expect(testingSeconds(stored)).toBeNull();
  });

  it('makes whole settings from the fields, keeping what the form does not show', () => {
    const parsed = parseSettingsForm(
      { delayMin: ' 5 ', delayMax: '3600', dailyCap: '500', soldPollMinutes: '60', off: ['depop'] },
      stored,
      shown,
    );
    expect(parsed).toEqual({
      ok: true,
      settings: {
        paused: true,
        delaySeconds: { min: 5, max: 3600 },
        dailyCap: 500,
        soldPollSeconds: 3600,
        // Grailed is not shown (the account no longer works it here) and stays off.
        off: ['grailed', 'depop'],
      },
    });
  });

  it('refuses values out of range or not whole, each with its message', () => {
    expect(
      parseSettingsForm(
        { delayMin: '-1', delayMax: '3601', dailyCap: '0', soldPollMinutes: '1.5', off: [] },
        stored,
        shown,
      ),
    ).toEqual({
      ok: false,
      errors: {
        delayMin: 'settings.error.delay',
        delayMax: 'settings.error.delay',
        dailyCap: 'settings.error.dailyCap',
        soldPollMinutes: 'settings.error.soldPoll',
      },
    });
    expect(
      parseSettingsForm(
        { delayMin: '', delayMax: '10', dailyCap: '501', soldPollMinutes: '61', off: [] },
        stored,
        shown,
      ),
    ).toEqual({
      ok: false,
      errors: {
        delayMin: 'settings.error.delay',
        dailyCap: 'settings.error.dailyCap',
        soldPollMinutes: 'settings.error.soldPoll',
      },
    });
  });

  it('refuses a shortest wait longer than the longest', () => {
    expect(
      parseSettingsForm(
        { ...settingsForm(stored), delayMin: '100', delayMax: '20' },
        stored,
        shown,
      ),
    ).toEqual({ ok: false, errors: { delayMax: 'settings.error.delayOrder' } });
  });

  it('keeps a testing interval under a minute until the seller changes the field', () => {
    const testing = { ...stored, soldPollSeconds: 5 };
    expect(testingSeconds(testing)).toBe(5);
    const form = settingsForm(testing);
    expect(form.soldPollMinutes).toBe('1');
    const kept = parseSettingsForm({ ...form, dailyCap: '10' }, testing, shown);
    expect(kept.ok && kept.settings.soldPollSeconds).toBe(5);
    expect(kept.ok && kept.settings.dailyCap).toBe(10);
    const changed = parseSettingsForm({ ...form, soldPollMinutes: '3' }, testing, shown);
    expect(changed.ok && changed.settings.soldPollSeconds).toBe(180);
  });
});
