import { expect, test } from '@playwright/test';
import { coldLoad, printTable, type ColdLoad } from './cold-load';

/** The public pages Lighthouse scores (bench:lighthouse), signed out. */
const PAGES = ['/', '/squarespace', '/shopify', '/saas-websites'];

/**
 * Cold load of each public page, signed out, until the app has hydrated it: the compressed
 * JavaScript it transfers. Reported beside the dashboard's so a change to the shared libraries
 * shows what it costs the marketing pages (no budget here: bench:lighthouse scores them).
 */
test('public pages: compressed JavaScript on a cold load', async ({ page, context }) => {
  const rows: ColdLoad[] = [];
  for (const path of PAGES)
    rows.push(
      await coldLoad(page, context, path, async () => {
        await expect(page.locator('h1').first()).toBeVisible();
        // Hydrated: React owns the root element.
        await page.waitForFunction(() => {
          const root = document.getElementById('root');
          return !!root && Object.keys(root).some((k) => k.startsWith('__reactContainer'));
        });
      }),
    );
  printTable(rows);
  for (const r of rows) expect(r.remotes, r.path).toEqual(['mfe-marketing']);
});
