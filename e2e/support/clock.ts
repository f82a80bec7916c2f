import fs from 'node:fs/promises';

/**
 * Moves the server's clock (e2e/support/clock-shift.mjs) this far ahead of the machine's, and
 * gives it a moment to notice; `resetServerClock` puts it back. Each worker has its own server
 * (support/test.ts), and journeys that shift it always reset it, so later ones see the real time.
 */
export async function shiftServerClock(ms: number): Promise<void> {
  const file = process.env.E2E_CLOCK_FILE;
  if (!file) throw new Error('E2E_CLOCK_FILE is not set: run the journeys through Playwright');
  await fs.writeFile(file, String(ms));
  // The server polls the file every 50 ms.
  await new Promise((resolve) => setTimeout(resolve, 300));
}

export async function resetServerClock(): Promise<void> {
  await shiftServerClock(0);
}
