import type { DataSource, EntityManager, QueryResult } from 'typeorm';
import { keySecrets, SecretBox } from '../common/secret-box.js';
import type { AppConfig } from '../config/app-config.js';
import { LicenseKeyCipher } from '../license-keys/license-key-cipher.js';
import { runInTransaction } from '../database/transactions.js';

type Secrets = Pick<AppConfig, 'licenseKeySecret' | 'licenseKeyPreviousSecrets'>;
type Row = Record<string, string>;

/** A row read and its sealed columns rewritten under the current secret. */
interface Change {
  row: Row;
  next: Row;
}

/** One sealed column family: how to rewrite a row's values under the current secret (null: already is). */
interface SealedTable {
  table: string;
  columns: string[];
  /** Only rows where this holds are read (the nullable columns). */
  where?: string;
  /** Every one of `columns`, rewritten, or null when the row is already under the current secret. */
  reseal(row: Row): Row | null;
  /** Rows derived from these (all rewritten), rewritten in the same transaction. */
  rewritten?(m: EntityManager, changes: Change[]): Promise<void>;
}

/** How far a pass has gone through one table (reported after every batch). */
export interface RotationProgress {
  table: string;
  /** Rows looked at so far (including those already under the current secret). */
  checked: number;
  /** Rows in the table when its pass began (rows added meanwhile can take `checked` past it). */
  total: number;
  /** Rows rewritten under the current secret so far. */
  rewritten: number;
  /** Since the table's pass began. */
  elapsedMs: number;
  /** The table's last batch: its pass is over. */
  done: boolean;
}

export interface RotationReport {
  /** Rows rewritten per table. */
  rewritten: Record<string, number>;
}

/**
 * A statement's values stay under this many bytes: outbox bodies are large, and MySQL/MariaDB refuse a
 * statement longer than max_allowed_packet (16 MB by default on MariaDB); well under, it is also parsed
 * faster.
 */
const STATEMENT_BYTES = 1_000_000;
/** Rows per UPDATE: 3 to 8 values each, under SQLite's 32,766 variables. */
const ROWS_PER_UPDATE = 1_000;
/**
 * Keys whose search terms one DELETE removes. MySQL/MariaDB estimate the rows an IN list of more than
 * eq_range_index_dive_limit (200) values matches from index statistics, and with a poor estimate a DELETE
 * scans the whole table (1.5 million rows for 100,000 keys) instead of using the keyId index.
 */
const KEYS_PER_DELETE = 100;
/** Search-term rows per INSERT: 2 values each. */
const TERMS_PER_INSERT = 4_000;
/** The largest batch: its ids are one statement's values (the search terms' DELETE). */
export const MAX_ROTATION_BATCH = 10_000;

/**
 * Rewrites everything sealed under LICENSE_KEY_PREVIOUS_SECRETS under LICENSE_KEY_SECRET: licence keys
 * (ciphertext, lookup hash and search terms, together), outbox bodies, staff TOTP secrets and payment client
 * secrets.
 *
 * Walks each table by id (keyset pages) in batches of one transaction each, and does a batch's writes in a
 * few statements rather than a round trip per row: one UPDATE for the batch's rows, a few DELETEs and
 * multi-row INSERTs for their search terms. A row already under the current secret is skipped, so a pass
 * that was killed is simply run again; a batch is committed whole or not at all, so a key is never left
 * with its ciphertext under one secret and its search terms under another. Each row's update is
 * conditional on the values read, so a server writing the same row meanwhile wins and its row is picked up
 * by the next run (only rows actually rewritten get new search terms). Recovery codes are keyed hashes of
 * codes not kept in clear: they cannot be rewritten and stay readable while their secret is listed (staff
 * can make new ones).
 */
export async function rotateSecrets(
  db: DataSource,
  config: Secrets,
  options: { batchSize?: number; onBatch?: (progress: RotationProgress) => void } = {},
): Promise<RotationReport> {
  const batchSize = options.batchSize ?? 500;
  const secrets = keySecrets(config);
  const keys = new LicenseKeyCipher(config);
  const q = (name: string) => db.driver.escape(name);
  const box = (purpose: string) => new SecretBox(secrets, purpose);
  const column = (purpose: string, name: string) => {
    const b = box(purpose);
    return (row: Row) => {
      const sealed = b.reseal(row[name]!);
      return sealed === null ? null : { [name]: sealed };
    };
  };
  const outbox = box('mail-outbox');
  const tables: SealedTable[] = [
    {
      table: 'license_keys',
      columns: ['keyCiphertext', 'keyLookup'],
      reseal: (row) => keys.reseal({ keyCiphertext: row.keyCiphertext!, keyLookup: row.keyLookup! }),
      rewritten: (m, changes) =>
        replaceSearchTerms(
          m,
          q,
          changes.map(({ row, next }) => ({
            keyId: row.id!,
            terms: keys.searchTerms(keys.decrypt(next.keyCiphertext!)),
          })),
        ),
    },
    {
      table: 'mail_outbox',
      columns: ['text', 'html'],
      reseal: (row) => {
        const text = outbox.reseal(row.text!);
        const html = outbox.reseal(row.html!);
        return text === null && html === null ? null : { text: text ?? row.text!, html: html ?? row.html! };
      },
    },
    {
      table: 'admin_users',
      columns: ['mfaSecret'],
      where: 'mfaSecret IS NOT NULL',
      reseal: column('staff-mfa/totp-secrets', 'mfaSecret'),
    },
    {
      table: 'orders',
      columns: ['clientSecretSealed'],
      where: 'clientSecretSealed IS NOT NULL',
      reseal: column('payments/client-secrets', 'clientSecretSealed'),
    },
  ];

  const report: RotationReport = { rewritten: {} };
  for (const spec of tables) {
    const started = Date.now();
    const [{ n }] = (await db.query(
      `SELECT COUNT(*) AS n FROM ${q(spec.table)}${spec.where ? ` WHERE ${spec.where}` : ''}`,
    )) as [{ n: number | string }];
    const progress = { table: spec.table, checked: 0, total: Number(n), rewritten: 0 };
    const list = ['id', ...spec.columns].map(q).join(', ');
    let after: string | number | null = null;
    for (;;) {
      const conditions = [spec.where, after === null ? null : `${q('id')} > ?`].filter(Boolean);
      const rows: Row[] = await db.query(
        `SELECT ${list} FROM ${q(spec.table)}${conditions.length ? ` WHERE ${conditions.join(' AND ')}` : ''} ` +
          `ORDER BY ${q('id')} LIMIT ${batchSize}`,
        after === null ? [] : [after],
      );
      if (rows.length) {
        after = rows[rows.length - 1]!.id!;
        // The cryptography is done before the transaction opens, which then holds its locks for the writes only.
        const changes = rows.flatMap((row) => {
          const next = spec.reseal(row);
          return next ? [{ row, next }] : [];
        });
        if (changes.length)
          progress.rewritten += await runInTransaction(db, (m) => rewrite(m, q, spec, changes));
        progress.checked += rows.length;
      }
      const done = rows.length < batchSize;
      options.onBatch?.({
        ...progress,
        total: Math.max(progress.total, progress.checked),
        elapsedMs: Date.now() - started,
        done,
      });
      if (done) break;
    }
    report.rewritten[spec.table] = progress.rewritten;
  }
  return report;
}

