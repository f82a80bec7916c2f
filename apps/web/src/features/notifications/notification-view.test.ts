import { describe, expect, it } from 'vitest';
import { flipSwitch, loadState, NO_SAVES, saveSettled, shownValue } from './notification-view';

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

describe('an e-mail switch flipped again while its save is on the way', () => {
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
