import { expect, type Page } from '@playwright/test';
import { E2E_URLS } from './urls';

/** Creates a store for the demo website in the wizard; returns the snippet step 4 shows once saved. */
export async function createStore(page: Page, name: string): Promise<string> {
  await page.goto('/dashboard/create-store');
  await page.getByRole('button', { name: /SaaS/ }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Store Name').fill(name);
  await page.getByLabel('Website URL').fill(E2E_URLS.demoSite);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('checkbox', { name: new RegExp(`^${E2E_URLS.demoSite}/?$`) })).toBeChecked({
    timeout: 20_000,
  });
  await page.getByRole('button', { name: 'Connect Custom Website' }).click();
  await expect(page.getByRole('heading', { name: /Search Bar Created!/ })).toBeVisible({ timeout: 20_000 });
  // The design is saved right away; the code shown is the saved one.
  await expect(page.getByTestId('design-status')).toHaveText('Design saved.');
  const snippet = (await page.getByTestId('embed-code').textContent()) ?? '';
  expect(snippet).toContain('data-settings-version="1"');
  return snippet;
}
