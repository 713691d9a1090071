import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columnKit, index } from './1763700000000-initial-schema.js';

/** Sign-in challenges redeemed (#32 §2): each is used once, whichever process the code step reaches. */
export class MfaChallenges1766100000200 implements MigrationInterface {
  name = 'MfaChallenges1766100000200';

  async up(qr: QueryRunner): Promise<void> {
    const c = columnKit(qr);
    await qr.createTable(
      new Table({
        name: 'admin_mfa_challenges',
        columns: [c.stringId('id', 36), c.int('userId'), c.datetime('expiresAt')],
        indices: [index('IDX_admin_mfa_challenges_expiresAt', ['expiresAt'])],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('admin_mfa_challenges');
  }
}
