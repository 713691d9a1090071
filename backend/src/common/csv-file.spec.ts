import { csvAmount } from './csv-file.js';

describe('an amount in a file', () => {
  it('is in units of its currency with its decimals, without sign or separator', () => {
    expect([8098n, -5n, 0n, 100n, -123_456n].map((cents) => csvAmount(cents, 'EUR'))).toEqual([
      '80.98',
      '-0.05',
      '0.00',
      '1.00',
      '-1234.56',
    ]);
    expect(csvAmount(4049, 'USD')).toBe('40.49');
    expect(csvAmount(3799, 'EUR')).toBe('37.99');
  });

  it('has no decimals in yen, which have no minor unit', () => {
    expect(csvAmount(6000, 'JPY')).toBe('6000');
    expect(csvAmount(-6000n, 'JPY')).toBe('-6000');
    expect(csvAmount(0, 'JPY')).toBe('0');
  });

  it('is empty for none, and never a fraction of a minor unit', () => {
    expect(csvAmount(null, 'USD')).toBe('');
    expect(csvAmount(undefined, 'JPY')).toBe('');
    expect(() => csvAmount(40.5, 'USD')).toThrow(RangeError);
  });
});
