import { expect, test, type Page } from './support/test';
import { onPath, signInAsDemo } from './support/demo';

/**
 * The Shopify metafields section of the Marketplaces screen, in sandbox mode: the emulated
 * store has product metafield definitions (custom.condition among them). The seller syncs
 * them, maps the item's condition to custom.condition, saves, and finds it kept after a
 * reload. The demo account is shared with other specs: the mapping is put back as it was, and
 * a Shopify connection made here is removed.
 */

const CONNECTION_PATH = '/api/rest/v1/enterprise/connection';
const MAPPER_PATH = '/api/marketplaces/shopify/metafieldMapper';

interface MappingRow {
  source: string;
  namespace: string;
  key: string;
  type: string;
}

interface ApiConnection {
  id: string;
  marketplace: string;
  status: string;
  credentialHint: string | null;
}

async function connections(page: Page): Promise<ApiConnection[]> {
  const response = await page.request.get(CONNECTION_PATH);
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { connections: ApiConnection[] }).connections;
}

const usableShopify = (list: ApiConnection[]) =>
  list.filter(
    (connection) =>
      connection.marketplace === 'shopify' &&
      connection.status === 'connected' &&
      connection.credentialHint !== null,
  );

async function openMarketplaces(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Marketplaces' })
    .click();
  await expect(page).toHaveURL(onPath('/app/marketplaces'));
}

/** Connects the sandbox's Shopify store unless the account has a usable connection; its id. */
async function ensureShopify(page: Page): Promise<string | null> {
  const before = await connections(page);
  if (usableShopify(before).length > 0) return null;
  const shopify = page.getByRole('region', { name: 'Shopify', exact: true });
  await shopify.getByRole('button', { name: 'Connect with Shopify' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect your Shopify store' });
  await dialog.getByRole('textbox', { name: 'Store address' }).fill('listloop-sandbox');
  await dialog.getByRole('button', { name: 'Continue to Shopify' }).click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith('/sandbox/shopify/'));
  await page.getByRole('button', { name: 'Install app' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/app/marketplaces' && !url.search);
  const known = new Set(before.map((connection) => connection.id));
  const made = usableShopify(await connections(page)).find(({ id }) => !known.has(id));
  expect(made).toBeDefined();
  return made!.id;
}

async function putMapping(page: Page, headers: Record<string, string>, mapping: MappingRow[]) {
  const response = await page.request.put(MAPPER_PATH, { headers, data: { mapping } });
  expect(response.ok(), await response.text()).toBe(true);
}

test.describe('Shopify metafields', () => {
  test('a seller syncs the definitions, maps Condition to custom.condition and finds it kept', async ({
    page,
    baseURL,
  }) => {
    // page.request shares the page's cookies; state-changing calls say where they come from.
    // Connecting (when needed) and the sync job take their time on a shared machine.
    test.setTimeout(90_000);
    const headers = { Origin: baseURL! };
    await signInAsDemo(page);
    await openMarketplaces(page);
    const madeConnection = await ensureShopify(page);

    const original = await page.request.get(MAPPER_PATH);
    expect(original.ok(), await original.text()).toBe(true);
    const before = ((await original.json()) as { mapping: MappingRow[] }).mapping.filter(
      (row) => `${row.namespace}.${row.key}` !== 'custom.condition',
    );
    await putMapping(page, headers, before);

    try {
      await page.reload();
      const section = page.getByRole('region', { name: 'Shopify metafields' });
      await expect(
        section.getByText('these metafields on the Shopify product', { exact: false }),
      ).toBeVisible();

      // The sync is a background job; the section follows it until it ends.
      await section.getByRole('button', { name: 'Sync definitions from Shopify' }).click();
      await expect(section.getByTestId('metafield-sync-state')).toHaveText(
        /^Last synced .+: \d+ definitions?\.$/,
        { timeout: 30_000 },
      );

      const row = before.length + 1;
      await section.getByRole('button', { name: 'Add a row' }).click();
      const save = section.getByRole('button', { name: 'Save mapping' });

      // A half-filled row is refused before anything is sent.
      await save.click();
      await expect(section.getByText('Choose the item fact.')).toBeVisible();

      await section.getByRole('combobox', { name: `Item fact, row ${row}` }).click();
      await page.getByRole('option', { name: 'Condition', exact: true }).click();
      await section.getByRole('combobox', { name: `Metafield definition, row ${row}` }).click();
      await page.getByRole('option', { name: /^custom\.condition\b/ }).click();
      await expect(section.getByRole('row').nth(row)).toContainText('single_line_text_field');

      await save.click();
      await expect(section.getByText('Mapping saved.')).toBeVisible();

      const kept = await page.request.get(MAPPER_PATH);
      expect((await kept.json()) as { mapping: MappingRow[] }).toEqual({
        mapping: expect.arrayContaining([
          expect.objectContaining({ source: 'condition', namespace: 'custom', key: 'condition' }),
        ]) as unknown,
      });

      await page.reload();
      const metafields = section.getByRole('combobox', { name: /^Metafield definition, row \d+$/ });
      await expect(metafields).toHaveCount(before.length + 1);
      const values = await metafields.evaluateAll((inputs) =>
        inputs.map((input) => (input as unknown as { value: string }).value),
      );
      const index = values.findIndex((value) => value.startsWith('custom.condition'));
      expect(index).toBeGreaterThanOrEqual(0);
      await expect(
        section.getByRole('combobox', { name: `Item fact, row ${index + 1}` }),
      ).toHaveValue('Condition');
    } finally {
      await putMapping(page, headers, before);
      if (madeConnection) {
        await page.request.delete(`${CONNECTION_PATH}/${madeConnection}`, { headers });
      }
    }
  });
});
