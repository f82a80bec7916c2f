import { expect, test } from './support/test';
import { expectNoSeriousAxeViolations } from './support/axe';
import { signInAsDemo } from './support/demo';
import { emptyField } from './support/items';
import type { ApiItem } from './support/listings';

/**
 * The item editor's AI helper with no AI server configured (the offline helper): the seller
 * types a title, asks for a suggestion, sees it beside what they typed, uses it, and it is
 * saved. Nothing they typed changes until they choose Use this.
 */
test.describe('the AI helper in the item editor', () => {
  test('suggests a title from the item’s details, the seller uses it, and it is saved', async ({
    page,
    baseURL,
  }) => {
    await signInAsDemo(page);
    const run = Date.now().toString(36);
    const created = await page.request.post('/api/account/item', {
      headers: { Origin: baseURL! },
      data: {
        generalDetails: {
          title: `AI helper placeholder ${run}`,
          brand: 'Barbour',
          size: 'L',
          primaryColor: 'Olive',
          condition: 'like_new',
          category: 'Men › Coats',
          price: 80,
        },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const item = ((await created.json()) as { item: ApiItem }).item;

    await page.goto(`/app/inventory/${item.itemID}`);
    const title = page.getByRole('textbox', { name: 'Title', exact: true });
    await expect(title).toHaveValue(`AI helper placeholder ${run}`);
    await emptyField(title);
    const typed = `barbour wax jacket ${run}`;
    await title.pressSequentially(typed);

    const helper = page.getByRole('region', { name: 'AI helper' });
    await helper.getByRole('button', { name: 'Suggest a title' }).click();
    await expect(helper.getByText('Written offline from your item’s details')).toBeVisible();
    const suggested = `${typed} Olive Coats Size L Like new`;
    const offer = helper.getByRole('group', { name: 'Title' });
    await expect(offer.getByText(typed, { exact: true })).toBeVisible();
    await expect(offer.getByText(suggested, { exact: true })).toBeVisible();
    // Asking changed nothing the seller typed.
    await expect(title).toHaveValue(typed);

    await helper.getByRole('button', { name: 'Suggest details' }).click();
    await expect(
      helper.getByRole('group', { name: 'Brand' }).getByText('Same as yours'),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'Item editor, AI helper with suggestions');

    await offer.getByRole('button', { name: 'Use this' }).click();
    await expect(title).toHaveValue(suggested);
    await expect(offer).toBeHidden();
    await expect(helper.getByText('Used the suggestion for Title.')).toBeVisible();
    // Saved as if typed: the server has it before the page is read again.
    await expect
      .poll(async () => {
        const stored = await page.request.get(`/api/account/item/${item.userID}/${item.itemID}`);
        return ((await stored.json()) as { item: ApiItem }).item.generalDetails.title;
      })
      .toBe(suggested);

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(suggested);
    await expect(page.getByRole('heading', { name: suggested, level: 1 })).toBeVisible();
  });
});
