import { describe, expect, it } from 'vitest';
import type { BulkActionRun } from '@listloop/domain';
import {
  BULK_RUN_STREAMS_MAX,
  FOLLOWED_RUNS_KEY,
  FOLLOWED_RUNS_MAX,
  followActive,
  isRunActive,
  parseRunEvent,
  readFollowedRuns,
  runPercent,
  runsToShow,
  selectionOf,
  streamedRuns,
  writeFollowedRuns,
} from './bulk-runs';

const run: BulkActionRun = {
  runId: 'run-1'.padEnd(24, 'x'),
  bulkAction: 'bulkEditLabels',
  status: 'running',
  userId: 'u'.repeat(24),
  ownerUserId: 'u'.repeat(24),
  parameters: { addLabels: ['Summer'] },
  selection: { kind: 'items', filter: null },
  total: 8,
  done: 2,
  failed: 1,
  skipped: 0,
  processed: 3,
  failureReason: null,
  failures: [{ itemId: 'i'.repeat(24), title: 'Jacket', message: 'Too many labels' }],
  createdAt: '2025-01-01T00:00:00.000Z',
  startedAt: '2025-01-01T00:00:01.000Z',
  finishedAt: null,
};

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

describe('bulk action runs in the inventory', () => {
  it('selects the picked items, or every item the filters match', () => {
    expect(
      selectionOf({ allMatching: false, filters: { q: 'coat' }, itemIds: ['a', 'b'] }),
    ).toEqual({ itemIds: ['a', 'b'] });
    expect(
      selectionOf({
        allMatching: true,
        filters: { q: 'coat', label: undefined, sort: 'price:asc' },
        itemIds: ['a'],
      }),
    ).toEqual({ filter: { q: 'coat', sort: 'price:asc' } });
  });

  it('tells a run under way from one that has ended, and how far it is', () => {
    expect(isRunActive(run)).toBe(true);
    expect(isRunActive({ status: 'cancelling' })).toBe(true);
    expect(isRunActive({ status: 'cancelled' })).toBe(false);
    expect(isRunActive({ status: 'done' })).toBe(false);
    expect(isRunActive(undefined)).toBe(false);
    expect(runPercent(run)).toBe(38);
    expect(runPercent({ processed: 0, total: 0 })).toBe(0);
    expect(runPercent({ processed: 9, total: 8 })).toBe(100);
  });

  it('reads a run from a progress event, and nothing else', () => {
    expect(parseRunEvent(JSON.stringify(run))).toEqual(run);
    expect(parseRunEvent('{"runId": 1}')).toBeNull();
    expect(parseRunEvent('not json')).toBeNull();
    expect(parseRunEvent(undefined)).toBeNull();
  });

  it('shows followed and active runs once each, without the dismissed ones', () => {
    expect(runsToShow(['a', 'b'], [{ runId: 'b' }, { runId: 'c' }], new Set(['a']))).toEqual([
      'b',
      'c',
    ]);
  });

  it('follows a run the server says is under way, so it stays shown once it has ended', () => {
    const followed = ['a'];
    const adopted = followActive(
      followed,
      [{ runId: 'b' }, { runId: 'a' }, { runId: 'c' }],
      new Set(['c']),
    );
    expect(adopted).toEqual(['a', 'b']);
    // It has ended: the server no longer lists it as active, and it is still shown.
    expect(runsToShow(adopted, [], new Set())).toEqual(['a', 'b']);
    // Nothing new: the same list, so the state does not change.
    expect(followActive(adopted, [{ runId: 'b' }], new Set())).toBe(adopted);
  });

  it('streams the progress of a few runs only, so the page keeps connections for itself', () => {
    // A browser opens six connections to a server at most; a stream holds one while it runs.
    expect(BULK_RUN_STREAMS_MAX).toBeLessThan(6);
    const ids = Array.from({ length: 8 }, (_, i) => `run-${i}`);
    const streamed = streamedRuns(ids);
    expect(streamed.size).toBe(BULK_RUN_STREAMS_MAX);
    // The latest runs, the likeliest to be under way.
    expect(streamed.has('run-7')).toBe(true);
    expect(streamed.has('run-0')).toBe(false);
    expect(streamedRuns(['only'])).toEqual(new Set(['only']));
  });

  it('keeps the followed runs for the tab, the latest few', () => {
    const storage = memoryStorage();
    expect(readFollowedRuns(storage)).toEqual([]);
    const ids = Array.from({ length: FOLLOWED_RUNS_MAX + 2 }, (_, i) => `run-${i}`);
    writeFollowedRuns(storage, ids);
    expect(readFollowedRuns(storage)).toEqual(ids.slice(-FOLLOWED_RUNS_MAX));
    storage.setItem(FOLLOWED_RUNS_KEY, '{"not": "a list"}');
    expect(readFollowedRuns(storage)).toEqual([]);
    storage.setItem(FOLLOWED_RUNS_KEY, '[1, "run-x", null]');
    expect(readFollowedRuns(storage)).toEqual(['run-x']);
    expect(readFollowedRuns(undefined)).toEqual([]);
  });
});
