import { describe, expect, it, vi } from 'vitest';
import type { Currency } from '../api/currencies';
import { formatMoney, percentOfCents, prepareMoneyFormat } from './money';

describe('formatMoney', () => {
  it.each([
    [4049, 'USD', '$40.49'],
    [0, 'USD', '$0.00'],
    [123456, 'USD', '$1,234.56'],
    [-500, 'USD', '-$5.00'],
    [3799, 'EUR', '€37.99'],
    [3499, 'GBP', '£34.99'],
    // The yen has no minor unit: 6000 is ¥6,000, not ¥60.00.
    [6000, 'JPY', '¥6,000'],
    [349900, 'INR', '₹3,499.00'],
    [5499, 'CAD', 'CA$54.99'],
  ])('formats %i minor units of %s as %s', (cents, currency, expected) => {
    expect(formatMoney({ cents, currency: currency as Currency })).toBe(expected);
  });

  it('makes one Intl formatter per currency, ahead of the first price when asked', () => {
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    prepareMoneyFormat('SGD');
    expect(numberFormat).toHaveBeenCalledTimes(1);
    formatMoney({ cents: 100, currency: 'SGD' });
    formatMoney({ cents: 200, currency: 'SGD' });
    expect(numberFormat).toHaveBeenCalledTimes(1);
    numberFormat.mockRestore();
  });
});

describe('percentOfCents', () => {
  it.each([
    [4049, 0.1, 405],
    [24299, 0.2, 4860],
    [0, 0.15, 0],
    [6000, 0.15, 900],
  ])('%i cents × %f is %i cents', (cents, fraction, expected) => {
    expect(percentOfCents(cents, fraction)).toBe(expected);
  });
});
