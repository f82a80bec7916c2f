import type { ExecutorPresence } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { extensionAbsence, presenceFor, presenceLine, staleMinutes } from './executor-presence';

const row = (changes: Partial<ExecutorPresence> = {}): ExecutorPresence => ({
  marketplace: 'mercari',
  lastSeenAt: '2026-03-01T12:00:00.000Z',
  signedIn: true,
  paused: false,
  tokenId: 'tok1',
  tokenName: 'Chrome on Windows',
  active: true,
  ...changes,
});

describe('a marketplace’s presence', () => {
  it('is its row of the answer, null when never seen, undefined before any answer', () => {
    const response = { marketplaces: [row()], staleAfterMs: 600_000 };
    expect(presenceFor(response, 'mercari')).toEqual(row());
    expect(presenceFor(response, 'poshmark')).toBeNull();
    expect(presenceFor(undefined, 'mercari')).toBeUndefined();
  });

  it('says why no browser will take work: not seen lately, paused, signed out', () => {
    expect(extensionAbsence(null)).toBe('notSeen');
    expect(extensionAbsence(row({ active: false, signedIn: false }))).toBe('notSeen');
    expect(extensionAbsence(row({ paused: true, signedIn: false }))).toBe('paused');
    expect(extensionAbsence(row({ signedIn: false }))).toBe('signedOut');
    expect(extensionAbsence(row())).toBeNull();
    // Not known: nothing is claimed.
    expect(extensionAbsence(undefined)).toBeNull();
  });

  it('reads on the Marketplaces screen as when seen and in what state', () => {
    expect(presenceLine(null)).toEqual({ kind: 'never' });
    expect(presenceLine(row())).toEqual({
      kind: 'seen',
      lastSeenAt: '2026-03-01T12:00:00.000Z',
      active: true,
      state: 'signedIn',
    });
    expect(presenceLine(row({ signedIn: false, active: false }))).toMatchObject({
      state: 'signedOut',
      active: false,
    });
    expect(presenceLine(row({ paused: true, signedIn: false }))).toMatchObject({
      state: 'paused',
    });
  });

  it('says the server’s window in whole minutes', () => {
    expect(staleMinutes({ staleAfterMs: 600_000 })).toBe(10);
    expect(staleMinutes({ staleAfterMs: 20_000 })).toBe(1);
  });
});
