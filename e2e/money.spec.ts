import { expect, test, type APIRequestContext } from './support/test';
import { signInAsDemo } from './support/demo';
import { EDITIONS, wordsOf } from './support/editions';
import { createItem, emptyField, storedItem } from './support/items';
import type { ApiItem } from './support/listings';

async function priceOf(request: APIRequestContext, item: ApiItem) {
  const { generalDetails } = await storedItem(request, item);
  return {
    price: generalDetails.price,
    costOfGoods: (generalDetails as { costOfGoods?: number | null }).costOfGoods ?? null,
  };
}

/** An amount as the edition writes it, with the no-break spaces read as spaces. */
const amountText = (text: string) => new RegExp(text.replace(/[.$]/g, '\\$&').replace(/ /g, '\\s'));

for (const edition of EDITIONS) {
  const words = wordsOf(edition);
  const d = edition.decimal;
  /** 12,50 in es and it; 12.50 in en. */
  const written = (whole: number, cents: string) => `${whole}${d}${cents}`;

  test.describe(`money in the ${edition.country} edition (${edition.locale})`, () => {
    test('the item editor keeps a price typed with cents, and a pasted cost', async ({
      page,
      context,
    }) => {
      test.setTimeout(90_000);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await signInAsDemo(page);
      const title = `Money ${edition.country} ${Date.now().toString(36)}`;
      const item = await createItem(page.request, title);
      await page.goto(`/app/inventory/${item.itemID}?country=${edition.country}`);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();

      const price = page.getByRole('textbox', { name: words('item.field.price'), exact: true });
      const cost = page.getByRole('textbox', {
        name: words('item.field.costOfGoods'),
        exact: true,
      });
      const completeness = page.getByRole('region', {
        name: words('itemEditor.completenessTitle'),
      });
      const complete = completeness.getByText(words('item.status.complete'), { exact: true });
      const saved = page.getByText(words('itemEditor.saved'), { exact: true });
      await expect(price).toHaveValue(written(10, '00'));
      await expect(complete).toBeVisible();

      // Key by key, with cents: every key stays on screen.
      await emptyField(price);
      await price.pressSequentially(written(24, '99'));
      await expect(price).toHaveValue(written(24, '99'));
      await expect(complete).toBeVisible();
      await expect(saved).toBeVisible();
      await expect.poll(async () => (await priceOf(page.request, item)).price).toBe(24.99);

      // 12.50 pasted into the cost of goods, whichever edition it was copied from.
      await page.evaluate("navigator.clipboard.writeText('12.50')");
      await cost.click();
      await cost.press('ControlOrMeta+v');
      await expect(cost).toHaveValue(written(12, '50'));
      await expect.poll(async () => (await priceOf(page.request, item)).costOfGoods).toBe(12.5);

      await page.reload();
      await expect(price).toHaveValue(written(24, '99'));
      await expect(cost).toHaveValue(written(12, '50'));
      await expect(complete).toBeVisible();

      // "12." is kept as typed while the cents are on their way.
      await emptyField(price);
      await price.pressSequentially('12.');
      await expect(price).toHaveValue('12.');
      await price.pressSequentially('5');
      await expect(price).toHaveValue('12.5');
      await expect(complete).toBeVisible();
      await expect.poll(async () => (await priceOf(page.request, item)).price).toBe(12.5);
      await page.reload();
      await expect(price).toHaveValue(written(12, '50'));
      await expect(complete).toBeVisible();
    });

    test('bulk Set price takes a price typed with cents', async ({ page }) => {
      test.setTimeout(90_000);
      await signInAsDemo(page);
      const token = `Bulkprice${edition.country}${Date.now().toString(36)}`;
      const titles = [`${token} coat`, `${token} scarf`];
      const items = [];
      for (const title of titles) items.push(await createItem(page.request, title));

      await page.goto(`/app/inventory?q=${token}&country=${edition.country}`);
      for (const title of titles) {
        await page
          .getByRole('checkbox', { name: words('inventory.selectItem', { title }) })
          .check();
      }
      const bar = page.getByLabel(words('inventory.bulkBarLabel'));
      await bar.getByRole('button', { name: words('inventory.bulkEdit') }).click();
      await page.getByRole('menuitem', { name: words('inventory.bulkSetPrice') }).click();
      const dialog = page.getByRole('dialog', { name: words('inventory.bulkSetPrice') });
      const price = dialog.getByRole('textbox', { name: words('item.field.price') });
      await price.pressSequentially(written(7, '45'));
      await expect(price).toHaveValue(written(7, '45'));
      await dialog
        .getByRole('button', { name: words('inventory.bulkApply', { count: 2 }) })
        .click();
      await expect(dialog).toBeHidden();

      const run = page
        .getByRole('list', { name: words('inventory.bulkRunsLabel') })
        .getByRole('listitem', { name: words('inventory.bulkRun.bulkEdit') })
        .first();
      await expect(run.getByText(words('inventory.bulkRunDone'))).toBeVisible({ timeout: 30_000 });
      for (const item of items) {
        expect((await priceOf(page.request, item)).price).toBe(7.45);
      }
      // The inventory shows it in the account's dollars, as the edition writes numbers.
      await page.reload();
      const dollars = edition.decimal === ',' ? '7,45 $' : '$7.45';
      for (const title of titles) {
        await expect(page.getByRole('row').filter({ hasText: title })).toContainText(
          amountText(dollars),
        );
      }
    });

    test('a Rules money field keeps a price typed with cents', async ({ page }) => {
      // Each edition its own marketplace: the journeys share the demo account's rules.
      const marketplace = { US: 'grailed', UK: 'vinted', ES: 'facebook', IT: 'vestiaire' }[
        edition.country
      ];
      await signInAsDemo(page);
      await page.goto(`/app/rules?marketplace=${marketplace}&country=${edition.country}`);
      const pricing = page.getByRole('region', { name: words('rules.pricing.title') });
      const minimum = pricing.getByRole('textbox', { name: words('rules.pricing.minimum') });
      await minimum.pressSequentially(written(12, '5'));
      await expect(minimum).toHaveValue(written(12, '5'));
      await pricing.getByRole('button', { name: words('rules.pricing.save') }).click();
      await expect(
        pricing.getByRole('status').filter({ hasText: words('rules.pricing.saved') }),
      ).toBeVisible();

      await page.reload();
      await expect(minimum).toHaveValue(written(12, '50'));

      // Cleaning up through the screen.
      await pricing.getByRole('button', { name: words('rules.pricing.remove') }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: words('rules.pricing.removeConfirm') })
        .click();
      await expect(
        pricing.getByRole('button', { name: words('rules.pricing.remove') }),
      ).toHaveCount(0);
    });
  });
}

test('a US shop’s prices read in dollars in the Italian edition, written the Italian way', async ({
  page,
}) => {
  await signInAsDemo(page);
  const title = `Dollari ${Date.now().toString(36)}`;
  const item = await createItem(page.request, title, 79);
  await page.goto(`/app/inventory?q=${encodeURIComponent(title)}&country=IT`);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText(amountText('79,00 $'));
  await expect(row).not.toContainText('€');

  await page.goto(`/app/inventory/${item.itemID}?country=IT`);
  const words = wordsOf(EDITIONS[3]);
  const price = page.getByRole('textbox', { name: words('item.field.price'), exact: true });
  await expect(price).toHaveValue('79,00');
  // The symbol sits after the amount, as Italian writes it, and it is the dollar.
  await expect(page.getByText('$', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('€', { exact: true })).toHaveCount(0);
});
