import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Checkout and fulfilment: each product's installer (for download links), and on orders the coupon
 * reservation state, the sealed payment client secret, the idempotency fingerprint and the payment time.
 */
export class Checkout1763800000000 implements MigrationInterface {
  name = 'Checkout1763800000000';

  async up(qr: QueryRunner): Promise<void> {
    const type = (t: string) => qr.connection.driver.normalizeType({ type: t as never });
    // Existing rows get empty values; the seed fills the catalogue's installers on the next start.
    await qr.addColumns('products', [
      new TableColumn({ name: 'installerFileName', type: type('varchar'), length: '255', default: "''" }),
      new TableColumn({ name: 'installerUrl', type: type('varchar'), length: '2048', default: "''" }),
      new TableColumn({ name: 'installerSize', type: type('varchar'), length: '32', isNullable: true }),
    ]);
    await qr.addColumns('orders', [
      new TableColumn({
        name: 'couponState',
        type: type('simple-enum'),
        enum: ['reserved', 'redeemed', 'released'],
        isNullable: true,
      }),
      new TableColumn({ name: 'clientSecretSealed', type: type('text'), isNullable: true }),
      new TableColumn({
        name: 'idempotencyFingerprint',
        type: type('varchar'),
        length: '64',
        isNullable: true,
      }),
      new TableColumn({ name: 'paidAt', type: type('datetime'), precision: 3, isNullable: true }),
    ]);
    await qr.createIndex(
      'orders',
      new TableIndex({ name: 'IDX_orders_awaiting', columnNames: ['awaitingKeys', 'createdAt'] }),
    );
    await qr.createIndex(
      'orders',
      new TableIndex({ name: 'IDX_orders_couponState', columnNames: ['couponState', 'createdAt'] }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropIndex('orders', 'IDX_orders_couponState');
    await qr.dropIndex('orders', 'IDX_orders_awaiting');
    for (const column of ['paidAt', 'idempotencyFingerprint', 'clientSecretSealed', 'couponState']) {
      await qr.dropColumn('orders', column);
    }
    for (const column of ['installerSize', 'installerUrl', 'installerFileName']) {
      await qr.dropColumn('products', column);
    }
  }
}
