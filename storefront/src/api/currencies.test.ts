import { describe, expect, it } from 'vitest';
import { currencyOfCountry, currencyOfLocales, soldCurrency } from './currencies';

describe('currencyOfCountry', () => {
  it.each([
    ['US', 'USD'],
    ['IN', 'INR'],
    ['GB', 'GBP'],
    ['CA', 'CAD'],
    ['AU', 'AUD'],
    ['DE', 'EUR'],
    ['FR', 'EUR'],
    ['NL', 'EUR'],
    ['BG', 'EUR'],
    ['JP', 'JPY'],
    ['SG', 'SGD'],
    ['AE', 'AED'],
    ['CH', null],
    ['PL', null],
  ])('suggests for %s: %s', (country, currency) => {
    expect(currencyOfCountry(country)).toBe(currency);
  });
});

describe('currencyOfLocales', () => {
  it('takes the first language that names a region', () => {
    expect(currencyOfLocales(['de', 'de-DE', 'en-US'])).toBe('EUR');
    expect(currencyOfLocales(['en-IN'])).toBe('INR');
    expect(currencyOfLocales(['zh-Hant-SG'])).toBe('SGD');
    expect(currencyOfLocales(['ja-JP'])).toBe('JPY');
  });

  it('suggests nothing without a region, or for a region the store does not price in', () => {
    expect(currencyOfLocales(['en', 'fr'])).toBeNull();
    expect(currencyOfLocales(['de-CH', 'de-DE'])).toBeNull();
    expect(currencyOfLocales([])).toBeNull();
  });
});

describe('soldCurrency', () => {
  const config = { currencies: ['USD', 'EUR'] as const, defaultCurrency: 'USD' as const };
  it('shows the wanted currency where the store sells it, else its default', () => {
    expect(soldCurrency('EUR', config)).toBe('EUR');
    expect(soldCurrency('JPY', config)).toBe('USD');
    // Until the settings are loaded the wanted one is shown.
    expect(soldCurrency('JPY', null)).toBe('JPY');
  });
});
