import type { Page } from '@playwright/test';
import { annualSaving, PLAN_CATALOGUE, stripeAmountsOf } from '@sniff/contracts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/test';
import { E2E_URLS } from '../support/urls';

/**
 * The money path of issue 12, against the local Stripe stand-in that `npm start` runs: a new free
 * owner subscribes with the success card, a declined card changes nothing, cancelling keeps the plan
 * "active until" the period's end. Only the provider's webhooks change a plan.
 */

/** Creates a new (free) account through the sign-up form and lands on the plans page. */
async function signUpOnPlansPage(page: Page, name: string): Promise<string> {
  const email = `${name}-${Date.now()}@example.com`;
  await page.goto('/dashboard/subscribe');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(new RegExp(`^${E2E_URLS.idp}`));
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('a-good-password');
  await page.getByRole('button', { name: /create account|sign up/i }).click();
  await expect(page).toHaveURL(`${E2E_URLS.app}/dashboard/subscribe`);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeVisible();
  return email;
}

const saasStarter = (page: Page) => page.getByRole('article', { name: 'SaaS Starter' });

/** Starts SaaS Starter's checkout and pays on the provider's page with `card`. */
async function checkOut(page: Page, card: string): Promise<void> {
  const start = saasStarter(page).getByRole('button', { name: 'Start 3-day free trial' });
  // Enabled once Stripe.js (the stand-in's) is ready and the owner's plans are known.
  await expect(start).toBeEnabled();
  await expect(start).not.toHaveAttribute('aria-disabled', 'true');
  await start.click();
  await expect(page).toHaveURL(new RegExp(`^${E2E_URLS.stripe}/c/pay/cs_`));
  await expect(page.getByText('3-day free trial')).toBeVisible();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Test Owner');
  await page.getByRole('button', { name: 'Subscribe' }).click();
}

test('a new free owner subscribes to SaaS Starter with the success card and sees analytics unlocked', async ({
  page,
}) => {
  await signUpOnPlansPage(page, 'paying-owner');
  await expect(page.getByRole('article', { name: 'SaaS Free' }).getByRole('button', { name: 'Active' })).toBeDisabled();
  await checkOut(page, '4242 4242 4242 4242');

  await expect(page).toHaveURL(`${E2E_URLS.app}/dashboard?success=true`);
  await expect(page.getByText('Subscription successful! Your plan has been updated.')).toBeVisible();
  // The plan arrives by webhook; the overview asks again until it shows.
  await expect(page.getByText(/SaaS Starter.*Free trial until/)).toBeVisible({ timeout: 15_000 });

  await page.getByRole('link', { name: 'Analytics' }).first().click();
  await expect(page).toHaveURL(`${E2E_URLS.app}/dashboard/analytics`);
  await expect(page.getByText('This feature is for upgraded plans.', { exact: false })).toHaveCount(0);
  await expect(page.getByLabel(/Select Custom URL/)).toBeVisible();

  await page.goto('/dashboard/subscribe');
  await expect(saasStarter(page).getByRole('button', { name: 'Active' })).toBeDisabled();
  const invoices = page.getByRole('table', { name: /invoices/i });
  await expect(invoices.getByRole('row')).toHaveCount(2); // the header and the trial's $0 invoice
  await expect(invoices).toContainText('$0.00');
  await expect(invoices).toContainText(/paid/i);
});

