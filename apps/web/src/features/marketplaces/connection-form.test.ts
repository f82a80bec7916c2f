import type { Connection } from '@listloop/domain';
import { CONNECTION_NICKNAME_MAX_LENGTH, ConnectionIdSchema } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import {
  connectionActions,
  connectionsByMarketplace,
  credentialsBody,
  knownShop,
  needsShop,
  newConnectionId,
  nicknameProblem,
  secretKind,
  secretProblem,
  suggestNickname,
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
  it('are stored with the pasted secret trimmed', () => {
    expect(credentialsBody('etsy', 'conn_1', '  tok-123  ')).toEqual({
      connectionId: 'conn_1',
      credentials: { marketplaceAccount: { marketplaceID: 'etsy' }, accessToken: 'tok-123' },
    });
    expect(secretProblem('x'.repeat(9000))).toEqual({ code: 'tooLong', max: 8192 });
    expect(secretProblem('')).toBeNull();
  });
});

describe('what a connection offers', () => {
  const oauth = { marketplace: 'ebay', method: 'oauth', needs: [], extension: false } as const;
  const token = { marketplace: 'depop', method: 'token', needs: [], extension: true } as const;
  const extension = {
    marketplace: 'mercari',
    method: 'extension',
    needs: [],
    extension: true,
  } as const;

  it('signing in again, for a signed-in connection the marketplace stopped accepting', () => {
    expect(connectionActions(oauth, 'needs_reconnect')).toEqual({
      reconnect: true,
      pasteSecret: false,
      secretMissing: false,
    });
    expect(connectionActions(oauth, 'no_credentials').reconnect).toBe(true);
    expect(connectionActions(oauth, 'connected').reconnect).toBe(false);
    expect(connectionActions(oauth, 'disconnected').reconnect).toBe(false);
  });

  it('pasting a new key, for a connection made with one', () => {
    expect(connectionActions(token, 'connected')).toEqual({
      reconnect: false,
      pasteSecret: true,
      secretMissing: false,
    });
    expect(connectionActions(token, 'expired').secretMissing).toBe(true);
    expect(connectionActions(token, 'needs_reconnect').secretMissing).toBe(true);
  });

  it('neither, for a marketplace the browser extension lists on', () => {
    expect(connectionActions(extension, 'connected')).toEqual({
      reconnect: false,
      pasteSecret: false,
      secretMissing: false,
    });
  });

  it('calls Depop’s secret an API key and the API marketplaces’ an access token', () => {
    expect(secretKind('depop')).toBe('apiKey');
    expect(secretKind('whatnot')).toBe('accessToken');
  });
});

describe('connecting a Shopify store', () => {
  it('asks for the store where the marketplace needs it', () => {
    const way = { method: 'oauth', extension: false } as const;
    expect(needsShop({ ...way, marketplace: 'shopify', needs: ['shop'] })).toBe(true);
    expect(needsShop({ ...way, marketplace: 'ebay', needs: [] })).toBe(false);
  });

  it('reconnects to the store the connection was made with, when it is one', () => {
    const shop = connection({ marketplace: 'shopify', externalAccountId: 'my-shop.myshopify.com' });
    expect(knownShop(shop)).toBe('my-shop.myshopify.com');
    expect(knownShop(connection({ marketplace: 'shopify', externalAccountId: null }))).toBeNull();
    expect(knownShop(connection({ externalAccountId: 'ebay-user-1' }))).toBeNull();
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
});
