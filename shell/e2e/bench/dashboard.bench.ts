import { expect, test } from '@playwright/test';
import { DASHBOARD_BUDGET_BYTES } from './budget';
import { coldLoad, printTable, type ColdLoad } from './cold-load';
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
  const rows: ColdLoad[] = [];
  for (const [path, ready] of PAGES)
    rows.push(await coldLoad(page, context, path, () => expect(page.getByText(ready).first()).toBeVisible()));
  printTable(rows);
  for (const r of rows) {
    expect(r.js, `${r.path} loads ${(r.js / 1024).toFixed(1)} kB of JavaScript`).toBeLessThanOrEqual(
      DASHBOARD_BUDGET_BYTES,
    );
    expect(r.remotes.length, `${r.path} fetched ${r.remotes.join(', ')}`).toBeLessThanOrEqual(1);
  }
});
