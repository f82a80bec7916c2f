import { describe, expect, it } from 'vitest';
import {
  CONNECT_ERROR_MAX_LENGTH,
  readConnectReturn,
  withoutConnectReturn,
} from './connect-return';

const ID = 'AbCdEfGhIjKlMnOpQrStUv12';

describe('coming back from connecting a marketplace', () => {
  it('reads a success: the marketplace and the connection', () => {
    expect(readConnectReturn(`?connected=ebay&connection=${ID}`)).toEqual({
      kind: 'connected',
      marketplace: 'ebay',
      connectionId: ID,
    });
  });

  it('keeps a success whose connection id is missing or unreadable, without the id', () => {
    expect(readConnectReturn('connected=shopify')).toEqual({
      kind: 'connected',
      marketplace: 'shopify',
      connectionId: null,
    });
    expect(readConnectReturn('connected=etsy&connection=../x')).toMatchObject({
      connectionId: null,
    });
  });

  it('ignores a marketplace it does not know', () => {
    expect(readConnectReturn('connected=amazon&connection=' + ID)).toBeNull();
    expect(readConnectReturn('')).toBeNull();
    expect(readConnectReturn('country=UK')).toBeNull();
  });

  it('reads the failure sentence, which wins over anything else', () => {
    const sentence = 'eBay did not connect your account (access_denied).';
    expect(
      readConnectReturn(new URLSearchParams({ connectError: sentence, connected: 'ebay' })),
    ).toEqual({ kind: 'failed', message: sentence });
  });

  it('folds the failure sentence onto one line and cuts one that is too long', () => {
    expect(readConnectReturn('connectError=%20Too%0Amany%20%20spaces%20')).toEqual({
      kind: 'failed',
      message: 'Too many spaces',
    });
    const long = readConnectReturn(new URLSearchParams({ connectError: 'x'.repeat(1000) }));
    expect(long?.kind === 'failed' && long.message.length).toBe(CONNECT_ERROR_MAX_LENGTH);
    expect(long?.kind === 'failed' && long.message.endsWith('…')).toBe(true);
    expect(readConnectReturn('connectError=%20%20')).toBeNull();
  });

  it('removes only the callback’s parameters from the search', () => {
    expect(
      withoutConnectReturn({ country: 'UK', connected: 'ebay', connection: ID, connectError: 'x' }),
    ).toEqual({ country: 'UK' });
  });
});
