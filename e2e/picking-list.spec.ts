import { expect, test, type Page } from './support/test';
import { expectNoSeriousAxeViolations } from './support/axe';
import { onPath, signInAsDemo } from './support/demo';

/**
 * The picking list, end to end: the seller turns it on (checking by barcode) from the screen
 * that says it is off, an item sells (reported by the browser extension, as a Poshmark sale
 * is), and it waits on the list with its SKU and shelf. The seller prints the list (a PDF in a
 * new tab, and a download), then packs the order: a mistyped SKU is named as unknown, the
 * right one typed ticks the item, and the order, marked packed, leaves the list for the
 * Packed tab with who packed it.
 */
async function openPickingList(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Picking list' })
    .click();
  await expect(page).toHaveURL(onPath('/app/picking-list'));
  await expect(page.getByRole('heading', { name: 'Picking list', level: 1 })).toBeVisible();
}

test.describe('picking list', () => {
  test('an item sells, waits on the picking list, is checked by its typed SKU and leaves the list packed', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const headers = { Origin: baseURL! };
    const stamp = Date.now().toString(36).toUpperCase();
    const title = `Striped linen shirt ${stamp}`;
    const sku = `PL-${stamp}`;
    const orderId = `POSH-${stamp}`;

    await signInAsDemo(page);
    // The demo account starts with its picking list off (as every account does).
    const off = await page.request.put('/api/account', {
      headers,
      data: { config: { features: { pickingList: { isEnabled: false } } } },
    });
    expect(off.status(), await off.text()).toBe(200);

    await openPickingList(page);
    await expect(page.getByText('The picking list is off')).toBeVisible();
    await page.getByRole('link', { name: 'Turn it on in Account settings' }).click();
    await expect(page).toHaveURL(onPath('/app/account'));
    const features = page.getByRole('region', { name: 'Features' });
    await features.getByRole('switch', { name: 'Picking list' }).check();
    await features.getByRole('radio', { name: 'By scanning its barcode' }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Account settings saved')).toBeVisible();

    // The item, on its shelf, sells on Poshmark: the extension reports the sale.
    const created = await page.request.post('/api/account/item', {
      headers,
      data: { generalDetails: { title, sku, location: 'Shelf B3', quantity: 1, price: 24 } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const sold = await page.request.post('/api/rest/v1/executor/sales', {
      headers,
      data: {
        marketplace: 'poshmark',
        externalOrderId: orderId,
        itemId: (await created.json()).item.itemID,
      },
    });
    expect(sold.status(), await sold.text()).toBe(200);

    await openPickingList(page);
    const order = page.getByRole('listitem', { name: `Order ${orderId}` });
    await expect(order.getByText('Poshmark', { exact: true })).toBeVisible();
    await expect(order.getByText('Shipping deadline not given')).toBeVisible();
    const row = order.getByRole('row').filter({ hasText: title });
    await expect(row.getByText(sku, { exact: true })).toBeVisible();
    await expect(row.getByText('Shelf B3', { exact: true })).toBeVisible();
    await expect(row.getByText('Not checked', { exact: true })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'Picking list, an order to pack');

    // Printed: the PDF opens in a new tab and downloads.
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    const print = page.getByRole('dialog', { name: 'Print the picking list' });
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      print.getByRole('button', { name: 'Make the PDF' }).click(),
    ]);
    await expect(tab).toHaveURL(/^blob:/);
    await tab.close();
    await expect(
      print.getByText('Your picking list is ready. It opens in a new tab.'),
    ).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      print.getByRole('link', { name: 'Download the PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^picking-list-\d{4}-\d{2}-\d{2}\.pdf$/);
    await print.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(print).toBeHidden();

    // Packed: a mistyped SKU is named as unknown; the right one ticks the item.
    await order.getByRole('button', { name: 'Check and pack' }).click();
    const packing = page.getByRole('dialog', { name: `Pack order ${orderId}` });
    const skuField = packing.getByRole('textbox', { name: 'SKU' });
    await skuField.pressSequentially(`${sku}X`);
    await skuField.press('Enter');
    await expect(
      packing.getByText(`No item in your inventory has the SKU ${sku}X.`, { exact: true }),
    ).toBeVisible();
    await expect(packing.getByRole('button', { name: 'Mark as packed' })).toBeDisabled();
    await expectNoSeriousAxeViolations(page, 'Picking list, packing an order');
    // This browser has no camera to give: the dialog says so, and typing still works.
    await packing.getByRole('button', { name: 'Scan with the camera' }).click();
    await expect(packing.getByRole('alert')).toHaveText(
      'No camera was found on this device. Type the SKU instead.',
    );

    await skuField.pressSequentially(sku);
    await skuField.press('Enter');
    await expect(packing.getByText(`${title} checked.`, { exact: true })).toBeVisible();
    await expect(packing.getByText('Every item checked')).toBeVisible();
    await packing.getByRole('button', { name: 'Mark as packed' }).click();
    await expect(packing).toBeHidden();
    await expect(page.getByText(`Order ${orderId} is packed.`)).toBeVisible();
    await expect(order).toHaveCount(0);

    await page.getByRole('tab', { name: 'Packed' }).click();
    const history = page.getByRole('table', { name: 'Orders packed or removed' });
    const entry = history.getByRole('row').filter({ hasText: `Order ${orderId}` });
    await expect(entry.getByText(title)).toBeVisible();
    await expect(entry.getByText(/^Packed by /)).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'Picking list, packed orders');
  });
});
