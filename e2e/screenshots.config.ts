import { defineConfig } from '@playwright/test';
import journeys from './playwright.config.js';

/**
 * `npm run screenshots`: the storefront's look at 1280 and 390 px (home, a product card, the cart, both
 * checkout steps, the order confirmation and the delivery e-mail), written to docs/screenshots/<set>/ where
 * <set> is SCREENSHOT_SET (default `after`). Not part of `npm test`: the pictures are for people, the
 * journeys are the checks.
 */
export default defineConfig({
  ...journeys,
  testDir: './screenshots',
  workers: 1,
  reporter: [['list']],
});
