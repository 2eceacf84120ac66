import type { Browser, Locator, Page } from '@playwright/test';
import { serveCustomerPage } from '../support/fixture-site';
import { expect, test } from '../support/test';
import { E2E_URLS } from '../support/urls';

/**
 * Issue 13 end to end, against the local Squarespace and Shopify stand-ins that `npm start` runs: a
 * Squarespace Solo owner connects a store with a developer key (and switches its weekly zero-result
 * e-mail on in the Manage panel); a Shopify Starter owner uploads a catalogue, connects a shop through Shopify's OAuth popup (whose link no other browser can use), and
 * sees a product added at the shop after "Sync now". Each owner subscribes through the local Stripe stand-in, as a real owner would.
 */

// Shopify's library turns away browsers that call themselves headless (its bot check): this is a browser.
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
test.use({ userAgent: USER_AGENT });

/** A new account, subscribed to `plan` with the success card; lands on the overview with the plan active. */
async function subscribedOwner(page: Page, name: string, plan: 'Solo Basic' | 'Shopify Starter'): Promise<void> {
  await page.goto('/dashboard/subscribe');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(new RegExp(`^${E2E_URLS.idp}`));
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('E-mail').fill(`${name}-${Date.now()}@example.com`);
  await page.getByLabel('Password').fill('a-good-password');
  await page.getByRole('button', { name: /create account|sign up/i }).click();
  await expect(page).toHaveURL(`${E2E_URLS.app}/dashboard/subscribe`);
  const start = page.getByRole('article', { name: plan }).getByRole('button', { name: 'Start 3-day free trial' });
  await expect(start).toBeEnabled();
  await expect(start).not.toHaveAttribute('aria-disabled', 'true');
  await start.click();
  await expect(page).toHaveURL(new RegExp(`^${E2E_URLS.stripe}/c/pay/cs_`));
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Test Owner');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(`${E2E_URLS.app}/dashboard?success=true`);
  // The plan arrives by webhook; the overview asks again until it shows.
  await expect(page.getByText(new RegExp(`${plan}.*Free trial until`))).toBeVisible({ timeout: 15_000 });
}

/** Step 1 and 2 of the wizard for `platform`. */
async function toConnectStep(page: Page, platform: 'Squarespace' | 'Shopify', fill: (page: Page) => Promise<void>) {
  await page.goto('/dashboard/create-store');
  await page.getByRole('button', { name: new RegExp(`^${platform}`) }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await fill(page);
  await page.getByRole('button', { name: 'Next' }).click();
}

/** The snippet shown on step 4. */
async function createdSnippet(page: Page): Promise<{ storeId: string; snippet: string }> {
  await expect(page.getByRole('heading', { name: /Search Bar Created!/ })).toBeVisible({ timeout: 20_000 });
  const storeId = ((await page.getByTestId('store-id').textContent()) ?? '').trim();
  const snippet = (await page.getByTestId('embed-code').textContent()) ?? '';
  expect(snippet).toContain(`data-store-id="${storeId}"`);
  return { storeId, snippet };
}

/** Waits on Your Stores until the store's row says done (with or without warnings). */
async function waitUntilDone(page: Page, storeId: string): Promise<void> {
  await page.goto('/dashboard/stores');
  const status = page.getByTestId(`store-${storeId}`).getByRole('cell').first();
  await expect(status).toContainText(/done/i, { timeout: 60_000 });
}

/**
 * The owner lets the widget answer on `host` too (Manage > Search tuning > Allowed sites): a new store
 * allows its own site only, and a Shopify store's is its myshopify.com host, not this test's page.
 */
async function allowSite(page: Page, storeId: string, host: string): Promise<void> {
  await page.goto('/dashboard/stores');
  await page
    .getByTestId(`store-${storeId}`)
    .getByRole('button', { name: /^Manage/ })
    .click();
  await page.getByRole('tab', { name: 'Search tuning' }).click();
  await page.getByLabel('Add a site (a host name like example.com, or paste its address)').fill(host);
  await page.getByRole('button', { name: 'Add site' }).click();
  await expect(page.getByRole('list', { name: 'Allowed sites' })).toContainText(host);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Search settings saved.')).toBeVisible();
}

/** A visitor on the customer's page types `query`; the first result. */
async function firstResultFor(browser: Browser, snippet: string, query: string) {
  const site = await serveCustomerPage(snippet);
  const visitor = await browser.newContext();
  const customer = await visitor.newPage();
  await customer.goto(site.url);
  const box = customer.getByRole('combobox');
  await box.click();
  await box.pressSequentially(query, { delay: 30 });
  const first = customer.getByRole('option').first();
  await expect(first).toBeVisible({ timeout: 5_000 });
  return {
    first,
    close: async () => {
      await visitor.close();
      await site.close();
    },
  };
}

/** Whether the element is what a click at its centre would reach (not hidden under, or clipped by, anything). */
async function shownAtItsCentre(element: Locator): Promise<boolean> {
  await element.scrollIntoViewIfNeeded();
  return element.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const root = el.getRootNode() as Document | ShadowRoot;
    const hit = root.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  });
}

