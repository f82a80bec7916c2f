import { describe, expect, it } from 'vitest';
import type { ExecutorWhoAmI } from '@listloop/domain';
import type { ApiClient, WhoAmIResult } from './api';
import { handleExternalMessage } from './messages';
import { EMPTY_PAIRING, checkPairing, type PairingState, type PairingStore } from './pairing';

const who: ExecutorWhoAmI = {
  tokenId: 'tok_1',
  name: 'Work laptop',
  userName: 'Ada Lovelace',
  email: 'ada@example.com',
  accountId: 'acc_1',
  companyName: 'Ada’s shop',
  marketplaces: ['poshmark', 'mercari'],
};
const page = { origin: 'https://ll.example', url: 'https://ll.example/marketplaces' };

function memoryStore(initial: PairingState = EMPTY_PAIRING) {
  let state = initial;
  const store: PairingStore = {
    read: async () => state,
    write: async (next) => {
      state = next;
    },
  };
  return { store, current: () => state };
}

function fakeApi(result: WhoAmIResult) {
  const calls: [string, string][] = [];
  const api: ApiClient = {
    whoAmI: async (server, token) => {
      calls.push([server, token]);
      return result;
    },
  };
  return { api, calls };
}

describe('messages from web pages', () => {
  it.each([
    ['no message', undefined],
    ['a string', 'listloop.ping'],
    ['an unknown type', { type: 'listloop.publish', listingId: 'x' }],
    ['a pair without a token', { type: 'listloop.pair', server: 'https://ll.example' }],
    ['a pair with a bad server', { type: 'listloop.pair', server: 'nope', token: 't' }],
  ])('refuses %s', async (_name, message) => {
    const { store, current } = memoryStore();
    const { api, calls } = fakeApi({ kind: 'ok', who });
    const reply = await handleExternalMessage(message, page, { store, api, version: '0.1.0' });
    expect(reply).toEqual({ error: 'Unknown message.' });
    expect(calls).toEqual([]);
    expect(current()).toEqual(EMPTY_PAIRING);
  });

  it('refuses senders that are not web pages', async () => {
    const { store } = memoryStore();
    const { api } = fakeApi({ kind: 'ok', who });
    const reply = await handleExternalMessage(
      { type: 'listloop.ping' },
      { origin: 'chrome-extension://other', url: 'chrome-extension://other/x.html' },
      { store, api, version: '0.1.0' },
    );
    expect(reply).toMatchObject({ error: expect.any(String) });
  });

  it('answers a ping with its version and pairing', async () => {
    const { store } = memoryStore({
      ...EMPTY_PAIRING,
      server: 'https://ll.example',
      token: 'secret',
      tokenId: 'tok_1',
      who,
    });
    const { api } = fakeApi({ kind: 'ok', who });
    expect(
      await handleExternalMessage({ type: 'listloop.ping' }, page, {
        store,
        api,
        version: '0.1.0',
      }),
    ).toEqual({ version: '0.1.0', server: 'https://ll.example', tokenId: 'tok_1' });
  });

  it('pairs when the server accepts the token, and stores who it acts as', async () => {
    const { store, current } = memoryStore({ ...EMPTY_PAIRING, unpaired: { message: 'old' } });
    const { api, calls } = fakeApi({ kind: 'ok', who });
    const reply = await handleExternalMessage(
      { type: 'listloop.pair', server: 'https://ll.example/', token: 'secret' },
      page,
      { store, api, version: '0.1.0', now: () => new Date('2026-01-01T00:00:00Z') },
    );
    expect(reply).toEqual({ paired: true, error: null });
    expect(calls).toEqual([['https://ll.example', 'secret']]);
    expect(current()).toEqual({
      server: 'https://ll.example',
      token: 'secret',
      tokenId: 'tok_1',
      who,
      unpaired: null,
      lastError: null,
      checkedAt: '2026-01-01T00:00:00.000Z',
    });
  });

  it('does not pair when the server refuses, and says why', async () => {
    const { store, current } = memoryStore();
    const { api } = fakeApi({ kind: 'unpaired', message: 'Unknown token.' });
    const reply = await handleExternalMessage(
      { type: 'listloop.pair', server: 'https://ll.example', token: 'bad' },
      page,
      { store, api, version: '0.1.0' },
    );
    expect(reply).toEqual({ paired: false, error: 'Unknown token.' });
    expect(current()).toEqual(EMPTY_PAIRING);
  });

  it('will not send a token to a server other than the page’s own', async () => {
    const { store } = memoryStore();
    const { api, calls } = fakeApi({ kind: 'ok', who });
    const reply = await handleExternalMessage(
      { type: 'listloop.pair', server: 'https://elsewhere.example', token: 'secret' },
      page,
      { store, api, version: '0.1.0' },
    );
    expect(reply).toMatchObject({ paired: false });
    expect(calls).toEqual([]);
  });

  it('lets a development page pair with a server on another loopback port', async () => {
    const { store } = memoryStore();
    const { api, calls } = fakeApi({ kind: 'ok', who });
    const reply = await handleExternalMessage(
      { type: 'listloop.pair', server: 'http://localhost:3000', token: 'secret' },
      { origin: 'http://localhost:5173' },
      { store, api, version: '0.1.0' },
    );
    expect(reply).toEqual({ paired: true, error: null });
    expect(calls).toEqual([['http://localhost:3000', 'secret']]);
  });
});

describe('the periodic check', () => {
  const paired: PairingState = {
    ...EMPTY_PAIRING,
    server: 'https://ll.example',
    token: 'secret',
    tokenId: 'tok_1',
    who,
  };

  it('records a revoked token as unpaired and forgets it', async () => {
    const { store, current } = memoryStore(paired);
    const { api } = fakeApi({ kind: 'unpaired', message: 'This browser was unpaired.' });
    await checkPairing(store, api);
    expect(current()).toMatchObject({
      server: 'https://ll.example',
      token: null,
      tokenId: null,
      who: null,
      unpaired: { message: 'This browser was unpaired.' },
    });
  });

  it('keeps the pairing when the server cannot be reached', async () => {
    const { store, current } = memoryStore(paired);
    const { api } = fakeApi({ kind: 'failed', message: 'Could not reach it' });
    await checkPairing(store, api);
    expect(current()).toMatchObject({
      token: 'secret',
      unpaired: null,
      lastError: { message: 'Could not reach it' },
    });
  });

  it('asks nothing when not paired', async () => {
    const { store } = memoryStore();
    const { api, calls } = fakeApi({ kind: 'ok', who });
    await checkPairing(store, api);
    expect(calls).toEqual([]);
  });
});
