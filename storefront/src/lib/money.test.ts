import { describe, expect, it } from 'vitest';
import { formatCents, percentOfCents } from './money';

describe('formatCents', () => {
  it.each([
    [4049, '$40.49'],
    [0, '$0.00'],
    [123456, '$1,234.56'],
  ])('formats %i cents as %s', (cents, expected) => {
    expect(formatCents(cents)).toBe(expected);
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
