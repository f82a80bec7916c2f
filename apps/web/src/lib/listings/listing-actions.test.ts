import { describe, expect, it } from 'vitest';
import { canQueueList, clearListingNote, listingActions } from './listing-actions';

const kinds = (listing: Record<string, unknown> | null) =>
  listingActions(listing).map((action) => action.kind);

describe('the actions offered per listing state', () => {
  it.each([
    ['no listing yet', null, ['list']],
    ['not listed', { status: 'not_listed' }, ['list']],
    ['queued to be listed', { status: 'queued', pendingOperation: 'list' }, ['markNotListed']],
    [
      'queued to be delisted',
      { status: 'queued', pendingOperation: 'delist', listedID: '1' },
      ['markSold', 'markNotListed'],
    ],
    [
      'queued to be relisted',
      { status: 'queued', pendingOperation: 'relist', listedID: '1' },
      ['markSold', 'markNotListed'],
    ],
    [
      'listed',
      { status: 'listed', listedID: '1' },
      ['relist', 'delist', 'markSold', 'markNotListed'],
    ],
    [
      'list failure',
      { status: 'list_failure', failureReason: 'x' },
      ['retryList', 'markNotListed'],
    ],
    ['delisted', { status: 'delisted' }, ['list', 'markNotListed']],
    [
      'delist failure',
      { status: 'delist_failure', failureReason: 'x' },
      ['relist', 'retryDelist', 'markSold', 'markNotListed'],
    ],
    ['sold', { status: 'sold' }, ['markNotListed']],
  ] as const)('%s', (_, listing, expected) => {
    expect(kinds(listing)).toEqual(expected);
  });

  it('queues list, delist and relist with their operation and permission', () => {
    const listed = listingActions({ status: 'listed' });
    expect(listed.map((a) => [a.kind, a.operation, a.permissions, a.destructive])).toEqual([
      ['relist', 'relist', ['listings.publish'], true],
      ['delist', 'delist', ['listings.delist'], true],
      ['markSold', null, ['sales.manage', 'listings.delist'], true],
      ['markNotListed', null, ['items.write'], true],
    ]);
    const [retry] = listingActions({ status: 'list_failure' });
    expect(retry).toMatchObject({ operation: 'list', destructive: false, event: 'queue_list' });
  });

  it('lets the cross-list dialog queue only listings that may be listed', () => {
    expect(canQueueList(undefined)).toBe(true);
    expect(canQueueList({ status: 'delisted' })).toBe(true);
    expect(canQueueList({ status: 'list_failure' })).toBe(true);
    expect(canQueueList({ status: 'listed' })).toBe(false);
    expect(canQueueList({ status: 'queued' })).toBe(false);
    expect(canQueueList({ status: 'sold' })).toBe(false);
  });
});

describe('what no problem means for a listing', () => {
  it('says nothing stops it only where it can be listed, relisted or updated', () => {
    expect(clearListingNote({ status: 'not_listed' }, 1)).toBe('ready');
    expect(clearListingNote({ status: 'listed' }, 1)).toBe('ready');
    expect(clearListingNote({ status: 'delisted' }, 2)).toBe('ready');
    expect(clearListingNote(undefined, 1)).toBe('ready');
  });

  it('does not call a refused, sold or sold-out listing unhindered', () => {
    expect(clearListingNote({ status: 'list_failure', failureReason: 'No' }, 1)).toBe('refused');
    expect(clearListingNote({ status: 'sold' }, 0)).toBe('sold');
    expect(clearListingNote({ status: 'not_listed' }, 0)).toBe('soldOut');
  });
});
