import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndex } from './1764000000000-admin-list-indexes.js';

/**
 * The refunds list and its export (#21 §5) read newest first, all of them or of one status: each is one
 * index `(…, createdAt, id)` read in order, rather than a sort of the whole table.
 */
export class RefundListIndexes1765900000041 implements MigrationInterface {
  name = 'RefundListIndexes1765900000041';

  async up(qr: QueryRunner): Promise<void> {
    await createIndex(qr, 'refunds', 'IDX_refunds_createdAt', ['createdAt', 'id']);
    await createIndex(qr, 'refunds', 'IDX_refunds_status', ['status', 'createdAt', 'id']);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropIndex('refunds', 'IDX_refunds_status');
    await qr.dropIndex('refunds', 'IDX_refunds_createdAt');
  }
}
