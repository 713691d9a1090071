import type { Currency } from '../common/money.js';
import { renderWithdrawalEmail, renderWithdrawalStaffEmail } from './withdrawal-email.js';

const order = (currency: string, totalCents: number) => ({
  id: 'abcdef12-3456-7890-abcd-ef1234567890',
  customerName: 'Jane Doe',
  customerEmail: 'jane@example.com',
  totalCents,
  // As a row holds it: rows of before #35, and a replica of the previous release, write `usd`.
  currency: currency as Currency,
  paymentMethod: 'card',
  paymentProvider: 'stripe',
  providerPaymentId: 'pi_1',
  orderItems: [
    {
      productId: 'office-2024-standard',
      name: 'Office 2024 Standard',
      quantity: 1,
      unitPriceCents: totalCents,
    },
  ],
});
const AT = new Date('2026-11-21T10:00:00Z');

describe('the withdrawal e-mails, in the order’s currency', () => {
  it.each([
    ['JPY', 6000, '¥6,000'],
    ['EUR', 3799, '€37.99'],
    ['usd', 4049, '$40.49'],
  ])('refund an order of %s %d as %s', (currency, cents, text) => {
    const withdrawn = order(currency, cents);
    const mail = renderWithdrawalEmail(withdrawn, AT, { supportEmail: 'support@shop.test' });
    for (const part of [mail.text, mail.html])
      expect(part).toContain(`We refund the whole order, ${text}, to the card you paid with`);
    expect(renderWithdrawalStaffEmail(withdrawn, AT).text).toContain(`A full refund of ${text} is asked`);
  });
});
