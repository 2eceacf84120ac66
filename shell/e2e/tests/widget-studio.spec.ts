import type { Browser, Locator } from '@playwright/test';
import { expect, test } from '../support/test';
import { logInAtProvider } from '../support/auth';
import { seriousViolations } from '../support/axe';
import { serveCustomerPage } from '../support/fixture-site';
import { createStore } from '../support/stores';
import { DEMO_OWNER, E2E_URLS } from '../support/urls';

/**
 * Issue 14's widget studio: an owner changes the look in the manage panel, sees the live preview
 * change, saves, and the widget on a site with the snippet pasted before shows the new look after a
 * reload; a free owner cannot get a large widget by editing the snippet.
 */

/** The look a mounted widget shows: its width limit and its bar's border colour. */
async function look(widget: Locator) {
  await expect(widget.locator('input[role=combobox]')).toBeVisible();
  return widget.evaluate((host) => ({
    maxWidth: getComputedStyle(host).maxWidth,
    border: getComputedStyle(host.shadowRoot!.querySelector('.bar')!).borderTopColor,
  }));
}

/** A visitor's page on another origin with `snippet`; `visit` reloads it and reads the widget's look. */
async function customerSite(browser: Browser, snippet: string) {
  const site = await serveCustomerPage(snippet);
  const visitor = await browser.newContext();
  const customer = await visitor.newPage();
  return {
    visit: async () => {
      await customer.goto(site.url);
      return look(customer.locator('#sniff-search'));
    },
    close: async () => {
      await visitor.close();
      await site.close();
    },
  };
}

test('an owner restyles the widget in the manage panel; a site with the old snippet shows it after a reload', async ({
  page,
  browser,
}) => {
  await page.goto('/dashboard/stores');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await logInAtProvider(page, DEMO_OWNER.email, DEMO_OWNER.password);
  await expect(page.getByText('Welcome back')).toBeVisible();
  const snippet = await createStore(page, 'Studio Bakery');
  await page.goto('/dashboard/stores');
  await expect(page.getByRole('row', { name: /Studio Bakery/ }).getByText('done')).toBeVisible({ timeout: 45_000 });

  const site = await customerSite(browser, snippet);
  try {
    expect(await site.visit()).toEqual({ maxWidth: '480px', border: 'rgb(102, 102, 102)' });

    await page.getByRole('button', { name: 'Manage Studio Bakery' }).click();
    await page.getByRole('tab', { name: 'Widget' }).click();
    const preview = page.getByTestId('widget-preview').locator('#sniff-search');
    expect(await look(preview)).toEqual({ maxWidth: '480px', border: 'rgb(102, 102, 102)' });
    // The studio passes axe in both themes.
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    // The preview searches the store's real index.
    const box = preview.locator('input[role=combobox]');
    await box.pressSequentially('sourdugh', { delay: 30 });
    await expect(preview.getByRole('option').first()).toContainText(/bread/i);
    await page.getByRole('radio', { name: 'large', exact: true }).check();
    const red = page.getByRole('group', { name: 'Border colour' }).getByRole('radio', { name: 'Red (#b91c1c)' });
    await red.check();
    // The preview is the real widget, mounted again with the draft; the search tried in it is kept, and the
    // focus stays on the setting just changed.
    await expect.poll(() => look(preview)).toEqual({ maxWidth: '640px', border: 'rgb(185, 28, 28)' });
    await expect(box).toHaveValue('sourdugh');
    await expect(preview.getByRole('option').first()).toContainText(/bread/i);
    await expect(red).toBeFocused();

    // The copy on show keeps taking keys while the next one loads: the owner types on in the preview while a
    // change's widget script is still on its way (held here), and nothing typed is lost in the swap.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested = () => {};
    const asked = new Promise<void>((resolve) => (requested = resolve));
    await page.route('**/widget/*embed.js*', async (route) => {
      requested();
      await held;
      await route.continue();
    });
    await page.getByRole('radio', { name: 'medium', exact: true }).check();
    await asked;
    // Only the copy on show is in the accessibility tree: the one loading is hidden until it has mounted.
    const shownBox = page.getByTestId('widget-preview').getByRole('combobox');
    await shownBox.press('End');
    await shownBox.pressSequentially(' rye', { delay: 30 });
    release();
    await expect.poll(() => look(preview)).toEqual({ maxWidth: '480px', border: 'rgb(185, 28, 28)' });
    await expect(box).toHaveValue('sourdugh rye');
    await expect(box).toBeFocused();
    await page.unroute('**/widget/*embed.js*');

    // A copy that cannot load leaves the one on show, search and all, and says so; the next change loads.
    await page.route('**/widget/*embed.js*', (route) => route.abort());
    await page.getByRole('radio', { name: 'large', exact: true }).check();
    const failed = page.getByText('The preview could not load the widget. It tries again when you change a setting.');
    await expect(failed).toBeVisible();
    expect(await look(preview)).toEqual({ maxWidth: '480px', border: 'rgb(185, 28, 28)' });
    await expect(box).toHaveValue('sourdugh rye');
    await page.unroute('**/widget/*embed.js*');
    await page.getByRole('radio', { name: 'small', exact: true }).check();
    await expect.poll(() => look(preview)).toEqual({ maxWidth: '320px', border: 'rgb(185, 28, 28)' });
    await expect(failed).toBeHidden();
    await page.getByRole('radio', { name: 'large', exact: true }).check();
    await expect.poll(() => look(preview)).toEqual({ maxWidth: '640px', border: 'rgb(185, 28, 28)' });

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Widget saved. Your site shows the new look on its next load.')).toBeVisible();

    // The site was not touched: its snippet is the one pasted before the change.
    await expect
      .poll(() => site.visit(), { timeout: 10_000 })
      .toEqual({ maxWidth: '640px', border: 'rgb(185, 28, 28)' });

    // The code shown now is the saved one, with its new version.
    await page.getByRole('button', { name: 'Manage Studio Bakery' }).click();
    const code = page.getByTestId('manage-embed-code');
    await expect(code).toContainText('data-size="large"');
    await expect(code).toContainText('data-settings-version="2"');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete Studio Bakery' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Store' }).click();
    await expect(page.getByText('Store deleted successfully!')).toBeVisible();
  } finally {
    await site.close();
  }
});

test('a free owner cannot get a large widget by editing the snippet', async ({ page, browser }) => {
  await page.goto('/dashboard/create-store');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(new RegExp(`^${E2E_URLS.idp}`));
  await page.getByLabel('Name').fill('Free Owner');
  await page.getByLabel('E-mail').fill(`free-studio-${Date.now()}@example.com`);
  await page.getByLabel('Password').fill('a-good-password');
  await page.getByRole('button', { name: /create account|sign up/i }).click();
  await expect(page).toHaveURL(`${E2E_URLS.app}/dashboard/create-store`);

  const snippet = await createStore(page, 'Free Bakery');
  // The studio offers the free sizes only.
  await expect(page.getByRole('radio', { name: /^large/ })).toBeDisabled();
  await page.goto('/dashboard/stores');
  await expect(page.getByRole('row', { name: /Free Bakery/ }).getByText('done')).toBeVisible({ timeout: 45_000 });

  const edited = snippet.replace(/data-size="\w+"/, 'data-size="huge"');
  expect(edited).toContain('data-size="huge"');
  const site = await customerSite(browser, edited);
  try {
    expect((await site.visit()).maxWidth).toBe('480px');
  } finally {
    await site.close();
  }
});
