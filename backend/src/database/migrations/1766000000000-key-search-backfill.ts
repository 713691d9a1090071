import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createBackfillsTable, queueBackfill } from './1765900000020-sales-backfill.js';

/**
 * The search terms of the keys stored before search terms existed (LicenseKeySearchTerms1764700000000),
 * given by a backfill in the background (SearchTermsBackfill) rather than by the seed at start under the
 * start-up lock: 179 s for 104,000 keys, during which the store served nothing. Queued only when some key
 * has none (a database of the 2026-11-23 release); key search says it is still indexing until it is done.
 */
export class KeySearchBackfill1766000000000 implements MigrationInterface {
  name = 'KeySearchBackfill1766000000000';

  async up(qr: QueryRunner): Promise<void> {
    if (!(await qr.hasTable('backfills'))) await createBackfillsTable(qr);
    const q = (n: string) => qr.connection.driver.escape(n);
    const unindexed: unknown[] = await qr.query(
      `SELECT 1 FROM ${q('license_keys')} k WHERE NOT EXISTS ` +
        `(SELECT 1 FROM ${q('license_key_search_terms')} t WHERE t.${q('keyId')} = k.${q('id')}) LIMIT 1`,
    );
    await queueBackfill(qr, 'license-key-search-terms', unindexed.length > 0);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(
      `DELETE FROM ${qr.connection.driver.escape('backfills')} WHERE ${qr.connection.driver.escape('name')} = ?`,
      ['license-key-search-terms'],
    );
  }
}
