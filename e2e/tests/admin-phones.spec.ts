import type { Locator, Page } from '@playwright/test';
import { expect, placeOrder, test, uniqueEmail } from './admin-fixtures.js';
import { shopperAddress } from '@store/testing';

// Issue #18, item 18: on a phone no back-office page scrolls sideways; each list is a card per row, with
// its filters, its buttons and each row's actions on screen.
test.use({ viewport: { width: 390, height: 800 } });

/** Whether the page is wider than the window, and the innermost elements sticking out past its right edge. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const sticksOut = (element: Element) =>
      element.getBoundingClientRect().right > width + 0.5 && getComputedStyle(element).position !== 'fixed';
    const offenders = [...document.querySelectorAll('body *')]
      .filter(sticksOut)
      .filter((element) => ![...element.children].some(sticksOut))
      .slice(0, 8)
      .map((element) => {
        const classes = [...element.classList].filter((name) => !name.startsWith('css-')).slice(0, 2);
        const text = (element.textContent ?? '').trim().slice(0, 30);
        const right = Math.round(element.getBoundingClientRect().right);
        return `${element.tagName.toLowerCase()}${classes.map((name) => `.${name}`).join('')} "${text}" (to ${right} px)`;
      });
    return { scrollWidth: document.documentElement.scrollWidth, width, offenders };
  });
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const measured = await overflow(page);
  expect(
    measured.scrollWidth,
    `${where} is ${measured.scrollWidth} px wide in a ${measured.width} px window: ${measured.offenders.join(', ')}`,
  ).toBeLessThanOrEqual(measured.width);
}

/** A list's cards. */
const cards = (page: Page, list: string) => page.getByRole('list', { name: list }).getByRole('listitem');

async function expectOnScreen(...controls: Locator[]) {
  for (const control of controls) {
    await expect(control).toBeVisible();
    await expect(control).toBeInViewport();
  }
}

