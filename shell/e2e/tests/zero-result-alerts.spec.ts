import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { logInAtProvider } from '../support/auth';
import { seriousViolations } from '../support/axe';
import { createStore } from '../support/stores';
import { DEMO_OWNER, E2E_URLS } from '../support/urls';

/** No serious axe finding in either theme, and on a 390 px phone the switch shows and nothing is wider. */
async function passesAxeAndFitsAPhone(page: Page, region: Locator, toggle: Locator): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Switch to light mode' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await toggle.scrollIntoViewIfNeeded();
  await expect(toggle).toBeInViewport();
  const box = (await region.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/**
 * Issue 28's zero-result e-mail alerts in the composed product: the paid demo owner switches the weekly
 * e-mail on beside the zero-result panels (by keyboard), it stays on after a reload, the panel passes axe
 * in both themes and fits 390 px; then the same in the store's Manage panel (the switch every platform's
 * stores have), which the Analytics page then shows on too; the public unsubscribe page refuses a made-up
 * link with a 4xx page.
 */
test('an owner switches the weekly zero-result e-mail on and off on the Analytics page, and on in the Manage panel', async ({
  page,
}) => {
  await page.goto('/dashboard/stores');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await logInAtProvider(page, DEMO_OWNER.email, DEMO_OWNER.password);
  await expect(page.getByText('Welcome back')).toBeVisible();
  await createStore(page, 'Alerts Bakery');

  const open = async () => {
    await page.goto('/dashboard/analytics');
    const select = page.getByLabel(/Select Custom URL/);
    const option = select.locator('option', { hasText: new URL(E2E_URLS.demoSite).host });
    await select.selectOption((await option.getAttribute('value')) ?? '');
    const region = page.getByRole('region', { name: 'Weekly zero-result e-mail' });
    const toggle = region.getByRole('switch', { name: "E-mail me the week's zero-result searches" });
    await expect(toggle).toBeEnabled();
    return { region, toggle };
  };
  try {
    let { region, toggle } = await open();
    await expect(toggle).not.toBeChecked();
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(region.getByRole('status')).toHaveText('Weekly e-mails are on.');
    await expect(toggle).toBeChecked();

    ({ region, toggle } = await open());
    await expect(toggle).toBeChecked();
    await passesAxeAndFitsAPhone(page, region, toggle);

    await toggle.uncheck();
    await expect(region.getByRole('status')).toHaveText('Weekly e-mails are off.');
    ({ toggle } = await open());
    await expect(toggle).not.toBeChecked();

    // The same setting in the store's Manage panel (where Squarespace and Shopify owners find it too).
    const manage = async () => {
      await page.goto('/dashboard/stores');
      await page.getByRole('button', { name: 'Manage Alerts Bakery' }).click();
      const panel = page.getByRole('region', { name: 'Manage Alerts Bakery' });
      const region = panel.getByRole('region', { name: 'Weekly zero-result e-mail' });
      const toggle = region.getByRole('switch', { name: "E-mail me the week's zero-result searches" });
      await expect(toggle).toBeEnabled();
      return { region, toggle };
    };
    ({ region, toggle } = await manage());
    await expect(toggle).not.toBeChecked();
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(region.getByRole('status')).toHaveText('Saved: weekly e-mails are on.');
    await expect(toggle).toBeChecked();
    await page.reload();
    ({ region, toggle } = await manage());
    await expect(toggle).toBeChecked();
    await passesAxeAndFitsAPhone(page, region, toggle);
    await page.setViewportSize({ width: 1280, height: 720 });
    // One setting: the Analytics page shows it on as well.
    ({ toggle } = await open());
    await expect(toggle).toBeChecked();
  } finally {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/dashboard/stores');
    await page.getByRole('button', { name: 'Delete Alerts Bakery' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Store' }).click();
    await expect(page.getByText('Store deleted successfully!')).toBeVisible();
  }
});

test('the unsubscribe page refuses a link that Sniff did not sign, without signing in', async ({ page }) => {
  const res = await page.goto('/alerts/unsubscribe?token=v1.st_made_up.9999999999.' + 'A'.repeat(43));
  expect(res?.status()).toBe(400);
  await expect(page.getByRole('heading', { name: 'This unsubscribe link is not valid' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
