import { expect, test, type Locator } from './support/test';

/** Whether a piece of text shows whole: nothing of it cut off by its box. */
async function shownWhole(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.scrollWidth <= element.clientWidth + 1);
}

for (const size of [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const) {
  test(`Italian labels are shown whole at ${size.name} size`, async ({ page }) => {
    await page.setViewportSize(size.viewport);
    await page.goto('/login?country=IT');
    await page.getByLabel('Email').fill('demo@listloop.local');
    await page.getByLabel(/^Password/).fill('listloop-demo');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');

    await page.goto('/app/inventory');
    const count = page.getByText(/^\d+ articoli$/);
    await expect(count).toBeVisible();
    expect(await shownWhole(count)).toBe(true);
    const newItem = page.getByRole('link', { name: 'Nuovo articolo' });
    expect(await shownWhole(newItem.locator('.mantine-Button-label'))).toBe(true);

    const { items } = (await (await page.request.get('/api/account/item?limit=1')).json()) as {
      items: { itemID: string }[];
    };
    await page.goto(`/app/inventory/${items[0]!.itemID}`);
    const crossList = page.getByRole('button', { name: 'Pubblica su più marketplace' });
    await expect(crossList).toBeVisible();
    expect(await shownWhole(crossList.locator('.mantine-Button-label'))).toBe(true);
  });
}
