import type { Currency } from '../common/money.js';
import { money } from '../common/money.js';
import { renderRefundEmail } from './refund-email.js';

const SUPPORT = { supportEmail: 'support@shop.test' };
const order = (currency: string, totalCents: number) => ({
  id: 'abcdef12-3456-7890-abcd-ef1234567890',
  customerName: 'Jane Doe',
  paymentMethod: 'card',
  totalCents,
  // As a row holds it: rows of before #35, and a replica of the previous release, write `usd`.
  currency: currency as Currency,
});

describe('the refund e-mail, in the order’s currency', () => {
  it('writes a yen refund whole, with the yen sign', () => {
    const mail = renderRefundEmail(
      order('JPY', 12000),
      { amount: money(6000, 'JPY'), full: false, keysRevoked: 1 },
      SUPPORT,
    );
    expect(mail.subject).toBe('Refund of ¥6,000 for your order ABCDEF12');
    for (const part of [mail.text, mail.html])
      expect(part).toContain('We have refunded ¥6,000 of your order ABCDEF12 (of ¥12,000 paid).');
    expect(mail.text).not.toContain('$');
  });

  it('writes euros with the euro sign', () => {
    const mail = renderRefundEmail(
      order('EUR', 3799),
      { amount: money(3799, 'EUR'), full: true, keysRevoked: 1 },
      SUPPORT,
    );
    expect(mail.subject).toBe('Refund of €37.99 for your order ABCDEF12');
    expect(mail.text).toContain('We have refunded €37.99 of your order ABCDEF12 (the whole order).');
  });

  it('writes dollars as before, also for an order stored before #35 (`usd`)', () => {
    const mail = renderRefundEmail(
      order('usd', 8098),
      { amount: money(4049, 'USD'), full: false, keysRevoked: 0 },
      SUPPORT,
    );
    expect(mail.subject).toBe('Refund of $40.49 for your order ABCDEF12');
    expect(mail.text).toContain('We have refunded $40.49 of your order ABCDEF12 (of $80.98 paid).');
  });

  it('is never written for a refund in another currency than the order’s', () => {
    expect(() =>
      renderRefundEmail(
        order('JPY', 6000),
        { amount: money(6000, 'USD'), full: true, keysRevoked: 0 },
        SUPPORT,
      ),
    ).toThrow('Refund in USD of order abcdef12-3456-7890-abcd-ef1234567890 paid in JPY');
  });
});
