import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from './support/test';
import { expectNoSeriousAxeViolations } from './support/axe';
import { createBareItem } from './support/items';
import { signInAsDemo } from './support/demo';
import type { ApiItem } from './support/listings';

/** A real photo (public domain), the one the server's tests remove the background of. */
const PHOTO = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../apps/server/test/fixtures/grace-hopper.jpg',
);

async function imageIdsOf(request: APIRequestContext, item: ApiItem): Promise<string[]> {
  const response = await request.get(`/api/account/item/${item.userID}/${item.itemID}`);
  const { images } = ((await response.json()) as { item: ApiItem }).item.generalDetails;
  return (images as { id: string }[]).map((image) => image.id);
}

test('removing a photo’s background in the editor and keeping the result replaces the photo', async ({
  page,
}) => {
  // The model loads and runs on the server: 15 to 30 s on two shared cores.
  test.setTimeout(240_000);
  await signInAsDemo(page);
  const title = `Cut-out ${Date.now().toString(36)}`;
  const item = await createBareItem(page.request, title);

  await page.goto(`/app/inventory/${item.itemID}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles(PHOTO);
  const tile = page.getByRole('button', { name: 'Photo 1 of 1, cover' });
  await expect(tile).toBeVisible({ timeout: 45_000 });
  await expect.poll(() => imageIdsOf(page.request, item), { timeout: 15_000 }).toHaveLength(1);
  const [originalId] = await imageIdsOf(page.request, item);

  await tile.hover();
  await page.getByRole('button', { name: 'Remove the background of photo 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove the background of photo 1' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'None (transparent PNG)' })).toBeChecked();
  await expect(dialog.getByText(/Background removals used by this account: \d+/)).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'Remove background dialog, choosing');

  // A chosen colour: the colour field appears, and takes a colour typed as a person types it.
  await dialog.getByRole('radio', { name: 'A color of your choice' }).check();
  const colour = dialog.getByRole('textbox', { name: 'Background color' });
  await colour.fill('');
  await colour.pressSequentially('#nope');
  await expect(dialog.getByText('Choose a color such as #f2f2f2.')).toBeVisible();
  await expect(
    dialog.getByRole('button', { name: 'Remove background', exact: true }),
  ).toBeDisabled();
  await dialog.getByRole('radio', { name: 'None (transparent PNG)' }).check();

  const started = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/rest/v1/background_remover/jobs') &&
      response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Remove background', exact: true }).click();
  const jobId = ((await (await started).json()) as { job: { jobId: string } }).job.jobId;

  const progress = dialog.getByRole('progressbar', { name: 'Removing the background' });
  await expect(progress).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText(/Waiting for its turn|Cutting the item out/);
  await expect(dialog.getByRole('status')).toHaveText(
    'Done. Compare the result with your photo, then keep or discard it.',
    { timeout: 180_000 },
  );
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  const result = dialog.getByRole('img', { name: 'Photo 1 without its background' });
  await expect(result).toBeVisible();
  await expect
    .poll(() => result.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBe(512);
  await expect(dialog.getByRole('img', { name: 'Photo 1 as it is' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'Remove background dialog, result');

  await dialog.getByRole('button', { name: 'Keep' }).click();
  await expect(dialog).toBeHidden();

  // The kept picture is a new image in the photo's place; the item saves it as any edit.
  await expect.poll(() => imageIdsOf(page.request, item), { timeout: 15_000 }).toEqual([jobId]);
  expect(jobId).not.toBe(originalId);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Photo 1 of 1, cover' })).toBeVisible();
  await expect
    .poll(() =>
      page
        .getByRole('list', { name: 'Photos' })
        .getByRole('listitem')
        .first()
        .locator('img')
        .getAttribute('src'),
    )
    .toContain(jobId);
  // The original photo is still in the account.
  const original = await page.request.get(`/api/uploads/images/${originalId}`);
  expect(original.status()).toBe(200);
});
