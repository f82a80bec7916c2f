/**
 * Reads until `done` says the value is what the test waits for (a job finished, a listing
 * delisted), every `intervalMs`; fails with the last value read when `timeoutMs` runs out.
 */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`condition not met in time; last: ${JSON.stringify(value).slice(0, 800)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Waits until `check` answers true (a job ran, a row appeared); fails when `timeoutMs` runs out. */
export async function waitUntil(
  check: () => Promise<boolean>,
  timeoutMs = 30_000,
  intervalMs = 100,
): Promise<void> {
  await waitFor(check, (ok) => ok, timeoutMs, intervalMs);
}
