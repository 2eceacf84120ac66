import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { logInAtProvider } from '../support/auth';
import { seriousViolations } from '../support/axe';
import { serveCustomerPage } from '../support/fixture-site';
import { DEMO_OWNER, E2E_URLS } from '../support/urls';

/**
 * Issue 28's pinned answers: the owner pins a page of their store for a query in search tuning,
 * and a visitor's widget shows it first, marked; the zero-result e-mail's links open a new pin or
 * synonym rule for a query in the store's search tuning.
 */
test.describe.serial('pinned answers', () => {
  let context: BrowserContext;
  let page: Page;
  let storeId = '';
  let snippet = '';

  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext();
    page = await context.newPage();
  });
  test.afterAll(async () => {
    // The demo owner's allowance is small (the free widget and one per plan): the specs that follow create their own, so none is left behind.
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/dashboard/stores');
      const remove = page.getByRole('button', { name: 'Delete Pinned Bakery' });
      await expect(remove).toBeVisible({ timeout: 15_000 });
      await remove.click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Store' }).click();
      await expect(page.getByText('Store deleted successfully!')).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('the owner creates a store of the demo bakery with several pages', async () => {
    await page.goto('/dashboard/stores');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await logInAtProvider(page, DEMO_OWNER.email, DEMO_OWNER.password);
    await expect(page.getByText('Welcome back')).toBeVisible();
    await page.goto('/dashboard/create-store');
    await page.getByRole('button', { name: /SaaS/ }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Store Name').fill('Pinned Bakery');
    await page.getByLabel('Website URL').fill(E2E_URLS.demoSite);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('checkbox', { name: new RegExp(`^${E2E_URLS.demoSite}/?$`) })).toBeChecked({
      timeout: 20_000,
    });
    for (const path of ['pricing', 'menu', 'contact']) {
      await page.getByRole('checkbox', { name: new RegExp(`/${path}$`) }).check();
    }
    await page.getByRole('button', { name: 'Connect Custom Website' }).click();
    await expect(page.getByRole('heading', { name: /Search Bar Created!/ })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('design-status')).toHaveText('Design saved.');
    storeId = (await page.getByTestId('store-id').textContent())?.trim() ?? '';
    snippet = (await page.getByTestId('embed-code').textContent()) ?? '';
    expect(storeId).toMatch(/\S{6,}/);
    await page.goto('/dashboard/stores');
    await expect(page.getByTestId(`store-${storeId}`).getByText('done')).toBeVisible({ timeout: 45_000 });
  });

  test('the owner finds the pricing page and pins it for "catering" and a variant', async () => {
    // Before the pin, search puts another page first for "catering" (the contact page).
    const before = await page.request.get(`${E2E_URLS.app}/v1/stores/${storeId}/search?q=catering`);
    const hits = ((await before.json()) as { hits: { title: string; pinned?: boolean }[] }).hits;
    expect(hits[0].title).not.toMatch(/^Pricing\b/);
    expect(hits.some((h) => h.pinned)).toBe(false);
    await page.getByRole('button', { name: 'Manage Pinned Bakery' }).click();
    await page.getByRole('tab', { name: 'Search tuning' }).click();
    const pins = page.getByRole('group', { name: 'Pinned answers' });
    await expect(pins.getByText('No pinned answers yet.')).toBeVisible();
    await pins.getByLabel('Query to pin').fill('catering');
    await pins.getByLabel('Other phrasings of it (separate with commas)').fill('party food');
    await pins.getByLabel('Find a page of this store').fill('prices');
    await pins.getByLabel('Find a page of this store').press('Enter');
    await pins
      .getByRole('list', { name: 'Pages found' })
      .getByRole('button', { name: /^Pin Pricing/ })
      .click();
    await expect(pins.getByRole('list', { name: 'Pages to pin' })).toContainText('Pricing');
    await pins.getByRole('button', { name: 'Add pin' }).click();
    await expect(pins.getByRole('list', { name: 'Pages pinned for catering' })).toContainText('Pricing');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Search settings saved.')).toBeVisible();
  });

  test("a visitor's widget shows the pinned page first, marked, for the query and its variant", async ({ browser }) => {
    const site = await serveCustomerPage(snippet);
    const visitor = await browser.newContext();
    try {
      const customer = await visitor.newPage();
      await customer.goto(site.url);
      const box = customer.getByRole('combobox');
      await expect(box).toBeVisible();
      const results = customer.locator('#sniff-search [role=option].hit');
      // A save reaches every search replica within seconds (the one that took the push at once).
      await expect(async () => {
        await box.fill('');
        await box.pressSequentially('catering', { delay: 30 });
        await expect(results.first()).toContainText('Recommended', { timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      for (const query of ['Catering', 'party   food']) {
        await box.fill('');
        await box.pressSequentially(query, { delay: 30 });
        await expect(results.first()).toContainText('Recommended', { timeout: 5_000 });
        await expect(results.first().locator('.title')).toHaveText(/^Pricing\b/);
        // Only the pinned page carries the mark, and it is not listed twice.
        await expect(results.filter({ hasText: 'Recommended' })).toHaveCount(1);
        await expect(results.locator('.title', { hasText: /^Pricing\b/ })).toHaveCount(1);
      }
      // Other results still follow for the pinned query.
      await box.fill('');
      await box.pressSequentially('catering', { delay: 30 });
      await expect(results.nth(1).locator('.title')).toHaveText(/^Contact\b/);
      // A query nobody pinned shows no mark.
      await box.fill('');
      await box.pressSequentially('croissant', { delay: 30 });
      await expect(results.first()).toBeVisible();
      await expect(results.filter({ hasText: 'Recommended' })).toHaveCount(0);
    } finally {
      await visitor.close();
      await site.close();
    }
  });

  test("the e-mail's pin link opens the store's search tuning with a new pin for the query", async () => {
    await page.goto(`/dashboard/stores?store=${storeId}&tab=search&pin=${encodeURIComponent('opening hours')}`);
    await expect(page.getByRole('tab', { name: 'Search tuning' })).toHaveAttribute('aria-selected', 'true');
    const query = page.getByLabel('Query to pin');
    await expect(query).toHaveValue('opening hours');
    await expect(query).toBeFocused();
    await expect(page.getByRole('list', { name: 'Pages pinned for catering' })).toContainText('Pricing');
  });

  test('the pinned answers pass axe in both themes, on a desktop and a 390 px phone', async () => {
    test.setTimeout(120_000);
    const found: string[] = [];
    for (const [name, size] of Object.entries({
      desktop: { width: 1280, height: 900 },
      phone: { width: 390, height: 844 },
    })) {
      await page.setViewportSize(size);
      for (const dark of [false, true]) {
        await page.goto(`/dashboard/stores?store=${storeId}&tab=search&pin=catering%20prices`);
        const pins = page.getByRole('group', { name: 'Pinned answers' });
        await expect(pins.getByRole('list', { name: 'Pages pinned for catering' })).toContainText('Pricing');
        await pins.getByLabel('Find a page of this store').press('Enter');
        await expect(pins.getByRole('list', { name: 'Pages found' })).toBeVisible();
        const html = page.locator('html');
        if ((await html.evaluate((el) => el.classList.contains('dark'))) !== dark)
          await page.getByRole('button', { name: dark ? 'Switch to dark mode' : 'Switch to light mode' }).click();
        await expect(html).toHaveClass(dark ? /\bdark\b/ : /^(?!.*\bdark\b)/);
        const where = `${name}, ${dark ? 'dark' : 'light'}`;
        found.push(...(await seriousViolations(page)).map((v) => `${where}: ${v}`));
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) found.push(`${where}: the page is ${overflow}px wider than the window`);
        await pins.screenshot({ path: test.info().outputPath(`pins-${name}-${dark ? 'dark' : 'light'}.png`) });
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(found).toEqual([]);
  });

  test("the e-mail's synonym link starts a synonym rule; another store id opens nothing", async () => {
    await page.goto(`/dashboard/stores?store=${storeId}&tab=search&synonym=couch`);
    await expect(page.getByLabel('Words that mean the same (separate with commas)')).toHaveValue('couch, ');
    await page.goto(`/dashboard/stores?store=not-a-store-of-yours&tab=search&pin=x`);
    await expect(page.getByRole('alert')).toContainText('Store not found');
    await expect(page.getByRole('tab', { name: 'Search tuning' })).toHaveCount(0);
  });
});
