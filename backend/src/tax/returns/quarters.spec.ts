import { BadRequestException, ConflictException } from '@nestjs/common';
import {
  addDays,
  applicableRates,
  convertCents,
  EURO_UNITS,
  formatRate,
  isDay,
  parseDays,
  parseQuarter,
  parseRate,
  toEuroCents,
  type PublishedRate,
} from './quarters.js';

describe('quarters (UTC)', () => {
  it('turns 2026-Q4 into [2026-10-01, 2027-01-01) and its last day', () => {
    const q4 = parseQuarter('2026-Q4');
    expect([q4.from.toISOString(), q4.to.toISOString(), q4.lastDay, q4.label]).toEqual([
      '2026-10-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
      '2026-12-31',
      '2026-Q4',
    ]);
    expect(parseQuarter('2026-Q1').lastDay).toBe('2026-03-31');
    expect(parseQuarter('2024-Q1').lastDay).toBe('2024-03-31');
    expect(parseQuarter('2026-Q2').lastDay).toBe('2026-06-30');
    expect(parseQuarter('2026-Q3').from.toISOString()).toBe('2026-07-01T00:00:00.000Z');
  });

  it('refuses anything else with the 400 the API answers', () => {
    expect(() => parseQuarter('2026-Q5')).toThrow(BadRequestException);
    for (const bad of [
      undefined,
      '',
      '2026-Q5',
      '2026-Q0',
      '2026Q4',
      '2026-q4',
      '26-Q4',
      '0999-Q1',
      ' 2026-Q4',
    ])
      expect(() => parseQuarter(bad)).toThrow(new BadRequestException('quarter must look like 2026-Q4'));
  });

  it('knows the days of the calendar, and counts them across months and years', () => {
    expect(['2024-02-29', '2026-12-31', '1999-01-04'].map(isDay)).toEqual([true, true, true]);
    expect(['2026-02-29', '2026-02-30', '2026-13-01', '2026-1-01', '31 December 2026'].map(isDay)).toEqual([
      false, false, false, false, false,
    ]); // prettier-ignore
    expect(addDays('2026-12-31', 10)).toBe('2027-01-10');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('takes a period of days, both included, for the register', () => {
    const period = parseDays('2026-10-01', '2026-10-31');
    expect([period.from.toISOString(), period.to.toISOString(), period.label]).toEqual([
      '2026-10-01T00:00:00.000Z',
      '2026-11-01T00:00:00.000Z',
      '2026-10-01-to-2026-10-31',
    ]);
    expect(() => parseDays('2026-10-01', undefined)).toThrow('to must be a day such as 2026-10-01');
    expect(() => parseDays('2026-02-30', '2026-03-01')).toThrow('from must be a day such as 2026-10-01');
    expect(() => parseDays('2026-10-02', '2026-10-01')).toThrow('to must not be before from');
  });
});

describe("the rate that converts a quarter (the ECB's of its last day, or of its next publication)", () => {
  const usd = (date: string, unitsPerEuro: number): PublishedRate => ({
    currency: 'USD',
    date,
    unitsPerEuro,
  });
  const gbp = (date: string, unitsPerEuro: number): PublishedRate => ({
    currency: 'GBP',
    date,
    unitsPerEuro,
  });

  it('is the last day’s when the ECB published one that day', () => {
    const rates = [usd('2027-01-04', 1_090_000), usd('2026-12-31', 1_082_300), usd('2026-12-30', 1_070_000)];
    const found = applicableRates(rates, ['USD'], '2026-12-31');
    expect([found.date, found.unitsPerEuro.get('USD')]).toEqual(['2026-12-31', 1_082_300]);
  });

  it('after a weekend or a holiday, is the next day the ECB published', () => {
    // 2022-Q4 ended on a Saturday: the ECB's next rates were Monday's, 2 January 2023.
    const winter = [usd('2022-12-30', 1_066_600), usd('2023-01-02', 1_068_300), usd('2023-01-03', 1_054_500)];
    expect(applicableRates(winter, ['USD'], '2022-12-31').date).toBe('2023-01-02');
    // 2024-Q1 ended on Easter Sunday; Easter Monday is a TARGET holiday too.
    const easter = [usd('2024-03-28', 1_081_100), usd('2024-04-02', 1_074_700)];
    const found = applicableRates(easter, ['USD'], '2024-03-31');
    expect([found.date, found.unitsPerEuro.get('USD')]).toEqual(['2024-04-02', 1_074_700]);
  });

  it('reads both currencies of a cross rate on one day', () => {
    const rates = [usd('2023-01-02', 1_068_300), gbp('2023-01-03', 886_000), usd('2023-01-03', 1_054_500)];
    const found = applicableRates(rates, ['USD', 'GBP'], '2022-12-31');
    expect([found.date, found.unitsPerEuro.get('USD'), found.unitsPerEuro.get('GBP')]).toEqual([
      '2023-01-03',
      1_054_500,
      886_000,
    ]);
  });

  it('is a 409 saying what to do when there is none within 10 days', () => {
    const message =
      "No ECB rate for USD on or after 2026-12-31: enter it under Exchange rates (or import the ECB's file)";
    expect(() => applicableRates([], ['USD'], '2026-12-31')).toThrow(ConflictException);
    expect(() => applicableRates([], ['USD'], '2026-12-31')).toThrow(new ConflictException(message));
    // Before the last day, or 11 days after it, is no rate for the quarter.
    expect(() =>
      applicableRates([usd('2026-12-30', 1), usd('2027-01-11', 1)], ['USD'], '2026-12-31'),
    ).toThrow(message);
    expect(applicableRates([usd('2027-01-10', 1)], ['USD'], '2026-12-31').date).toBe('2027-01-10');
    expect(() => applicableRates([usd('2026-12-31', 1)], ['USD', 'GBP'], '2026-12-31')).toThrow(
      'No ECB rate for GBP on or after 2026-12-31',
    );
  });
});

describe('conversion (integers, half up)', () => {
  it('converts cents at units per euro', () => {
    expect(toEuroCents(108_230n, 1_082_300, 'USD')).toBe(100_000n); // $1,082.30 at 1.0823 = €1,000.00
    expect(toEuroCents(4049n, 1_082_300, 'USD')).toBe(3741n); // 3741.105…
    expect(toEuroCents(0n, 1_082_300, 'USD')).toBe(0n);
    // Yen have no minor unit: ¥6,000 at 160.5 yen per euro is €37.38 (37.383…), not a hundredth of it.
    expect(toEuroCents(6000n, 160_500_000, 'JPY')).toBe(3738n);
    // €37.99 in euros is itself.
    expect(toEuroCents(3799n, 1_000_000, 'EUR')).toBe(3799n);
    // $10.00 in pounds through both euro rates: 1000 × 0.8512 / 1.0823 = 786.47…
    expect(convertCents(1000n, 1_082_300, 851_200)).toBe(786n);
  });

  it('scales between minor units: yen have none', () => {
    // ¥6,000 at 160.00 JPY per euro: 6000 / 160 = €37.50.
    expect(toEuroCents(6000n, 160_000_000, 'JPY')).toBe(3750n);
    // ¥1 at 160: €0.00625, half a cent rounds up → 1 cent; ¥-1 → -1.
    expect(toEuroCents(1n, 160_000_000, 'JPY')).toBe(1n);
    expect(toEuroCents(-1n, 160_000_000, 'JPY')).toBe(-1n);
    // €37.50 in yen at 160: 3750 cents × 160 / 100 = ¥6,000; $10.00 in yen (1.0823, 160): 1478.33… → ¥1,478.
    expect(convertCents(3750n, EURO_UNITS, 160_000_000, { from: 2, to: 0 })).toBe(6000n);
    expect(convertCents(1000n, 1_082_300, 160_000_000, { from: 2, to: 0 })).toBe(1478n);
  });

  it('rounds a half cent away from zero, so a credit note rounds as its invoice', () => {
    expect(toEuroCents(1n, 2_000_000, 'USD')).toBe(1n); // 0.5
    expect(toEuroCents(3n, 2_000_000, 'USD')).toBe(2n); // 1.5
    expect(toEuroCents(-1n, 2_000_000, 'USD')).toBe(-1n);
    expect(toEuroCents(-3n, 2_000_000, 'USD')).toBe(-2n);
    expect(toEuroCents(1n, 2_000_001, 'USD')).toBe(0n); // 0.49999…
    expect(toEuroCents(-1n, 2_000_001, 'USD')).toBe(0n);
  });

  it('stays exact far beyond 2^53', () => {
    const huge = 10n ** 18n + 1n;
    expect(toEuroCents(huge, 1_000_000, 'USD')).toBe(huge);
    expect(toEuroCents(huge, 3_000_000, 'USD')).toBe(333_333_333_333_333_334n); // …333.67
    // 17,642.45 IDR per euro: a rate too large for an int column, not for the maths.
    expect(toEuroCents(17_642_450_000n, 17_642_450_000, 'USD')).toBe(1_000_000n);
    expect(() => toEuroCents(1n, 0, 'USD')).toThrow(RangeError);
  });

  it('reads and writes rates as the ECB does', () => {
    expect(['1.0823', '0.86408', '17642.45', '1', '0.000001', '999999999.999999'].map(parseRate)).toEqual([
      1_082_300, 864_080, 17_642_450_000, 1_000_000, 1, 999_999_999_999_999,
    ]);
    for (const bad of ['0', '0.000000', '-1.2', '1.1234567', '1e3', '1,0823', '.5', 'N/A', ''])
      expect(parseRate(bad)).toBeNull();
    expect([1_082_300, 1_000_000, 864_080, 17_642_450_000].map(formatRate)).toEqual([
      '1.0823',
      '1',
      '0.86408',
      '17642.45',
    ]);
  });
});
