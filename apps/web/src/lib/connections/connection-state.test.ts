import type { Connection } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import type { ConnectWay } from './connect-options';
import { connectionState, connectionsNeedingReconnect } from './connection-state';

const connection = (over: Partial<Connection>): Connection => ({
  id: 'conn_00000000000000000001',
  marketplace: 'ebay',
  nickname: 'Main shop',
  status: 'connected',
  externalAccountId: null,
  credentialHint: 'abcd',
  credentialExpiresAt: null,
  createdAt: '2025-01-02T10:00:00.000Z',
  ...over,
});

const way = (over: Partial<ConnectWay>): ConnectWay => ({
  marketplace: 'ebay',
  method: 'oauth',
  needs: [],
  extension: false,
  ...over,
});
const OAUTH = way({});
const TOKEN = way({ marketplace: 'whatnot', method: 'token' });
const DEPOP = way({ marketplace: 'depop', method: 'token', extension: true });
const EXTENSION = way({ marketplace: 'poshmark', method: 'extension', extension: true });

const NOW = new Date('2025-06-01T12:00:00Z');
const PAST = '2025-05-01T00:00:00.000Z';

describe('a connection’s state', () => {
  it('is the server’s status when that is not connected', () => {
    expect(connectionState(connection({ status: 'needs_reconnect' }), OAUTH, NOW)).toBe(
      'needs_reconnect',
    );
    expect(connectionState(connection({ status: 'disconnected' }), TOKEN, NOW)).toBe(
      'disconnected',
    );
  });

  it('needs credentials for a signed-in or a pasted-key connection', () => {
    const bare = connection({ credentialHint: null });
    expect(connectionState(bare, OAUTH, NOW)).toBe('no_credentials');
    expect(connectionState(bare, TOKEN, NOW)).toBe('no_credentials');
    // Not known yet: an API marketplace's connection needs them.
    expect(connectionState(bare, undefined, NOW)).toBe('no_credentials');
    // Made without its key, the server keeps it waiting until one is stored.
    const waiting = connection({ status: 'needs_reconnect', credentialHint: null });
    expect(connectionState(waiting, TOKEN, NOW)).toBe('no_credentials');
    expect(connectionState(waiting, OAUTH, NOW)).toBe('needs_reconnect');
  });

  it('works without a key where the browser extension lists, or on a marketplace not connectable here', () => {
    expect(
      connectionState(connection({ marketplace: 'depop', credentialHint: null }), DEPOP, NOW),
    ).toBe('connected');
    expect(
      connectionState(
        connection({ marketplace: 'poshmark', credentialHint: null }),
        EXTENSION,
        NOW,
      ),
    ).toBe('connected');
    expect(connectionState(connection({ credentialHint: null }), null, NOW)).toBe('connected');
  });

  it('is expired only for a pasted token: the server renews signed-in ones itself', () => {
    const expired = connection({ credentialExpiresAt: PAST });
    expect(connectionState(expired, TOKEN, NOW)).toBe('expired');
    expect(connectionState(expired, OAUTH, NOW)).toBe('connected');
    expect(connectionState(connection({ credentialExpiresAt: 'soon' }), TOKEN, NOW)).toBe(
      'connected',
    );
  });
});

describe('the connections to reconnect', () => {
  it('are those the server marked, oldest first', () => {
    const list = [
      connection({ id: 'b', status: 'needs_reconnect', createdAt: '2025-03-01T00:00:00Z' }),
      connection({ id: 'a', status: 'connected' }),
      connection({ id: 'c', status: 'needs_reconnect', createdAt: '2025-02-01T00:00:00Z' }),
      connection({ id: 'd', status: 'disconnected' }),
    ];
    expect(connectionsNeedingReconnect(list).map((c) => c.id)).toEqual(['c', 'b']);
    expect(connectionsNeedingReconnect([])).toEqual([]);
  });
});
