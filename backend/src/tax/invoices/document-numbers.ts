import type { EntityManager } from 'typeorm';
import { isMysqlFamily } from '../../database/errors.js';
import { TaxDocumentSeries, type TaxDocumentKind } from '../entities/tax-document.entity.js';

/** A document's place in its series: the UTC year it was issued in, its sequence, and the number printed. */
export interface DocumentNumber {
  year: number;
  sequence: number;
  number: string;
}

const PREFIX: Record<TaxDocumentKind, string> = { invoice: '', 'credit-note': 'CN-' };

/** `invoice-2026`, `credit-note-2026`: the row of tax_document_series that numbers a kind in a year. */
export function seriesOf(kind: TaxDocumentKind, year: number): string {
  return `${kind}-${year}`;
}

/** Invoices `2026-000123`, credit notes `CN-2026-000045` (six digits at least). */
export function formatNumber(kind: TaxDocumentKind, year: number, sequence: number): string {
  return `${PREFIX[kind]}${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * The next number of `kind` in the UTC year of `issuedAt`, taken in the caller's transaction (`m`), which
 * must already hold the order's lock: the order row first, then the series row, everywhere. One upsert
 * creates the series row (at 1) or increments it, and takes the row's exclusive lock at once, so concurrent
 * issuers queue on it until commit; reading the row first and locking it after (two shared locks
 * upgrading) would deadlock on MariaDB. The upsert answers the value it left, which is not read back. A
 * transaction rolled back gives its number back: the series stays gapless.
 */
export async function allocateNumber(
  m: EntityManager,
  kind: TaxDocumentKind,
  issuedAt: Date,
): Promise<DocumentNumber> {
  const year = issuedAt.getUTCFullYear();
  const series = seriesOf(kind, year);
  const q = (name: string) => m.connection.driver.escape(name);
  const table = q(m.getRepository(TaxDocumentSeries).metadata.tableName);
  const [key, next] = [q('series'), q('nextSequence')];
  // The row holds the number after the one taken: a new series takes 1 and leaves 2. The statement answers
  // the row's new value, so it is not read back: SQLite's RETURNING; on MySQL/MariaDB the increment goes
  // through LAST_INSERT_ID(expr), which the statement reports as its insert id (0 when it created the row).
  let nextSequence: number;
  if (isMysqlFamily(m.connection.options.type)) {
    const result = (await m.query(
      `INSERT INTO ${table} (${key}, ${next}) VALUES (?, 2) ON DUPLICATE KEY UPDATE ${next} = LAST_INSERT_ID(${next} + 1)`,
      [series],
    )) as { insertId: number };
    nextSequence = Number(result.insertId) || 2;
  } else {
    const [row] = (await m.query(
      `INSERT INTO ${table} (${key}, ${next}) VALUES (?, 2) ON CONFLICT (${key}) DO UPDATE SET ${next} = ${next} + 1 RETURNING ${next}`,
      [series],
    )) as { nextSequence: number }[];
    nextSequence = Number(row!.nextSequence);
  }
  const sequence = nextSequence - 1;
  return { year, sequence, number: formatNumber(kind, year, sequence) };
}
