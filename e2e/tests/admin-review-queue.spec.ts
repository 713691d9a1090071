import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.js';
import { expect, placeOrder, test } from './admin-fixtures.js';

/** A disposable address (mailchecker's kept list): the fraud hold holds its orders for review. */
const disposableEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@mailinator.com`;

/** Whether the page scrolls sideways (wider than its window). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** The held order's row (a table row at desktop widths, a card on a phone). */
const rowOf = (page: Page, email: string, phone: boolean): Locator =>
  phone
    ? page.getByRole('list', { name: 'Held orders' }).getByRole('listitem').filter({ hasText: email })
    : page.getByRole('row').filter({ hasText: email });

// Issue #34: the review queue is decided in place: evidence, the buyer's history, the timeline, a link to
// the order, and a count of the orders waiting on the sidebar's link.
for (const { width, phone } of [
  { width: 1280, phone: false },
  { width: 390, phone: true },
]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a held order is decided from the queue, with its evidence, the buyer’s history and its timeline', async ({
      page,
      request,
      api,
    }) => {
      // The buyer's first order was held and rejected (refunded); the second is held.
      const email = disposableEmail(`queue-${width}`);
      const first = await placeOrder(request, { email });
      const rejected = await api.post(`/api/admin/orders/${first}/review`, { data: { decision: 'reject' } });
      expect(rejected.status(), await rejected.text()).toBe(200);
      const orderId = await placeOrder(request, { email });
      const short = orderId.slice(0, 8);

      // The sidebar counts the orders waiting.
      await page.goto('/admin/dashboard');
      if (phone) await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
      const queueLink = page.getByRole('link', { name: /^Review queue: \d+ orders? waiting$/ });
      await expect(queueLink).toBeVisible();
      await queueLink.click();

      await expect(page).toHaveURL(/\/admin\/reviews/);
      await page.getByPlaceholder('Search by e-mail or order ID').fill(email);
      const row = rowOf(page, email, phone);
      await expect(row).toHaveCount(1);
      await expect(row.getByText('Disposable e-mail')).toBeVisible();
      await expect(row).toContainText('Billing GB · IP — · Card —');
      await expect(row).toContainText(/1 previous order since .*; 1 refund/);
      expect(await scrollsSideways(page)).toBe(false);

      // Its timeline, unfolded in place.
      await row.getByRole('button', { name: `Timeline of order ${short}` }).click();
      const timeline = page.getByRole('list', { name: 'Order timeline' });
      await expect(timeline.getByText('Held for review')).toBeVisible();
      await expect(timeline).toContainText('Because: disposable-email');
      expect(await scrollsSideways(page)).toBe(false);
      expect(await seriousViolations(page), 'the review queue').toEqual([]);

      // Its link leads to the order among the others.
      await row.getByRole('link', { name: `Order ${short} in the orders list` }).click();
      await expect(page).toHaveURL(/\/admin\/orders\?/);
      await expect(page.getByText(email).first()).toBeVisible();
      await page.goBack();

      // Approved from the queue, it leaves it.
      await page.getByPlaceholder('Search by e-mail or order ID').fill(email);
      await rowOf(page, email, phone)
        .getByRole('button', { name: `Approve order ${short}` })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Approve this order?' });
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByText('Order approved')).toBeVisible();
      await expect(rowOf(page, email, phone)).toHaveCount(0);
    });
  });
}
