import { defineConfig } from '@playwright/test';
import { E2E_URLS } from './support/urls';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The composed product, started as `npm start` starts it (on its own ports and data), in system Chromium. */
export default defineConfig({
  testDir: './tests',
  globalSetup: require.resolve('./support/global-setup'),
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: E2E_URLS.app,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
