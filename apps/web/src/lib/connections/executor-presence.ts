import type { ExecutorPresence, ExecutorPresenceResponse } from '@listloop/domain';

/**
 * What the account's paired browsers last said about each extension marketplace (decision
 * 0041), read for the screens that would otherwise only say "waiting for the extension".
 */

/**
 * The marketplace's row of the presence answer: null when no paired browser ever named it,
 * undefined while the answer is not known (not asked yet, or the call failed), so a screen
 * claims nothing it has not been told.
 */
export function presenceFor(
  response: ExecutorPresenceResponse | undefined,
  marketplace: string,
): ExecutorPresence | null | undefined {
  if (!response) return undefined;
  return response.marketplaces.find((row) => row.marketplace === marketplace) ?? null;
}

/**
 * Why no paired browser will take the marketplace's queued work now:
 * - notSeen: none has checked in within the server's window (or ever);
 * - paused: the seller paused the extension in that browser;
 * - signedOut: that browser is signed out of the marketplace.
 * Null when one is there and ready, or when presence is not known. A browser not seen lately
 * is "not seen" whatever it said last: its pause or sign-in may have changed since.
 */
export type ExtensionAbsence = 'notSeen' | 'paused' | 'signedOut';

export function extensionAbsence(
  presence: ExecutorPresence | null | undefined,
): ExtensionAbsence | null {
  if (presence === undefined) return null;
  if (presence === null || !presence.active) return 'notSeen';
  if (presence.paused) return 'paused';
  if (!presence.signedIn) return 'signedOut';
  return null;
}

/** The Marketplaces screen's line on an extension marketplace. */
export type PresenceLine =
  | { kind: 'never' }
  | {
      kind: 'seen';
      lastSeenAt: string;
      /** Seen within the server's window: the line reads as good news only then. */
      active: boolean;
      state: 'signedIn' | 'signedOut' | 'paused';
    };

export function presenceLine(presence: ExecutorPresence | null): PresenceLine {
  if (!presence) return { kind: 'never' };
  return {
    kind: 'seen',
    lastSeenAt: presence.lastSeenAt,
    active: presence.active,
    // Paused says more than signed in or out: nothing is taken either way.
    state: presence.paused ? 'paused' : presence.signedIn ? 'signedIn' : 'signedOut',
  };
}

/** The server's window in whole minutes, as the screens say it ("in the last 10 minutes"). */
export function staleMinutes(response: Pick<ExecutorPresenceResponse, 'staleAfterMs'>): number {
  return Math.max(1, Math.round(response.staleAfterMs / 60_000));
}
