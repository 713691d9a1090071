import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** The back office's audit trail. */
export class AuditLog1763900000000 implements MigrationInterface {
  name = 'AuditLog1763900000000';

  async up(qr: QueryRunner): Promise<void> {
    const type = (t: string) => qr.connection.driver.normalizeType({ type: t as never });
    const now = qr.connection.driver.mappedDataTypes.createDateDefault;
    await qr.createTable(
      new Table({
        name: 'audit_log',
        columns: [
          {
            name: 'id',
            type: type('integer'),
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'actorId', type: type('int'), isNullable: true },
          { name: 'actorUsername', type: type('varchar'), length: '100' },
          { name: 'action', type: type('varchar'), length: '64' },
          { name: 'resource', type: type('varchar'), length: '32' },
          { name: 'resourceId', type: type('varchar'), length: '64', isNullable: true },
          { name: 'before', type: type('text'), isNullable: true },
          { name: 'after', type: type('text'), isNullable: true },
          { name: 'createdAt', type: type('datetime'), precision: 3, default: now },
        ],
        indices: [
          new TableIndex({ name: 'IDX_audit_log_createdAt', columnNames: ['createdAt'] }),
          new TableIndex({ name: 'IDX_audit_log_resource', columnNames: ['resource', 'resourceId'] }),
        ],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('audit_log');
  }
}
