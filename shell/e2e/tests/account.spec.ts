import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { seriousViolations } from '../support/axe';
import { createStore } from '../support/stores';
import { E2E_INTERNAL_TOKEN, E2E_PORTS, E2E_URLS } from '../support/urls';

/**
 * Issue 14's account: an owner exports their data, then deletes the account. Their widget stops
 * answering, the services keep nothing of theirs, the sign-in no longer works, and (issue 26) the
 * access token issued before the deletion, though not expired, makes nothing more.
 */

/** The bearer token the dashboard sends (it would stay valid until it expires; the gateway refuses it). */
function captureToken(page: Page): () => string {
  let token = '';
  page.on('request', (req) => {
    const auth = req.headers()['authorization'];
    if (auth?.startsWith('Bearer ') && req.url().includes('/api/')) token = auth.slice('Bearer '.length);
  });
  return () => token;
}

/** The widget searching on the store's own site (the demo website: a new store allows its own site only). */
const search = (storeId: string) =>
  fetch(`${E2E_URLS.app}/v1/stores/${storeId}/search?q=${encodeURIComponent('bread')}`, {
    headers: { origin: E2E_URLS.demoSite },
  });

test('an owner exports their data, deletes the account, and nothing of theirs is left', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `leaving-owner-${Date.now()}@example.com`;
  const password = 'a-good-password';
  const token = captureToken(page);

  await page.goto('/dashboard/create-store');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByLabel('Name').fill('Leaving Owner');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /create account|sign up/i }).click();
  await expect(page).toHaveURL(`${E2E_URLS.app}/dashboard/create-store`);

  const snippet = await createStore(page, 'Leaving Bakery');
  const storeId = /data-store-id="([^"]+)"/.exec(snippet)?.[1] ?? '';
  expect(storeId).not.toBe('');
  await page.goto('/dashboard/stores');
  await expect(page.getByRole('row', { name: /Leaving Bakery/ }).getByText('done')).toBeVisible({ timeout: 45_000 });
  expect((await search(storeId)).status).toBe(200);

  // The account page, from the user menu, by keyboard.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Account' }).press('Enter');
  await expect(page).toHaveURL(`${E2E_URLS.app}/dashboard/account`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Account' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Export my data: one JSON file with the widget in it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^sniff-account-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8'));
  expect(exported.owner.email).toBe(email);
  expect(JSON.stringify(exported.stores)).toContain(storeId);
  // The pages the widget indexes, not only their count (issue 31).
  const [exportedStore] = exported.stores as Array<{ id: string; indexed: Array<{ url: string; title: string }> }>;
  expect(exportedStore.id).toBe(storeId);
  expect(exportedStore.indexed.length).toBeGreaterThan(0);
  expect(exportedStore.indexed[0]).toEqual(
    expect.objectContaining({ url: expect.stringMatching(/^https?:\/\//), title: expect.any(String) }),
  );
  await expect(page.getByText('Your data was downloaded.')).toBeVisible();

  // Delete: the confirmation asks for the owner's e-mail and keeps focus inside.
  await page.getByRole('button', { name: 'Delete Account...' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog.getByLabel('Your e-mail address')).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await expect(dialog.getByRole('button', { name: 'Delete Account' })).toBeDisabled();
  await dialog.getByLabel('Your e-mail address').fill(email.toUpperCase());
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page.getByText('Your account has been deleted. Signing you out...')).toBeVisible({ timeout: 30_000 });
  const bearer = token();

  // Signed out, and the sign-in is gone.
  await expect(page).not.toHaveURL(/\/dashboard\/account/, { timeout: 15_000 });
  // The landing page says what happened, once, in a status banner (issue 31).
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your account has been deleted and you have been signed out.' }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`^${E2E_URLS.idp}`));
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /log in|sign in|continue/i }).click();
  await expect(page.getByText('Wrong e-mail or password.')).toBeVisible();

  // The widget stops answering on the owner's site.
  expect((await search(storeId)).status).toBe(404);

  // The token issued before the deletion creates nothing: no widget, no feedback, no checkout.
  const withOldToken = (method: string, path: string, body?: object) =>
    fetch(`${E2E_URLS.app}/api/${path}`, {
      method,
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: body && JSON.stringify({ email, ...body }),
    });
  for (const [path, body] of [
    [
      'stores/saas/create-website',
      { store_url: `${E2E_URLS.demoSite}/`, store_name: 'Back again', platform: 'custom' },
    ],
    ['feedback/feedback/send', { text: 'Am I still here?', copySupport: false }],
    ['billing/stripe/checkout-session', { plan: 'busniess_starter_monthly' }],
  ] as const) {
    const res = await withOldToken('POST', path, body);
    expect({ path, status: res.status }).toEqual({ path, status: 401 });
    expect((await res.json()).message).toBe('This account has been deleted');
  }
  // Only the deletion's progress can still be read with it.
  const progress = await withOldToken('GET', 'billing/account/deletion');
  expect(await progress.json()).toMatchObject({ status: 'done' });

  // Every service keeps nothing of theirs: read from billing as the gateway would call it for them.
  const { sub } = JSON.parse(Buffer.from(bearer.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string };
  const left = await fetch(`http://127.0.0.1:${E2E_PORTS.billing}/account/export`, {
    headers: {
      'x-sniff-internal-token': E2E_INTERNAL_TOKEN,
      'x-sniff-user-sub': encodeURIComponent(sub),
      'x-sniff-user-email': encodeURIComponent(email),
    },
  });
  expect(left.status).toBe(200);
  expect(await left.json()).toMatchObject({
    owner: { email },
    billing: { subscriptions: [], invoices: [] },
    stores: [],
    analytics: [],
    feedback: [],
  });
});