test.describe('the back office at 390 px', () => {
  test('the dashboard fits the screen', async ({ page, request }) => {
    await placeOrder(request, { email: uniqueEmail('phone-dashboard') });
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Recent Orders' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the dashboard');
  });

  test('orders: a card per order, with its filters and View', async ({ page, request }) => {
    const email = uniqueEmail('phone-orders');
    await placeOrder(request, { email });
    await page.goto('/admin/orders');
    const card = cards(page, 'Orders').filter({ hasText: email });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Completed');
    await expectOnScreen(
      page.getByPlaceholder('Search by e-mail, name or order ID'),
      page.getByRole('combobox', { name: 'Status' }),
      page.getByRole('combobox', { name: 'Payment' }),
      page.getByRole('combobox', { name: 'Refund due' }),
      page.getByRole('main').getByRole('button', { name: 'Refresh' }),
    );
    await expect(card.getByRole('button', { name: /^View order/ })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the orders list');

    await card.getByRole('button', { name: /^View order/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSidewaysScroll(page, 'the order dialog');
  });

  test('licence keys: a card per key, with its filters, Create, Import and Revoke', async ({
    page,
    request,
  }) => {
    await placeOrder(request, { email: uniqueEmail('phone-keys') });
    await page.goto('/admin/license-keys');
    const card = cards(page, 'License Keys').first();
    await expect(card).toBeVisible();
    await expectOnScreen(
      page.getByPlaceholder('Search by key, product or order ID'),
      page.getByRole('combobox', { name: 'Status' }),
      page.getByRole('button', { name: 'Import Keys' }),
      page.getByRole('button', { name: 'Create License' }),
      page.getByRole('main').getByRole('button', { name: 'Refresh' }),
    );
    await expect(card.getByRole('button', { name: /^(Revoke|Activate) / })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the licence keys list');
  });

  test('downloads: a card per link, with its filters, Create and the toggle', async ({ page, request }) => {
    await placeOrder(request, { email: uniqueEmail('phone-downloads') });
    await page.goto('/admin/downloads');
    const card = cards(page, 'Download Links').first();
    await expect(card).toBeVisible();
    await expectOnScreen(
      page.getByRole('textbox', { name: 'Search' }),
      page.getByRole('combobox', { name: 'Status' }),
      page.getByRole('button', { name: 'Create Download' }),
      page.getByRole('main').getByRole('button', { name: 'Refresh' }),
    );
    await expect(card.getByRole('switch', { name: /^Active: / })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the downloads list');
  });

  test('coupons: a card per coupon, with its filters and Create', async ({ page }) => {
    await page.goto('/admin/coupons');
    const card = cards(page, 'Coupons').filter({ hasText: 'SAVE10' });
    await expect(card).toBeVisible();
    await expectOnScreen(
      page.getByPlaceholder('Search'),
      page.getByRole('combobox', { name: 'Active' }),
      page.getByRole('link', { name: 'Create' }),
      page.getByRole('main').getByRole('button', { name: 'Refresh' }),
    );
    await expectNoSidewaysScroll(page, 'the coupons list');
    await card.getByRole('link', { name: 'SAVE10' }).click();
    await expect(page).toHaveURL(/\/admin\/coupons\/[^/]+$/);
    await expectNoSidewaysScroll(page, 'the coupon form');
  });

  test('emails: a card per e-mail, with its filters and Resend', async ({ page, request }) => {
    const email = uniqueEmail('phone-emails');
    await placeOrder(request, { email });
    await page.goto('/admin/emails');
    const card = cards(page, 'Emails').filter({ hasText: email }).first();
    await expect(card).toBeVisible();
    await expectOnScreen(
      page.getByPlaceholder('Search'),
      page.getByRole('combobox', { name: 'Status' }),
      page.getByRole('main').getByRole('button', { name: 'Refresh' }),
    );
    await expect(card.getByRole('button', { name: 'Resend' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the e-mails list');
  });

  test('messages: a card per message, with its filters and Mark answered', async ({ page, request }) => {
    const subject = `Phone question ${Date.now().toString(36)}`;
    const posted = await request.post('/api/contact', {
      headers: { 'x-forwarded-for': shopperAddress() },
      data: {
        name: 'Katherine Johnson',
        email: 'katherine@example.com',
        subject,
        category: 'licensing',
        message: 'A long message, with an address that does not wrap: https://example.com/' + 'x'.repeat(80),
      },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    await page.goto('/admin/messages');
    const card = cards(page, 'Messages').filter({ hasText: subject });
    await expect(card).toBeVisible();
    await expectOnScreen(
      page.getByPlaceholder('Search'),
      page.getByRole('combobox', { name: 'Status' }),
      page.getByRole('main').getByRole('button', { name: 'Refresh' }),
    );
    await expect(card.getByRole('button', { name: 'Mark answered' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the messages list');
  });

  test('staff: a card per member, with the search, Create and the row actions', async ({ page }) => {
    await page.goto('/admin/staff');
    const card = cards(page, 'Staff').filter({ has: page.getByRole('link', { name: 'admin', exact: true }) });
    await expect(card).toBeVisible();
    // Another member's card: nobody deactivates themself.
    const other = cards(page, 'Staff').filter({
      has: page.getByRole('link', { name: 'e2e-support', exact: true }),
    });
    await expectOnScreen(
      page.getByPlaceholder('Search'),
      page.getByRole('link', { name: 'Create' }),
      page.getByRole('main').getByRole('button', { name: 'Refresh' }),
    );
    // Staff are deactivated, not deleted (#34).
    await expect(other.getByRole('button', { name: 'Deactivate e2e-support' })).toBeVisible();
    await expect(card.getByRole('button', { name: /^Deactivate/ })).toHaveCount(0);
    await expectNoSidewaysScroll(page, 'the staff list');
    await page.getByRole('link', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/admin\/staff\/create$/);
    await expectNoSidewaysScroll(page, 'the staff form');
  });
});
