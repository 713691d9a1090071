import type { Page } from '@playwright/test';
import { expect, placeOrder, test, uniqueEmail } from './admin-fixtures.js';

/** The back office's lists, each with a row or more (an order placed, the seeded keys and batches). */
const LISTS = [
  '/admin/orders',
  '/admin/customers',
  '/admin/refunds',
  '/admin/reviews',
  '/admin/license-keys',
  '/admin/key-batches',
  '/admin/suppliers',
  '/admin/products',
  '/admin/key-reports',
  '/admin/downloads',
  '/admin/coupons',
  '/admin/emails',
  '/admin/messages',
  '/admin/staff',
  '/admin/audit',
];

/**
 * What scrolls sideways on the page: the page itself, and every element whose content is wider than it
 * (a table's scroll box), each with its widths.
 */
function sidewaysScrollers(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    for (const element of document.querySelectorAll<HTMLElement>('main *')) {
      const overflow = getComputedStyle(element).overflowX;
      if ((overflow === 'auto' || overflow === 'scroll') && element.scrollWidth > element.clientWidth + 1)
        found.push(
          `${element.className.toString().slice(0, 60)} ${element.scrollWidth} > ${element.clientWidth}`,
        );
    }
    return found;
  });
}

test.describe('the back office lists at 1280 and 390 px (#34)', () => {
  test('no list scrolls sideways, and the orders toolbar shows each button whole', async ({
    page,
    request,
  }) => {
    await placeOrder(request, { email: uniqueEmail('widths') });
    await page.setViewportSize({ width: 1280, height: 800 });
    const scrolling: Record<string, string[]> = {};
    for (const path of LISTS) {
      await page.goto(path);
      // A row, or the list's empty page: the list has drawn.
      await expect(
        page
          .locator('main')
          .getByRole('row')
          .nth(1)
          .or(page.getByText(/No .* yet|found|No orders waiting for review/i))
          .first(),
      ).toBeVisible();
      const found = await sidewaysScrollers(page);
      if (found.length) scrolling[path] = found;
    }
    expect(scrolling, 'lists that scroll sideways at 1280 px').toEqual({});

    // The orders toolbar, before and after orders are selected (a Resend button joins it): no label cut.
    await page.goto('/admin/orders');
    await expect(page.getByRole('button', { name: 'Export' })).toBeVisible();
    const cutButtons = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('main button, main a')]
          .filter((button) => button.offsetParent !== null)
          .filter((button) => {
            const box = button.getBoundingClientRect();
            const cut = (element: HTMLElement) => element.scrollWidth > element.clientWidth + 1;
            return (
              cut(button) ||
              [...button.querySelectorAll<HTMLElement>('*')].some(cut) ||
              box.right > window.innerWidth
            );
          })
          .map((button) => button.textContent ?? button.getAttribute('aria-label')),
      );
    expect(await cutButtons(), 'buttons cut off at 1280 px').toEqual([]);
    await page.getByRole('checkbox', { name: 'Select every order on this page' }).check();
    await expect(page.getByRole('button', { name: /Resend delivery \(\d+\)/ })).toBeVisible();
    expect(await cutButtons(), 'buttons cut off at 1280 px with orders selected').toEqual([]);
    expect(await sidewaysScrollers(page), 'the orders list with orders selected').toEqual([]);
  });

  test('at 390 px the same lists, as cards, do not scroll sideways either', async ({ page, request }) => {
    await placeOrder(request, { email: uniqueEmail('widths-phone') });
    await page.setViewportSize({ width: 390, height: 800 });
    const scrolling: Record<string, string[]> = {};
    for (const path of [
      '/admin/orders',
      '/admin/license-keys',
      '/admin/key-batches',
      '/admin/customers',
      '/admin/staff',
    ]) {
      await page.goto(path);
      await expect(
        page
          .locator('main')
          .getByRole('list')
          .or(page.getByText(/No .* yet|found|No orders waiting for review/i))
          .first(),
      ).toBeVisible();
      const found = await sidewaysScrollers(page);
      if (found.length) scrolling[path] = found;
    }
    expect(scrolling, 'lists that scroll sideways at 390 px').toEqual({});
  });

  test('the sales chart writes its revenue axis short, so no label is cut', async ({ page, request }) => {
    await placeOrder(request, { email: uniqueEmail('chart') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/dashboard');
    const chart = page.getByRole('figure', { name: 'Net sales and orders per day' });
    await expect(chart.locator('svg').first()).toBeVisible();
    const ticks = chart.locator('.MuiChartsAxis-left .MuiChartsAxis-tickLabel');
    await expect(ticks.first()).toBeVisible();
    const labels = await ticks.allTextContents();
    expect(labels.length).toBeGreaterThan(1);
    for (const label of labels) expect(label).toMatch(/^\$\d+(\.\d)?[KM]?$/);
  });
});
