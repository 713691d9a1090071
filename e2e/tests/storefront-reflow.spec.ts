import { expect, test, type Page } from '@playwright/test';

/** Every public route: the home page, the checkout (with something in the cart), every shell page, a 404. */
const ROUTES = [
  '/',
  '/checkout',
  '/enterprise-support',
  '/success',
  '/login',
  '/account',
  '/contact',
  '/compatibility',
  '/careers',
  '/privacy',
  '/terms',
  '/delivery-policy',
  '/refund-policy',
  '/eula',
  '/download-unavailable?reason=expired',
  '/no-such-page',
  '/products/office-2024-home-business',
];

/** What sticks out to the right of the viewport: the page's own width and the widest offenders. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const offenders = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .filter((element) => getComputedStyle(element).position !== 'fixed')
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 2).join('.')}`);
    return { scrollWidth: document.documentElement.scrollWidth, width, offenders };
  });
}

// WCAG 1.4.10 (reflow): nothing scrolls sideways on a 320 px screen, nor on a common 390 px phone.
for (const width of [320, 390]) {
  test.describe(`public pages at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('no page scrolls sideways', async ({ page }) => {
      await page.addInitScript(() =>
        localStorage.setItem(
          'office-store.cart',
          JSON.stringify([{ id: 'office-2024-standard', quantity: 2 }]),
        ),
      );
      const wide: string[] = [];
      for (const route of ROUTES) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        const measured = await overflow(page);
        if (measured.scrollWidth > measured.width)
          wide.push(`${route}: ${measured.scrollWidth} px wide (${measured.offenders.join(', ')})`);
      }
      expect(wide).toEqual([]);
    });

    test('Login is reachable from the footer, as the delivery policy says', async ({ page }) => {
      await page.goto('/delivery-policy');
      await expect(page.getByText('Choose Login at the top or bottom of any page')).toBeVisible();
      await page.getByRole('contentinfo').getByRole('link', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Access your licences' })).toBeVisible();
    });

    test('the guarantees take one line of the first screen', async ({ page }) => {
      await page.goto('/contact');
      const strip = page.getByRole('complementary', { name: 'Our guarantees' });
      await expect(strip.getByText('30-day money-back', { exact: true })).toBeVisible();
      expect((await strip.boundingBox())!.height).toBeLessThan(48);
    });
  });
}

for (const width of [390, 1280]) {
  test(`the enterprise page's floating call button leaves the page's end readable at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/enterprise-support');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const covered = await page.evaluate(() => {
      const button = [...document.querySelectorAll('button, a')].find(
        (element) => getComputedStyle(element).position === 'fixed',
      );
      if (!button) return ['no floating button'];
      const box = button.getBoundingClientRect();
      return [...document.querySelectorAll('footer a, footer p')]
        .filter((element) => {
          const r = element.getBoundingClientRect();
          return r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top;
        })
        .map((element) => element.textContent ?? '');
    });
    expect(covered).toEqual([]);
  });
}
