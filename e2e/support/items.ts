import { expect, type APIRequestContext, type Locator } from '@playwright/test';
import { journeyOrigin } from './test';
import type { ApiItem } from './listings';

/** The photos of a seeded demo item (made by a background job after the first start). */
async function demoPhotos(request: APIRequestContext): Promise<unknown[]> {
  let photos: unknown[] = [];
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/account/item?limit=50');
        if (!response.ok()) return false;
        const { items } = (await response.json()) as { items: ApiItem[] };
        photos =
          items.find((item) => item.generalDetails.images.length > 0)?.generalDetails.images ?? [];
        return photos.length > 0;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(true);
  return photos.slice(0, 1);
}

/** A complete item of the journey's own, so journeys side by side never edit the same one. */
export async function createItem(request: APIRequestContext, title: string, price = 10) {
  const response = await request.post('/api/account/item', {
    // The server takes writes from its own pages only.
    headers: { Origin: journeyOrigin() },
    data: {
      generalDetails: {
        title,
        description: 'Wool, lined, two pockets. Worn a handful of times.',
        brand: 'Barbour',
        condition: 'good',
        price,
        category: 'Men › Coats',
        weight: { pounds: 2, ounces: 0 },
        images: await demoPhotos(request),
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { item: ApiItem }).item;
}

/** An item of the journey's own with only a title: no photos, no other details. */
export async function createBareItem(request: APIRequestContext, title: string) {
  const response = await request.post('/api/account/item', {
    headers: { Origin: journeyOrigin() },
    data: { generalDetails: { title } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { item: ApiItem }).item;
}

/** The item as the server has it now. */
export async function storedItem(request: APIRequestContext, item: ApiItem): Promise<ApiItem> {
  const response = await request.get(`/api/account/item/${item.userID}/${item.itemID}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { item: ApiItem }).item;
}

/** Empties a field the way a person does: select everything in it, then delete. */
export async function emptyField(field: Locator) {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await expect(field).toHaveValue('');
}
