import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndex } from './1764000000000-admin-list-indexes.js';

/**
 * The customer view and the audit trail screen (#21 §6, §7): a customer's contact messages are looked up
 * by address, and the audit trail is filtered by staff user or by action, each newest first, so each
 * filter is one index `(column, createdAt, id)` read in order.
 */
export class CustomerView1765900000040 implements MigrationInterface {
  name = 'CustomerView1765900000040';

  async up(qr: QueryRunner): Promise<void> {
    await createIndex(qr, 'contact_messages', 'IDX_contact_messages_email', ['email', 'createdAt', 'id']);
    await createIndex(qr, 'audit_log', 'IDX_audit_log_actorUsername', ['actorUsername', 'createdAt', 'id']);
    await createIndex(qr, 'audit_log', 'IDX_audit_log_action', ['action', 'createdAt', 'id']);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropIndex('audit_log', 'IDX_audit_log_action');
    await qr.dropIndex('audit_log', 'IDX_audit_log_actorUsername');
    await qr.dropIndex('contact_messages', 'IDX_contact_messages_email');
  }
}
