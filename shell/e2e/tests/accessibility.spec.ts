import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { logInAtProvider } from '../support/auth';
import { seriousViolations as violations } from '../support/axe';
import { DEMO_OWNER, E2E_URLS } from '../support/urls';

/** Every dashboard page, with what shows once it has loaded. */
const PAGES: [path: string, ready: RegExp][] = [
  ['/dashboard', /Quick Actions/],
  ['/dashboard/create-store', /Select Your Website Platform/],
  ['/dashboard/stores', /No stores yet|Refresh/],
  ['/dashboard/installation-guide', /Create a widget first/],
  ['/dashboard/analytics', /Select Custom URL|upgraded plans/],
  ['/dashboard/subscribe', /Frequently asked questions/],
  ['/dashboard/account', /Export my data/],
];
const VIEWPORTS = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } };

async function setTheme(page: Page, dark: boolean) {
  const html = page.locator('html');
  if ((await html.evaluate((el) => el.classList.contains('dark'))) !== dark)
    await page.getByRole('button', { name: dark ? 'Switch to dark mode' : 'Switch to light mode' }).click();
  await expect(html).toHaveClass(dark ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

/**
 * Issue 14: every dashboard page passes axe (no serious or critical violation) in both themes, on a
 * desktop and on a 390 px phone, where nothing overflows sideways and the menu is a drawer.
 */
test.describe.serial('dashboard accessibility', () => {
  let page: Page;
  let close: () => Promise<void>;
  test.beforeAll(async ({ browser }) => {
    // axe needs a page of a context of our own
    const context = await browser.newContext();
    close = () => context.close();
    page = await context.newPage();
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await logInAtProvider(page, DEMO_OWNER.email, DEMO_OWNER.password);
    await expect(page.getByText('Welcome back')).toBeVisible();
  });
  test.afterAll(async () => close());

  for (const [name, size] of Object.entries(VIEWPORTS)) {
    for (const dark of [false, true]) {
      test(`every page passes axe: ${name}, ${dark ? 'dark' : 'light'} theme`, async () => {
        // Seven pages, each loaded and scanned by axe: more than one ordinary test's time on a busy machine.
        test.setTimeout(150_000);
        await page.setViewportSize(size);
        const found: string[] = [];
        for (const [path, ready] of PAGES) {
          await page.goto(path);
          await expect(page.getByRole('main').getByText(ready).first()).toBeVisible();
          // The page's title shows once: the shell's h1, repeated by no heading of the page.
          const h1 = page.getByRole('heading', { level: 1 });
          await expect(h1).toHaveCount(1);
          const title = (await h1.textContent())?.trim() ?? '';
          await expect(page.getByRole('heading', { name: title, exact: true })).toHaveCount(1);
          await setTheme(page, dark);
          found.push(...(await violations(page)).map((v) => `${path}: ${v}`));
          if (name === 'phone') {
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            if (overflow > 0) found.push(`${path}: the page is ${overflow}px wider than the phone`);
          }
        }
        expect(found).toEqual([]);
      });
    }
  }

  test('on a phone the menu is a drawer a keyboard can use', async () => {
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden();
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();
    await page.keyboard.press('Enter');
    await drawer.getByRole('link', { name: 'Installation Guide' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/installation-guide$/);
  });
});

/** The top bar's avatar (an icon Button) shows the owner's initials whole and centred in its circle. */
test('the avatar shows the initials whole and centred, in both themes, on a desktop and a phone', async ({ page }) => {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await logInAtProvider(page, DEMO_OWNER.email, DEMO_OWNER.password);
  const avatar = page.getByRole('button', { name: 'User menu' });
  await expect(avatar).toHaveText('DO');
  for (const [name, size] of Object.entries(VIEWPORTS)) {
    for (const dark of [false, true]) {
      await page.setViewportSize(size);
      await setTheme(page, dark);
      const fit = await avatar.evaluate((button) => {
        const range = document.createRange();
        range.selectNodeContents(button);
        const text = range.getBoundingClientRect();
        const box = button.getBoundingClientRect();
        return {
          clipped: button.scrollWidth > button.clientWidth || text.left < box.left || text.right > box.right,
          offCentre: Math.abs(text.left + text.width / 2 - (box.left + box.width / 2)),
          round: box.width === box.height,
        };
      });
      await avatar.screenshot({ path: test.info().outputPath(`avatar-${name}-${dark ? 'dark' : 'light'}.png`) });
      const where = `${name}, ${dark ? 'dark' : 'light'}`;
      expect(fit.clipped, `${where}: initials clipped`).toBe(false);
      expect(fit.offCentre, `${where}: initials off centre`).toBeLessThanOrEqual(1);
      expect(fit.round, `${where}: not a circle`).toBe(true);
    }
  }
});

/**
 * Issue 31: the wizard's steps (changed there: the allowance note, the sitemap field, the page limit, step 4's list
 * default and studio) pass every axe rule in both themes on a desktop and a 390 px phone, with nothing overflowing
 * sideways, for a new free owner from step 1 to the created widget.
 */
test('every step of the wizard passes axe in both themes, on a desktop and a phone', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/dashboard/create-store');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByLabel('Name').fill('Wizard Owner');
  await page.getByLabel('E-mail').fill(`wizard-axe-${Date.now()}@example.com`);
  await page.getByLabel('Password').fill('a-good-password');
  await page.getByRole('button', { name: /create account|sign up/i }).click();
  const found: string[] = [];
  /** Every rule at both widths in both themes; behind a modal dialog the theme is set on <html> as the switch sets it. */
  const check = async (step: string, modal = false) => {
    for (const [name, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      for (const dark of [false, true]) {
        if (modal) await page.locator('html').evaluate((el, on) => el.classList.toggle('dark', on), dark);
        else await setTheme(page, dark);
        const where = `${step} (${name}, ${dark ? 'dark' : 'light'})`;
        found.push(...(await violations(page)).map((v) => `${where}: ${v}`));
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) found.push(`${where}: ${overflow} px wider than the window`);
      }
    }
    await page.setViewportSize(VIEWPORTS.desktop);
  };
  await expect(page.getByRole('heading', { name: 'Select Your Website Platform' })).toBeVisible();
  await check('platform');
  await page.getByRole('button', { name: /SaaS/ }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Store Information' })).toBeVisible();
  await page.getByLabel('Store Name').fill('Axe Bakery');
  await page.getByLabel('Website URL').fill(E2E_URLS.demoSite);
  await check('store information');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('checkbox', { name: new RegExp(`^${E2E_URLS.demoSite}/?$`) })).toBeChecked({
    timeout: 20_000,
  });
  await check('connect your website');
  await page.getByRole('button', { name: 'Connect Custom Website' }).click();
  await expect(page.getByRole('heading', { name: /Search Bar Created!/ })).toBeVisible({ timeout: 20_000 });
  await check('search bar created');
  // With the free widget made, a second one stops at the allowance's dialog, said before the pages are chosen.
  await page.goto('/dashboard/create-store');
  await page.getByRole('button', { name: /SaaS/ }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  const limit = page.getByRole('dialog', { name: 'Free Plan Limit Reached' });
  if (!(await limit.isVisible())) {
    await page.getByLabel('Store Name').fill('Second Bakery');
    await page.getByLabel('Website URL').fill(E2E_URLS.demoSite);
    await page.getByRole('button', { name: 'Next' }).click();
  }
  await expect(limit).toBeVisible();
  await check('free plan limit reached', true);
  expect(found).toEqual([]);
});
