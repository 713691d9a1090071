import { seriousViolations } from '../support/axe.js';
import { fillBilling } from '../support/checkout.js';
import { mailsTo } from '../support/mail.js';
import { BACK_ORDER_PRODUCT, backOrdered, expect, test, uniqueEmail } from './admin-fixtures.js';

const TITLE = 'Office 2024 Professional Plus LTSC';

/** Puts back the inventory set aside by backOrdered, once the test is done. */
let restock: (() => Promise<void>) | null = null;

/*
 * #34: the card said "Only 32 licenses left!" at 0 stock, the shopper paid, saw "Order Complete!" and got
 * "Your Office licence keys" with no key in it. Now the card says what is true, the cart says before payment
 * that the keys follow later, and the e-mail is titled for what it is.
 */
test.describe('a product out of stock', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ role: null });
  test.afterEach(async () => {
    await restock?.();
    restock = null;
  });

  for (const width of [390, 1280]) {
    test(`says so on its card and before payment, its order's e-mail and the success page say the keys follow (${width} px)`, async ({
      page,
      api,
      request,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const email = uniqueEmail('back-order');
      const backOrder = await backOrdered(api, request, email);
      restock = backOrder.restock;

      // The confirmation of the order paid meanwhile: no key inside, and its subject says so.
      const ref = backOrder.orderId.slice(0, 8).toUpperCase();
      await expect
        .poll(() => mailsTo(email).join('\n'))
        .toMatch(new RegExp(`Subject: Order ${ref} confirmed: your licence keys follow\\s+within 24 hours`));
      const mail = mailsTo(email).join('\n');
      expect(mail).toContain('Your licence keys are not in stock yet');
      expect(mail).not.toMatch(/Licence key: [A-Z0-9]{5}-/);

      // The catalogue's stock levels are at most 10 s old: wait for this one, as a shopper would see it.
      await expect
        .poll(
          async () => {
            const products = (await (await request.get('/api/products')).json()) as {
              id: string;
              stockLevel: string;
            }[];
            return products.find((p) => p.id === BACK_ORDER_PRODUCT)?.stockLevel;
          },
          { timeout: 20_000 },
        )
        .toBe('back_ordered');
      await page.goto('/');
      const card = page.getByRole('article', { name: TITLE });
      await expect(card.getByText('Back-ordered: keys within 24 hours')).toBeVisible();
      await expect(page.getByText(/licenses left/)).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      await card.getByRole('button', { name: 'Add to Cart' }).click();
      const cart = page.getByRole('dialog', { name: 'Shopping Cart' });
      const note = 'Not in stock right now: you pay today and the keys follow by e-mail within 24 hours.';
      await expect(cart.getByText(note)).toBeVisible();

      await page.goto('/checkout');
      const summary = page.getByRole('complementary', { name: 'Order Summary' });
      await expect(summary.getByRole('listitem', { name: TITLE })).toContainText(note);
      expect(await seriousViolations(page)).toEqual([]);
      // Before payment: the billing form is still to fill in.
      await expect(page.getByRole('heading', { name: '1. Billing Info' })).toBeVisible();

      // The order's payment says some keys are to follow; once paid, the page says so, not "on their way".
      await fillBilling(page, {
        email: uniqueEmail('back-order-buyer'),
        firstName: 'Jane',
        lastName: 'Doe',
        address: '12 Market Street',
        city: 'Pune',
        zipCode: '411001',
        phone: '98765 43210',
      });
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await expect(
        summary.getByText(
          'Not all of these keys are in stock right now: those in stock are e-mailed once you pay, the rest within 24 hours.',
        ),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Complete Secure Purchase' }).click();
      await expect(page.getByRole('heading', { name: 'Order Complete!' })).toBeVisible();
      await expect(
        page.getByText(
          'Order status: Payment confirmed. Some or all of your licence keys are not in stock yet: they follow by e-mail within 24 hours.',
        ),
      ).toBeVisible();
      await expect(page.getByText(/on their way/)).toHaveCount(0);
    });
  }
});
