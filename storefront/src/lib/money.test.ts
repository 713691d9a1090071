import { describe, expect, it, vi } from 'vitest';
import { formatCents, percentOfCents } from './money';

describe('formatCents', () => {
  it.each([
    [4049, '$40.49'],
    [0, '$0.00'],
    [123456, '$1,234.56'],
    [-500, '-$5.00'],
  ])('formats %i cents as %s', (cents, expected) => {
    expect(formatCents(cents)).toBe(expected);
  });

  it('does without Intl, whose first use in a page costs milliseconds of main-thread work', () => {
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    formatCents(4049);
    expect(numberFormat).not.toHaveBeenCalled();
    numberFormat.mockRestore();
  });

  it('writes every amount as Intl.NumberFormat does', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const amounts = [-123456789, -100001, -1, 1, 5, 99, 100, 101, 999_999, 1_000_000, 12_345_678_901];
    for (let cents = -2_000; cents <= 200_000; cents += 7) amounts.push(cents);
    for (const cents of amounts) expect(formatCents(cents)).toBe(intl.format(cents / 100));
  });
});

describe('percentOfCents', () => {
  it.each([
    [4049, 0.1, 405],
    [24299, 0.2, 4860],
    [0, 0.15, 0],
  ])('%i cents × %f is %i cents', (cents, fraction, expected) => {
    expect(percentOfCents(cents, fraction)).toBe(expected);
  });
});
