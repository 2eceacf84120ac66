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

test("a new owner's first wizard call, right on the page the sign-up returns to, is sent and answered", async ({
  page,
}) => {
  // A slow machine (as on CI): the wizard's code arrives after the shell's own calls have finished,
  // so the wizard's first call is the first action after its API joined the store.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.goto('/dashboard/create-store');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(new RegExp(`^${E2E_URLS.idp}`));
  await page.getByLabel('Name').fill('Quick Owner');
  await page.getByLabel('E-mail').fill(`quick-owner-${Date.now()}@example.com`);
  await page.getByLabel('Password').fill('a-good-password');
  await page.getByRole('button', { name: /create account|sign up/i }).click();
  await expect(page).toHaveURL(`${E2E_URLS.app}/dashboard/create-store`);
  // A free owner: Next first checks the widget limit (stores list), then discovers the site's pages.
  await page.getByRole('button', { name: /SaaS/ }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Store Name').fill('Quick Bakery');
  await page.getByLabel('Website URL').fill(E2E_URLS.demoSite);
  const discovery = page.waitForRequest('**/api/stores/crawl/map');
  await page.getByRole('button', { name: 'Next' }).click();
  await discovery;
  await expect(page.getByRole('checkbox', { name: new RegExp(`^${E2E_URLS.demoSite}/?$`) })).toBeChecked({
    timeout: 20_000,
  });
  await expect(page.getByRole('alert')).toHaveCount(0);
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
