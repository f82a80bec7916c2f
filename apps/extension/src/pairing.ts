import type { ExecutorWhoAmI } from '@listloop/domain';
import type { ApiClient } from './api';

/** What the extension keeps in `chrome.storage.local` under {@link PAIRING_KEY}. */
export interface PairingState {
  /** The server's origin. */
  server: string | null;
  token: string | null;
  tokenId: string | null;
  /** Who the token acts as, as the server last said. */
  who: ExecutorWhoAmI | null;
  /** Set when the server refused the token (it was revoked): the popup says so. */
  unpaired: { message: string } | null;
  /** The last check that could not reach the server, or null when it went through. */
  lastError: { message: string } | null;
  /** When the server was last asked (ISO time), or null. */
  checkedAt: string | null;
}

export const PAIRING_KEY = 'pairing';

export const EMPTY_PAIRING: PairingState = {
  server: null,
  token: null,
  tokenId: null,
  who: null,
  unpaired: null,
  lastError: null,
  checkedAt: null,
};

/** Where the state is kept: chrome.storage.local in the extension, a plain object in tests. */
export interface PairingStore {
  read(): Promise<PairingState>;
  write(state: PairingState): Promise<void>;
}

export function chromePairingStore(): PairingStore {
  return {
    async read() {
      const stored = (await chrome.storage.local.get(PAIRING_KEY)) as Record<string, unknown>;
      const value = stored[PAIRING_KEY];
      return value && typeof value === 'object'
        ? { ...EMPTY_PAIRING, ...(value as Partial<PairingState>) }
        : EMPTY_PAIRING;
    },
    async write(state) {
      await chrome.storage.local.set({ [PAIRING_KEY]: state });
    },
  };
}

/**
 * Asks the server whether the token still holds. A 401 means it was revoked: the token is
 * forgotten and the reason kept for the popup. A server that cannot be reached changes nothing
 * but the last error: the pairing may well hold once it is back.
 */
export async function checkPairing(
  store: PairingStore,
  api: ApiClient,
  now: () => Date = () => new Date(),
): Promise<PairingState> {
  const state = await store.read();
  if (!state.server || !state.token) return state;
  const result = await api.whoAmI(state.server, state.token);
  const checkedAt = now().toISOString();
  const next: PairingState =
    result.kind === 'ok'
      ? { ...state, who: result.who, unpaired: null, lastError: null, checkedAt }
      : result.kind === 'unpaired'
        ? {
            ...state,
            token: null,
            tokenId: null,
            who: null,
            unpaired: { message: result.message },
            lastError: null,
            checkedAt,
          }
        : { ...state, lastError: { message: result.message }, checkedAt };
  await store.write(next);
  return next;
}
