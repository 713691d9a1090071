import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Staff accounts: an optional e-mail address for security notices, and the hashed enrolment code (with
 * its expiry) that setting up a second factor asks for when STAFF_MFA_REQUIRED is on.
 */
export class StaffEnrolmentCodes1766100000100 implements MigrationInterface {
  name = 'StaffEnrolmentCodes1766100000100';

  async up(qr: QueryRunner): Promise<void> {
    const type = (t: string) => qr.connection.driver.normalizeType({ type: t as never });
    await qr.addColumns('admin_users', [
      new TableColumn({ name: 'email', type: type('varchar'), length: '254', isNullable: true }),
      new TableColumn({
        name: 'mfaEnrolmentCodeHash',
        type: type('varchar'),
        length: '64',
        isNullable: true,
      }),
      new TableColumn({
        name: 'mfaEnrolmentCodeExpiresAt',
        type: type('datetime'),
        precision: 3,
        isNullable: true,
      }),
    ]);
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const column of ['mfaEnrolmentCodeExpiresAt', 'mfaEnrolmentCodeHash', 'email'])
      await qr.dropColumn('admin_users', column);
  }
}
