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
  // Every bound here is a hang detector, not a speed check (speed is the bench's). Each step has its own
  // 30 s: an action, a page load, an expectation (a list drawn after its response, a mail in the sink), as
  // under CI's parallel lanes on two cores what shows in 2 s alone took past 10 s (2026-11-30: eleven back-
  // office and contact journeys at the 10 s expectations had then). A long back-office journey (page loads,
  // sign-ins, axe scans) took 60-85 s under the lanes where it takes 18 s alone: one budget of 180 s for
  // every journey, and none sets a time limit of its own.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  use: {
    // Set by global-setup.ts, which runs before the workers load this file.
    baseURL: process.env.E2E_BASE_URL,
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    // As a visitor who asked for less motion: the apps then end their animations at once (index.html), and
    // the browser does not repaint spinners and transitions while a journey waits (17 % less CPU, 2026-11-30).
    reducedMotion: 'reduce',
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
