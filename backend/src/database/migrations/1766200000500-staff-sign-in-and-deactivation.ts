import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Staff accounts: when each last signed in and from which country (as far as the address tells), and when
 * an administrator deactivated it (null: active). A deactivated account keeps its history in the audit
 * trail but cannot sign in.
 */
export class StaffSignInAndDeactivation1766200000500 implements MigrationInterface {
  name = 'StaffSignInAndDeactivation1766200000500';

  async up(qr: QueryRunner): Promise<void> {
    const type = (t: string) => qr.connection.driver.normalizeType({ type: t as never });
    await qr.addColumns('admin_users', [
      new TableColumn({ name: 'lastSignInAt', type: type('datetime'), precision: 3, isNullable: true }),
      new TableColumn({ name: 'lastSignInCountry', type: type('varchar'), length: '2', isNullable: true }),
      new TableColumn({ name: 'deactivatedAt', type: type('datetime'), precision: 3, isNullable: true }),
    ]);
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const column of ['deactivatedAt', 'lastSignInCountry', 'lastSignInAt'])
      await qr.dropColumn('admin_users', column);
  }
}
