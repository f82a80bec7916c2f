import { expect, test, type Page } from './support/test';
import { expectNoSeriousAxeViolations } from './support/axe';
import { onPath, signInAsDemo } from './support/demo';
import { createBareItem, storedItem } from './support/items';
import type { ApiItem } from './support/listings';
import { png } from './support/png';

/** An item of the journey's own with no colour, opened in the editor. */
async function openNewItem(page: Page, title: string): Promise<ApiItem> {
  const item = await createBareItem(page.request, title);
  await page.goto(`/app/inventory/${item.itemID}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  return item;
}

/** The demo seller's dictation choice, made on the Settings screen as a person makes it. */
async function chooseDictation(page: Page, choice: 'Off' | 'Dictation at the photo step') {
  await page.goto('/app/settings');
  await expect(page).toHaveURL(onPath('/app/settings'));
  const section = page.getByRole('region', { name: 'Dictation at the photo step' });
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/user/settings') && response.request().method() === 'PUT',
  );
  await section.getByRole('radio', { name: choice }).check({ force: true });
  expect((await saved).status()).toBe(200);
  await expect(section.getByRole('radio', { name: choice })).toBeChecked();
}

test.describe('fill an item from its photos', () => {
  test('a seller reads the colour off a photo, uses it, and it is saved', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsDemo(page);
    const item = await openNewItem(page, `Blue jumper ${Date.now().toString(36)}`);
    await page
      .locator('input[type="file"]')
      .setInputFiles([
        { name: 'jumper.png', mimeType: 'image/png', buffer: png([40, 100, 200], 320, 240, null) },
      ]);
    await expect(page.getByRole('button', { name: 'Photo 1 of 1, cover' })).toBeVisible({
      timeout: 45_000,
    });

    const panel = page.getByRole('region', { name: 'Fill from photos' });
    await panel.getByRole('button', { name: 'Fill from photos' }).click();
    const use = panel.getByRole('button', { name: /^Use this: Blue for Colou?r$/ });
    await expect(use).toBeVisible({ timeout: 60_000 });
    await expect(panel.getByText(/^Colou?r #[0-9a-f]{6}, \d+% of the photo$/)).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'Item editor, suggestions from the photos');

    // Nothing is saved by asking: the colour changes on the seller's click.
    expect((await storedItem(page.request, item)).generalDetails.primaryColor).toBeNull();
    await use.click();
    await expect(panel.getByText('Used', { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Colou?r$/ })).toHaveValue('Blue');
    await expect
      .poll(async () => (await storedItem(page.request, item)).generalDetails.primaryColor, {
        timeout: 15_000,
      })
      .toBe('Blue');

    // Dismissing a suggestion takes it off the list.
    await panel.getByRole('button', { name: /^Dismiss: Blue for Colou?r$/ }).click();
    await expect(panel.getByRole('button', { name: /^Dismiss: Blue for Colou?r$/ })).toHaveCount(0);
  });
});

test.describe('dictation at the photo step', () => {
  test('with the setting on, dictation adds to the description, and a browser without it says so', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInAsDemo(page);
    await chooseDictation(page, 'Dictation at the photo step');
    try {
      // Speech needs a microphone and the browser's speech service, which a headless test has
      // neither of: a stand-in recognition hears one phrase, in the app's language.
      await page.addInitScript(() => {
        type Handler = ((event: unknown) => void) | null;
        class FakeRecognition {
          lang = '';
          continuous = false;
          interimResults = false;
          onresult: Handler = null;
          onerror: Handler = null;
          onend: (() => void) | null = null;
          start() {
            const scope = globalThis as unknown as { __heardLang?: string };
            scope.__heardLang = this.lang;
            setTimeout(() => {
              this.onresult?.({
                resultIndex: 0,
                results: [{ isFinal: true, 0: { transcript: 'Navy wool coat with horn buttons' } }],
              });
            }, 50);
          }
          stop() {
            this.onend?.();
          }
          abort() {}
        }
        Object.assign(globalThis, {
          SpeechRecognition: FakeRecognition,
          webkitSpeechRecognition: FakeRecognition,
        });
      });
      const item = await openNewItem(page, `Dictated coat ${Date.now().toString(36)}`);
      const dictation = page.getByRole('region', { name: 'Dictate description' });
      await dictation.getByRole('button', { name: 'Dictate description' }).click();
      const description = page.getByRole('textbox', { name: 'Description' });
      await expect(description).toHaveValue('Navy wool coat with horn buttons');
      expect(await page.evaluate(() => (globalThis as { __heardLang?: string }).__heardLang)).toBe(
        'en-US',
      );
      await dictation.getByRole('button', { name: 'Stop dictating' }).click();
      await expect(dictation.getByRole('button', { name: 'Dictate description' })).toBeVisible();
      await expect
        .poll(async () => (await storedItem(page.request, item)).generalDetails.description, {
          timeout: 15_000,
        })
        .toBe('Navy wool coat with horn buttons');
      await expectNoSeriousAxeViolations(page, 'Item editor, dictation');

      // A browser with no speech recognition: a plain sentence, and no button.
      const plain = await page.context().newPage();
      await plain.addInitScript(() => {
        const scope = globalThis as Record<string, unknown>;
        delete scope.SpeechRecognition;
        delete scope.webkitSpeechRecognition;
      });
      await plain.goto(`/app/inventory/${item.itemID}`);
      const none = plain.getByRole('region', { name: 'Dictate description' });
      await expect(
        none.getByText('Dictation is not available in this browser.', { exact: false }),
      ).toBeVisible();
      await expect(none.getByRole('button')).toHaveCount(0);
      await plain.close();
    } finally {
      await chooseDictation(page, 'Off');
    }
  });
});
