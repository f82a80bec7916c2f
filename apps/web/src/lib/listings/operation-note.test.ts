import type { ListingOperation } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { activeOperation, operationNote, stoppedReason } from './operation-note';

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
