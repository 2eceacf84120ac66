import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { seriousViolations } from '../support/axe';

/**
 * The public site as search engines and visitors get it: pre-rendered HTML that reads without
 * JavaScript, hydrated by the shell into the interactive page without React re-creating it.
 */

const GUIDE = '/squarespace';

/** Console errors and uncaught exceptions of a page (React reports hydration mismatches there). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Remembers the pre-rendered h1 element before any script runs, so a test can tell hydration
 * (React adopts that element) from a client render that replaced the markup.
 */
async function rememberPrerenderedHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      const w = window as unknown as { prerenderedH1?: Element | null };
      if (document.readyState === 'interactive') w.prerenderedH1 = document.querySelector('#root h1');
    });
  });
}

/** Resolves once React owns the root element (hydrateRoot or createRoot has run). */
async function waitForReact(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((k) => k.startsWith('__reactContainer'));
  });
}

const sameHeadingAsPrerendered = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { prerenderedH1?: Element | null };
    return !!w.prerenderedH1 && w.prerenderedH1 === document.querySelector('#root h1');
  });

test('a guide page reads completely with JavaScript disabled', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(GUIDE);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main')).toContainText(/Squarespace/);
  await expect(page.getByRole('link', { name: /start|sign up|free trial/i }).first()).toBeVisible();
  expect(await page.title()).toMatch(/Squarespace/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `https://sniff.dev${GUIDE}`);
  // Styled before (here: without) any script: the inline stylesheet lays the page out.
  expect(await page.locator('main').evaluate((el) => getComputedStyle(el).display)).not.toBe('inline');
  await context.close();
});

test('Login before the page has hydrated is not lost: it goes to the dashboard, which asks to sign in', async ({
  browser,
}) => {
  // Without scripts the page stays as pre-rendered, as it is in the moment before hydration.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard\??$/);
  await context.close();
});

test('the landing page hydrates without errors and its FAQ accordion works', async ({ page }) => {
  const errors = collectErrors(page);
  const marketingFiles: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/remotes/mfe-marketing/')) marketingFiles.push(pathname);
  });
  await rememberPrerenderedHeading(page);
  await page.goto('/');
  await waitForReact(page);
  expect(await sameHeadingAsPrerendered(page)).toBe(true);
  // The page is the registry's live marketing version (published at start like every remote), and it hydrates
  // with that version's files only.
  const build = await page.locator('#root').getAttribute('data-prerendered');
  const version = /^\/remotes\/mfe-marketing\/([^/]+)\/mf-manifest\.json$/.exec(build ?? '')?.[1];
  expect(version, `the page names a published marketing build (${build})`).toBeTruthy();
  expect(marketingFiles.length).toBeGreaterThan(0);
  for (const file of marketingFiles) expect(file.startsWith(`/remotes/mfe-marketing/${version}/`)).toBe(true);

  const faq = page.locator('#faq');
  const questions = faq.getByRole('button', { expanded: false });
  const question = questions.first();
  const name = (await question.textContent()) ?? '';
  await question.click();
  await expect(faq.getByRole('button', { name, exact: true })).toHaveAttribute('aria-expanded', 'true');
  expect(errors).toEqual([]);
});

test('a guide page hydrates in dark mode too and navigates to other pages without reloading', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await rememberPrerenderedHeading(page);
  await page.goto(GUIDE);
  await waitForReact(page);
  expect(await sameHeadingAsPrerendered(page)).toBe(true);
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  // Client-side navigation to another public page: new content, title and canonical, same document.
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: /shopify/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/shopify$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Shopify/);
  await expect(page).toHaveTitle(/Shopify/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'https://sniff.dev/shopify');
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

  // And on into the dashboard, which asks a signed-out visitor to sign in. The dashboard is loaded
  // as a document of its own: its Content-Security-Policy (which admits Stripe.js) is not the public one.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBeUndefined();
  expect(errors).toEqual([]);
  await context.close();
});

test('a public page reached from the dashboard (no pre-rendered HTML) is styled by the remote', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
  expect(await page.locator('style[data-prerendered]').count()).toBe(0);
  // The browser's back/forward path: the shell's router renders the guide on the client.
  await page.evaluate((path) => {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, GUIDE);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Squarespace/);
  expect(await page.locator('.site').evaluate((el) => getComputedStyle(el).display)).toBe('flex');
});

test('an alias address redirects permanently to its page', async ({ page, request }) => {
  const alias = '/add-search-bar-to-squarespace-blog-page';
  const res = await request.get(alias, { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers()['location']).toBe('/add-search-bar-to-squarespace-blog');
  await page.goto(alias);
  await expect(page).toHaveURL(/\/add-search-bar-to-squarespace-blog$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('an unknown address is a 404 page that still hydrates and links home', async ({ page }) => {
  const errors = collectErrors(page);
  const response = await page.goto('/no-such-guide');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await waitForReact(page);
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle(/Sniff/);
  // The browser asked for /favicon or similar only; the 404 itself is not a console error of ours.
  expect(errors.filter((e) => !/404 \(Not Found\)/.test(e))).toEqual([]);
});

test('every public page and the 404 page hydrate within their Content-Security-Policy', async ({ page, request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  expect(paths.length).toBeGreaterThan(20);
  for (const path of [...paths, '/no-such-guide']) {
    const response = await page.goto(path);
    expect([path, response?.headers()['content-security-policy']]).toEqual([path, expect.stringMatching(/script-src/)]);
    await waitForReact(page);
  }
  // Violations fail the test through the shared fixture (support/test.ts).
});

// Every public page in each theme: one test a theme, so a slow machine gives each its own time.
for (const colorScheme of ['light', 'dark'] as const) {
  test(`every public page passes every axe rule in the ${colorScheme} theme, on a desktop and a 390 px phone`, async ({
    browser,
    request,
  }) => {
    // 26 pages × 2 widths, each checked against every axe rule: more than one ordinary test's time.
    test.setTimeout(480_000);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    const found: string[] = [];
    // The two widths side by side (two cores).
    const sweep = async (viewport: { width: number; height: number }) => {
      // The theme follows the visitor's system setting until they choose one.
      const context = await browser.newContext({ viewport, colorScheme });
      const page = await context.newPage();
      for (const path of [...paths, '/no-such-guide']) {
        await page.goto(path);
        await waitForReact(page);
        const where = `${path} (${viewport.width} px)`;
        found.push(...(await seriousViolations(page)).map((v) => `${where}: ${v}`));
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) found.push(`${where}: ${overflow} px wider than the window`);
      }
      await context.close();
    };
    await Promise.all([sweep({ width: 1280, height: 900 }), sweep({ width: 390, height: 844 })]);
    expect(found).toEqual([]);
  });
}

test('search engines find the sitemap and robots.txt', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toMatch(/application\/xml/);
  expect(await sitemap.text()).toContain(`<loc>https://sniff.dev${GUIDE}</loc>`);
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toContain('Disallow: /dashboard');
});
