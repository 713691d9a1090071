import { BadRequestException, UnsupportedMediaTypeException } from '@nestjs/common';
import { CsvError, parse } from 'csv-parse/sync';
import { isDay, parseRate, type PublishedRate } from './quarters.js';

/** What an ECB file held: its rates, and how many days, cells marked N/A and currencies it had. */
export interface EcbFile {
  rates: PublishedRate[];
  dates: number;
  notAvailable: number;
  currencies: string[];
}

const MONTHS = [
  'january', 'february', 'march', 'april', 'may', 'june',
  'july', 'august', 'september', 'october', 'november', 'december',
]; // prettier-ignore

/** `2026-12-31` (the historical file) or `31 December 2026` (the day's file) → `2026-12-31`; else null. */
export function ecbDay(text: string): string | null {
  if (isDay(text)) return text;
  const match = /^(\d{1,2}) ([A-Za-z]+) (\d{4})$/.exec(text);
  const month = match ? MONTHS.indexOf(match[2]!.toLowerCase()) : -1;
  if (!match || month < 0) return null;
  const day = `${match[3]}-${String(month + 1).padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return isDay(day) ? day : null;
}

const bad = (message: string) => new BadRequestException(message);

/**
 * The ECB's reference rates CSV as published, either the day's (eurofxref.csv: `Date, USD, JPY, …` then
 * `31 December 2026, 1.0823, …`) or the history (eurofxref-hist.csv: `Date,USD,…` then a row per day,
 * newest first, `N/A` where a currency had no rate). Cells may be padded and rows end in a comma. Anything
 * else is a 400 naming its line: the whole file is refused, so an import is all or nothing.
 */
export function parseEcbCsv(text: string): EcbFile {
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    // csv-parse's types leave out what `info` adds: each record comes with its line.
    rows = parse(text, {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as unknown as typeof rows;
  } catch (error) {
    // csv-parse's message names the line (`… at line 3`); a rate is no secret to keep out of it.
    if (error instanceof CsvError) throw bad(`The file is not valid CSV: ${error.message}`);
    throw error;
  }
  const [head, ...body] = rows;
  if (!head) throw bad("The file is empty: send the ECB's eurofxref.csv or eurofxref-hist.csv");
  const header = head.record;
  // The header's last cell is empty (the ECB ends each row with a comma), and so is each row's.
  while (header.length > 1 && header.at(-1) === '') header.pop();
  if (header[0]?.toLowerCase() !== 'date')
    throw bad(`Line ${head.info.lines}: the first column must be Date, as in the ECB's file`);
  const currencies = header.slice(1);
  currencies.forEach((currency, i) => {
    if (!/^[A-Z]{3}$/.test(currency))
      throw bad(`Line ${head.info.lines}: column ${i + 2} ("${currency}") is not a currency code`);
    if (currency === 'EUR') throw bad(`Line ${head.info.lines}: EUR needs no rate`);
    if (currencies.indexOf(currency) !== i) throw bad(`Line ${head.info.lines}: ${currency} appears twice`);
  });

  const rates: PublishedRate[] = [];
  const days = new Set<string>();
  let notAvailable = 0;
  for (const { record, info } of body) {
    const line = `Line ${info.lines}`;
    const date = ecbDay(record[0] ?? '');
    if (!date) throw bad(`${line}: "${record[0]}" is not a date (2026-12-31, or 31 December 2026)`);
    if (days.has(date)) throw bad(`${line}: ${date} appears twice`);
    days.add(date);
    if (record.slice(currencies.length + 1).some((cell) => cell !== ''))
      throw bad(`${line}: more values than the header has currencies`);
    currencies.forEach((currency, i) => {
      const cell = record[i + 1] ?? '';
      if (cell === '') return;
      if (cell.toUpperCase() === 'N/A') return void notAvailable++;
      const unitsPerEuro = parseRate(cell);
      if (unitsPerEuro === null)
        throw bad(`${line}: ${currency} "${cell}" is not a rate above 0 (such as 1.0823)`);
      rates.push({ currency, date, unitsPerEuro });
    });
  }
  if (!rates.length) throw bad('The file holds no rates');
  return { rates, dates: days.size, notAvailable, currencies };
}

/**
 * The largest import: the ECB's whole history since 1999 (eurofxref-hist.csv) is some 2 MB, and grows by
 * about 80 kB a year.
 */
export const RATES_UPLOAD_BYTES = 8 * 1024 * 1024;

/** The file of an import: a `text/csv` body, or the `csv` of a JSON body `{"csv": "…"}`. */
export function ratesUploadText(contentType: string | undefined, body: unknown): string {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (type === 'text/csv') return typeof body === 'string' ? body : '';
  if (type !== 'application/json')
    throw new UnsupportedMediaTypeException(
      'Send the ECB\'s CSV as a text/csv body, or as JSON {"csv": "<the file>"}',
    );
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? Object.keys(body) : [];
  const csv = (body as { csv?: unknown } | null)?.csv;
  if (fields.length !== 1 || typeof csv !== 'string')
    throw bad('Send {"csv": "<the file>"}: csv must be the ECB\'s file as text, and the only field');
  return csv;
}
