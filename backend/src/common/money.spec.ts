import {
  add,
  CURRENCIES,
  CurrencyMismatch,
  formatMoney,
  isCurrency,
  minorUnitDigits,
  money,
  type Money,
} from './money.js';

describe('money (#35 §3)', () => {
  it('formats each currency in its minor units, JPY having none', () => {
    expect(formatMoney(money(4049, 'USD'))).toBe('$40.49');
    expect(formatMoney(money(3799, 'EUR'))).toBe('€37.99');
    expect(formatMoney(money(3299, 'GBP'))).toBe('£32.99');
    expect(formatMoney(money(6000, 'JPY'))).toBe('¥6,000');
    expect(formatMoney(money(339900, 'INR'))).toBe('₹3,399.00');
    expect(formatMoney(money(-500, 'USD'))).toBe('-$5.00');
    expect(formatMoney(money(3799, 'EUR'), 'de')).toBe('37,99\u00a0€');
  });

  it('knows every currency it sells, upper-case only', () => {
    expect(CURRENCIES.every((currency) => minorUnitDigits(currency) === (currency === 'JPY' ? 0 : 2))).toBe(
      true,
    );
    expect(isCurrency('EUR')).toBe(true);
    expect(isCurrency('eur')).toBe(false);
    expect(isCurrency('XYZ')).toBe(false);
  });

  it('adds amounts of one currency only', () => {
    expect(add(money(100, 'EUR'), money(250, 'EUR'))).toEqual({ cents: 350, currency: 'EUR' });
    // @ts-expect-error: euros and dollars of known currencies do not add (the type check fails without NoInfer).
    expect(() => add(money(100, 'EUR'), money(100, 'USD'))).toThrow(CurrencyMismatch);
    // Currencies known only at run time are checked then.
    const [euros, dollars]: Money[] = [money(100, 'EUR'), money(100, 'USD')];
    expect(() => add(euros!, dollars!)).toThrow(CurrencyMismatch);
    expect(() => money(0.5, 'USD')).toThrow(RangeError);
  });
});
