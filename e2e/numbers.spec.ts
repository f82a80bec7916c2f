import { expect, test } from './support/test';
import { signInAsDemo } from './support/demo';
import { EDITIONS, wordsOf } from './support/editions';
import { createItem, emptyField, storedItem } from './support/items';

/**
 * The numeric fields other than money keep what is typed, key by key, in the edition's number
 * format: a percentage with decimals, a weight with a decimal, and a quantity (whole units,
 * where a decimal separator is refused rather than dropped).
 */
for (const edition of EDITIONS) {
  const words = wordsOf(edition);
  const d = edition.decimal;
  const metric = edition.country !== 'US';

  test.describe(`numbers in the ${edition.country} edition (${edition.locale})`, () => {
    test('a pricing rule keeps a percentage typed with decimals', async ({ page }) => {
      // Whatnot: no other journey lists there or prices for it. The tests of this file run one
      // after another, each removing its rule.
      await signInAsDemo(page);
      await page.goto(`/app/rules?marketplace=whatnot&country=${edition.country}`);
      const pricing = page.getByRole('region', { name: words('rules.pricing.title') });
      const percent = pricing.getByRole('textbox', { name: words('rules.pricing.percent') });
      await emptyField(percent);
      await percent.pressSequentially(`12${d}5`);
      await expect(percent).toHaveValue(`12${d}5`);
      await pricing.getByRole('button', { name: words('rules.pricing.save') }).click();
      await expect(
        pricing.getByRole('status').filter({ hasText: words('rules.pricing.saved') }),
      ).toBeVisible();

      await page.reload();
      await expect(percent).toHaveValue(`12${d}5`);

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

    test('the item editor keeps a weight typed with a decimal, and a whole quantity', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await signInAsDemo(page);
      const title = `Numbers ${edition.country} ${Date.now().toString(36)}`;
      const item = await createItem(page.request, title);
      await page.goto(`/app/inventory/${item.itemID}?country=${edition.country}`);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      const weightOf = async () =>
        (
          (await storedItem(page.request, item)).generalDetails as unknown as {
            weight: { pounds: number; ounces: number };
          }
        ).weight;

      const major = page.getByRole('textbox', {
        name: words('itemEditor.weightMajor', { unit: metric ? 'kg' : 'lb' }),
      });
      const minor = page.getByRole('textbox', {
        name: words('itemEditor.weightMinor', { unit: metric ? 'g' : 'oz' }),
      });
      if (metric) {
        // Two pounds are 907 g: the whole weight goes in the kilograms, typed with a decimal.
        await expect(major).toHaveValue('');
        await expect(minor).toHaveValue('907');
        await emptyField(minor);
        await major.click();
        await major.pressSequentially(`0${d}75`);
        await expect(major).toHaveValue(`0${d}75`);
        // 750 g, kept as the pounds and ounces the item stores.
        await expect.poll(weightOf).toEqual({ pounds: 1, ounces: 10.46 });
        await page.reload();
        await expect(major).toHaveValue('');
        await expect(minor).toHaveValue('750');
      } else {
        await expect(major).toHaveValue('2');
        await emptyField(major);
        await major.pressSequentially('1.5');
        await expect(major).toHaveValue('1.5');
        await minor.pressSequentially('4.25');
        await expect(minor).toHaveValue('4.25');
        await expect.poll(weightOf).toEqual({ pounds: 1.5, ounces: 4.25 });
        await page.reload();
        await expect(major).toHaveValue('1.5');
        await expect(minor).toHaveValue('4.25');
      }

      // A quantity is whole units: a decimal separator is kept on screen and refused, never
      // dropped to make 15 of 1.5.
      const quantity = page.getByRole('textbox', {
        name: words('item.field.quantity'),
        exact: true,
      });
      await expect(quantity).toHaveValue('1');
      await quantity.click();
      await quantity.press('ControlOrMeta+a');
      await quantity.pressSequentially(`1${d}5`);
      await expect(quantity).toHaveValue(`1${d}5`);
      await expect(page.getByText(words('number.input.whole'), { exact: true })).toBeVisible();
      await quantity.press('Backspace');
      await quantity.press('Backspace');
      await quantity.pressSequentially('12');
      await expect(quantity).toHaveValue('112');
      await expect(page.getByText(words('number.input.whole'), { exact: true })).toHaveCount(0);
      await expect
        .poll(async () => (await storedItem(page.request, item)).generalDetails.quantity)
        .toBe(112);
      await page.reload();
      await expect(quantity).toHaveValue('112');
    });
  });
}
