import { readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openStorePage } from '../support/store-pages.js';

/*
 * The storefront's public pages are rendered into HTML at build time: the browser paints them before any
 * script has run, then React hydrates them. Hydration must adopt that HTML as it is: React reports a
 * mismatch as an error (and renders the page again from scratch), so any error logged fails these tests.
 */

const HOME_HEADING = 'Office 2024 for life. Pay once, no subscription.';

/**
 * The paths of the pages the build prerendered: `/` in index.html, `/eula` in eula.html, a product's page in
 * products/<id>.html (prerender.ts).
 */
const PRERENDERED = readdirSync(join(import.meta.dirname, '../../storefront/dist/prerendered'), {
  recursive: true,
  encoding: 'utf8',
})
  .filter((file) => file.endsWith('.html'))
  .map((file) => (file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length).split(sep).join('/')}`));
const STANDARD = { path: '/products/office-2024-standard', title: 'Office 2024 Standard' };

test.describe('prerendered pages, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('show their content, title and styles', async ({ page }) => {
    await page.goto('/compatibility');
    await expect(
      page.getByRole('heading', { level: 1, name: 'System Requirements & Compatibility' }),
    ).toBeVisible();
    // The store's name follows once its settings are loaded, which needs the scripts.
    await expect(page).toHaveTitle('System Requirements & Compatibility');
    await expect(page.getByRole('contentinfo')).toContainText('not affiliated with Microsoft');
    // Styled: MUI's styles are inlined, e.g. the page's system font rather than the browser's serif.
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^system-ui/);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Choose your Office 2024 edition' })).toBeVisible();
  });

  test("a product's page shows the edition (its words are the build's; its price waits for the server)", async ({
    page,
  }) => {
    expect(PRERENDERED).toContain(STANDARD.path);
    await page.goto(STANDARD.path);
    const article = page.getByRole('article', { name: STANDARD.title });
    await expect(article.getByRole('heading', { level: 1, name: STANDARD.title })).toBeVisible();
    await expect(article.getByRole('heading', { name: 'Included apps' })).toBeVisible();
    await expect(article.getByRole('listitem')).toHaveText(['Word', 'Excel', 'PowerPoint']);
    await expect(page).toHaveTitle(STANDARD.title);
    await expect(page.getByRole('progressbar', { name: 'Loading the price' })).toBeVisible();
  });

  test('/checkout shows its frame and billing form; the summary waits for the cart', async ({ page }) => {
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Secure Checkout' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Shopping' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '1. Billing Info' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Billing information' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Order Summary' })).toBeVisible();
    await expect(page.getByText('Your cart is empty')).toHaveCount(0);
    // Not editable until hydrated: what was typed would be reset.
    await expect(page.getByRole('textbox', { name: 'Email address' })).not.toBeEditable();
  });

  // A shopper on a slow phone clicks before the scripts have run: what they click must work without them.
  test('no button waits for the scripts while clickable: each is disabled until hydrated', async ({
    page,
  }) => {
    expect(PRERENDERED).toEqual(expect.arrayContaining(['/', '/contact', '/enterprise-support']));
    for (const path of PRERENDERED) {
      await page.goto(path);
      await expect(page.locator('#root')).not.toBeEmpty();
      const clickable = page.locator('#root button:not([disabled])');
      expect(await clickable.evaluateAll((buttons) => buttons.map((b) => b.outerHTML)), path).toEqual([]);
    }
  });

  test('links navigate, to other pages and to anchors', async ({ page }) => {
    for (const { from, within, link, to, heading } of [
      {
        from: '/',
        within: 'main',
        link: 'Shop Office 2024',
        to: /\/#products$/,
        heading: 'Choose your Office 2024 edition',
      },
      {
        from: '/compatibility',
        within: 'contentinfo',
        link: 'EULA',
        to: /\/eula$/,
        heading: 'End-User Licence Agreement',
      },
      { from: '/checkout', within: 'main', link: 'Back to Shopping', to: /\/$/, heading: HOME_HEADING },
      {
        from: '/careers',
        within: 'main',
        link: 'Apply Now: Technical Support Specialist',
        to: /\/contact\?role=Technical%20Support%20Specialist$/,
        heading: 'Contact Us',
      },
      {
        from: '/privacy',
        within: 'main',
        link: 'Make a privacy request',
        to: /\/contact\?topic=privacy$/,
        heading: 'Contact Us',
      },
      {
        from: '/enterprise-support',
        within: 'main',
        link: 'Schedule a Call',
        to: /\/contact$/,
        heading: 'Contact Us',
      },
    ] as const) {
      await page.goto(from);
      await page.getByRole(within).getByRole('link', { name: link, exact: true }).first().click();
      await expect(page, `${link} on ${from}`).toHaveURL(to);
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeInViewport();
    }
  });

  test('an FAQ answer opens and closes; one open at a time, across the home page’s two categories', async ({
    page,
  }) => {
    await page.goto('/');
    const entry = (question: string) =>
      page.locator('details').filter({ has: page.locator('summary', { hasText: question }) });
    const first = entry('Is this a subscription?');
    const other = entry('Which systems are supported?');
    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open', '');
    await expect(first.getByText('you pay once and can use it for as long as you like')).toBeVisible();
    await other.locator('summary').click();
    await expect(other).toHaveAttribute('open', '');
    await expect(first).not.toHaveAttribute('open');
    await other.locator('summary').click();
    await expect(other).not.toHaveAttribute('open');

    await page.goto('/contact');
    const question = page.locator('summary', { hasText: 'What if my key does not activate?' });
    await question.click();
    await expect(question.locator('..')).toHaveAttribute('open', '');
  });

  test('pages that depend on the visitor are not prerendered', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('#root')).toBeEmpty();
  });
});

test.describe('prerendered pages, hydrated', () => {
  /** Every error the page logs or throws, hydration mismatches included. */
  function collectErrors(page: Page): string[] {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    return errors;
  }

  /** The page's head holds one title and one description: hydration adopted the prerendered ones. */
  async function expectOneOfEachHeadTag(page: Page) {
    await expect(page.locator('head > title')).toHaveCount(1);
    await expect(page.locator('head > meta[name="description"]')).toHaveCount(1);
    await expect(page.locator('head > meta[property="og:title"]')).toHaveCount(1);
    await expect(page.locator('head > link[rel="canonical"]')).toHaveCount(1);
    await expect(page.locator('#root > title, #root > meta')).toHaveCount(0);
  }

  test('a content page hydrates without errors, then loads the store settings', async ({ page }) => {
    const errors = collectErrors(page);
    await openStorePage(page, '/compatibility');
    await expect(page).toHaveTitle('System Requirements & Compatibility | Office Licence Store');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Office Licence Store' })).toBeVisible();
    await expectOneOfEachHeadTag(page);
    // Interactive: the header's Cart link opens the cart, in place.
    await page.getByRole('banner').getByRole('link', { name: 'Cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Shopping Cart' })).toContainText('Your cart is empty');
    await expect(page).toHaveURL(/\/compatibility$/);
    expect(errors).toEqual([]);
  });

  test('the home page hydrates without errors and adds to the cart; checkout shows the item', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible();
    const title = 'Office 2024 Standard';
    await page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
      .getByRole('button', { name: 'Add to Cart' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Shopping Cart' })).toContainText(title);
    await expectOneOfEachHeadTag(page);

    // A fresh load of /checkout: the prerendered page, then the cart restored from the browser's storage.
    await page.goto('/checkout');
    const summary = page.getByRole('complementary', { name: 'Order Summary' });
    await expect(summary.getByRole('list', { name: 'Items in your order' })).toContainText(title);
    await expect(page).toHaveTitle('Secure Checkout | Office Licence Store');
    await expectOneOfEachHeadTag(page);
    await page.getByLabel('Email address').fill('prerender@example.com');
    await expect(page.getByLabel('Email address')).toHaveValue('prerender@example.com');
    expect(errors).toEqual([]);
  });

  test("a card's title leads to the edition's page, which hydrates, shows its price and adds to the cart", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    await page.getByRole('article').getByRole('link', { name: STANDARD.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${STANDARD.path}$`));
    const article = page.getByRole('article', { name: STANDARD.title });
    await expect(article.getByText('$40.49')).toBeVisible();
    await article.getByRole('button', { name: 'Add to Cart' }).click();
    const cart = page.getByRole('dialog', { name: 'Shopping Cart' });
    await expect(cart).toContainText(STANDARD.title);
    await expect(page).toHaveTitle(`${STANDARD.title} | Office Licence Store`);
    // The cart's line leads back to it.
    await cart.getByRole('link', { name: STANDARD.title }).click();
    await expect(cart).toBeHidden();

    // A fresh load of the page: the prerendered one, hydrated without a mismatch.
    await page.goto(STANDARD.path);
    await expect(article.getByText('$40.49')).toBeVisible();
    await expectOneOfEachHeadTag(page);
    expect(errors).toEqual([]);
  });

  test('checkout with an empty cart hydrates, then says the cart is empty', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/checkout');
    // Said once the page is hydrated and has read the (empty) cart.
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Secure Checkout' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Continue Shopping' }).click();
    await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('hydration leaves the page where the shopper scrolled it', async ({ page }) => {
    let release!: () => void;
    const scripts = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await scripts;
      await route.continue();
    });
    await page.goto('/privacy', { waitUntil: 'commit' });
    // Read down to a section before the scripts arrive, as on a slow phone (not to the end: the page's height
    // may change by a pixel or two once the store's settings come, moving the end of the page).
    await page.getByRole('heading', { level: 2 }).nth(3).scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);

    // The scripts loaded (the page's load event), then hydrated: the store's settings have come (under CI's
    // lanes, past an expectation's 10 s after the load event: the response is waited for, as openStorePage does).
    const settings = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/store-config',
    );
    release();
    await page.waitForLoadState('load');
    await settings;
    await expect(page.getByRole('banner').getByRole('link', { name: 'Office Licence Store' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  });

  // #34: two taps on Cart were lost while it waited, disabled, for the scripts.
  test("the header's Cart works before hydration: a tap goes to the checkout, which lists the cart", async ({
    page,
  }) => {
    await page.goto('/');
    const title = 'Office 2024 Standard';
    await page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
      .getByRole('button', { name: 'Add to Cart' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Shopping Cart' })).toContainText(title);

    let release!: () => void;
    const scripts = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await scripts;
      await route.continue();
    });
    await page.goto('/delivery-policy', { waitUntil: 'commit' });
    const cart = page.getByRole('banner').getByRole('link', { name: 'Cart' });
    // Painted, scripts still held back: the tap is a link's, not a disabled button's.
    await expect(cart).toBeEnabled();
    await cart.click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Secure Checkout' })).toBeVisible();
    // The cart's lines are shown with the catalogue, which the page asks for once its scripts have run:
    // under CI's lanes that took 14 s after the release, past an expectation's 10 s.
    const catalogue = page.waitForResponse((response) => response.url().includes('/api/products'));
    release();
    await catalogue;
    const summary = page.getByRole('complementary', { name: 'Order Summary' });
    await expect(summary.getByRole('list', { name: 'Items in your order' })).toContainText(title);
  });

  test('a query the build could not know is applied after hydration', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/contact?topic=refund');
    await expect(page.getByRole('textbox', { name: 'Subject', exact: true })).toHaveValue('Refund Request');
    expect(errors).toEqual([]);
  });
});
