import { expect, test } from '@playwright/test';
import { DASHBOARD_BUDGET_BYTES } from './budget';
import { BENCH_STORE, createIndexedStore, signIn } from './support';

/** Every dashboard page, by path, and what shows once it has loaded. */
const PAGES: [path: string, ready: RegExp][] = [
  ['/dashboard', /Quick Actions/],
  ['/dashboard/create-store', /Select Your Website Platform/],
  ['/dashboard/stores', /Bench Bakery/],
  ['/dashboard/installation-guide', /Installation Guide/],
  ['/dashboard/analytics', /Analytics/],
  ['/dashboard/subscribe', /Frequently asked questions/],
];

/**
 * Cold load of each dashboard page (browser cache cleared, signed in): the compressed JavaScript it
 * transfers and which remotes it fetched. Fails above the 200 kB budget.
 */
test('dashboard pages: compressed JavaScript on a cold load', async ({ page, context }) => {
  await signIn(page);
  await createIndexedStore(page, BENCH_STORE);
  const cdp = await context.newCDPSession(page);
  const rows: { path: string; js: number; files: number; remotes: string[] }[] = [];
  for (const [path, ready] of PAGES) {
    await cdp.send('Network.clearBrowserCache');
    const scripts: Promise<{ url: string; bytes: number }>[] = [];
    const onFinished = (request: import('@playwright/test').Request) => {
      if (request.resourceType() !== 'script') return;
      scripts.push(
        request.sizes().then(async (s) => {
          // BENCH_LIST_SCRIPTS=1 lists every script with its size as sent and its encoding.
          if (process.env.BENCH_LIST_SCRIPTS) {
            const encoding = (await request.response())?.headers()['content-encoding'] ?? 'identity';
            console.log(`${path} ${request.url()} ${s.responseBodySize} ${encoding}`);
          }
          return { url: request.url(), bytes: s.responseBodySize };
        }),
      );
    };
    page.on('requestfinished', onFinished);
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.getByText(ready).first()).toBeVisible();
    page.off('requestfinished', onFinished);
    const loaded = await Promise.all(scripts);
    const remotes = [...new Set(loaded.map((s) => /\/remotes\/([^/]+)\//.exec(s.url)?.[1]).filter(Boolean))];
    rows.push({
      path,
      js: loaded.reduce((sum, s) => sum + s.bytes, 0),
      files: loaded.length,
      remotes: remotes as string[],
    });
  }
  console.log('\n| page | compressed JS (kB) | script files | remotes fetched |\n| --- | ---: | ---: | --- |');
  for (const r of rows)
    console.log(`| ${r.path} | ${(r.js / 1024).toFixed(1)} | ${r.files} | ${r.remotes.join(', ') || '(shell only)'} |`);
  for (const r of rows) {
    expect(r.js, `${r.path} loads ${(r.js / 1024).toFixed(1)} kB of JavaScript`).toBeLessThanOrEqual(
      DASHBOARD_BUDGET_BYTES,
    );
    expect(r.remotes.length, `${r.path} fetched ${r.remotes.join(', ')}`).toBeLessThanOrEqual(1);
  }
});
