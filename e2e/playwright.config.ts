import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './support/chromium.js';

/**
 * Browser journeys against the built store, started by global-setup.ts on an ephemeral port with a fresh
 * SQLite database. The browser is the first Chromium found (see findChromium); global-setup.ts stops the run
 * with one message when there is none.
 */

/** The journeys that use backOrdered (admin-fixtures.ts). */
const STOCK_JOURNEYS = [
  /admin-license-keys\.spec\.ts/,
  /storefront-withdrawal\.spec\.ts/,
  /admin-stock\.spec\.ts/,
  /storefront-back-order\.spec\.ts/,
];

const CHROMIUM = {
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: findChromium(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
};

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Two: three were tried in CI (2026-11-29) and took longer (894 s against 817 s), the machine's two
  // cores being shared with the other lanes.
  workers: 2,
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  // A journey's whole budget is a hang detector, not a speed check (speed is the bench's): every step has
  // a bound of its own (an action or a wait for an event 30 s, a page load 30 s, an expectation 10 s), and
  // a long back-office journey (page loads, sign-ins, axe scans) took 60-85 s under CI's parallel lanes on
  // two cores where it takes 18 s alone. One budget for every journey: none sets a time limit of its own.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  use: {
    // Set by global-setup.ts, which runs before the workers load this file.
    baseURL: process.env.E2E_BASE_URL,
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', testIgnore: STOCK_JOURNEYS, ...CHROMIUM },
    // Journeys that set a product's whole inventory aside (backOrdered in admin-fixtures.ts) run after the
    // others and one at a time, so no other journey finds that product out of stock. (Run one of them
    // alone with `--no-deps`, or the whole `chromium` project runs first.)
    { name: 'stock', testMatch: STOCK_JOURNEYS, dependencies: ['chromium'], workers: 1, ...CHROMIUM },
  ],
});
