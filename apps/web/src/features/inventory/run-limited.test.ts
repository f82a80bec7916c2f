import { describe, expect, it } from 'vitest';
import { runLimited } from './run-limited';

describe('runLimited', () => {
  it('never runs more than the limit at once and finishes everything', async () => {
    let running = 0;
    let peak = 0;
    const progress: number[] = [];
    const result = await runLimited(
      [1, 2, 3, 4, 5, 6, 7],
      3,
      async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 1));
        running -= 1;
      },
      (finished) => progress.push(finished),
    );
    expect(peak).toBe(3);
    expect(result.done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps going past failures and reports them', async () => {
    const result = await runLimited(['a', 'b', 'c'], 2, async (value) => {
      if (value === 'b') throw new Error('nope');
    });
    expect(result.done.sort()).toEqual(['a', 'c']);
    expect(result.failed.map((failure) => failure.value)).toEqual(['b']);
  });

  it('does nothing for nothing', async () => {
    expect(await runLimited([], 4, async () => undefined)).toEqual({ done: [], failed: [] });
  });
});
