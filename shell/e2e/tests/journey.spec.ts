import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { logInAtProvider, waitForHydration } from '../support/auth';
import { serveCustomerPage } from '../support/fixture-site';
import { DEMO_OWNER, E2E_URLS } from '../support/urls';

/**
 * The core journey of issue 2, in order, as one owner: sign in, create a widget for the demo
 * website, watch it index, embed it on another origin, search with a typo, read analytics,
 * delete the store, sign out.
 */
test.describe.serial('owner journey', () => {
  let context: BrowserContext;
  let page: Page;
  let storeId = '';
  let snippet = '';

  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext();
    page = await context.newPage();
  });
  test.afterAll(async () => context.close());

  test('landing page comes from the marketing remote with Sign Up and Login', async () => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign Up' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' }).first()).toBeVisible();
  });

  test('signed out, the dashboard asks to sign in, then returns to the wanted page', async () => {
    await page.goto('/dashboard/stores');
    await expect(page.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
    await expect(
      page.getByText("Don't have an account? Sign up to get started with your 3-day free trial."),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await logInAtProvider(page, DEMO_OWNER.email, DEMO_OWNER.password);
    await expect(page).toHaveURL(`${E2E_URLS.app}/dashboard/stores`);
    await expect(page.getByText('Welcome back')).toBeVisible();
  });

  test('dashboard chrome: sidebar, collapse, unknown path, theme survives reload', async () => {
    const nav = page.getByRole('navigation');
    for (const label of [
      'Dashboard',
      'Create Search Widget',
      'Manage Your Widgets',
      'Installation Guide',
      'Analytics',
      'Subscribe',
    ]) {
      await expect(nav.getByRole('link', { name: label })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await page.getByRole('button', { name: 'Expand sidebar' }).click();

    await page.goto('/dashboard/no-such-page');
    await expect(page).toHaveURL(`${E2E_URLS.app}/dashboard`);

    const html = page.locator('html');
    const wasDark = await html.evaluate((el) => el.classList.contains('dark'));
    await page.getByRole('button', { name: wasDark ? 'Switch to light mode' : 'Switch to dark mode' }).click();
    await expect(html).toHaveClass(wasDark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
    await page.reload();
    await expect(page.getByText('Welcome back')).toBeVisible();
    expect(await html.evaluate((el) => el.classList.contains('dark'))).toBe(!wasDark);
  });

  test('user menu shows the name and e-mail', async () => {
    await page.getByRole('button', { name: /user menu|account/i }).click();
    await expect(page.getByText(DEMO_OWNER.email)).toBeVisible();
    await expect(page.getByText(DEMO_OWNER.name).first()).toBeVisible();
    await page.keyboard.press('Escape');
  });

  test('create a search widget for the demo website', async () => {
    // From the overview, which loads the owner's store list, to the wizard without a reload.
    await page.goto('/dashboard');
    const actions = page.getByRole('region', { name: 'Quick Actions' });
    await expect(actions.getByRole('button', { name: /^Create (Another )?Search Widget$/ })).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'Create Search Widget' }).click();
    await page.getByRole('button', { name: /SaaS/ }).click();
    await page.getByRole('button', { name: 'Next' }).click();

    const name = page.getByLabel('Store Name');
    const url = page.getByLabel('Website URL');
    await name.fill('Demo Bakery');
    await url.fill('not a url at all');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Invalid URL format for website.')).toBeVisible();

    await url.fill(E2E_URLS.demoSite);
    await page.getByRole('button', { name: 'Next' }).click();

    // Page discovery: the main URL is always checked; unticking it says why and leaves it ticked.
    const main = page.getByRole('checkbox', { name: new RegExp(`^${E2E_URLS.demoSite}/?$`) });
    await expect(main).toBeChecked({ timeout: 20_000 });
    await main.click();
    await expect(main).toBeChecked();
    await expect(page.getByText('Main URL must always be selected.')).toBeVisible();
    const pricing = page.getByRole('checkbox', { name: /pricing/ });
    await pricing.check();

    await page.getByRole('button', { name: 'Connect Custom Website' }).click();
    await expect(page.getByRole('heading', { name: /Search Bar Created!/ })).toBeVisible({ timeout: 20_000 });
    storeId = (await page.getByTestId('store-id').textContent())?.trim() ?? '';
    expect(storeId).toMatch(/\S{6,}/);

    const code = page.getByTestId('embed-code');
    snippet = (await code.textContent()) ?? '';
    expect(snippet).toContain('<div id="sniff-search"></div>');
    expect(snippet).toContain('saas-embed.js');
    expect(snippet).toContain(`data-store-id="${storeId}"`);
    expect(snippet).toContain('data-platform="custom"');
    expect(snippet).toContain('data-type="business"');
    expect(snippet).toContain('data-size=');
    expect(snippet).toContain('data-rounded=');

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy Code' }).click();
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy Code' })).toBeVisible({ timeout: 5_000 });
  });

  test('without a reload, the overview and analytics show the new widget, from one store list', async () => {
    const lists: string[] = [];
    const onRequest = (request: { url(): string }) => {
      if (request.url().endsWith('/api/stores/managestores/list-stores')) lists.push(request.url());
    };
    page.on('request', onRequest);
    try {
      const nav = page.getByRole('navigation');
      await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
      const widgets = page.getByRole('region', { name: 'Your widgets' });
      await expect(widgets.getByRole('link', { name: 'Demo Bakery' })).toBeVisible();
      await nav.getByRole('link', { name: 'Analytics', exact: true }).click();
      await expect(page.getByLabel(/Select Custom URL/)).toContainText(E2E_URLS.demoSite);
      // The creation had the one list asked again (or dropped, then asked by the overview): analytics asks nothing.
      expect(lists.length).toBeLessThanOrEqual(1);
    } finally {
      page.off('request', onRequest);
    }
  });

  test('Manage Your Widgets shows the store reaching done', async () => {
    await page.goto('/dashboard/stores');
    const row = page.getByTestId(`store-${storeId}`);
    await expect(row).toContainText('Demo Bakery');
    await expect(row).toContainText('custom');
    await expect(row.getByText('done')).toBeVisible({ timeout: 45_000 });
  });

  test('before any visitor searched, the overview counts no searches this month', async () => {
    await page.goto('/dashboard');
    const usage = page.getByRole('region', { name: 'Searches this month' });
    await expect(usage).toContainText('0 of 10,000 searches this month');
  });

  test('the widget on another origin finds a page despite a typo', async ({ browser }) => {
    const site = await serveCustomerPage(snippet);
    const visitor = await browser.newContext();
    try {
      const customer = await visitor.newPage();
      await customer.goto(site.url);
      const box = customer.getByRole('combobox');
      await expect(box).toBeVisible();
      await box.click();
      await box.pressSequentially('pricng', { delay: 40 });
      const options = customer.getByRole('option');
      await expect(options.first()).toContainText(/pric/i, { timeout: 5_000 });
      await box.press('ArrowDown');
      await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
      // Settle on the query, then search for something the site does not have.
      await customer.waitForTimeout(2_000);
      await box.fill('');
      await box.pressSequentially('zzqxv', { delay: 40 });
      await expect(customer.getByText(/No results/)).toBeVisible();
      await customer.waitForTimeout(2_000);
      // Enter opens the active result.
      await box.fill('');
      await box.pressSequentially('pricng', { delay: 40 });
      await expect(options.first()).toBeVisible();
      await box.press('ArrowDown');
      await Promise.all([customer.waitForURL(/pricing/), box.press('Enter')]);
    } finally {
      await visitor.close();
      await site.close();
    }
  });

  test("the visitor's searches move the usage meter", async () => {
    await page.goto('/dashboard');
    const usage = page.getByRole('region', { name: 'Searches this month' });
    // Three queries typed (17 keystrokes): three searches, counted within a couple of seconds.
    await expect(async () => {
      await page.reload();
      await expect(usage).toContainText('3 of 10,000 searches this month', { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  });

  test('analytics shows the settled query and the zero-result query', async () => {
    await page.goto('/dashboard/analytics');
    const select = page.getByLabel(/Select Custom URL/);
    const option = select.locator('option', { hasText: new URL(E2E_URLS.demoSite).host });
    await expect(option).toHaveCount(1);
    await select.selectOption((await option.getAttribute('value')) ?? '');
    const timeline = page.getByRole('region', { name: /Search Terms Timeline/ });
    await expect(timeline).toContainText('pricng', { timeout: 20_000 });
    const zeroes = page.getByRole('region', { name: 'Zero-Result Queries' });
    await expect(zeroes).toContainText('zzqxv');
  });

  test('analytics: trends as a chart and a table, a range for every panel, CSV export', async () => {
    const trends = page.getByRole('region', { name: 'Search Trends' });
    await expect(trends).toContainText(/\d+ searches in the last 30 days/);
    await expect(trends.locator('.analytics-chart canvas').first()).toBeVisible();
    // The legend names the lines; no "--" placeholders before the pointer is over the chart.
    await expect(trends.locator('.analytics-chart').first()).toContainText('Searches');
    await expect(trends.locator('.analytics-chart').first()).not.toContainText('--');
    await trends.getByText('Show as table').click();
    await expect(trends.getByRole('table')).toBeVisible();
    await page.getByRole('radio', { name: 'Last 7 days' }).check();
    await expect(trends).toContainText(/\d+ searches in the last 7 days/);
    const top = page.getByRole('region', { name: 'Top 10 Searches' });
    await expect(top.getByRole('listitem').first()).toContainText(/^1\./);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      top.getByRole('button', { name: 'Export CSV of Top 10 Searches' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('sniff-top-10-searches-7d.csv');
    const csv = await (await download.createReadStream()).toArray();
    const lines = Buffer.concat(csv).toString('utf8').trim().split('\n');
    expect(lines[0]).toBe('rank,query,count');
    expect(lines[1]).toMatch(/^1,/);
  });

  test('an owner hides a suggestion in Search tuning, and visitors no longer see it', async ({ browser }) => {
    const site = await serveCustomerPage(snippet);
    const visitor = await browser.newContext();
    /** The suggestions the widget offers a visitor who types `text` on a fresh page. */
    const suggestionsFor = async (text: string) => {
      const customer = await visitor.newPage();
      await customer.goto(site.url);
      const box = customer.getByRole('combobox');
      await box.click();
      await box.pressSequentially(text, { delay: 40 });
      await expect(customer.getByRole('option').first()).toBeVisible();
      const labels = await customer
        .locator('[role=option][aria-label^="Search for"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
      await customer.close();
      return labels;
    };
    try {
      expect(await suggestionsFor('pric')).toContain('Search for pricing');

      await page.goto('/dashboard/stores');
      await page.getByRole('button', { name: 'Manage Demo Bakery' }).click();
      await page.getByRole('tab', { name: 'Search tuning' }).click();
      // One visitor so far: nothing is popular enough to be suggested to everyone.
      await expect(page.getByText('No popular searches are suggested yet.', { exact: false })).toBeVisible();
      await page.getByLabel('Hide a suggestion (as visitors see it)').fill('Pricing');
      await page.getByRole('button', { name: 'Hide', exact: true }).click();
      await expect(page.getByRole('list', { name: 'Hidden suggestions' })).toContainText('pricing');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Search settings saved.')).toBeVisible();

      // The search answers may be reused for two seconds: the next visitor sees the change after that.
      await expect
        .poll(() => suggestionsFor('pric'), { timeout: 15_000, intervals: [2_500] })
        .not.toContain('Search for pricing');
    } finally {
      await visitor.close();
      await site.close();
    }
  });

  test("keys typed before the widget's second script arrives are searched when it lands; without it, the box says so", async ({
    browser,
  }) => {
    const site = await serveCustomerPage(snippet);
    const visitor = await browser.newContext();
    const secondScript = /\/widget\/search\.[0-9a-f]+\.js$/;
    try {
      // Held back until the visitor has typed (the page's load event waits for it: wait for the DOM only).
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let asked = 0;
      await visitor.route(secondScript, async (route) => {
        asked += 1;
        await held;
        await route.continue();
      });
      const customer = await visitor.newPage();
      await customer.goto(site.url, { waitUntil: 'domcontentloaded' });
      const box = customer.getByRole('combobox');
      await box.click();
      await box.pressSequentially('pricng', { delay: 40 });
      expect(asked).toBe(1);
      await expect(customer.getByRole('option')).toHaveCount(0);
      release();
      await expect(customer.getByRole('option').first()).toContainText(/pric/i, { timeout: 5_000 });
      await expect(box).toHaveAttribute('aria-expanded', 'true');
      await customer.close();

      await visitor.unrouteAll();
      await visitor.route(secondScript, (route) => route.abort());
      const failing = await visitor.newPage();
      await failing.goto(site.url);
      const failingBox = failing.getByRole('combobox');
      await failingBox.click();
      await failingBox.pressSequentially('pricing', { delay: 40 });
      await expect(failing.getByRole('status').filter({ hasText: 'Search is unavailable right now.' })).toBeVisible();
      await expect(failingBox).toHaveAttribute('aria-expanded', 'true');
    } finally {
      await visitor.close();
      await site.close();
    }
  });

  test('deleting a store asks first and removes it', async () => {
    await page.goto('/dashboard/stores');
    await page.getByRole('button', { name: 'Delete Demo Bakery' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Delete Demo Bakery?' });
    await expect(ask).toContainText('Are you sure you want to delete this store? This action cannot be undone.');
    // Focus is in the dialog; Escape cancels and nothing is deleted.
    await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(ask).toBeHidden();
    await expect(page.getByRole('button', { name: 'Delete Demo Bakery' })).toBeFocused();
    await page.getByRole('button', { name: 'Delete Demo Bakery' }).click();
    await ask.getByRole('button', { name: 'Delete Store' }).click();
    await expect(page.getByText('Store deleted successfully!')).toBeVisible();
    await expect(page.getByText('No stores yet')).toBeVisible();
  });

  test('signed in, Login on the public site still asks the provider for the password (forced prompt)', async () => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Login' }).first().click();
    await expect(page.getByLabel('Password')).toBeVisible();
    await logInAtProvider(page, DEMO_OWNER.email, DEMO_OWNER.password);
    await expect(page.getByText('Welcome back')).toBeVisible();
  });

  test('sign out returns to the site origin, signed out', async () => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /user menu|account/i }).click();
    await page
      .getByRole('menuitem', { name: 'Sign out' })
      .or(page.getByRole('button', { name: 'Sign out' }))
      .click();
    await expect(page).toHaveURL(new RegExp(`^${E2E_URLS.app}/?$`));
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
  });
});
