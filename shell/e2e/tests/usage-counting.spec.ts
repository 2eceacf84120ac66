import { expect, test } from '../support/test';
import { serveCustomerPage } from '../support/fixture-site';
import { createStore } from '../support/stores';
import { E2E_URLS } from '../support/urls';

/**
 * Issue 31: seven queries a visitor types over one another, then a click, read "1 of 500 searches". Each
 * query is a search (the plans page's WHAT_IS_A_SEARCH), whether or not the visitor paused between them.
 */
test('seven queries typed over one another and a click count as seven searches on the meter', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.goto('/dashboard/create-store');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByLabel('Name').fill('Counting Owner');
  await page.getByLabel('E-mail').fill(`counting-owner-${Date.now()}@example.com`);
  await page.getByLabel('Password').fill('a-good-password');
  await page.getByRole('button', { name: /create account|sign up/i }).click();
  await expect(page).toHaveURL(`${E2E_URLS.app}/dashboard/create-store`);
  const snippet = await createStore(page, 'Counting Bakery');
  await page.goto('/dashboard/stores');
  await expect(page.getByRole('row', { name: /Counting Bakery/ }).getByText('done')).toBeVisible({ timeout: 45_000 });

  const site = await serveCustomerPage(snippet);
  const visitor = await browser.newContext();
  try {
    const customer = await visitor.newPage();
    await customer.goto(site.url);
    const box = customer.getByRole('combobox');
    await box.click();
    for (const query of ['coffee', 'menu', 'hours', 'delivery', 'cake', 'tea', 'bread']) {
      // Select all and type the next query over the last, as visitors do, without waiting to settle.
      const answered = customer.waitForResponse(
        (res) => res.url().includes('/search?') && new URL(res.url()).searchParams.get('q') === query,
      );
      await box.press('ControlOrMeta+a');
      await box.pressSequentially(query, { delay: 30 });
      await answered;
    }
    // Enter opens the first result of "bread": a click, not another search.
    await Promise.all([customer.waitForURL((url) => url.href !== site.url), box.press('Enter')]);
  } finally {
    await visitor.close();
    await site.close();
  }

  await page.goto('/dashboard');
  const usage = page.getByRole('region', { name: 'Searches this month' });
  await expect(async () => {
    await page.reload();
    await expect(usage).toContainText('7 of 500 searches this month', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
});
