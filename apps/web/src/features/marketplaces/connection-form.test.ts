import type { Connection } from '@listloop/domain';
import { CONNECTION_NICKNAME_MAX_LENGTH, ConnectionIdSchema } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import {
  connectionState,
  connectionsByMarketplace,
  credentialsBody,
  marketplacesByGroup,
  newConnectionId,
  nicknameProblem,
  secretProblem,
  suggestNickname,
  takesCredentials,
} from './connection-form';

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

describe('a connection’s nickname', () => {
  it('is required, fits the server’s length and is unique per marketplace in any case', () => {
    const existing = [connection({})];
    expect(nicknameProblem('  ', 'ebay', existing)).toEqual({ code: 'required' });
    expect(nicknameProblem('x'.repeat(CONNECTION_NICKNAME_MAX_LENGTH + 1), 'ebay', [])).toEqual({
      code: 'tooLong',
      max: CONNECTION_NICKNAME_MAX_LENGTH,
    });
    expect(nicknameProblem(' main SHOP ', 'ebay', existing)).toEqual({ code: 'taken' });
    expect(nicknameProblem('Main shop', 'etsy', existing)).toBeNull();
    // Renaming a connection to its own name is not a clash.
    expect(nicknameProblem('Main shop', 'ebay', existing, existing[0]!.id)).toBeNull();
  });

  it('is suggested from the marketplace’s name, numbered past the ones taken', () => {
    expect(suggestNickname('ebay', [])).toBe('eBay');
    expect(
      suggestNickname('ebay', [
        connection({ nickname: 'eBay' }),
        connection({ id: 'conn_00000000000000000002', nickname: 'ebay 2' }),
      ]),
    ).toBe('eBay 3');
  });
});

describe('a new connection’s id', () => {
  it('is one the server takes, and different each time', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newConnectionId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(ConnectionIdSchema.safeParse(id).success).toBe(true);
  });

  it('skips the bytes that would bias it', () => {
    let call = 0;
    const random = (bytes: Uint8Array) => {
      call += 1;
      // First round: half the bytes are unusable (≥ 248).
      bytes.fill(call === 1 ? 250 : 0);
      if (call === 1) bytes.fill(1, 0, 12);
      return bytes;
    };
    expect(newConnectionId(random)).toBe('B'.repeat(12) + 'A'.repeat(12));
  });
});

describe('credentials', () => {
  it('are stored only for the API marketplaces, with the token trimmed', () => {
    expect(takesCredentials('ebay')).toBe(true);
    expect(takesCredentials('mercari')).toBe(false);
    expect(credentialsBody('etsy', 'conn_1', '  tok-123  ')).toEqual({
      connectionId: 'conn_1',
      credentials: { marketplaceAccount: { marketplaceID: 'etsy' }, accessToken: 'tok-123' },
    });
    expect(secretProblem('x'.repeat(9000))).toEqual({ code: 'tooLong', max: 8192 });
    expect(secretProblem('')).toBeNull();
  });
});

describe('a connection’s state as the seller sees it', () => {
  const now = new Date('2025-06-01T00:00:00Z');

  it('is the server’s status, unless an API connection cannot publish', () => {
    expect(connectionState(connection({}), now)).toBe('connected');
    expect(connectionState(connection({ credentialHint: null }), now)).toBe('no_credentials');
    expect(connectionState(connection({ credentialExpiresAt: '2025-05-31T00:00:00Z' }), now)).toBe(
      'expired',
    );
    expect(connectionState(connection({ credentialExpiresAt: '2025-07-01T00:00:00Z' }), now)).toBe(
      'connected',
    );
    expect(connectionState(connection({ status: 'needs_reconnect' }), now)).toBe('needs_reconnect');
    expect(connectionState(connection({ status: 'disconnected' }), now)).toBe('disconnected');
  });

  it('needs no credentials on an extension marketplace', () => {
    expect(connectionState(connection({ marketplace: 'mercari', credentialHint: null }), now)).toBe(
      'connected',
    );
  });
});

describe('grouping', () => {
  it('puts each marketplace’s connections together, oldest first', () => {
    const grouped = connectionsByMarketplace([
      connection({ id: 'b', createdAt: '2025-02-01T00:00:00Z' }),
      connection({ id: 'c', marketplace: 'etsy' }),
      connection({ id: 'a', createdAt: '2025-01-01T00:00:00Z' }),
    ]);
    expect(grouped.get('ebay')?.map((c) => c.id)).toEqual(['a', 'b']);
    expect(grouped.get('etsy')?.map((c) => c.id)).toEqual(['c']);
    expect(grouped.get('mercari')).toBeUndefined();
  });

  it('splits the marketplaces into API connectors and the extension’s, by name', () => {
    expect(marketplacesByGroup(['mercari', 'shopify', 'ebay', 'depop'], 'en-US')).toEqual({
      api: ['ebay', 'shopify'],
      extension: ['depop', 'mercari'],
    });
  });
});
