import { expect, type Page } from '@playwright/test';
import { logInAtProvider } from '../support/auth';
import { DEMO_OWNER, E2E_URLS } from '../support/urls';

/** Signs the demo owner in (the paid SaaS Starter plan) and waits for the dashboard. */
export async function signIn(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await logInAtProvider(page, DEMO_OWNER.email, DEMO_OWNER.password);
  await expect(page.getByText('Welcome back')).toBeVisible();
}

/** The benches' one store, created by whichever bench runs first. */
export const BENCH_STORE = 'Bench Bakery';

/** The snippet of the widget `name` for the demo website: created in the wizard unless it exists, and indexed. */
export async function createIndexedStore(page: Page, name: string): Promise<string> {
  await page.goto('/dashboard/stores');
  const manage = page.getByRole('button', { name: `Manage ${name}` });
  await expect(manage.or(page.getByText('No stores yet'))).toBeVisible();
  if (!(await manage.isVisible())) return createStore(page, name);
  await manage.click();
  return (await page.getByTestId('manage-embed-code').textContent()) ?? '';
}

async function createStore(page: Page, name: string): Promise<string> {
  await page.goto('/dashboard/create-store');
  await page.getByRole('button', { name: /SaaS/ }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Store Name').fill(name);
  await page.getByLabel('Website URL').fill(E2E_URLS.demoSite);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('checkbox', { name: new RegExp(`^${E2E_URLS.demoSite}/?$`) })).toBeChecked({
    timeout: 20_000,
  });
  // Every page the site has (the demo site has a handful), so the searches have content to find.
  const boxes = page.getByRole('checkbox');
  for (let i = 0; i < (await boxes.count()); i++) {
    const box = boxes.nth(i);
    if (!(await box.isChecked()) && (await box.isEnabled())) await box.check();
  }
  await page.getByRole('button', { name: 'Connect Custom Website' }).click();
  await expect(page.getByTestId('design-status')).toHaveText('Design saved.', { timeout: 20_000 });
  const snippet = (await page.getByTestId('embed-code').textContent()) ?? '';
  await page.goto('/dashboard/stores');
  await expect(page.getByRole('row', { name: new RegExp(name) }).getByText('done')).toBeVisible({ timeout: 60_000 });
  return snippet;
}

/** p-th percentile (0..100) of `values`, nearest rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}
