import zlib from 'node:zlib';
import { expect, test, type APIRequestContext } from './support/test';
import { createBareItem } from './support/items';
import { signInAsDemo } from './support/demo';
import type { ApiItem } from './support/listings';
import { png } from './support/png';

async function imageIdsOf(request: APIRequestContext, item: ApiItem): Promise<string[]> {
  const response = await request.get(`/api/account/item/${item.userID}/${item.itemID}`);
  const { images } = ((await response.json()) as { item: ApiItem }).item.generalDetails;
  return (images as { id: string }[]).map((image) => image.id);
}

/** The file name a tus creation request announces (`Upload-Metadata: filename <base64>,…`). */
function uploadFileName(metadata: string | undefined): string | null {
  const entry = metadata?.split(',').find((pair) => pair.trim().startsWith('filename '));
  return entry ? Buffer.from(entry.trim().slice('filename '.length), 'base64').toString() : null;
}

test.describe('the photos of an item', () => {
  test('two photos picked together keep the order picked, whichever upload finishes first', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInAsDemo(page);
    const title = `Photo order ${Date.now().toString(36)}`;
    const item = await createBareItem(page.request, title);

    // The first photo's upload is held back until the second is on the item: the second
    // finishes first, every time.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const uploadIds = new Map<string, string>();
    page.on('response', (response) => {
      const request = response.request();
      const name = uploadFileName(request.headers()['upload-metadata']);
      const location = response.headers()['location'];
      if (request.method() === 'POST' && name && location) {
        uploadIds.set(name, location.split('/').at(-1)!);
      }
    });
    await page.route('**/api/uploads', async (route) => {
      const request = route.request();
      if (
        request.method() === 'POST' &&
        uploadFileName(request.headers()['upload-metadata']) === 'front.png'
      ) {
        await held;
      }
      await route.continue();
    });

    await page.goto(`/app/inventory/${item.itemID}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: png([29, 78, 216]) },
      { name: 'back.png', mimeType: 'image/png', buffer: png([185, 28, 28]) },
    ]);
    await expect(page.getByRole('button', { name: 'Photo 1 of 1, cover' })).toBeVisible({
      timeout: 45_000,
    });
    release();
    await expect(page.getByRole('button', { name: 'Photo 2 of 2' })).toBeVisible({
      timeout: 45_000,
    });

    // The cover is the photo picked first, on screen and as saved.
    const front = uploadIds.get('front.png');
    const back = uploadIds.get('back.png');
    expect(front && back).toBeTruthy();
    await expect
      .poll(() => imageIdsOf(page.request, item), { timeout: 15_000 })
      .toEqual([front, back]);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Photo 1 of 2, cover' })).toBeVisible();
    await expect
      .poll(async () =>
        page
          .getByRole('list', { name: 'Photos' })
          .getByRole('listitem')
          .first()
          .locator('img')
          .getAttribute('src'),
      )
      .toContain(front!);

    // Each tile is one control, with its rotate and remove buttons beside it, never inside.
    const photos = page.getByRole('list', { name: 'Photos' });
    await expect(photos.locator('button button, [role="button"] button')).toHaveCount(0);
    await expect(photos.getByRole('button', { name: 'Rotate photo 2' })).toHaveCount(1);

    // The keyboard moves a photo: the second becomes the cover.
    const second = photos.getByRole('button', { name: 'Photo 2 of 2' });
    // Each step waits for what a screen reader hears.
    const announced = (text: string) => page.getByRole('status').filter({ hasText: text });
    await second.focus();
    await page.keyboard.press('Space');
    await expect(second).toHaveAttribute('aria-pressed', 'true');
    // dnd-kit starts listening for the arrow keys in a timer it sets when the drag starts: one
    // more turn of the page's timers, and the next key is heard (a key pressed sooner was lost).
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await page.keyboard.press('ArrowLeft');
    await expect(announced('Over position 1.')).toBeAttached();
    await page.keyboard.press('Space');
    await expect(announced('Photo dropped at position 1.')).toBeAttached();
    await expect(photos.getByRole('button', { name: 'Photo 1 of 2, cover' })).toBeVisible();
    await expect
      .poll(() => imageIdsOf(page.request, item), { timeout: 15_000 })
      .toEqual([back, front]);
  });

  test("a picture too large to take says so on its tile, in the seller's words", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signInAsDemo(page);
    const title = `Too large ${Date.now().toString(36)}`;
    const item = await createBareItem(page.request, title);

    await page.goto(`/app/inventory/${item.itemID}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    // A few hundred bytes whose header says 10000 × 10000: the server refuses it from the
    // header, before decoding it.
    await page
      .locator('input[type="file"]')
      .setInputFiles([
        { name: 'huge.png', mimeType: 'image/png', buffer: withSize(png([29, 78, 216]), 10_000) },
      ]);
    const tile = page.getByRole('list', { name: 'Photos' }).getByRole('listitem', {
      name: 'huge.png',
    });
    await expect(tile.getByRole('status')).toHaveText(
      'Too large: at most 25 MB and 50 megapixels',
      { timeout: 30_000 },
    );
    expect(await imageIdsOf(page.request, item)).toEqual([]);
  });
});

/** The PNG with its header claiming a square of `side` pixels (the pixel data stays small). */
function withSize(picture: Buffer, side: number): Buffer {
  const copy = Buffer.from(picture);
  // The signature (8 bytes), then IHDR: length (4), type (4), width (4), height (4) … CRC.
  copy.writeUInt32BE(side, 16);
  copy.writeUInt32BE(side, 20);
  const crcAt = 8 + 4 + 4 + 13;
  copy.writeUInt32BE(zlib.crc32(copy.subarray(12, crcAt)), crcAt);
  return copy;
}
