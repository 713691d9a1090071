import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';

/** One row per housekeeping job: which process leads it, until when (the database lease of JobLeases). */
export class JobLeases1764500000000 implements MigrationInterface {
  name = 'JobLeases1764500000000';

  async up(qr: QueryRunner): Promise<void> {
    const type = (t: string) => qr.connection.driver.normalizeType({ type: t as never });
    await qr.createTable(
      new Table({
        name: 'job_leases',
        columns: [
          { name: 'job', type: type('varchar'), length: '64', isPrimary: true },
          { name: 'holder', type: type('varchar'), length: '128' },
          { name: 'expiresAt', type: type('bigint') },
        ],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('job_leases');
  }
}
