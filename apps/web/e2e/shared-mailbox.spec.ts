import { expect, logIn, test } from './support/fixtures.ts';
import { scanWithoutHover } from './support/page-checks.ts';
import { addAccountMember } from './support/signatures.ts';
import { createInvitedUser } from './support/users.ts';

test('a viewer opens their own mailbox first; the shared one says whose it is and the role', async ({
  page,
  user,
}) => {
  const viewer = await createInvitedUser('Ben');
  await addAccountMember(user.email, viewer.email, 'viewer');

  await logIn(page, viewer);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const switcher = page.getByRole('combobox', { name: 'Mailbox' });
  await expect(switcher.locator('option:checked')).toHaveText('Ben Mustermann (Personal)');
  await expect(switcher.locator('option')).toHaveText([
    'Ben Mustermann (Personal)',
    `${user.firstName} Mustermann (Shared with you, read only)`,
  ]);
  await scanWithoutHover(page);

  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/profile') && response.request().method() === 'PATCH',
  );
  await page.getByRole('banner').getByLabel('Language').selectOption('de');
  expect((await saved).status()).toBe(200);
  const postfach = page.getByRole('combobox', { name: 'Postfach' });
  await expect(postfach.locator('option')).toHaveText([
    'Ben Mustermann (Persönlich)',
    `${user.firstName} Mustermann (Mit Ihnen geteilt, nur lesen)`,
  ]);
});
