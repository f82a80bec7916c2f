import { marketplaceGroup, type Connection, type ConnectionStatus } from '@listloop/domain';
import type { ConnectWay } from './connect-options';

/**
 * What the seller is told about a connection: the server's status, except that a connection
 * that publishes through an API cannot do so without credentials, nor with a pasted token that
 * has expired (signed-in connections are renewed by the server, which marks them
 * `needs_reconnect` when the marketplace refuses).
 */
export type ConnectionState = ConnectionStatus | 'no_credentials' | 'expired';

/**
 * Whether a connection of the marketplace cannot work without credentials: signed-in ones, and
 * pasted-key ones unless the browser extension lists without a key (Depop). `way` is undefined
 * while the server has not said how the marketplace connects (the API group's need them), and
 * null when this server cannot connect it (nothing to tell beyond the server's status).
 */
export function requiresCredentials(
  connection: Connection,
  way: ConnectWay | null | undefined,
): boolean {
  if (way === undefined) return marketplaceGroup(connection.marketplace) === 'source';
  if (way === null) return false;
  return way.method === 'oauth' || (way.method === 'token' && !way.extension);
}

export function connectionState(
  connection: Connection,
  way: ConnectWay | null | undefined,
  now: Date = new Date(),
): ConnectionState {
  // A pasted-key connection the seller has not given its key yet: the server keeps it waiting
  // (needs_reconnect) until credentials are stored; what it lacks is the key.
  if (
    connection.status === 'needs_reconnect' &&
    connection.credentialHint === null &&
    way?.method === 'token' &&
    !way.extension
  ) {
    return 'no_credentials';
  }
  if (connection.status !== 'connected') return connection.status;
  if (!requiresCredentials(connection, way)) return 'connected';
  if (connection.credentialHint === null) return 'no_credentials';
  if (way?.method !== 'token') return 'connected';
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

/** The connections the server marked for reconnecting, oldest first. */
export function connectionsNeedingReconnect(connections: readonly Connection[]): Connection[] {
  return connections
    .filter((connection) => connection.status === 'needs_reconnect')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
