import { expect, type Page } from '@playwright/test';
import { E2E_URLS } from './urls';

/** Fills the local identity provider's login form (its own origin) and waits to be back. */
export async function logInAtProvider(page: Page, email: string, password: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${E2E_URLS.idp}`));
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /log in|sign in|continue/i }).click();
  await expect(page).toHaveURL(new RegExp(`^${E2E_URLS.app}/dashboard`));
}

/**
 * Waits until a pre-rendered public page has hydrated (its theme toggle names the theme it
 * switches to only then), so a click reaches React rather than the page's no-script fallback.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: /^Switch to (dark|light) mode$/ }).first()).toBeAttached();
}
