import {
  Table,
  TableColumn,
  TableForeignKey,
  TableIndex,
  type MigrationInterface,
  type QueryRunner,
} from 'typeorm';

/** Staff two-factor authentication: the TOTP secret and state on each user, and the recovery codes. */
export class StaffMfa1764300000000 implements MigrationInterface {
  name = 'StaffMfa1764300000000';

  async up(qr: QueryRunner): Promise<void> {
    const type = (t: string) => qr.connection.driver.normalizeType({ type: t as never });
    await qr.addColumns('admin_users', [
      new TableColumn({ name: 'mfaSecret', type: type('varchar'), length: '255', isNullable: true }),
      new TableColumn({ name: 'mfaEnabled', type: type('boolean'), default: 0 }),
      new TableColumn({ name: 'mfaLastStep', type: type('int'), isNullable: true }),
    ]);
    await qr.createTable(
      new Table({
        name: 'admin_recovery_codes',
        columns: [
          {
            name: 'id',
            type: type('integer'),
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'userId', type: type('int') },
          { name: 'codeHash', type: type('varchar'), length: '64' },
          { name: 'usedAt', type: type('datetime'), precision: 3, isNullable: true },
        ],
        indices: [
          new TableIndex({
            name: 'UQ_admin_recovery_codes_user_hash',
            columnNames: ['userId', 'codeHash'],
            isUnique: true,
          }),
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['userId'],
            referencedTableName: 'admin_users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          }),
        ],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('admin_recovery_codes');
    for (const column of ['mfaLastStep', 'mfaEnabled', 'mfaSecret'])
      await qr.dropColumn('admin_users', column);
  }
}
