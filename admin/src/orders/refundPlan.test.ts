import { describe, expect, it } from 'vitest';
import { PAID_ORDER_DETAIL } from '../test/fixtures';
import { amountError, refundSentence } from './refundPlan';

const YEN_ORDER = { ...PAID_ORDER_DETAIL, currency: 'JPY' as const, totalCents: 5500, refundableCents: 5500 };
const values = { reason: 'x', revokeKeys: false, licenseKeyIds: [], notifyCustomer: false };

describe('a refund in the order’s currency', () => {
  it('bounds the amount in the order’s currency: yen whole, dollars in cents', () => {
    expect(amountError(0, YEN_ORDER)).toBe('The amount must be more than ¥0');
    expect(amountError(5501, YEN_ORDER)).toBe('At most ¥5,500 is left to refund');
    expect(amountError(5500, YEN_ORDER)).toBeUndefined();
    expect(amountError(null, YEN_ORDER)).toBe('Enter an amount in JPY, e.g. 4049');
    expect(amountError(null, PAID_ORDER_DETAIL)).toBe('Enter an amount in dollars, e.g. 40.49');
    expect(amountError(4050, PAID_ORDER_DETAIL)).toBe('At most $40.49 is left to refund');
  });

  it('says what is refunded in the order’s currency', () => {
    expect(refundSentence(YEN_ORDER, { ...values, amount: 1000 })).toMatch(
      /^Refund ¥1,000 of ¥5,500 to the card\./,
    );
  });

  it('says where the money goes by how the order was paid', () => {
    const paidBy = (paymentMethod: string) =>
      refundSentence({ ...PAID_ORDER_DETAIL, paymentMethod }, { ...values, amount: 1000 });
    expect(paidBy('customer_balance')).toMatch(/^Refund \$10\.00 of \$40\.49 to the bank account\./);
    expect(paidBy('ideal')).toMatch(/to the bank account\./);
    expect(paidBy('demo_wallet')).toMatch(/to the demo payment \(no money moves\)\./);
  });
});
