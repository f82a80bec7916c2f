import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AutosaveQueue, type Changes, type SaveState } from './autosave-queue';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the autosave queue', () => {
  let sent: Changes[];
  let states: SaveState['status'][];
  let replies: ReturnType<typeof deferred>[];
  let queue: AutosaveQueue;

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    states = [];
    replies = [];
    queue = new AutosaveQueue(
      (changes) => {
        sent.push(changes);
        const reply = deferred();
        replies.push(reply);
        return reply.promise;
      },
      (state) => states.push(state.status),
      800,
    );
  });

  afterEach(() => {
    queue.dispose();
    vi.useRealTimers();
  });

  it('waits for a pause in typing and sends the last value of each field once', async () => {
    queue.change('generalDetails.title', 'D');
    await vi.advanceTimersByTimeAsync(500);
    queue.change('generalDetails.title', 'Denim');
    queue.change('generalDetails.brand', 'Levi');
    await vi.advanceTimersByTimeAsync(799);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([{ 'generalDetails.title': 'Denim', 'generalDetails.brand': 'Levi' }]);
    replies[0]!.resolve();
    await vi.runAllTimersAsync();
    expect(states).toEqual(['pending', 'pending', 'pending', 'saving', 'saved']);
    expect(queue.hasUnsaved()).toBe(false);
  });

  it('sends one request at a time and follows up with what was typed meanwhile', async () => {
    queue.change('generalDetails.title', 'A');
    await vi.advanceTimersByTimeAsync(800);
    queue.change('generalDetails.title', 'AB');
    await vi.advanceTimersByTimeAsync(800);
    expect(sent).toHaveLength(1);
    replies[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ 'generalDetails.title': 'A' }, { 'generalDetails.title': 'AB' }]);
    replies[1]!.resolve();
    await vi.runAllTimersAsync();
    expect(states.at(-1)).toBe('saved');
  });

  it('keeps a failed batch, under newer values, for the next try', async () => {
    queue.change('generalDetails.title', 'A');
    queue.change('generalDetails.brand', 'B');
    const first = queue.flush();
    queue.change('generalDetails.title', 'A2');
    replies[0]!.reject(new Error('offline'));
    await first;
    expect(states.at(-1)).toBe('error');
    expect(queue.hasUnsaved()).toBe(true);
    const retry = queue.flush();
    expect(sent[1]).toEqual({ 'generalDetails.title': 'A2', 'generalDetails.brand': 'B' });
    replies[1]!.resolve();
    await retry;
    expect(states.at(-1)).toBe('saved');
  });

  it('flushes at once when asked (leaving the page)', async () => {
    queue.change('labels', ['Summer']);
    void queue.flush();
    expect(sent).toEqual([{ labels: ['Summer'] }]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toHaveLength(1);
  });

  it('sends nothing when nothing changed', async () => {
    await queue.flush();
    expect(sent).toEqual([]);
    expect(states).toEqual([]);
  });
});
