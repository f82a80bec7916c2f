import {
  CONNECTION_NICKNAME_MAX_LENGTH,
  CREDENTIAL_SECRET_MAX_LENGTH,
  MARKETPLACE_NAMES,
  marketplaceGroup,
  type Connection,
  type ConnectionStatus,
  type CredentialsPut,
  type MarketplaceId,
} from '@listloop/domain';

export type NicknameProblem =
  | { code: 'required' }
  | { code: 'tooLong'; max: number }
  /** Nicknames tell one marketplace's accounts apart: one per marketplace. */
  | { code: 'taken' };

function fold(text: string): string {
  return text.trim().toLocaleLowerCase('en-US');
}

/**
 * Why the nickname cannot be used for a connection of the marketplace, or null. `editingId`
 * is the connection being renamed, whose own nickname is not a clash.
 */
export function nicknameProblem(
  nickname: string,
  marketplace: MarketplaceId,
  connections: readonly Connection[],
  editingId?: string,
): NicknameProblem | null {
  const text = nickname.trim();
  if (text === '') return { code: 'required' };
  if (text.length > CONNECTION_NICKNAME_MAX_LENGTH) {
    return { code: 'tooLong', max: CONNECTION_NICKNAME_MAX_LENGTH };
  }
  const clash = connections.some(
    (connection) =>
      connection.id !== editingId &&
      connection.marketplace === marketplace &&
      fold(connection.nickname) === fold(text),
  );
  return clash ? { code: 'taken' } : null;
}

export type SecretProblem = { code: 'tooLong'; max: number };

/** An access token is optional; pasted, it must fit what the server stores. */
export function secretProblem(secret: string): SecretProblem | null {
  return secret.trim().length > CREDENTIAL_SECRET_MAX_LENGTH
    ? { code: 'tooLong', max: CREDENTIAL_SECRET_MAX_LENGTH }
    : null;
}

/** A suggested nickname for a new connection: "eBay", then "eBay 2", "eBay 3" … */
export function suggestNickname(
  marketplace: MarketplaceId,
  connections: readonly Connection[],
): string {
  const name = MARKETPLACE_NAMES[marketplace];
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? name : `${name} ${n}`;
    if (!nicknameProblem(candidate, marketplace, connections)) return candidate;
  }
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 24 characters of 62: well over the 20 the server asks for, and 142 bits of randomness. */
const ID_LENGTH = 24;

/**
 * The id of a new connection. The PUT creates a connection at a new id, so the browser names
 * it; a retry of the same request then cannot create two.
 */
export function newConnectionId(
  random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  let id = '';
  while (id.length < ID_LENGTH) {
    for (const byte of random(new Uint8Array(ID_LENGTH))) {
      // 248 = 4 × 62: bytes above it would favour the first letters.
      if (byte < 248 && id.length < ID_LENGTH) id += ID_ALPHABET[byte % ID_ALPHABET.length];
    }
  }
  return id;
}

/** The credentials call's body for a pasted access token (spec §7 credentials). */
export function credentialsBody(
  marketplace: MarketplaceId,
  connectionId: string,
  accessToken: string,
): CredentialsPut {
  return {
    connectionId,
    credentials: {
      marketplaceAccount: { marketplaceID: marketplace },
      accessToken: accessToken.trim(),
    },
  };
}

/** API marketplaces take credentials; the extension marketplaces work in the seller's browser. */
export function takesCredentials(marketplace: MarketplaceId): boolean {
  return marketplaceGroup(marketplace) === 'source';
}

/** The marketplaces' connections, each marketplace's in the order they were made. */
export function connectionsByMarketplace(
  connections: readonly Connection[],
): Map<MarketplaceId, Connection[]> {
  const grouped = new Map<MarketplaceId, Connection[]>();
  for (const connection of [...connections].sort((a, b) =>
    a.createdAt.localeCompare(b.createdAt),
  )) {
    const list = grouped.get(connection.marketplace) ?? [];
    list.push(connection);
    grouped.set(connection.marketplace, list);
  }
  return grouped;
}

/**
 * What the seller is told about a connection: the server's status, except that an API
 * marketplace's connection cannot publish without credentials, nor with expired ones.
 */
export type ConnectionState = ConnectionStatus | 'no_credentials' | 'expired';

export function connectionState(connection: Connection, now: Date = new Date()): ConnectionState {
  if (connection.status !== 'connected' || !takesCredentials(connection.marketplace)) {
    return connection.status;
  }
  if (connection.credentialHint === null) return 'no_credentials';
  const expires = connection.credentialExpiresAt ? Date.parse(connection.credentialExpiresAt) : NaN;
  return Number.isFinite(expires) && expires <= now.getTime() ? 'expired' : 'connected';
}

export const CONNECTION_STATE_COLOURS: Record<ConnectionState, string> = {
  connected: 'teal',
  needs_reconnect: 'orange',
  expired: 'orange',
  no_credentials: 'yellow',
  disconnected: 'gray',
};

/** The seller's marketplaces in the spec §1 groups: API connectors, then the extension's; by name. */
export function marketplacesByGroup(ids: readonly MarketplaceId[], locale: string) {
  const byName = (a: MarketplaceId, b: MarketplaceId) =>
    MARKETPLACE_NAMES[a].localeCompare(MARKETPLACE_NAMES[b], locale);
  return {
    api: ids.filter((id) => marketplaceGroup(id) === 'source').sort(byName),
    extension: ids.filter((id) => marketplaceGroup(id) === 'crosslisting').sort(byName),
  };
}
