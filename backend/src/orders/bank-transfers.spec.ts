import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { money } from '../common/money.js';
import {
  bankTransferOffered,
  bankTransferRefusal,
  BANK_TRANSFER_DAYS,
  stripeBankTransfer,
} from './bank-transfers.js';

const STOREFRONT_CONTENT = join(import.meta.dirname, '../../../storefront/src/content');

describe('bank transfers', () => {
  it('are offered from about $500 in the currencies Stripe takes them in, never in the others', () => {
    expect(bankTransferOffered(money(50_000, 'USD'))).toBe(true);
    expect(bankTransferOffered(money(49_999, 'USD'))).toBe(false);
    expect(bankTransferOffered(money(50_000, 'EUR'))).toBe(true);
    expect(bankTransferOffered(money(39_999, 'GBP'))).toBe(false);
    expect(bankTransferOffered(money(40_000, 'GBP'))).toBe(true);
    expect(bankTransferOffered(money(75_000, 'JPY'))).toBe(true);
    expect(bankTransferOffered(money(74_999, 'JPY'))).toBe(false);
    for (const currency of ['INR', 'CAD', 'AUD', 'SGD', 'AED'] as const)
      expect(bankTransferOffered(money(10_000_000, currency))).toBe(false);
  });

  it('say why they are refused, in the currency asked', () => {
    expect(bankTransferRefusal('GBP')).toBe('A bank transfer is offered for orders of at least £400.00');
    expect(bankTransferRefusal('CAD')).toBe(
      'A bank transfer is not offered in CAD: it is offered for orders of at least $500.00, €500.00, £400.00, ¥75,000',
    );
  });

  it("are Stripe's kind for the currency; euros go to an account in the buyer's country where Stripe has one", () => {
    expect(stripeBankTransfer('USD', 'US')).toEqual({ type: 'us_bank_transfer' });
    expect(stripeBankTransfer('EUR', 'FR')).toEqual({
      type: 'eu_bank_transfer',
      eu_bank_transfer: { country: 'FR' },
    });
    expect(stripeBankTransfer('EUR', 'AT')).toEqual({
      type: 'eu_bank_transfer',
      eu_bank_transfer: { country: 'DE' },
    });
    expect(stripeBankTransfer('INR', 'IN')).toBeNull();
  });

  it("are described with the same amounts and days in the storefront's refund policy and terms", () => {
    for (const file of ['refund.ts', 'terms.ts']) {
      const text = readFileSync(join(STOREFRONT_CONTENT, file), 'utf8');
      expect(text).toContain('$500, €500, £400 or ¥75,000 or more');
    }
    expect(readFileSync(join(STOREFRONT_CONTENT, 'terms.ts'), 'utf8')).toContain(
      `not arrived within ${BANK_TRANSFER_DAYS} days`,
    );
    expect(readFileSync(join(STOREFRONT_CONTENT, 'payment.ts'), 'utf8')).toContain(
      `not arrived within ${BANK_TRANSFER_DAYS} days`,
    );
  });
});
