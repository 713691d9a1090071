import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

interface IndexChange {
  table: string;
  name: string;
  columns: string[];
  /** The index's columns before this migration; absent for a new index. */
  was?: string[];
  /** Searched case-insensitively with LIKE: on SQLite the index must use NOCASE for LIKE to use it. */
  nocase?: boolean;
}

/**
 * Indexes for the back office's lists at a million orders. A list is ordered by the chosen field, then
 * createdAt, then id (one direction), so an index `(field, createdAt, id)` returns any page of any sort,
 * and of an equality filter with the default sort, without sorting. Name searches are prefix LIKEs, served
 * by the collation's case folding on MySQL/MariaDB and by NOCASE indexes on SQLite. The dashboard's
 * revenue and download totals become index-only scans.
 */
const CHANGES: IndexChange[] = [
  { table: 'orders', name: 'IDX_orders_createdAt', columns: ['createdAt', 'id'], was: ['createdAt'] },
  { table: 'orders', name: 'IDX_orders_status', columns: ['status', 'createdAt', 'id'], was: ['status'] },
  {
    table: 'orders',
    name: 'IDX_orders_paymentStatus',
    columns: ['paymentStatus', 'createdAt', 'id'],
    was: ['paymentStatus'],
  },
  {
    table: 'orders',
    name: 'IDX_orders_customerEmail',
    columns: ['customerEmail', 'createdAt', 'id'],
    was: ['customerEmail'],
  },
  { table: 'orders', name: 'IDX_orders_totalCents', columns: ['totalCents', 'createdAt', 'id'] },
  { table: 'orders', name: 'IDX_orders_revenue', columns: ['paymentStatus', 'totalCents'] },
  { table: 'orders', name: 'IDX_orders_customerName', columns: ['customerName'], nocase: true },
  { table: 'orders', name: 'IDX_orders_billingLastName', columns: ['billingLastName'], nocase: true },
  {
    table: 'license_keys',
    name: 'IDX_license_keys_createdAt',
    columns: ['createdAt', 'id'],
    was: ['createdAt'],
  },
  {
    table: 'license_keys',
    name: 'IDX_license_keys_status',
    columns: ['status', 'createdAt', 'id'],
    was: ['status'],
  },
  { table: 'license_keys', name: 'IDX_license_keys_productId', columns: ['productId', 'createdAt', 'id'] },
  {
    table: 'license_keys',
    name: 'IDX_license_keys_activationCount',
    columns: ['activationCount', 'createdAt', 'id'],
  },
  {
    table: 'download_links',
    name: 'IDX_download_links_createdAt',
    columns: ['createdAt', 'id'],
    was: ['createdAt'],
  },
  {
    table: 'download_links',
    name: 'IDX_download_links_downloadCount',
    columns: ['downloadCount', 'createdAt', 'id'],
  },
  { table: 'download_links', name: 'IDX_download_links_fileName', columns: ['fileName', 'createdAt', 'id'] },
];

export class AdminListIndexes1764000000000 implements MigrationInterface {
  name = 'AdminListIndexes1764000000000';

  async up(qr: QueryRunner): Promise<void> {
    for (const change of CHANGES) {
      if (change.was) await qr.dropIndex(change.table, change.name);
      await createIndex(qr, change.table, change.name, change.columns, change.nocase);
    }
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const change of [...CHANGES].reverse()) {
      await qr.dropIndex(change.table, change.name);
      if (change.was) await createIndex(qr, change.table, change.name, change.was);
    }
  }
}

export async function createIndex(
  qr: QueryRunner,
  table: string,
  name: string,
  columns: string[],
  nocase = false,
) {
  if (nocase && qr.connection.driver.options.type === 'better-sqlite3') {
    // TypeORM cannot declare an index's collation; the entity's @Index names the same columns.
    const list = columns.map((column) => `"${column}" COLLATE NOCASE`).join(', ');
    await qr.query(`CREATE INDEX "${name}" ON "${table}" (${list})`);
  } else {
    await qr.createIndex(table, new TableIndex({ name, columnNames: columns }));
  }
}
