import type { DataSource, EntityManager, QueryResult } from 'typeorm';
import { keySecrets, SecretBox } from '../common/secret-box.js';
import type { AppConfig } from '../config/app-config.js';
import { LicenseKeyCipher } from '../license-keys/license-key-cipher.js';
import { replaceSearchTerms } from '../license-keys/license-keys.js';
import { runInTransaction } from '../database/transactions.js';

type Secrets = Pick<AppConfig, 'licenseKeySecret' | 'licenseKeyPreviousSecrets'>;

/** One sealed column family: how to rewrite a row's values under the current secret (null: already is). */
interface SealedTable {
  table: string;
  columns: string[];
  /** Only rows where this holds are read (the nullable columns). */
  where?: string;
  reseal(row: Record<string, string>): Record<string, string> | null;
  /** Rows derived from this one, rewritten in the same transaction once it is. */
  rewritten?(m: EntityManager, row: Record<string, string>, next: Record<string, string>): Promise<void>;
}

export interface RotationReport {
  /** Rows rewritten per table. */
  rewritten: Record<string, number>;
}

/**
 * Rewrites everything sealed under LICENSE_KEY_PREVIOUS_SECRETS under LICENSE_KEY_SECRET: licence keys
 * (ciphertext, lookup hash and search terms, together), outbox bodies, staff TOTP secrets and payment client secrets.
 * Walks each table by id in batches of one transaction each; a row already under the current secret is
 * skipped, so a pass that was killed is simply run again. Each update is conditional on the old values,
 * so a server writing the same row meanwhile wins and its row is picked up by the next run. Recovery
 * codes are keyed hashes of codes not kept in clear: they cannot be rewritten and stay readable while
 * their secret is listed (staff can make new ones).
 */
export async function rotateSecrets(
  db: DataSource,
  config: Secrets,
  options: { batchSize?: number; onBatch?: (table: string, rewritten: number) => void } = {},
): Promise<RotationReport> {
  const batchSize = options.batchSize ?? 500;
  const secrets = keySecrets(config);
  const keys = new LicenseKeyCipher(config);
  const box = (purpose: string) => new SecretBox(secrets, purpose);
  const column = (purpose: string, name: string) => {
    const b = box(purpose);
    return (row: Record<string, string>) => {
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
      rewritten: (m, row, next) =>
        replaceSearchTerms(m, row.id!, keys.searchTerms(keys.decrypt(next.keyCiphertext!))),
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
    report.rewritten[spec.table] = 0;
    const q = (name: string) => db.driver.escape(name);
    const list = ['id', ...spec.columns].map(q).join(', ');
    let after: string | number | null = null;
    for (;;) {
      const conditions = [spec.where, after === null ? null : `${q('id')} > ?`].filter(Boolean);
      const rows: Record<string, string>[] = await db.query(
        `SELECT ${list} FROM ${q(spec.table)}${conditions.length ? ` WHERE ${conditions.join(' AND ')}` : ''} ` +
          `ORDER BY ${q('id')} LIMIT ${batchSize}`,
        after === null ? [] : [after],
      );
      if (!rows.length) break;
      after = rows[rows.length - 1]!.id!;
      const changes = rows.flatMap((row) => {
        const next = spec.reseal(row);
        return next ? [{ row, next }] : [];
      });
      if (changes.length) {
        await runInTransaction(db, async (m) => {
          for (const { row, next } of changes) {
            const set = Object.keys(next);
            const result = (await m.queryRunner!.query(
              `UPDATE ${q(spec.table)} SET ${set.map((c) => `${q(c)} = ?`).join(', ')} ` +
                `WHERE ${q('id')} = ? AND ${spec.columns.map((c) => `${q(c)} = ?`).join(' AND ')}`,
              [...set.map((c) => next[c]), row.id, ...spec.columns.map((c) => row[c])],
              true,
            )) as QueryResult;
            if (!result.affected) continue;
            report.rewritten[spec.table]! += 1;
            await spec.rewritten?.(m, row, next);
          }
        });
      }
      options.onBatch?.(spec.table, changes.length);
      if (rows.length < batchSize) break;
    }
  }
  return report;
}