/**
 * Rewrites a batch's rows whose sealed columns still hold what was read, then what derives from those; answers
 * how many were rewritten. One UPDATE per statement-sized slice:
 *
 *   UPDATE t SET c = CASE id WHEN ? THEN ? … END, …
 *   WHERE id IN (?, …) AND CASE id WHEN ? THEN c = ? AND … END
 */
async function rewrite(
  m: EntityManager,
  q: (name: string) => string,
  spec: SealedTable,
  changes: Change[],
): Promise<number> {
  const id = q('id');
  let affected = 0;
  for (const slice of bySize(changes, spec.columns)) {
    const params: unknown[] = [];
    const set = spec.columns.map((c) => {
      for (const { row, next } of slice) params.push(row.id, next[c]);
      return `${q(c)} = CASE ${id}${' WHEN ? THEN ?'.repeat(slice.length)} END`;
    });
    for (const { row } of slice) params.push(row.id);
    const unchanged = spec.columns.map((c) => `${q(c)} = ?`).join(' AND ');
    for (const { row } of slice) params.push(row.id, ...spec.columns.map((c) => row[c]));
    const result = (await m.queryRunner!.query(
      `UPDATE ${q(spec.table)} SET ${set.join(', ')} WHERE ${id} IN (${placeholders(slice.length)}) ` +
        `AND CASE ${id}${` WHEN ? THEN ${unchanged}`.repeat(slice.length)} END`,
      params,
      true,
    )) as QueryResult;
    affected += result.affected ?? 0;
  }
  let done = changes;
  if (affected < changes.length) {
    // A server rewrote some of these rows meanwhile: only the rows that now hold our values are ours.
    const first = spec.columns[0]!;
    const now: Row[] = await m.query(
      `SELECT ${id}, ${q(first)} FROM ${q(spec.table)} WHERE ${id} IN (${placeholders(changes.length)})`,
      changes.map(({ row }) => row.id),
    );
    const held = new Map(now.map((row) => [String(row.id), row[first]]));
    done = changes.filter(({ row, next }) => held.get(String(row.id)) === next[first]);
  }
  if (done.length) await spec.rewritten?.(m, done);
  return done.length;
}

/** The keys' search terms replaced by those under the current secret: a few DELETEs and multi-row INSERTs. */
async function replaceSearchTerms(
  m: EntityManager,
  q: (name: string) => string,
  keys: { keyId: string; terms: string[] }[],
): Promise<void> {
  const table = q('license_key_search_terms');
  for (let i = 0; i < keys.length; i += KEYS_PER_DELETE) {
    const chunk = keys.slice(i, i + KEYS_PER_DELETE);
    await m.query(
      `DELETE FROM ${table} WHERE ${q('keyId')} IN (${placeholders(chunk.length)})`,
      chunk.map((key) => key.keyId),
    );
  }
  // In the primary key's order: each index page is visited once, not at random.
  const rows = keys
    .flatMap(({ keyId, terms }) => terms.map((term) => [term, keyId]))
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0));
  for (let i = 0; i < rows.length; i += TERMS_PER_INSERT) {
    const chunk = rows.slice(i, i + TERMS_PER_INSERT);
    await m.query(
      `INSERT INTO ${table} (${q('term')}, ${q('keyId')}) VALUES ${Array(chunk.length).fill('(?, ?)').join(', ')}`,
      chunk.flat(),
    );
  }
}

/** The changes in slices of at most ROWS_PER_UPDATE rows whose values (old and new) stay under STATEMENT_BYTES. */
function* bySize(changes: Change[], columns: string[]): Generator<Change[]> {
  let slice: Change[] = [];
  let bytes = 0;
  for (const change of changes) {
    const size = columns.reduce((sum, c) => sum + change.row[c]!.length + change.next[c]!.length, 0);
    if (slice.length && (bytes + size > STATEMENT_BYTES || slice.length === ROWS_PER_UPDATE)) {
      yield slice;
      slice = [];
      bytes = 0;
    }
    slice.push(change);
    bytes += size;
  }
  if (slice.length) yield slice;
}

function placeholders(count: number): string {
  return Array(count).fill('?').join(', ');
}
