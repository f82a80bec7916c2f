export interface LimitedRunResult<T> {
  done: T[];
  failed: { value: T; error: unknown }[];
}

/**
 * Runs `task` on every value with at most `limit` at once, reporting progress after each, and
 * never stops at a failure: a bulk delete of 300 items should delete the 299 it can.
 */
export async function runLimited<T>(
  values: readonly T[],
  limit: number,
  task: (value: T) => Promise<unknown>,
  onProgress?: (finished: number, total: number) => void,
): Promise<LimitedRunResult<T>> {
  const result: LimitedRunResult<T> = { done: [], failed: [] };
  let next = 0;
  let finished = 0;
  const worker = async () => {
    while (next < values.length) {
      const value = values[next++] as T;
      try {
        await task(value);
        result.done.push(value);
      } catch (error) {
        result.failed.push({ value, error });
      }
      finished += 1;
      onProgress?.(finished, values.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, values.length)) }, worker));
  return result;
}
