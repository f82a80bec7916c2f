import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../api-client';
import {
  MAX_RENEWAL_GAP_MS,
  MIN_RENEWAL_GAP_MS,
  RENEWAL_RETRY_MS,
  nextRenewalDelay,
  renewalOutcome,
} from './session-renewal';

const NOW = Date.parse('2026-11-27T06:00:00Z');
const hours = (n: number) => n * 60 * 60 * 1000;

describe('nextRenewalDelay', () => {
  it('renews half-way to the end of a short session', () => {
    expect(nextRenewalDelay(new Date(NOW + hours(4)), NOW)).toBe(hours(2));
  });

  it('renews at least every twelve hours of a long session', () => {
    expect(nextRenewalDelay(new Date(NOW + hours(24 * 30)), NOW)).toBe(MAX_RENEWAL_GAP_MS);
  });

  it('renews a session about to end (or already past) after a short pause, never in a loop', () => {
    expect(nextRenewalDelay(new Date(NOW + 500), NOW)).toBe(MIN_RENEWAL_GAP_MS);
    expect(nextRenewalDelay(new Date(NOW - hours(1)), NOW)).toBe(MIN_RENEWAL_GAP_MS);
    expect(nextRenewalDelay(new Date('not a date'), NOW)).toBe(MIN_RENEWAL_GAP_MS);
  });
});

describe('renewalOutcome', () => {
  it('schedules the next renewal after a renewal', () => {
    expect(renewalOutcome({ expiresAt: new Date(NOW + hours(2)) }, NOW)).toEqual({
      kind: 'renewed',
      nextInMs: hours(1),
    });
  });

  it('signs out when the server refuses the session', () => {
    const gone = new ApiError(401, { statusCode: 401, code: 'auth/user-logged-out' }, null);
    expect(renewalOutcome({ error: gone }, NOW)).toEqual({
      kind: 'signOut',
      reason: 'auth/user-logged-out',
    });
    const forbidden = new ApiError(403, { statusCode: 403, code: 'auth/csrf' }, null);
    expect(renewalOutcome({ error: forbidden }, NOW).kind).toBe('retry');
  });

  it('tries again later when the renewal never reached the server or the server failed', () => {
    expect(renewalOutcome({ error: new NetworkError(new Error('offline')) }, NOW)).toEqual({
      kind: 'retry',
      nextInMs: RENEWAL_RETRY_MS,
    });
    const failed = new ApiError(503, { statusCode: 503, code: 'server/internal' }, null);
    expect(renewalOutcome({ error: failed }, NOW).kind).toBe('retry');
  });
});
