import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `npm run bench:dashboard`: the dashboard's cold-load weight per page and the widget's
 * keystroke-to-paint latency, measured in Chromium against the product started as `npm start`
 * starts it (the e2e ports and a fresh database). Bounded: a few pages, a few hundred keystrokes.
 */
export default defineConfig({
  ...base,
  testDir: './bench',
  testMatch: '*.bench.ts',
  retries: 0,
  timeout: 180_000,
});
