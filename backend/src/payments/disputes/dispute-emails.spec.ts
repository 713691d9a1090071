import type { Currency } from '../../common/money.js';
import { renderDisputeStaffEmail } from './dispute-emails.js';

const order = (currency: string, totalCents: number) => ({
  id: 'abcdef12-3456-7890-abcd-ef1234567890',
  customerEmail: 'jane@example.com',
  totalCents,
  // As a row holds it: rows of before #35, and a replica of the previous release, write `usd`.
  currency: currency as Currency,
  providerPaymentId: 'pi_1',
});
const dispute = (currency: string, amountCents: number) => ({
  providerDisputeId: 'dp_1',
  amountCents,
  currency,
  reason: 'fraudulent',
  status: 'needs_response',
  evidenceDueBy: new Date('2026-12-01T00:00:00Z'),
});
const URL = 'https://shop.test';

describe('the dispute alerts, in the currency paid', () => {
  it.each([
    // Stripe writes a dispute's currency in lower case.
    ['JPY', 'jpy', 6000, '¥6,000'],
    ['EUR', 'eur', 3799, '€37.99'],
    ['usd', 'usd', 4049, '$40.49'],
  ])('state an order of %s and its dispute (%s %d) as %s', (orderCurrency, currency, cents, text) => {
    const opened = renderDisputeStaffEmail(
      order(orderCurrency, cents),
      dispute(currency, cents),
      { event: 'opened', keys: 'revoked' },
      URL,
    );
    expect(opened.subject).toBe(`Dispute opened: order ABCDEF12, ${text} (fraudulent)`);
    expect(opened.text).toContain(`The cardholder's bank disputed ${text} of this order's payment`);
    expect(opened.text).toContain(`(jane@example.com, ${text}, payment pi_1)`);
    const closed = renderDisputeStaffEmail(
      order(orderCurrency, cents),
      { ...dispute(currency, cents), status: 'lost' },
      { event: 'closed' },
      URL,
    );
    expect(closed.subject).toBe(`Dispute lost: order ABCDEF12, ${text}`);
  });
});
