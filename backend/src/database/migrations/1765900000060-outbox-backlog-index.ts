import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndex } from './1764000000000-admin-list-indexes.js';

/**
 * The outbox's backlog as /api/metrics reports it (how many messages wait, since when): one index-only
 * range of (status, createdAt) at the `pending` entries, so a scrape reads as many entries as wait and
 * never the table. IDX_mail_outbox_due (status, nextAttemptAt) counts them too but would fetch every
 * waiting row for its creation time.
 */
export class OutboxBacklogIndex1765900000060 implements MigrationInterface {
  name = 'OutboxBacklogIndex1765900000060';

  async up(qr: QueryRunner): Promise<void> {
    await createIndex(qr, 'mail_outbox', 'IDX_mail_outbox_backlog', ['status', 'createdAt']);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropIndex('mail_outbox', 'IDX_mail_outbox_backlog');
  }
}
