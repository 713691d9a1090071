import type { Currency } from '../common/money.js';
import { renderOrderHeldEmail, renderOrderHeldStaffEmail } from './hold-email.js';
import { renderRefundDueEmail, renderRefundDueStaffEmail } from './refund-due-email.js';

const order = (currency: string, totalCents: number) => ({
  id: 'abcdef12-3456-7890-abcd-ef1234567890',
  customerName: 'Jane Doe',
  customerEmail: 'jane@example.com',
  totalCents,
  // As a row holds it: rows of before #35, and a replica of the previous release, write `usd`.
  currency: currency as Currency,
  holdReasons: ['country-mismatch'],
  couponCode: null,
  paymentProvider: 'stripe',
  providerPaymentId: 'pi_1',
});

describe('the hold and refund-due e-mails, in the order’s currency', () => {
  it.each([
    ['JPY', 6000, '¥6,000'],
    ['EUR', 3799, '€37.99'],
    ['usd', 4049, '$40.49'],
  ])('state an order of %s %d as %s', (currency, cents, text) => {
    const held = order(currency, cents);
    const shopper = renderOrderHeldEmail(held, { reviewHours: 24, supportEmail: 'support@shop.test' });
    expect(shopper.text).toContain(`your payment of ${text} was received.`);
    expect(shopper.html).toContain(`your payment of ${text} was received.`);
    expect(renderOrderHeldStaffEmail(held, 'https://shop.test').text).toContain(
      `(jane@example.com, ${text}) was paid and is held`,
    );
    const due = renderRefundDueEmail(held, 'review-rejected', {
      supportEmail: 'support@shop.test',
      publicUrl: 'https://shop.test',
    });
    expect(due.text).toContain(`Your payment of ${text} will be refunded in full`);
    expect(renderRefundDueStaffEmail(held, 'review-rejected').text).toContain(
      `was paid, ${text} through stripe`,
    );
  });

  it('is never written in a currency the store does not know', () => {
    expect(() => renderOrderHeldEmail(order('xyz', 6000), { reviewHours: 24, supportEmail: 's@x' })).toThrow(
      'Not a currency the store sells in: xyz',
    );
  });
});
