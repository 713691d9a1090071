import { BILLING } from '@store/testing';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, uniqueEmail } from './admin-fixtures.js';

/** An order whose first card is declined and whose second is taken (the demo provider). */
async function orderPaidAfterADecline(request: APIRequestContext, email: string): Promise<string> {
  const intent = await request.post('/api/create-payment-intent', {
    data: {
      cartItems: [{ id: 'office-2024-standard', quantity: 1 }],
      billing: { ...BILLING, email },
      consents: { immediateDelivery: true, withdrawalRightLoss: true },
    },
  });
  expect(intent.status(), await intent.text()).toBe(201);
  const { orderId, clientSecret } = (await intent.json()) as { orderId: string; clientSecret: string };
  const confirm = (outcome?: 'decline') =>
    request.post('/api/payments/demo/confirm', { data: { orderId, clientSecret, outcome } });
  expect((await confirm('decline')).status()).toBe(402);
  expect((await confirm()).status()).toBe(200);
  return orderId;
}

for (const role of ['admin', 'support'] as const) {
  test.describe(`${role} staff`, () => {
    test.use({ role });

    test(`read an order's story and add an internal note (${role})`, async ({ page, request, session }) => {
      const email = uniqueEmail(`timeline-${role}`);
      const orderId = await orderPaidAfterADecline(request, email);
      const ref = orderId.slice(0, 8);

      await page.goto('/admin/orders');
      await page.getByPlaceholder('Search by e-mail, name or order ID').fill(email);
      await page.getByRole('button', { name: `View order ${ref}` }).click();
      const order = page.getByRole('dialog', { name: `Order ${ref}` });
      const section = order.getByRole('region', { name: 'Timeline' });
      const entries = section.getByRole('list', { name: 'Order timeline' }).getByRole('listitem');

      // Oldest first: the checkout, the declined card with its reason, the payment, the key, the e-mail.
      await expect(entries.first()).toContainText('Order placed');
      const declined = entries.filter({ hasText: 'Payment declined' });
      await expect(declined).toContainText('Your card was declined (demo payment, no charge).');
      await expect(declined).toContainText('demo');
      await expect(entries.filter({ hasText: /^PaidPaid/ })).toHaveCount(1);
      await expect(entries.filter({ hasText: '1 licence key assigned' })).toContainText(
        'XXXXX-XXXXX-XXXXX-XXXXX-',
      );
      await expect(entries.filter({ hasText: 'Delivery e-mail' })).toContainText('Message-ID <outbox-');
      const titles = await entries.allTextContents();
      const at = (text: string) => titles.findIndex((title) => title.includes(text));
      expect(at('Order placed')).toBeLessThan(at('Payment declined'));
      expect(at('Payment declined')).toBeLessThan(at('licence key assigned'));

      const note = `Called ${email} about the declined card`;
      const add = section.getByRole('button', { name: 'Add note' });
      await expect(add).toBeDisabled();
      await section.getByRole('textbox', { name: 'Internal note' }).fill(`  ${note}  `);
      await add.click();
      await expect(page.getByText('Note added')).toBeVisible();
      const added = entries.last();
      await expect(added).toContainText(note);
      await expect(added).toContainText(session!.user.username);
      await expect(section.getByRole('textbox', { name: 'Internal note' })).toHaveValue('');
    });
  });
}
