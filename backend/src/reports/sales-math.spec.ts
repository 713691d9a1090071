import { keyRevenue, orderMargin, productShares, refundTax, spread, type PricedOrder } from './sales-math.js';

/** Two Standard ($40.49) and one Home & Business ($242.99), $32.40 off, German VAT added (tax.e2e's cart). */
const ORDER: PricedOrder = {
  orderItems: [
    { productId: 'standard', name: 'Standard', quantity: 2, unitPriceCents: 4049, taxCents: 1385 },
    { productId: 'home', name: 'Home & Business', quantity: 1, unitPriceCents: 24299, taxCents: 4155 },
  ],
  discountCents: 3240,
  totalCents: 34697,
  taxCents: 5540,
  taxMode: 'exclusive',
  paidAt: new Date('2026-11-26T10:00:00Z'),
  currency: 'USD',
};

describe('sales math', () => {
  it('shares an order out per product, after the discount, with the tax added: the parts make the total', () => {
    expect(productShares(ORDER)).toEqual([
      { productId: 'standard', units: 2, revenueCents: 8098 - 810 + 1385, taxCents: 1385 },
      { productId: 'home', units: 1, revenueCents: 24299 - 2430 + 4155, taxCents: 4155 },
    ]);
    const inclusive = { ...ORDER, taxMode: 'inclusive' as const, totalCents: 32397 - 3240 };
    expect(productShares(inclusive).reduce((sum, s) => sum + s.revenueCents, 0)).toBe(inclusive.totalCents);
  });

  it('gives each key its share without tax, the odd cent to the first', () => {
    // Standard: 8098 − 810 = 7288 for two keys.
    expect([0, 1, 2].map((i) => keyRevenue(ORDER, 'standard', i))).toEqual([3644, 3644, 0]);
    const odd = { ...ORDER, orderItems: [ORDER.orderItems[0]!], discountCents: 1 };
    expect([0, 1].map((i) => keyRevenue(odd, 'standard', i))).toEqual([4049, 4048]);
  });

  it('takes the tax back in proportion, so refunds however split add up to the order’s tax', () => {
    const parts = [1000, 20000, ORDER.totalCents - 21000];
    let before = 0;
    const taxes = parts.map((amount) => {
      const tax = refundTax(ORDER, before, amount);
      before += amount;
      return tax;
    });
    expect(taxes[0]).toBe(160); // 1000 × 5540 / 34697 = 159.7
    expect(taxes.reduce((sum, t) => sum + t, 0)).toBe(ORDER.taxCents);
  });

  it('spreads cents exactly, negative ones too, and on the first when nothing weighs', () => {
    expect(spread([1, 1, 1], 100)).toEqual([34, 33, 33]);
    expect(spread([1, 3], -40)).toEqual([-10, -30]);
    expect(spread([0, 0], 7)).toEqual([7, 0]);
  });

  it('reckons an order’s margin, refunded in full without a refund row when the payment says so', () => {
    const order = { ...ORDER, paymentStatus: 'completed' as const };
    const keys = [{ costCents: 1500 }, { costCents: 1500 }, { costCents: null }];
    expect(
      orderMargin(order, keys, [
        { amountCents: 1000, status: 'succeeded' },
        { amountCents: 50, status: 'failed' },
      ]),
    ).toEqual({
      revenueCents: 34697,
      taxCents: 5540,
      refundsCents: 1000,
      refundTaxCents: 160,
      keyCostCents: 3000,
      marginCents: 34697 - 5540 - 840 - 3000,
      keysWithoutCost: 1,
    });
    expect(orderMargin({ ...order, paymentStatus: 'refunded' }, keys, []).marginCents).toBe(-3000);
    expect(orderMargin({ ...order, paidAt: null, paymentStatus: 'pending' }, [], []).marginCents).toBe(0);
  });
});
