import type { ExecutorPresence, ListingOperation } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import {
  activeOperation,
  expectedExecutor,
  operationNote,
  stoppedReason,
  waitsForExtension,
} from './operation-note';

const NOW = 1_763_700_000_000;

function op(changes: Partial<ListingOperation> = {}): ListingOperation {
  return {
    operationId: 'op1',
    itemId: 'item1',
    userId: 'user1',
    marketplace: 'ebay',
    operation: 'list',
    executor: 'connector',
    status: 'queued',
    attempts: 0,
    lastError: null,
    cancelReason: null,
    leaseExpiresAt: null,
    needsYou: null,
    ...changes,
  };
}

describe('the note beside a queued listing', () => {
  it.each([
    ['a job not started', op(), { kind: 'waitingForWorker' }],
    ['a job running', op({ status: 'running', attempts: 1 }), { kind: 'working' }],
    [
      'a job retrying after a transient error',
      op({ status: 'running', attempts: 2, lastError: 'eBay timed out' }),
      { kind: 'retrying', attempt: 2, lastError: 'eBay timed out' },
    ],
    [
      'an extension operation not claimed',
      op({ executor: 'extension', marketplace: 'mercari' }),
      { kind: 'waitingForExtension' },
    ],
    [
      'an extension operation under a lease',
      op({ executor: 'extension', status: 'running', leaseExpiresAt: NOW + 60_000 }),
      { kind: 'extensionWorking' },
    ],
    [
      'an extension operation whose lease ran out',
      op({ executor: 'extension', status: 'running', leaseExpiresAt: NOW - 1 }),
      { kind: 'waitingForExtension' },
    ],
    ['a finished operation', op({ status: 'failed', lastError: 'x' }), null],
    ['none', null, null],
  ] as const)('%s', (_, operation, expected) => {
    expect(operationNote(operation, NOW)).toEqual(expected);
  });

  it('without the operation, says who the queued listing waits for', () => {
    expect(operationNote(null, NOW, 'extension')).toEqual({ kind: 'waitingForExtension' });
    expect(operationNote(null, NOW, 'connector')).toEqual({ kind: 'waitingForWorker' });
    expect(expectedExecutor('poshmark')).toBe('extension');
    expect(expectedExecutor('ebay')).toBe('connector');
  });

  it('finds the newest active operation of the marketplace', () => {
    const operations = [
      op({ operationId: 'new-etsy', marketplace: 'etsy' }),
      op({ operationId: 'new-ebay', status: 'running' }),
      op({ operationId: 'old-ebay', status: 'failed' }),
    ];
    expect(activeOperation(operations, 'ebay')?.operationId).toBe('new-ebay');
    expect(activeOperation(operations, 'mercari')).toBeNull();
    expect(activeOperation(undefined, 'ebay')).toBeNull();
  });
});

function presence(changes: Partial<ExecutorPresence> = {}): ExecutorPresence {
  return {
    marketplace: 'poshmark',
    lastSeenAt: new Date(NOW - 60_000).toISOString(),
    signedIn: true,
    paused: false,
    tokenId: 'tok1',
    tokenName: 'Chrome on macOS',
    active: true,
    ...changes,
  };
}

const waiting = op({ executor: 'extension', marketplace: 'poshmark' });
const captcha = {
  reason: 'captcha' as const,
  detail: 'Please verify you are a human',
  pageUrl: 'https://poshmark.com/create-listing',
  since: NOW - 120_000,
};

describe('an extension operation the extension handed to the seller', () => {
  it('needs the seller, whatever the paired browsers say', () => {
    const held = op({ executor: 'extension', marketplace: 'poshmark', needsYou: captcha });
    const expected = {
      kind: 'needsYou',
      needsYou: captcha,
      operationId: 'op1',
      operation: 'list',
    };
    expect(operationNote(held, NOW)).toEqual(expected);
    expect(operationNote(held, NOW, 'extension', null)).toEqual(expected);
    expect(operationNote(held, NOW, 'extension', presence())).toEqual(expected);
  });

  it('is not waited on: no presence is asked for it', () => {
    expect(waitsForExtension(op({ executor: 'extension', needsYou: captcha }), NOW)).toBe(false);
  });
});

describe('an extension operation no paired browser will take now', () => {
  it('says no browser checked in when the marketplace was never seen or not lately', () => {
    expect(operationNote(waiting, NOW, 'extension', null)).toEqual({
      kind: 'extensionAbsent',
      absence: 'notSeen',
    });
    // Not seen lately: what it said then about pausing or signing in may no longer hold.
    expect(
      operationNote(waiting, NOW, 'extension', presence({ active: false, paused: true })),
    ).toEqual({ kind: 'extensionAbsent', absence: 'notSeen' });
  });

  it('says the extension is paused, or signed out of the marketplace', () => {
    expect(operationNote(waiting, NOW, 'extension', presence({ paused: true }))).toEqual({
      kind: 'extensionAbsent',
      absence: 'paused',
    });
    expect(operationNote(waiting, NOW, 'extension', presence({ signedIn: false }))).toEqual({
      kind: 'extensionAbsent',
      absence: 'signedOut',
    });
  });

  it('waits as before when a ready browser was seen, or presence is not known', () => {
    expect(operationNote(waiting, NOW, 'extension', presence())).toEqual({
      kind: 'waitingForExtension',
    });
    expect(operationNote(waiting, NOW, 'extension', undefined)).toEqual({
      kind: 'waitingForExtension',
    });
  });

  it('is working when a browser holds it under a live lease, whatever presence says', () => {
    const leased = op({ executor: 'extension', status: 'running', leaseExpiresAt: NOW + 1 });
    expect(operationNote(leased, NOW, 'extension', null)).toEqual({ kind: 'extensionWorking' });
    expect(waitsForExtension(leased, NOW)).toBe(false);
  });

  it('judges a queued listing whose operation is not known yet by the same presence', () => {
    expect(operationNote(null, NOW, 'extension', presence({ signedIn: false }))).toEqual({
      kind: 'extensionAbsent',
      absence: 'signedOut',
    });
    expect(waitsForExtension(null, NOW, 'extension')).toBe(true);
    expect(waitsForExtension(null, NOW, 'connector')).toBe(false);
  });

  it('asks presence only for extension operations still to be taken', () => {
    expect(waitsForExtension(waiting, NOW)).toBe(true);
    expect(waitsForExtension(op(), NOW)).toBe(false);
    expect(waitsForExtension(op({ executor: 'extension', status: 'succeeded' }), NOW)).toBe(false);
    // A connector job says nothing of browsers, with or without a presence answer.
    expect(operationNote(op(), NOW, 'connector', null)).toEqual({ kind: 'waitingForWorker' });
  });
});

describe('a list a sale stopped', () => {
  it('says why, from the newest list or relist of the marketplace', () => {
    const reason = 'Sold on Shopify before it was listed.';
    const operations = [
      op({ operationId: 'delist', operation: 'delist', marketplace: 'poshmark' }),
      op({ marketplace: 'poshmark', status: 'canceled', cancelReason: reason }),
      op({ operationId: 'ebay', marketplace: 'ebay', status: 'canceled' }),
    ];
    expect(stoppedReason(operations, 'poshmark')).toBe(reason);
    // Canceled by a person (marked not listed): no sale to tell of.
    expect(stoppedReason(operations, 'ebay')).toBeNull();
    expect(
      stoppedReason([op({ marketplace: 'poshmark', status: 'succeeded' })], 'poshmark'),
    ).toBeNull();
    expect(stoppedReason(undefined, 'poshmark')).toBeNull();
  });
});
