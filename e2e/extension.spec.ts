import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXTENSION_ID } from '@listloop/domain';
import { test as base, chromium, expect, type BrowserContext } from './support/test';
import { expectNoSeriousAxeViolations } from './support/axe';
import { onPath, signInAsDemo } from './support/demo';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The unpacked build (`npm test` builds it before the journeys). */
const EXTENSION_DIR = path.join(ROOT, 'apps', 'extension', 'dist');

/**
 * The browser extension as a seller meets it: Chromium with the unpacked extension loaded (its
 * new headless mode runs extensions), a persistent profile as a person's browser has.
 */
const test = base.extend<{ context: BrowserContext }>({
  context: async ({ baseURL }, use) => {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'listloop-e2e-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      headless: true,
      ...(baseURL ? { baseURL } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        `--disable-extensions-except=${EXTENSION_DIR}`,
        `--load-extension=${EXTENSION_DIR}`,
      ],
    });
    // The extension's service worker is up before the page asks for it.
    if (context.serviceWorkers().length === 0) await context.waitForEvent('serviceworker');
    await use(context);
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  },
  page: async ({ context }, use) => {
    await use(context.pages()[0] ?? (await context.newPage()));
  },
});

test.describe('the browser extension', () => {
  test('a seller pairs this browser from the Marketplaces screen, and unpairing it shows in the popup', async ({
    page,
    context,
  }) => {
    await signInAsDemo(page);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Marketplaces' })
      .click();
    await expect(page).toHaveURL(onPath('/app/marketplaces'));
    const section = page.getByRole('region', { name: 'The ListLoop browser extension' });
    await expect(section.getByText('The extension is installed in this browser')).toBeVisible();

    await section.getByRole('button', { name: 'Pair this browser' }).click();
    await expect(section.getByText('This browser is paired', { exact: true })).toBeVisible();
    const paired = section.getByRole('list', { name: 'Paired browsers' });
    const thisOne = paired.getByTestId('paired-browser').filter({ hasText: 'This browser' });
    // Named by its make and system, as the browser tells them.
    const nameText = thisOne.getByText(/^Chrome on (Linux|Windows|macOS)$/);
    await expect(nameText).toBeVisible();
    const name = (await nameText.textContent())!;
    await expectNoSeriousAxeViolations(page, 'Marketplaces, this browser paired');

    // The popup says whose browser it is.
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${EXTENSION_ID}/src/popup.html`);
    await expect(popup.getByRole('heading', { name: 'ListLoop', exact: true })).toBeVisible();
    await expect(popup.getByText('Paired with ListLoop')).toBeVisible();
    await expect(popup.getByText('Loop & Thread Vintage')).toBeVisible();
    await expectNoSeriousAxeViolations(popup, 'Extension popup, paired');

    // Unpaired from the web app: the extension is refused at its next request and says so.
    await page.bringToFront();
    await thisOne.getByRole('button', { name: `Unpair ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Unpair ${name}?` });
    await dialog.getByRole('button', { name: 'Unpair' }).click();
    await expect(dialog).toBeHidden();
    await expect(paired.getByText(/^Unpaired /).first()).toBeVisible();

    await popup.bringToFront();
    // The popup reads its queue every few seconds and may learn of it first; else the seller
    // asks it to check.
    const checkAgain = popup.getByRole('button', { name: 'Check again' });
    if (await checkAgain.isVisible()) await checkAgain.click().catch(() => undefined);
    await expect(popup.getByRole('alert')).toContainText(
      'This browser was unpaired from ListLoop. Pair it again from the Marketplaces screen.',
    );
    await expectNoSeriousAxeViolations(popup, 'Extension popup, unpaired');
  });
});
