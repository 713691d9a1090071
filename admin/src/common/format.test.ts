import { describe, expect, it } from 'vitest';
import { formatMoney, languageName, minorUnitDigits } from './format';

describe('formatMoney', () => {
  it("writes minor units in the record's currency: cents for USD and EUR, whole yen for JPY", () => {
    expect(formatMoney(4049, 'USD')).toBe('$40.49');
    expect(formatMoney(3799, 'EUR')).toBe('€37.99');
    expect(formatMoney(6000, 'JPY')).toBe('¥6,000');
    expect(formatMoney(3299, 'GBP')).toBe('£32.99');
    expect(formatMoney(212345, 'USD')).toBe('$2,123.45');
    expect(formatMoney(0, 'JPY')).toBe('¥0');
  });

  it('writes negative amounts with a minus sign', () => {
    expect(formatMoney(-4049, 'USD')).toBe('-$40.49');
    expect(formatMoney(-6000, 'JPY')).toBe('-¥6,000');
  });

  it('writes an axis tick short enough not to be cut: $2.1K, not $2,123.45', () => {
    expect(formatMoney(212345, 'USD', { compact: true })).toBe('$2.1K');
    expect(formatMoney(184121, 'USD', { compact: true })).toBe('$1.8K');
    expect(formatMoney(150_000_000, 'USD', { compact: true })).toBe('$1.5M');
    expect(formatMoney(40049, 'USD', { compact: true })).toBe('$400.5');
    expect(formatMoney(0, 'USD', { compact: true })).toBe('$0');
    expect(formatMoney(1_250_000, 'JPY', { compact: true })).toBe('¥1.3M');
  });

  it("knows each currency's minor unit", () => {
    expect(minorUnitDigits('USD')).toBe(2);
    expect(minorUnitDigits('EUR')).toBe(2);
    expect(minorUnitDigits('JPY')).toBe(0);
  });
});

describe('languageName', () => {
  it("names an order's language in English for staff", () => {
    expect(['en', 'de', 'fr', 'ja'].map(languageName)).toEqual(['English', 'German', 'French', 'Japanese']);
    expect(languageName(undefined)).toBe('—');
  });
});
