import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { logInAtProvider } from '../support/auth';
import { seriousViolations } from '../support/axe';
import { createStore } from '../support/stores';
import { DEMO_OWNER, E2E_URLS } from '../support/urls';

const PHONE = { width: 390, height: 844 };
/** One long word, as visitors type them (a pasted product code, a run-together phrase): it cannot wrap at a space. */
const LONG_QUERY = 'supercalifragilisticexpialidocioussourdoughwithextraalmondcreamfilling';

/** How far the document scrolls sideways (0: it fits). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A visitor's settled search on the store's own site, as the widget records it (the answer's searchId, then the event). */
async function searchOnTheSite(storeId: string, query: string): Promise<void> {
  const headers = { origin: E2E_URLS.demoSite };
  const answer = await fetch(`${E2E_URLS.app}/v1/stores/${storeId}/search?q=${encodeURIComponent(query)}`, { headers });
  expect(answer.status).toBe(200);
  const { searchId } = (await answer.json()) as { searchId: string };
  const event = await fetch(`${E2E_URLS.app}/v1/stores/${storeId}/events`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'search', query, searchId }),
  });
  expect(event.status).toBe(202);
}

/**
 * Issue 31: on a 390 px phone the Stores page keeps Manage and Delete on screen (they sat behind a sideways
 * scrollbar) and Analytics stays as wide as the phone with a long query in its panels (it grew to 426 px).
 */
test('Stores and Analytics fit a 390 px phone, with a store listed and a long query searched', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/dashboard/stores');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await logInAtProvider(page, DEMO_OWNER.email, DEMO_OWNER.password);
  await expect(page.getByText('Welcome back')).toBeVisible();
  const snippet = await createStore(page, 'Phone Width Bakery');
  const storeId = /data-store-id="([^"]+)"/.exec(snippet)?.[1] ?? '';
  await page.goto('/dashboard/stores');
  await expect(page.getByRole('row', { name: /Phone Width Bakery/ }).getByText('done')).toBeVisible({
    timeout: 45_000,
  });
  await searchOnTheSite(storeId, LONG_QUERY);

  await page.setViewportSize(PHONE);
  await page.reload();
  const row = page.getByRole('row', { name: /Phone Width Bakery/ });
  await expect(row).toBeVisible();
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  for (const name of ['Manage Phone Width Bakery', 'Delete Phone Width Bakery']) {
    // Measured where the page puts it: scrolling it into view would scroll the old table's box sideways.
    const box = (await page.getByRole('button', { name }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(PHONE.width);
  }
  // The rows as cards pass axe in both themes.
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Switch to light mode' }).click();

  // The searches reach analytics within moments: open the page until its panels hold the query.
  await expect(async () => {
    await page.goto('/dashboard/analytics');
    const select = page.getByLabel(/Select Custom URL/);
    const option = select.locator('option', { hasText: new URL(E2E_URLS.demoSite).host });
    await select.selectOption((await option.first().getAttribute('value')) ?? '');
    await expect(page.getByRole('region', { name: 'Top 10 Searches' }).getByText(LONG_QUERY)).toBeVisible({
      timeout: 3_000,
    });
  }).toPass({ timeout: 40_000 });
  const timeline = page.getByRole('region', { name: 'Search Terms Timeline (All Data)' });
  await expect(timeline.getByText(LONG_QUERY).first()).toBeVisible();
  expect(await sideways(page)).toBeLessThanOrEqual(0);

  // The demo owner's allowance is small (the free widget and one per plan): the specs after this one make theirs.
  await page.goto('/dashboard/stores');
  await page.getByRole('button', { name: 'Delete Phone Width Bakery' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Store' }).click();
  await expect(page.getByText('Store deleted successfully!')).toBeVisible();
});
