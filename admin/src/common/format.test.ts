import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyCompact } from './format';

describe('formatMoneyCompact', () => {
  it('writes an axis tick short enough not to be cut: $2.1K, not $2,123.45', () => {
    expect(formatMoneyCompact(212345)).toBe('$2.1K');
    expect(formatMoneyCompact(184121)).toBe('$1.8K');
    expect(formatMoneyCompact(150_000_000)).toBe('$1.5M');
    expect(formatMoneyCompact(40049)).toBe('$400.5');
    expect(formatMoneyCompact(0)).toBe('$0');
    expect(formatMoney(212345)).toBe('$2,123.45');
  });
});
