import { resolveUserSettings } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { loadState } from './load-state';
import { flipSwitch, NO_SAVES, saveSettled, shownValue } from './switch-saves';

describe('what the panel and the settings show of their queries', () => {
  it('keep what was loaded on screen when a later poll or refetch fails', () => {
    const data = { notifications: [], unreadCount: 0 };
    expect(loadState({ data, isError: true, error: new Error('offline') })).toEqual({
      kind: 'ready',
      data,
    });
  });

  it('show the failure only when nothing was loaded, else that it is loading', () => {
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

describe('a switch flipped again while its save is on the way', () => {
  it('keeps the new choice and saves it after the answer', () => {
    const first = flipSwitch(NO_SAVES, false);
    expect(first.send).toBe(false);
    const second = flipSwitch(first.saves, true);
    expect(second.send).toBeNull();
    expect(shownValue(second.saves, false)).toBe(true);
    const answered = saveSettled(second.saves, false);
    expect(answered.send).toBe(true);
    expect(saveSettled(answered.saves, true)).toEqual({ saves: NO_SAVES, send: null });
  });

  it('sends nothing more when the answer already left it as last chosen', () => {
    const saves = flipSwitch(flipSwitch(NO_SAVES, false).saves, true).saves;
    expect(saveSettled(saves, true)).toEqual({ saves: NO_SAVES, send: null });
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
