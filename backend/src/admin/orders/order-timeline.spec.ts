import type { Order } from '../../orders/entities/order.entity.js';
import type { Dispute } from '../../payments/disputes/entities/dispute.entity.js';
import type { Refund } from '../../payments/entities/refund.entity.js';
import { buildTimeline } from './order-timeline.js';

const AT = new Date('2026-11-21T10:00:00Z');

/** The timeline of a paid order of `totalCents`, half refunded, then disputed. */
function timelineIn(currency: string, totalCents: number) {
  const order = {
    id: 'abcdef12-3456-7890-abcd-ef1234567890',
    createdAt: AT,
    paidAt: AT,
    totalCents,
    currency,
    orderItems: [{ productId: 'office-2024-standard', name: 'Office 2024 Standard', quantity: 2 }],
    billingCountry: 'JP',
    checkoutIp: null,
    paymentMethod: 'card',
    paymentProvider: 'stripe',
    cardCountry: null,
    heldAt: null,
    reviewedAt: null,
  } as unknown as Order;
  const refund = {
    createdAt: AT,
    amountCents: totalCents / 2,
    currency,
    status: 'succeeded',
    reason: 'Goodwill',
    revokeKeys: false,
  } as unknown as Refund;
  const dispute = {
    createdAt: AT,
    kind: 'dispute',
    amountCents: totalCents / 2,
    currency: currency.toLowerCase(),
    reason: 'fraudulent',
    status: 'needs_response',
  } as unknown as Dispute;
  const { entries } = buildTimeline({
    order,
    events: [],
    keys: [],
    activations: [],
    links: [],
    emails: [],
    refunds: [refund],
    disputes: [dispute],
    reports: [],
    audit: [],
    notes: [],
    messageIdDomain: 'shop.test',
  });
  return entries;
}

describe('the order timeline, in the order’s currency', () => {
  it.each([
    ['JPY', 12000, '¥12,000', '¥6,000'],
    ['EUR', 7598, '€75.98', '€37.99'],
    ['usd', 8098, '$80.98', '$40.49'],
  ])('states a %s order of %d as %s, its refund and dispute as %s', (currency, cents, total, half) => {
    const entries = timelineIn(currency, cents);
    const of = (title: string) => entries.find((e) => e.title.startsWith(title));
    expect(of('Order placed')?.detail).toBe(`${total}: 2 × Office 2024 Standard · billed in JP`);
    expect(of('Paid')?.detail).toBe(`${total} by card (stripe)`);
    expect(of('Refund of')?.title).toBe(`Refund of ${half} succeeded`);
    expect(of('Dispute opened')?.detail).toContain(`${half} · reason: fraudulent`);
  });
});
