import { describe, expect, it } from 'vitest';
import { describeOrderStatus } from '../features/checkout/useOrderStatus';
import { orderStateLabel, reviewingText } from './orderOutcome';

describe("an order's state in the shopper's words", () => {
  it.each([
    [{ status: 'fulfilled', paymentStatus: 'completed' }, 'Delivered'],
    [{ status: 'fulfilled', paymentStatus: 'partially_refunded' }, 'Partly refunded'],
    [{ status: 'processing', paymentStatus: 'partially_refunded', awaitingKeys: true }, 'Partly refunded'],
    [{ status: 'fulfilled', paymentStatus: 'refunded' }, 'Refunded'],
    [{ status: 'cancelled', paymentStatus: 'completed' }, 'Refund due'],
    [{ status: 'cancelled', paymentStatus: 'refunded' }, 'Refunded'],
    [{ status: 'on_hold', paymentStatus: 'completed' }, 'Being reviewed'],
    [{ status: 'processing', paymentStatus: 'processing' }, 'Payment processing'],
  ] as const)('%o is "%s" on the licence page', (order, label) => {
    expect(orderStateLabel(order)).toBe(label);
  });

  it('tells a partly refunded order apart on the confirmation page, whatever its delivery', () => {
    for (const status of ['fulfilled', 'processing'] as const)
      expect(
        describeOrderStatus({
          orderId: 'o1',
          status,
          paymentStatus: 'partially_refunded',
          customerEmail: 'jane@example.com',
          awaitingKeys: false,
          backOrderHours: 24,
        }),
      ).toBe('Partly refunded: we have e-mailed you the details.');
  });

  it("says a held order is being reviewed, within the store's hours, and never that keys were sent", () => {
    const held = {
      orderId: 'o1',
      status: 'on_hold',
      paymentStatus: 'completed',
      customerEmail: 'jane@example.com',
      awaitingKeys: false,
      backOrderHours: 24,
    } as const;
    expect(describeOrderStatus(held, 6)).toBe(
      'Payment confirmed. Your order is being reviewed, usually within 6 hours. ' +
        'Your licence keys are e-mailed as soon as it is approved.',
    );
    expect(describeOrderStatus(held)).toContain('usually within a few hours');
  });
});

describe('the review promise (#34)', () => {
  it('says 1 hour, not "1 hours"', () => {
    expect(reviewingText(1)).toMatch(/^Your order is being reviewed, usually within 1 hour\. /);
    expect(reviewingText(12)).toMatch(/usually within 12 hours\. /);
    expect(reviewingText(null)).toMatch(/usually within a few hours\. /);
  });
});
