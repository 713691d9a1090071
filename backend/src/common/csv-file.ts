import { pipeline, Readable } from 'node:stream';
import { StreamableFile } from '@nestjs/common';
import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { decimalAmount, type Currency } from './money.js';

/** A CSV the back office downloads: its file name and its text, whole or streamed. */
export interface CsvDownload {
  fileName: string;
  content: Buffer | Readable;
}

export type CsvRow = readonly (string | number)[];

/*
 * Every file starts with a byte-order mark (spreadsheets read UTF-8 by it: a buyer's name in Cyrillic stays
 * legible) and one header row, no comment lines, so it opens as one table.
 */
const OPTIONS = { bom: true, header: true, record_delimiter: 'windows' } as const;

/** A small file (a return's few rows), whole. */
export function csvText(columns: readonly string[], rows: readonly CsvRow[]): Buffer {
  return Buffer.from(stringifySync(rows as CsvRow[], { ...OPTIONS, columns: [...columns] }), 'utf8');
}

/**
 * A file of any length (the register), written as `rows` are read: a read that fails half-way destroys the
 * stream, and the download fails rather than ending early as if complete.
 */
export function csvStream(columns: readonly string[], rows: AsyncIterable<CsvRow>): Readable {
  const out = stringify({ ...OPTIONS, columns: [...columns] });
  pipeline(Readable.from(rows), out, () => undefined);
  return out;
}

/** The answer of a download route: `text/csv`, an attachment under its file name. */
export function csvFile({ fileName, content }: CsvDownload): StreamableFile {
  const options = { type: 'text/csv; charset=utf-8', disposition: `attachment; filename="${fileName}"` };
  return Buffer.isBuffer(content)
    ? new StreamableFile(content, options)
    : new StreamableFile(content, options);
}

/**
 * An amount in a file: in units of its currency with the currency's decimals, no currency sign or thousands separator, as
 * accountants' tools read it (`40.49`, `-0.05`; yen `6000`); empty for none. A file names the currency in
 * a column of its own.
 */
export function csvAmount(minor: bigint | number | null | undefined, currency: Currency): string {
  return minor === null || minor === undefined ? '' : decimalAmount(minor, currency);
}

/**
 * A buyer's text as a spreadsheet shows it, never as a formula: a value starting with `=`, `+`, `-`, `@` or
 * a tab gets a leading apostrophe (OWASP's advice on CSV injection).
 */
export function asText(value: string | null | undefined): string {
  const text = value ?? '';
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