test('a Squarespace Solo owner connects the fixture store with a key and finds a product by a misspelt name', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await subscribedOwner(page, 'squarespace-owner', 'Solo Basic');
  await toConnectStep(page, 'Squarespace', async (p) => {
    await p.getByLabel('Store Name').fill('Demo Goods');
    await p.getByLabel('Squarespace Store URL').fill(`${E2E_URLS.squarespace}/sites/sniff-demo-goods`);
  });
  await expect(page.getByRole('heading', { name: 'Connect Squarespace' })).toBeVisible();
  const connect = page.getByRole('button', { name: 'Connect Squarespace' });
  await expect(connect).toBeDisabled();

  // A key Squarespace refuses is said on the field, and nothing is created.
  const key = page.getByLabel('Developer API Key');
  await key.fill('sqsp_not_a_real_key');
  await connect.click();
  await expect(page.getByText('Squarespace rejected this Developer API Key', { exact: false })).toBeVisible();
  await expect(key).toHaveAttribute('aria-invalid', 'true');

  await key.fill('sqsp_demo_store_key');
  await connect.click();
  const { storeId, snippet } = await createdSnippet(page);
  expect(snippet).toContain('/widget/embed.js');
  expect(snippet).toContain('data-platform="squarespace"');
  expect(snippet).toContain('data-auth-method="devkey"');
  expect(snippet).not.toContain('sqsp_demo_store_key');

  // Products are counted as they arrive; hidden ones are skipped with their reason, so it is done with a warning.
  await waitUntilDone(page, storeId);
  const row = page.getByTestId(`store-${storeId}`);
  await expect(row).toContainText('Done with warnings');
  await expect(row).toContainText(/312 items/);

  // The weekly zero-result e-mail, which the Analytics page (custom websites only) does not offer for this store.
  await row.getByRole('button', { name: /^Manage/ }).click();
  const alerts = page.getByRole('region', { name: 'Weekly zero-result e-mail' });
  const toggle = alerts.getByRole('switch', { name: "E-mail me the week's zero-result searches" });
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(alerts.getByRole('status')).toHaveText('Saved: weekly e-mails are on.');
  await page.reload();
  await page
    .getByTestId(`store-${storeId}`)
    .getByRole('button', { name: /^Manage/ })
    .click();
  await expect(toggle).toBeChecked();

  // The live preview shows the products as a site does: their images load (the dashboard's CSP lets them) and
  // the results panel is not cut off by the preview's box, prices included.
  await page.getByRole('tab', { name: 'Widget' }).click();
  const preview = page.getByTestId('widget-preview').locator('#sniff-search');
  const options = preview.getByRole('option');
  // The preview mounts a fresh widget whenever its settings change (the saved ones arriving, say); it keeps what
  // was typed, but keys pressed while the new copy loads reach no box: type again until the box holds the query.
  const box = preview.locator('input[role=combobox]');
  await expect(async () => {
    if ((await box.inputValue()) !== 'mug') {
      await box.fill('');
      await box.pressSequentially('mug', { delay: 30 });
    }
    await expect(options.nth(3)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(options.first().locator('img')).toHaveJSProperty('complete', true);
  expect(
    await options
      .first()
      .locator('img')
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
  for (const i of [0, 3]) expect(await shownAtItsCentre(options.nth(i).locator('.price'))).toBe(true);

  const result = await firstResultFor(browser, snippet, 'handmade ceramc mug');
  try {
    await expect(result.first).toContainText('Handmade Ceramic Mug');
    await expect(result.first.locator('img')).toHaveAttribute('src', /\/cdn\/sniff-demo-goods\//);
  } finally {
    await result.close();
  }
});

test.describe.serial('a Shopify Starter owner', () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage({ userAgent: USER_AGENT });
    await subscribedOwner(page, 'shopify-owner', 'Shopify Starter');
  });
  test.afterAll(() => page?.close());

  test('uploads a catalogue CSV, finds a product with its price shown, then a new catalogue from Manage', async ({
    browser,
  }) => {
    const shop = `e2e-outfitters-${Date.now()}`;
    await toConnectStep(page, 'Shopify', async (p) => {
      await p.getByLabel('Store Name').fill(shop);
      await expect(p.getByText(`${shop}.myshopify.com`)).toBeVisible();
    });
    await expect(page.getByRole('heading', { name: 'Connect Your Shopify Store' })).toBeVisible();
    await page.getByLabel('Product catalogue (CSV)').setInputFiles({
      name: 'catalogue.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'name,description,price,category,image_url',
          'Merino Wool Beanie,Soft and warm for cold mornings,24.50,Hats,',
          'Trail Running Shoes,Light and grippy,129.00,Footwear,',
          'Camp Mug,Enamel mug,not a price,Kitchen,',
        ].join('\n'),
      ),
    });
    await page.getByRole('button', { name: 'Upload Catalogue' }).click();
    await expect(page.getByRole('button', { name: 'Store Created Successfully' })).toBeDisabled({ timeout: 20_000 });
    await expect(page.getByText(/Imported 2 products/)).toBeVisible();
    await expect(page.getByText(/Row 4, price/)).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    const { storeId, snippet } = await createdSnippet(page);
    expect(snippet).toContain('data-import-method="csv"');

    await waitUntilDone(page, storeId);
    // The widget answers only on the shop's own site: on this page (127.0.0.1) it says so, and searches nothing.
    const elsewhere = await serveCustomerPage(snippet);
    const stranger = await browser.newContext();
    try {
      const visitor = await stranger.newPage();
      await visitor.goto(elsewhere.url);
      await expect(visitor.getByRole('combobox')).toHaveAttribute(
        'placeholder',
        'Search is not available on this site.',
      );
    } finally {
      await stranger.close();
      await elsewhere.close();
    }
    await allowSite(page, storeId, '127.0.0.1');
    const result = await firstResultFor(browser, snippet, 'merino beanie');
    try {
      await expect(result.first).toContainText('Merino Wool Beanie');
      await expect(result.first).toContainText('24.50');
    } finally {
      await result.close();
    }

    // Issue 31: Manage takes a new catalogue ("upload a new catalogue to change products"); its products are searched.
    await page.goto('/dashboard/stores');
    await page
      .getByTestId(`store-${storeId}`)
      .getByRole('button', { name: /^Manage/ })
      .click();
    const sync = page.getByRole('region', { name: 'Sync' });
    await expect(sync).toContainText('Catalogue uploaded');
    await sync.getByLabel('New catalogue (CSV)').setInputFiles({
      name: 'catalogue-spring.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        ['name,description,price,category,image_url', 'Canvas Tote Bag,Sturdy cotton tote,18.00,Bags,'].join('\n'),
      ),
    });
    await sync.getByRole('button', { name: 'Upload catalogue' }).click();
    await expect(sync.getByText('New catalogue uploaded: 1 product imported. Indexing them now.')).toBeVisible();
    await waitUntilDone(page, storeId);
    const next = await firstResultFor(browser, snippet, 'canvas tote');
    try {
      await expect(next.first).toContainText('Canvas Tote Bag');
    } finally {
      await next.close();
    }
  });

  test('a Connect with Shopify link works only in the browser that asked for it', async ({ browser }) => {
    await toConnectStep(page, 'Shopify', async (p) => {
      await p.getByLabel('Store Name').fill('sniff-demo');
    });
    // The link the popup opens, held back so that it can be opened in another browser first.
    let link = '';
    const isLink = (url: URL) => url.pathname === '/shopify/auth';
    await page.context().route(isLink, async (route) => {
      link = route.request().url();
      await route.abort();
    });
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Connect with Shopify' }).click(),
    ]);
    await expect.poll(() => link).toMatch(/\/shopify\/auth\?ticket=/);
    await page.context().unroute(isLink);
    await popup.close();

    const other = await browser.newContext({ userAgent: USER_AGENT });
    try {
      const elsewhere = await other.newPage();
      expect((await elsewhere.goto(link))?.status()).toBe(403);
      await expect(elsewhere.getByRole('status')).toHaveText(
        'Shopify connection failed: this link works only in the browser that asked for it. Click Connect with Shopify again in Sniff.',
      );
      await expect(elsewhere).toHaveURL(link); // the page stays; that browser is not sent anywhere
    } finally {
      await other.close();
    }
    // The browser that asked goes on to Shopify with the same link (opened from the dashboard, as the wizard does).
    const [here] = await Promise.all([page.waitForEvent('popup'), page.evaluate((url) => void window.open(url), link)]);
    try {
      await expect(here).toHaveURL(
        new RegExp(`^${E2E_URLS.shopify}/shops/sniff-demo\\.myshopify\\.com/admin/oauth/authorize`),
      );
    } finally {
      await here.close();
    }
  });

  test('connects a shop with Shopify (popup), then finds a product added at the shop after Sync now', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    await toConnectStep(page, 'Shopify', async (p) => {
      await p.getByLabel('Store Name').fill('sniff-demo');
    });
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Connect with Shopify' }).click(),
    ]);
    await expect(page.getByText('Waiting for Shopify...')).toBeVisible();
    // Shopify's install page, in the 500x700 popup.
    await expect(popup).toHaveURL(
      new RegExp(`^${E2E_URLS.shopify}/shops/sniff-demo\\.myshopify\\.com/admin/oauth/authorize`),
    );
    expect(popup.viewportSize()).toEqual({ width: 500, height: 700 });
    await popup.getByRole('button', { name: /install/i }).click();
    const { storeId, snippet } = await createdSnippet(page);
    expect(snippet).toContain('data-auth-method="oauth2"');
    await expect.poll(() => popup.isClosed()).toBe(true);

    await waitUntilDone(page, storeId);
    const added = await fetch(`${E2E_URLS.shopify}/_provider/shops/sniff-demo.myshopify.com/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Packable Down Vest', price: 149 }),
    });
    expect(added.ok).toBe(true);

    const row = page.getByTestId(`store-${storeId}`);
    await row.getByRole('button', { name: /^Manage/ }).click();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(row).toContainText(/301 products/, { timeout: 60_000 });

    await allowSite(page, storeId, '127.0.0.1');
    const result = await firstResultFor(browser, snippet, 'packable vest');
    try {
      await expect(result.first).toContainText('Packable Down Vest');
      await expect(result.first).toContainText('149.00');
    } finally {
      await result.close();
    }
  });
});
