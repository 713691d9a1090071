import { Table, TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { createIndex } from './1764000000000-admin-list-indexes.js';
import { columnKit, foreignKey, index, uniqueIndex } from './1763700000000-initial-schema.js';

/** What `license_keys` gains. */
const KEY_COLUMNS = ['batchId', 'costCents', 'revenueCents'];

/**
 * Running the business (#21): `suppliers` and `key_batches` (where each key came from and what it cost),
 * the keys' batch, cost and revenue, `sales_days` (the sales report's daily roll-up) and `product_settings`
 * (the low-stock level and the alerts' state per product). Existing keys have no batch and no cost.
 */
export class BusinessTools1765900000003 implements MigrationInterface {
  name = 'BusinessTools1765900000003';

  async up(qr: QueryRunner): Promise<void> {
    const c = columnKit(qr);
    await qr.createTable(
      new Table({
        name: 'suppliers',
        columns: [
          c.autoId(),
          c.varchar('name', 100),
          c.text('notes', { isNullable: true }),
          c.createdAt(),
          c.updatedAt(),
        ],
        indices: [
          uniqueIndex('UQ_suppliers_name', ['name']),
          index('IDX_suppliers_createdAt', ['createdAt', 'id']),
        ],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'key_batches',
        columns: [
          c.autoId(),
          c.int('supplierId'),
          c.varchar('productId', 64),
          c.varchar('invoiceReference', 100),
          c.int('costPerKeyCents'),
          c.varchar('currency', 3),
          c.varchar('purchasedAt', 10, { isNullable: true }),
          c.text('notes', { isNullable: true }),
          c.createdAt(),
          c.updatedAt(),
        ],
        indices: [
          index('IDX_key_batches_createdAt', ['createdAt', 'id']),
          index('IDX_key_batches_supplierId', ['supplierId', 'createdAt', 'id']),
          index('IDX_key_batches_productId', ['productId', 'createdAt', 'id']),
        ],
        foreignKeys: [
          foreignKey('supplierId', 'suppliers', 'RESTRICT'),
          foreignKey('productId', 'products', 'RESTRICT'),
        ],
      }),
    );
    // On SQLite TypeORM rebuilds the table (it has no NOCASE index to lose): a foreign key cannot be named
    // when a column is added in place, and TypeORM would then see it as another one.
    await qr.addColumns(
      'license_keys',
      KEY_COLUMNS.map((name) => new TableColumn(c.int(name, { isNullable: true }))),
    );
    await qr.createForeignKey('license_keys', foreignKey('batchId', 'key_batches', 'RESTRICT'));
    // A batch's counts by status and whether sold (and the list's batch filter); keys delivered in a period.
    await createIndex(qr, 'license_keys', 'IDX_license_keys_batchId', ['batchId', 'status', 'orderId']);
    await createIndex(qr, 'license_keys', 'IDX_license_keys_assignedAt', ['assignedAt']);
    await qr.createTable(
      new Table({
        name: 'sales_days',
        columns: [
          c.varchar('productId', 64, { isPrimary: true }),
          c.varchar('day', 10, { isPrimary: true }),
          ...[
            'orders',
            'units',
            'revenueCents',
            'taxCents',
            'refundsCents',
            'refundTaxCents',
            'keyCostCents',
          ].map((name) => c.int(name, { default: 0 })),
        ],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'product_settings',
        columns: [
          c.stringId('productId', 64),
          c.int('lowStockThreshold', { isNullable: true }),
          c.datetime('lowStockAlertedAt', { isNullable: true }),
          c.datetime('waitingAlertedAt', { isNullable: true }),
          c.updatedAt(),
        ],
        foreignKeys: [
          {
            columnNames: ['productId'],
            referencedTableName: 'products',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('product_settings');
    await qr.dropTable('sales_days');
    const table = await qr.getTable('license_keys');
    const batchKey = table?.foreignKeys.find((key) => key.columnNames.includes('batchId'));
    if (batchKey) await qr.dropForeignKey('license_keys', batchKey);
    await qr.dropIndex('license_keys', 'IDX_license_keys_assignedAt');
    await qr.dropIndex('license_keys', 'IDX_license_keys_batchId');
    await qr.dropColumns('license_keys', KEY_COLUMNS);
    await qr.dropTable('key_batches');
    await qr.dropTable('suppliers');
  }
}
