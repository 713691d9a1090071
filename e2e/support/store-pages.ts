import type { Page } from '@playwright/test';

/**
 * Opens a storefront page and waits until its scripts have run and read the store's settings (its name in
 * the title, its contacts and hours): until then the prerendered page shows placeholders. Under CI's lanes
 * that took past an expectation's 10 s; the navigation and the wait each have the 30 s of the config.
 */
export async function openStorePage(page: Page, path: string): Promise<void> {
  const settings = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/store-config',
  );
  await page.goto(path);
  await settings;
}
