import { expect, test } from '../support/test';
import { logInAtProvider } from '../support/auth';
import { seriousViolations } from '../support/axe';
import { createStore } from '../support/stores';
import { DEMO_OWNER, E2E_URLS } from '../support/urls';

/**
 * Issue 31: a custom website's page list is edited in the Manage panel, within the plan's page count, and
 * the index follows: a page added there is found by visitors, a page taken out no longer is, and the store
 * is neither deleted nor made again.
 */
test('an owner adds a page of the site in Manage, visitors find it; taken out again, it is gone', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/dashboard/stores');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await logInAtProvider(page, DEMO_OWNER.email, DEMO_OWNER.password);
  await expect(page.getByText('Welcome back')).toBeVisible();
  const snippet = await createStore(page, 'Pages Bakery');
  const storeId = /data-store-id="([^"]+)"/.exec(snippet)?.[1] ?? '';
  expect(storeId).not.toBe('');

  /** The titles a visitor's search for `q` lists. */
  const titles = async (q: string) => {
    const res = await page.request.get(`${E2E_URLS.app}/v1/stores/${storeId}/search?q=${encodeURIComponent(q)}`);
    expect(res.status()).toBe(200);
    return ((await res.json()) as { hits: { title: string }[] }).hits.map((h) => h.title);
  };
  const row = page.getByRole('row', { name: /Pages Bakery/ });
  const openPages = async () => {
    await page.goto('/dashboard/stores');
    await expect(row.getByText('done')).toBeVisible({ timeout: 45_000 });
    await row.getByRole('button', { name: /^Manage/ }).click();
    return page.getByRole('region', { name: 'Pages' });
  };

  // Made with its main URL only: the About page is not searched.
  let pages = await openPages();
  expect(await titles('Lindqvist')).toEqual([]);
  const about = pages.getByRole('checkbox', { name: `${E2E_URLS.demoSite}/about` });
  await expect(about).toHaveCount(0);
  await pages.getByRole('button', { name: 'Find more pages' }).click();
  await about.check();
  await expect(pages.getByText(/^2 of \d+ pages/)).toBeVisible();
  // The panel's changed screens (Pages in Details, the Widget tab's preview) pass every axe rule in both themes,
  // on a desktop and on a 390 px phone, where nothing overflows sideways.
  const found: string[] = [];
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const dark of [false, true]) {
      const isDark = await page.locator('html').evaluate((el) => el.classList.contains('dark'));
      if (isDark !== dark)
        await page.getByRole('button', { name: dark ? 'Switch to dark mode' : 'Switch to light mode' }).click();
      for (const tab of ['Widget', 'Details']) {
        await page.getByRole('tab', { name: tab }).click();
        const where = `${width} px, ${dark ? 'dark' : 'light'}, ${tab}`;
        found.push(...(await seriousViolations(page)).map((v) => `${where}: ${v}`));
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) found.push(`${where}: ${overflow} px wider than the window`);
      }
    }
  }
  expect(found).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(about).toBeChecked();
  await pages.getByRole('button', { name: 'Save pages' }).click();
  await expect(page.getByText('Pages saved. Only new pages are fetched; the index updates in a moment.')).toBeVisible();
  await expect.poll(() => titles('Lindqvist'), { timeout: 45_000 }).toContain('About us | Crumb & Co.');

  // Taken out again: the next sync hands search the main URL alone.
  pages = await openPages();
  await expect(about).toBeChecked();
  await about.uncheck();
  await pages.getByRole('button', { name: 'Save pages' }).click();
  await expect(page.getByText('Pages saved. Only new pages are fetched; the index updates in a moment.')).toBeVisible();
  await expect.poll(() => titles('Lindqvist'), { timeout: 45_000 }).toEqual([]);
  expect(await titles('sourdough')).not.toEqual([]);

  await openPages();
  await page.getByRole('button', { name: 'Delete Store' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Store' }).click();
  await expect(page.getByText('Store deleted successfully!')).toBeVisible();
});
