import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { Result } from 'axe-core';

/** The impacts that fail a journey: a person using a screen reader or low vision is blocked. */
const BLOCKING = new Set(['serious', 'critical']);

export interface AxeCheckOptions {
  /**
   * Rules left out on this screen only, each with why (shown when the check fails, so a
   * tracked exception never hides for long).
   */
  skipRules?: Record<string, string>;
}

/** One readable line per failing element: the rule, its impact, where, and what axe found. */
export function describeViolations(violations: readonly Result[]): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map((node) => {
        const where = node.target.map(String).join(' ');
        const why = node.failureSummary?.replace(/\s+/g, ' ').trim() ?? '';
        return `- [${violation.impact}] ${violation.id}: ${violation.help}\n    at ${where}\n    ${why}`;
      }),
    )
    .join('\n');
}

/**
 * Runs axe (WCAG 2.x A and AA, axe's best practices, and "label in name", which axe still
 * calls experimental) on the page as it is now, and fails on serious and critical violations
 * with a list a person can act on, at the end of the test with every other screen's.
 * `screen` names the screen and state in the failure ("Inventory, bulk menu open, phone").
 */
export async function expectNoSeriousAxeViolations(
  page: Page,
  screen: string,
  options: AxeCheckOptions = {},
): Promise<void> {
  // Menus and dialogs fade in: a half-transparent one would fail contrast for the wrong reason.
  await page.waitForFunction(() => {
    // Runs in the page; this project's types have no DOM, so the one call used is declared.
    const { document } = globalThis as unknown as {
      document: { getAnimations(): { playState: string }[] };
    };
    return document.getAnimations().every((animation) => animation.playState !== 'running');
  });
  const skipped = Object.keys(options.skipRules ?? {});
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'wcag22aa',
    'best-practice',
  ]);
  // A button whose aria-label leaves out its visible text cannot be used by voice control.
  builder = builder.options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  if (skipped.length > 0) builder = builder.disableRules(skipped);
  const { violations } = await builder.analyze();
  const blocking = violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  // The list itself is compared, so a failure reads as the list and not as axe's raw objects;
  // soft, so one run reports every screen that fails, not only the first.
  expect
    .soft(describeViolations(blocking), `${screen}: serious or critical accessibility violations`)
    .toBe('');
}
