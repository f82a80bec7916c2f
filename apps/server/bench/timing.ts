/** The p-th percentile of sorted values (nearest rank); NaN when there are none. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** `work` run `times` one after another; the sorted durations in ms. */
export async function timed(
  times: number,
  work: (index: number) => Promise<void>,
): Promise<number[]> {
  const durations: number[] = [];
  for (let index = 0; index < times; index += 1) {
    const started = performance.now();
    await work(index);
    durations.push(performance.now() - started);
  }
  return durations.sort((a, b) => a - b);
}

/** `work` for each index, four at a time, so seeding does not take the figures' time. */
export async function inTurn(count: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) await work(index);
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}
