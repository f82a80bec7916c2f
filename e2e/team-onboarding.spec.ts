import { expect, test, type Page } from './support/test';
import { expectNoSeriousAxeViolations } from './support/axe';
import { resetServerClock, shiftServerClock } from './support/clock';
import { onPath } from './support/demo';
import { joinLinkMailedTo, temporaryPasswordMailedTo } from './support/mail';

const FIVE_DAYS_AND_A_MINUTE = 5 * 24 * 60 * 60 * 1000 + 60_000;

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** Invites a member from the Team screen, as the owner does, with the role given. */
async function inviteMember(page: Page, member: { email: string; name: string; role: string }) {
  await page.getByRole('tab', { name: 'Members' }).click();
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.getByLabel('E-mail').pressSequentially(member.email);
  await dialog.getByLabel('Name').pressSequentially(member.name);
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: member.role }).click();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    page.getByText(`An e-mail with a temporary password was sent to ${member.email}.`),
  ).toBeVisible();
}

test.describe('a new seller builds a team', () => {
  // A control that never appears fails in seconds, not at the end of the journey's long budget.
  test.use({ actionTimeout: 15_000 });

  test.afterEach(async () => {
    await resetServerClock();
  });

  test('signs up, onboards, invites a lister who joins from the e-mail, sees only their role, and shows in the activity log', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const run = Date.now();
    const owner = { email: `owner-${run}@listloop.local`, password: 'owner-password-1' };

    // Sign up from the sign-in page.
    await page.goto('/login');
    await page.getByRole('link', { name: 'New to ListLoop? Create an account' }).click();
    await expect(page).toHaveURL(onPath('/sign-up'));
    await expectNoSeriousAxeViolations(page, 'Sign up');
    await page.getByLabel('Company name').pressSequentially(`Second Life ${run}`);
    await page.getByLabel('First name').pressSequentially('Olivia');
    await page.getByLabel('Last name').pressSequentially('Owner');
    await page.getByLabel('Email').pressSequentially(owner.email);
    await page.getByLabel(/^New password/).pressSequentially(owner.password);
    await page.getByLabel(/^Confirm new password/).pressSequentially(owner.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    // The seven steps of onboarding, each saved as it goes.
    await expect(page).toHaveURL(onPath('/onboarding'));
    await expect(page.getByRole('heading', { name: 'Where do you sell the most?' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'Onboarding');
    await page.getByRole('radio', { name: /Etsy/ }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(
      page.getByRole('heading', { name: 'Which marketplaces do you want to sell on?' }),
    ).toBeVisible();
    await page.getByRole('checkbox', { name: /Etsy/ }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Number of items').pressSequentially('240');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('radio', { name: /Create new items in ListLoop/ })).toBeVisible();
    await page.getByRole('radio', { name: /Create new items in ListLoop/ }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Title template').pressSequentially('{brand} {title}');
    await page.getByLabel('Description template').pressSequentially('Pre-loved, measured flat.');
    await page.getByRole('button', { name: 'Next' }).click();
    const contactEmail = page.getByLabel('Email');
    await expect(contactEmail).toBeVisible();
    if ((await contactEmail.inputValue()) === '') await contactEmail.pressSequentially(owner.email);
    const fullName = page.getByLabel('Full Name');
    await fullName.clear();
    await fullName.pressSequentially('Olivia Owner');
    await page.getByLabel('Role').pressSequentially('Founder');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Ready to go' })).toBeVisible();
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page).toHaveURL(onPath('/'));

    // A role for listing: items, nothing else.
    await nav(page).getByRole('link', { name: 'Team' }).click();
    await expect(page).toHaveURL(onPath('/app/team'));
    await page.getByRole('tab', { name: 'Roles' }).click();
    await page.getByRole('button', { name: 'Create role' }).click();
    const editor = page.getByRole('dialog', { name: 'Create a role' });
    await editor.getByRole('textbox', { name: 'Name', exact: true }).pressSequentially('admin');
    await editor.getByRole('button', { name: 'Save role' }).click();
    await expect(
      editor.getByText('Name must not be one of the following values: admin, viewer'),
    ).toBeVisible();
    await editor.getByRole('textbox', { name: 'Name', exact: true }).clear();
    await editor.getByRole('textbox', { name: 'Name', exact: true }).pressSequentially('listers');
    await editor.getByRole('checkbox', { name: 'View items' }).check();
    await editor.getByRole('checkbox', { name: 'Create and edit items' }).check();
    await editor.getByRole('button', { name: 'Save role' }).click();
    await expect(page.getByText('The role listers was saved.')).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'Team roles');

    // The lister is invited and joins from the e-mail, choosing their own password.
    const lister = { email: `lister-${run}@listloop.local`, name: 'Lena Lister', role: 'listers' };
    await inviteMember(page, lister);
    await expectNoSeriousAxeViolations(page, 'Team members');
    const temporaryPassword = await temporaryPasswordMailedTo(lister.email);
    const joinLink = await joinLinkMailedTo(lister.email);

    const listerContext = await browser.newContext();
    const listerPage = await listerContext.newPage();
    await listerPage.goto(joinLink);
    await listerPage.getByLabel('Email').pressSequentially(lister.email);
    await listerPage.getByLabel(/^Temporary password/).pressSequentially(temporaryPassword);
    // The temporary password is not accepted as the new one.
    await listerPage.getByLabel(/^New password/).pressSequentially(temporaryPassword);
    await listerPage.getByLabel(/^Confirm new password/).pressSequentially(temporaryPassword);
    await listerPage.getByRole('button', { name: 'Join team' }).click();
    await expect(
      listerPage.getByText('Choose a new password, not the temporary one.'),
    ).toBeVisible();
    await listerPage.getByLabel(/^New password/).clear();
    await listerPage.getByLabel(/^New password/).pressSequentially('listing-all-day-1');
    await listerPage.getByLabel(/^Confirm new password/).clear();
    await listerPage.getByLabel(/^Confirm new password/).pressSequentially('listing-all-day-1');
    await listerPage.getByRole('button', { name: 'Join team' }).click();
    await expect(listerPage).toHaveURL((url) => url.pathname === '/');

    // Only what the role allows: the inventory, not the team, the activity log or sales.
    await expect(nav(listerPage).getByRole('link', { name: 'Inventory' })).toBeVisible();
    await expect(nav(listerPage).getByRole('link', { name: 'Team' })).toHaveCount(0);
    await expect(nav(listerPage).getByRole('link', { name: 'Activity' })).toHaveCount(0);
    await expect(nav(listerPage).getByRole('link', { name: 'Sales' })).toHaveCount(0);

    // The lister makes an item.
    const title = `Wool peacoat ${run}`;
    await nav(listerPage).getByRole('link', { name: 'Inventory' }).click();
    await listerPage.getByRole('link', { name: 'New item' }).click();
    await listerPage.getByRole('textbox', { name: 'Title', exact: true }).pressSequentially(title);
    await listerPage
      .getByRole('textbox', { name: 'Price', exact: true })
      .pressSequentially('64.90');
    await listerPage.getByRole('button', { name: 'Create item' }).click();
    await expect(listerPage.getByRole('heading', { name: title })).toBeVisible();
    await listerContext.close();

    // The owner finds it in the activity log, by the lister's name.
    await nav(page).getByRole('link', { name: 'Activity' }).click();
    await expect(page).toHaveURL(onPath('/app/activity'));
    await expect(page.getByText(`Lena Lister created “${title}”`)).toBeVisible();
    await expect(page.getByText(`Olivia Owner invited “${lister.email}”`)).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'Activity');

    // An invitation left past its five days is refused with a clear message.
    await nav(page).getByRole('link', { name: 'Team' }).click();
    const late = { email: `late-${run}@listloop.local`, name: 'Larry Late', role: 'listers' };
    await inviteMember(page, late);
    const latePassword = await temporaryPasswordMailedTo(late.email);
    await shiftServerClock(FIVE_DAYS_AND_A_MINUTE);

    await page.reload();
    const lateRow = page.getByRole('row', { name: new RegExp(late.email) });
    await expect(lateRow.getByText('Invitation expired')).toBeVisible();

    const lateContext = await browser.newContext();
    const latePage = await lateContext.newPage();
    await latePage.goto(await joinLinkMailedTo(late.email));
    await latePage.getByLabel('Email').pressSequentially(late.email);
    await latePage.getByLabel(/^Temporary password/).pressSequentially(latePassword);
    await latePage.getByLabel(/^New password/).pressSequentially('too-late-to-join-1');
    await latePage.getByLabel(/^Confirm new password/).pressSequentially('too-late-to-join-1');
    await latePage.getByRole('button', { name: 'Join team' }).click();
    await expect(
      latePage.getByText(
        'Your temporary password has expired. Ask your team administrator for a new invitation.',
      ),
    ).toBeVisible();
    await expect(latePage).toHaveURL(onPath('/join-team'));
    await lateContext.close();
  });
});
