import { E2E_PORT } from './support/environment.ts';
import { expect, logIn, test } from './support/fixtures.ts';

const storage = (key: string) => `kuvert.${key}`;

test('an auth route without a session goes to /login and comes back after login', async ({
  page,
  user,
}) => {
  await page.goto('/folders?sort=name');
  await expect(page).toHaveURL('/login?redirect=%2Ffolders%3Fsort%3Dname');
  await page.getByLabel(/e-mail/i).fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/folders?sort=name');
  await expect(page.getByRole('heading', { level: 1, name: 'Folders' })).toBeVisible();
});

test('logging in works at 127.0.0.1 although PUBLIC_URL names localhost', async ({
  page,
  user,
}) => {
  // The start-up log prints the addresses the server listens on; each of them must work.
  await page.goto(`http://127.0.0.1:${E2E_PORT}/login`);
  await page.getByLabel(/e-mail/i).fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  expect(new URL(page.url()).host).toBe(`127.0.0.1:${E2E_PORT}`);
  await expect(page.getByText(/reload the page/i)).toHaveCount(0);
});

test('a foreign redirect target is ignored', async ({ page, user }) => {
  await logIn(page, user, '/login?redirect=//evil.example/x');
  await expect(page).toHaveURL('/');
});

test('wrong credentials show a translated error and keep the user logged out', async ({
  page,
  user,
}) => {
  await page.goto('/login');
  await page.getByLabel(/e-mail/i).fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The e-mail address or password is not correct.',
  );
  expect(await page.evaluate(() => localStorage.getItem('kuvert.loginExpiry'))).toBeNull();
});

test('login stores expiry and CSRF token; logout clears them but keeps the login token', async ({
  page,
  user,
}) => {
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const stored = () =>
    page.evaluate(
      (keys) => keys.map((key) => localStorage.getItem(key)),
      [storage('loginExpiry'), storage('csrfToken'), storage('loginToken')],
    );
  const [expiry, csrf, loginToken] = await stored();
  expect(Date.parse(expiry ?? '')).toBeGreaterThan(Date.now());
  expect(csrf).toBeTruthy();
  expect(loginToken).toBeTruthy();

  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/login');
  expect(await stored()).toEqual([null, null, loginToken]);

  // The server session is gone too: the guard sends a reload of a portal page to login.
  await page.goto('/profile');
  await expect(page).toHaveURL('/login?redirect=%2Fprofile');
});

test('the cached first name greets the user in the menu', async ({ page, user }) => {
  await logIn(page, user);
  await expect(page.getByRole('button', { name: `${user.firstName} Account menu` })).toBeVisible();
});
