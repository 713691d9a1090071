import { BadRequestException, UnsupportedMediaTypeException } from '@nestjs/common';
import { ecbDay, parseEcbCsv, ratesUploadText } from './ecb-csv.js';

/** The day's file as the ECB publishes it (eurofxref.csv): padded cells, a trailing comma. */
const DAILY =
  'Date, USD, JPY, BGN, GBP, IDR, \n' + '31 December 2026, 1.0823, 162.34, 1.9558, 0.86408, 17642.45, \n';

/** The history (eurofxref-hist.csv): newest first, N/A where a currency had no rate. */
const HISTORY = [
  'Date,USD,JPY,CYP,GBP,',
  '2027-01-04,1.0901,163.01,N/A,0.8655,',
  '2026-12-31,1.0823,162.34,N/A,0.86408,',
  '2026-12-30,1.0799,161.9,N/A,0.8612,',
  '',
].join('\n');

describe("the ECB's reference rates CSV", () => {
  it('reads the day’s file', () => {
    const file = parseEcbCsv(DAILY);
    expect(file).toEqual({
      rates: [
        { currency: 'USD', date: '2026-12-31', unitsPerEuro: 1_082_300 },
        { currency: 'JPY', date: '2026-12-31', unitsPerEuro: 162_340_000 },
        { currency: 'BGN', date: '2026-12-31', unitsPerEuro: 1_955_800 },
        { currency: 'GBP', date: '2026-12-31', unitsPerEuro: 864_080 },
        { currency: 'IDR', date: '2026-12-31', unitsPerEuro: 17_642_450_000 },
      ],
      dates: 1,
      notAvailable: 0,
      currencies: ['USD', 'JPY', 'BGN', 'GBP', 'IDR'],
    });
  });

  it('reads the history, skipping N/A, with Windows line ends and a byte-order mark too', () => {
    for (const text of [HISTORY, `\uFEFF${HISTORY.replace(/\n/g, '\r\n')}`]) {
      const file = parseEcbCsv(text);
      expect([file.dates, file.notAvailable, file.rates.length, file.currencies]).toEqual([
        3,
        3,
        9,
        ['USD', 'JPY', 'CYP', 'GBP'],
      ]);
      expect(file.rates.filter((r) => r.currency === 'GBP')).toEqual([
        { currency: 'GBP', date: '2027-01-04', unitsPerEuro: 865_500 },
        { currency: 'GBP', date: '2026-12-31', unitsPerEuro: 864_080 },
        { currency: 'GBP', date: '2026-12-30', unitsPerEuro: 861_200 },
      ]);
    }
  });

  it('reads both ways of writing a day', () => {
    expect(['2026-12-31', '31 December 2026', '4 January 2027', '29 february 2024'].map(ecbDay)).toEqual([
      '2026-12-31',
      '2026-12-31',
      '2027-01-04',
      '2024-02-29',
    ]);
    for (const bad of ['31 Dec 2026', '30 February 2026', '2026-12-32', '12/31/2026', ''])
      expect(ecbDay(bad)).toBeNull();
  });

  it.each([
    ['', "The file is empty: send the ECB's eurofxref.csv or eurofxref-hist.csv"],
    ['Day,USD\n2026-12-31,1.08\n', "Line 1: the first column must be Date, as in the ECB's file"],
    ['Date,USD,Dollar\n', 'Line 1: column 3 ("Dollar") is not a currency code'],
    ['Date,USD,USD\n', 'Line 1: USD appears twice'],
    ['Date,EUR\n2026-12-31,1\n', 'Line 1: EUR needs no rate'],
    ['Date,USD\n', 'The file holds no rates'],
    ['Date,USD\n2026-12-31,N/A\n', 'The file holds no rates'],
    [
      'Date,USD\n2026-12-31,1.08\n2026-13-01,1.07\n',
      'Line 3: "2026-13-01" is not a date (2026-12-31, or 31 December 2026)',
    ],
    ['Date,USD\n2026-12-31,1.08\n\n2026-12-31,1.07\n', 'Line 4: 2026-12-31 appears twice'],
    ['Date,USD\n2026-12-31,0\n', 'Line 2: USD "0" is not a rate above 0 (such as 1.0823)'],
    ['Date,USD\n2026-12-31,-1.08\n', 'Line 2: USD "-1.08" is not a rate above 0 (such as 1.0823)'],
    ['Date,USD\n2026-12-31,1.08,2.5\n', 'Line 2: more values than the header has currencies'],
    [
      'Date,USD\n2026-12-31,"1.08\n',
      'The file is not valid CSV: Quote Not Closed: the parsing is finished with an opening quote at line 2',
    ],
  ])('refuses %j whole: %s', (text, message) => {
    expect(() => parseEcbCsv(text)).toThrow(new BadRequestException(message));
  });

  it('takes the file as a text/csv body or as JSON {csv}', () => {
    expect(ratesUploadText('text/csv; charset=utf-8', DAILY)).toBe(DAILY);
    expect(ratesUploadText('application/json', { csv: DAILY })).toBe(DAILY);
    for (const body of [{}, { csv: 1 }, { csv: DAILY, other: 1 }, [DAILY], null])
      expect(() => ratesUploadText('application/json', body)).toThrow(BadRequestException);
    expect(() => ratesUploadText('text/plain', DAILY)).toThrow(UnsupportedMediaTypeException);
    expect(() => ratesUploadText(undefined, DAILY)).toThrow(UnsupportedMediaTypeException);
  });
});
