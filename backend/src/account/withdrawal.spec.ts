import { withdrawalRefusal } from './withdrawal.service.js';

describe('withdrawalRefusal: who may withdraw before delivery', () => {
  const paid = {
    status: 'processing',
    paymentStatus: 'completed',
    refundDue: null,
    awaitingKeys: true,
  } as const;

  it('allows a held order, and a back-ordered one with no key delivered', () => {
    expect(withdrawalRefusal({ ...paid, status: 'on_hold', awaitingKeys: false }, false)).toBeNull();
    // A held order's reserved keys were never shown: they do not count as delivered.
    expect(withdrawalRefusal({ ...paid, status: 'on_hold', awaitingKeys: false }, true)).toBeNull();
    expect(withdrawalRefusal(paid, false)).toBeNull();
    expect(withdrawalRefusal({ ...paid, paymentStatus: 'partially_refunded' }, false)).toBeNull();
  });

  it.each([
    [{ ...paid }, true, /licence keys were delivered/],
    [{ ...paid, status: 'fulfilled', awaitingKeys: false }, true, /licence keys were delivered/],
    [{ ...paid, paymentStatus: 'refunded' }, false, /was refunded/],
    [{ ...paid, paymentStatus: 'disputed' }, false, /disputed/],
    [{ ...paid, paymentStatus: 'pending' }, false, /not paid/],
    [{ ...paid, paymentStatus: 'failed' }, false, /not paid/],
    [
      { ...paid, status: 'cancelled', refundDue: 'order-cancelled', awaitingKeys: false },
      false,
      /already being refunded/,
    ],
  ] as const)('refuses %j (keys delivered: %s) with a reason', (order, delivered, reason) => {
    expect(withdrawalRefusal(order, delivered)).toMatch(reason);
  });
});
