import {
  CONNECTION_NICKNAME_MAX_LENGTH,
  CREDENTIAL_SECRET_MAX_LENGTH,
  MARKETPLACE_NAMES,
  marketplaceGroup,
  type Connection,
  type CredentialsPut,
  type MarketplaceId,
} from '@listloop/domain';
import type { ConnectWay } from '../../lib/connections/connect-options';
import type { ConnectionState } from '../../lib/connections/connection-state';
import { shopDomainFrom } from './shop-domain';

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

/**
 * What the seller pastes: Depop's partner API calls it an API key; the API marketplaces that
 * take a pasted secret hand out access tokens.
 */
export type SecretKind = 'apiKey' | 'accessToken';

export function secretKind(marketplace: MarketplaceId): SecretKind {
  return marketplaceGroup(marketplace) === 'crosslisting' ? 'apiKey' : 'accessToken';
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

/** What a connection's row offers besides renaming and disconnecting. */
export function connectionActions(way: ConnectWay, state: ConnectionState) {
  const token = way.method === 'token';
  return {
    /** Sign in at the marketplace again, for the same connection. */
    reconnect:
      way.method === 'oauth' && (state === 'needs_reconnect' || state === 'no_credentials'),
    /** Paste a new API key or access token. */
    pasteSecret: token,
    /** It cannot publish until one is pasted. */
    secretMissing:
      token && (state === 'no_credentials' || state === 'expired' || state === 'needs_reconnect'),
  };
}

/** Where the seller must give the store before being sent to the marketplace (Shopify). */
export function needsShop(way: ConnectWay): boolean {
  return way.needs.includes('shop');
}

/**
 * The store a Shopify connection was made with (its account id there), so reconnecting it
 * goes back to the same store without asking.
 */
export function knownShop(connection: Connection): string | null {
  const id = connection.externalAccountId;
  if (!id) return null;
  // Only a whole store domain: a bare name would be read as one and could be another store.
  const shop = shopDomainFrom(id);
  return shop.ok && shop.domain === id.toLowerCase() ? shop.domain : null;
}
