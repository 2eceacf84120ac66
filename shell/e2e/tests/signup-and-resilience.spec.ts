import { expect, test } from '../support/test';
import { logInAtProvider, waitForHydration } from '../support/auth';
import { DEMO_OWNER, E2E_URLS } from '../support/urls';

test('Create Account opens the sign-up form and makes a free account', async ({ page }) => {
  const email = `new-owner-${Date.now()}@example.com`;
  await page.goto('/dashboard/analytics');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(new RegExp(`^${E2E_URLS.idp}`));
  await page.getByLabel('Name').fill('New Owner');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('a-good-password');
  await page.getByRole('button', { name: /create account|sign up/i }).click();
  await expect(page).toHaveURL(`${E2E_URLS.app}/dashboard/analytics`);
  // New sign-ups are free users: analytics is for upgraded plans.
  await expect(
    page.getByText('This feature is for upgraded plans. Please upgrade to use analytics and insights.'),
  ).toBeVisible();
});

test('Sign Up and Login on the pre-rendered landing page open the provider and land on the dashboard', async ({
  page,
}) => {
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Sign Up' }).first().click();
  await expect(page).toHaveURL(new RegExp(`^${E2E_URLS.idp}`));
  await expect(page.getByLabel('Name')).toBeVisible(); // the sign-up form, not the login form
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Login' }).first().click();
  await logInAtProvider(page, DEMO_OWNER.email, DEMO_OWNER.password);
  await expect(page).toHaveURL(`${E2E_URLS.app}/dashboard`);
  await expect(page.getByText('Welcome back')).toBeVisible();
});

test('a remote that cannot load shows a panel while the rest of the shell works', async ({ page }) => {
  await page.route('**/remotes.json', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { remotes: { name: string; entry: string }[] };
    body.remotes = body.remotes.map((r) =>
      r.name === 'mfe_stores' ? { ...r, entry: '/remotes/missing/mf-manifest.json' } : r,
    );
    await route.fulfill({ response: res, json: body });
  });
  await page.goto('/dashboard/stores');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await logInAtProvider(page, DEMO_OWNER.email, DEMO_OWNER.password);
  await expect(page.getByText(/could not load/i)).toBeVisible();
  // Never the federation runtime's codes (RUNTIME-xxx) or the remote's internal name.
  await expect(page.getByText(/RUNTIME-|mfe_stores/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Try again' }).focus();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeFocused();
  // The rest of the dashboard keeps working.
  await page.getByRole('navigation').getByRole('link', { name: 'Create Search Widget' }).click();
  await expect(page.getByText('Select Your Website Platform')).toBeVisible();
});
