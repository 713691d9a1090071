import { expect, test } from '@playwright/test';
import { fillBilling } from '../support/checkout.js';

test.describe('storefront shell', () => {
  test('an unknown path shows the 404 page inside the header and footer, with its own title', async ({
    page,
  }) => {
    // Answered as not found (not a 200 that crawlers and monitors take for a page), then hydrated.
    const response = await page.goto('/definitely/not/a/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expect(page).toHaveTitle('404 Page Not Found | Office Licence Store');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('not affiliated with Microsoft');
    await page
      .getByRole('button', { name: 'Back to the store' })
      .or(page.getByRole('link', { name: 'Back to the store' }))
      .click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('robots.txt and the sitemap come from the build: its pages for search engines, not the personal ones', async ({
    request,
  }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    const rules = await robots.text();
    for (const line of ['Disallow: /admin/', 'Disallow: /api/', 'Disallow: /account'])
      expect(rules).toContain(line);
    expect(rules).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);

    const sitemap = await (await request.get('/sitemap.xml')).text();
    const pages = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(pages).toEqual(expect.arrayContaining(['/', '/compatibility', '/refund-policy', '/eula']));
    expect(pages).not.toContain('/account');
    expect(pages).not.toContain('/checkout');
    // Each listed page is one: it answers 200.
    for (const path of pages) expect((await request.get(path!)).status(), path).toBe(200);
  });

  test('/ has no header or footer; other pages set their own title and description', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);

    await page.goto('/home');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();

    for (const [path, title] of [
      ['/contact', 'Contact Us'],
      ['/refund-policy', 'Refund Policy'],
      ['/enterprise-support', 'Enterprise Support'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveTitle(`${title} | Office Licence Store`);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
        'content',
        `${title} | Office Licence Store`,
      );
      await expect(page.locator('meta[name="description"]')).toHaveCount(1);
    }
  });

  test('footer links navigate and scroll to the top; the header cart opens the empty cart', async ({
    page,
  }) => {
    await page.goto('/privacy');
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await page.getByRole('contentinfo').getByRole('link', { name: 'EULA' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'End-User Licence Agreement' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.getByRole('banner').getByRole('link', { name: 'Cart' }).click();
    const cart = page.getByRole('dialog', { name: 'Shopping Cart' });
    await expect(cart.getByText('Your cart is empty')).toBeVisible();
    await cart.getByRole('button', { name: 'Continue Shopping' }).click();
    await expect(cart).toBeHidden();
  });

  test('F8 moves focus to the notification region; a toast can be closed', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('article').first().getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('button', { name: 'Proceed to Secure Checkout' }).click();
    await fillBilling(page, {
      email: 'f8@example.com',
      firstName: 'Ana',
      lastName: 'Roy',
      address: '5 Park Road',
      city: 'Delhi',
      zipCode: '110001',
      phone: '98765 43210',
    });
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    const notifications = page.getByRole('region', { name: 'Notifications (F8)' });
    await expect(notifications).toContainText('Billing information saved');
    await page.keyboard.press('F8');
    await expect(notifications).toBeFocused();
    await notifications.getByRole('button', { name: 'Close notification' }).click();
    await expect(notifications).not.toContainText('Billing information saved');
  });
});
