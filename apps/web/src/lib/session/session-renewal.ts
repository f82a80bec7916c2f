import type { ErrorCode } from '@listloop/domain';
import { z } from 'zod';
import { ApiError, apiRequest } from '../api-client';

export const TOKEN_PATH = '/api/user/token';

/** Renewals are never further apart than this, however long the session lasts. */
export const MAX_RENEWAL_GAP_MS = 12 * 60 * 60 * 1000;
/** Nor closer together than this (a session about to end is renewed at once, not in a loop). */
export const MIN_RENEWAL_GAP_MS = 1000;
/** After a renewal the network lost, the next try comes this much later. */
export const RENEWAL_RETRY_MS = 60 * 1000;

const RenewedSchema = z.object({ expiresAt: z.string() });

/**
 * Spec §4 Token: POST /api/user/token renews the server session (it lasts its full length
 * again) and says when it now ends. The session itself stays in its httpOnly cookie.
 */
export async function renewSession(signal?: AbortSignal): Promise<{ expiresAt: Date }> {
  const renewed = await apiRequest(TOKEN_PATH, { method: 'POST', schema: RenewedSchema, signal });
  return { expiresAt: new Date(renewed.expiresAt) };
}

/**
 * When to renew next: half-way to the end of the session, so a renewal the network loses has
 * time for another try, and at least every MAX_RENEWAL_GAP_MS.
 */
export function nextRenewalDelay(expiresAt: Date, now: number): number {
  const left = expiresAt.getTime() - now;
  if (!Number.isFinite(left)) return MIN_RENEWAL_GAP_MS;
  return Math.min(MAX_RENEWAL_GAP_MS, Math.max(MIN_RENEWAL_GAP_MS, Math.floor(left / 2)));
}

export type RenewalOutcome =
  | { kind: 'renewed'; nextInMs: number }
  /** The server no longer knows the session: spec §4 "if the refresh fails, the user is logged out". */
  | { kind: 'signOut'; reason: ErrorCode }
  /** The renewal did not reach the server: the session there is unchanged, so try again. */
  | { kind: 'retry'; nextInMs: number };

/** What a renewal's answer means for the tab. */
export function renewalOutcome(
  result: { expiresAt: Date } | { error: unknown },
  now: number,
): RenewalOutcome {
  if ('expiresAt' in result) {
    return { kind: 'renewed', nextInMs: nextRenewalDelay(result.expiresAt, now) };
  }
  const error = result.error;
  if (error instanceof ApiError && error.status === 401) {
    return { kind: 'signOut', reason: error.code ?? 'auth/user-logged-out' };
  }
  return { kind: 'retry', nextInMs: RENEWAL_RETRY_MS };
}
