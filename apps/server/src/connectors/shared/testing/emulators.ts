import { describeViolations, type RunningEmulator, type Violation } from '@listloop/emulators';
import { expect } from 'vitest';

/** Any of the emulators: each records the requests the real API would refuse. */
export interface ViolationRecorder {
  readonly violations: readonly Violation[];
}

/** Fails the test, naming each one, if the emulator saw a request the real API would refuse. */
export function expectNoViolations(emulator: ViolationRecorder): void {
  expect(emulator.violations, describeViolations(emulator.violations)).toEqual([]);
}

/**
 * Stops the emulator's server, then fails the test if the emulator saw a request the real API
 * would refuse (its violations are read before the server stops).
 */
export async function closeExpectingNoViolations(
  emulator: ViolationRecorder,
  running: RunningEmulator,
): Promise<void> {
  const violations = emulator.violations;
  await running.close();
  expect(violations, describeViolations(violations)).toEqual([]);
}

/**
 * Fails unless the emulator's page for a listing, at `listingURL`, answers 200, shows `text`
 * and offers the "Simulate a sale" button.
 */
export async function expectListingPage(
  listingURL: string | null | undefined,
  text: string,
): Promise<void> {
  const page = await fetch(listingURL ?? '');
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain(text);
  expect(html).toContain('Simulate a sale');
}