test('a declined card shows the decline and changes nothing', async ({ page }) => {
  await signUpOnPlansPage(page, 'declined-owner');
  await checkOut(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toContainText('Your card was declined.');
  await expect(page).toHaveURL(new RegExp(`^${E2E_URLS.stripe}/c/pay/cs_`));

  // Back to Sniff without paying: the plan is still the free one.
  await page.getByRole('link', { name: '← Back' }).click();
  await expect(page).toHaveURL(`${E2E_URLS.app}/dashboard?canceled=true`);
  await expect(page.getByText('Checkout process was canceled. Your plan has not been changed.')).toBeVisible();
  await page.goto('/dashboard/subscribe');
  await expect(page.getByRole('article', { name: 'SaaS Free' }).getByRole('button', { name: 'Active' })).toBeDisabled();
  await expect(page.getByText('No invoices yet.')).toBeVisible();
  // The checkout was ended on the way back: a new one can start at once.
  const start = saasStarter(page).getByRole('button', { name: 'Start 3-day free trial' });
  await expect(start).toBeEnabled();
  await start.click();
  await expect(page).toHaveURL(new RegExp(`^${E2E_URLS.stripe}/c/pay/cs_`));
});

test('cancelling in Manage billing keeps the plan, shown as "Active until …"', async ({ page }) => {
  await signUpOnPlansPage(page, 'cancelling-owner');
  await checkOut(page, '4242424242424242');
  await expect(page.getByText(/SaaS Starter.*Free trial until/)).toBeVisible({ timeout: 15_000 });

  await page.goto('/dashboard/subscribe');
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(new RegExp(`^${E2E_URLS.stripe}/p/session/`));
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  // Stripe's confirmation step: nothing is cancelled until the owner confirms.
  await expect(page.getByRole('heading', { level: 1, name: 'Cancel your plan' })).toBeVisible();
  await expect(page.getByText(/still available until the end of your billing period on/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Go back' }).click();
  await expect(page.getByRole('button', { name: 'Renew plan' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByRole('button', { name: 'Renew plan' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Sniff' }).click();

  await expect(page).toHaveURL(`${E2E_URLS.app}/dashboard/subscribe`);
  // The cancellation arrives by webhook: the plan stays, ending with the period.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/Active until [A-Z][a-z]{2} \d{1,2}, \d{4}/).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(saasStarter(page).getByRole('button', { name: 'Active' })).toBeDisabled();
  // The free card says when the owner is back on it, no longer to cancel in Manage billing.
  const free = page.getByRole('article', { name: 'SaaS Free' });
  await expect(free).toContainText(
    /Your paid plan is cancelled: you return to the free plan on [A-Z][a-z]{2} \d{1,2}, \d{4}\./,
  );
  await expect(free).not.toContainText('cancel it in Manage billing');
});

test('the landing page, the plans page and checkout show the price table’s figures', async ({ page }) => {
  const saas = PLAN_CATALOGUE.find((c) => c.key === 'saas-starter')!;
  const shopify = PLAN_CATALOGUE.find((c) => c.key === 'shopify-starter')!.monthly!;
  const saving = annualSaving(saas)!;
  const coupon = stripeAmountsOf(shopify).coupon!;
  const off = `$${coupon.amountOffCents / 100} off with ${coupon.id}, applied at checkout`;

  await page.goto('/');
  const pricing = page.getByRole('region', { name: 'Simple pricing, one site per plan' });
  // The page is pre-rendered: a click before hydration does nothing, so click until the choice holds.
  const saasTab = pricing.getByRole('tab', { name: 'SaaS websites' });
  const annually = pricing.getByRole('button', { name: 'Annually' });
  await expect(async () => {
    await saasTab.click();
    await annually.click();
    await expect(saasTab).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
    await expect(annually).toHaveAttribute('aria-pressed', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const landingSaas = pricing.getByRole('article', { name: 'SaaS Starter' });
  await expect(landingSaas.locator('.price')).toHaveText(`was $${saving.againstUsd} $${saas.yearly!.amountUsd}/year`);
  await expect(landingSaas).toContainText(saving.text);
  await expect(pricing).toContainText(`Save up to ${saving.percent}%`);
  await expect(pricing).toContainText(`$${shopify.amountUsd}/month (was $${shopify.listUsd}; ${off})`);

  await signUpOnPlansPage(page, 'price-reader');
  await saasStarter(page).getByRole('button', { name: 'Annual' }).click();
  await expect(saasStarter(page)).toContainText(`$${saas.yearly!.amountUsd}/year`);
  await expect(saasStarter(page).locator('s')).toHaveText(`was $${saving.againstUsd}`);
  await expect(saasStarter(page)).toContainText(saving.text);
  const plansShopify = page.getByRole('article', { name: 'Shopify Starter' });
  await expect(plansShopify).toContainText(`$${shopify.amountUsd}/month`);
  await expect(plansShopify.locator('s')).toHaveText(`was $${shopify.listUsd}`);
  await expect(plansShopify).toContainText(off);

  const start = plansShopify.getByRole('button', { name: 'Start 3-day free trial' });
  await expect(start).not.toHaveAttribute('aria-disabled', 'true');
  await start.click();
  await expect(page).toHaveURL(new RegExp(`^${E2E_URLS.stripe}/c/pay/cs_`));
  const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  const summary = page.locator('dl.summary');
  await expect(summary).toContainText(`${money(coupon.amountOffCents + shopify.amountUsd * 100)} / month`);
  await expect(summary).toContainText(
    `${coupon.id} — ${money(coupon.amountOffCents)} off−${money(coupon.amountOffCents)}`,
  );
  await expect(summary).toContainText(`Total after trial${money(shopify.amountUsd * 100)} / month`);
});
