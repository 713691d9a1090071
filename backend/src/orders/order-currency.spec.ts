import { storedCurrency, amountOf, currencyOf } from './order-currency.js';

describe('an order’s currency', () => {
  it('is read upper-case, as rows before #35 hold it lower-case', () => {
    expect(currencyOf({ currency: 'usd' })).toBe('USD');
    expect(currencyOf({ currency: 'JPY' })).toBe('JPY');
    expect(amountOf(6000, { currency: 'jpy' })).toEqual({ cents: 6000, currency: 'JPY' });
  });

  it('is never guessed: a code the store does not sell in is an error', () => {
    expect(() => currencyOf({ currency: 'chf' })).toThrow('Not a currency the store sells in: chf');
    expect(() => currencyOf({ currency: '' })).toThrow('Not a currency the store sells in: ');
  });
});

describe('storedCurrency', () => {
  it('reads an order’s currency as stored before #35 (lower case) and after, and refuses anything else', () => {
    expect(['usd', 'USD', 'eur', 'Jpy'].map(storedCurrency)).toEqual(['USD', 'USD', 'EUR', 'JPY']);
    expect(() => storedCurrency('chf')).toThrow('Not a currency the store sells in: chf');
  });
});
