import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { createIndex } from './1764000000000-admin-list-indexes.js';

interface IndexChange {
  table: string;
  name: string;
  /** The index's columns after this migration; absent when it is dropped. */
  columns?: string[];
  /** Its columns before; absent for a new index. */
  was?: string[];
}

/**
 * What a purchase and the housekeeping look for (the first free key of a product, whether any key is
 * free, the stock per product, the oldest paid orders waiting for keys, the oldest coupon reservations
 * of unpaid checkouts) is found at the start of one index range, whatever the number of keys sold and
 * orders paid: each index leads with every column the query compares for equality (`orderId IS NULL`
 * among them), then its order. Before, the free-key query walked IDX_license_keys_status over every
 * active key sold, and the waiting orders IDX_orders_paymentStatus over every paid order.
 *
 * The inventory index leads with orderId, so it also serves the order's keys and their foreign key, and
 * IDX_license_keys_orderId goes: one index fewer to maintain on every sale.
 *
 * The reservations' old index (couponState, createdAt) read only reserved orders, but left the planner a
 * choice: MariaDB took IDX_orders_paymentStatus instead, a walk over every unpaid checkout ever left.
 */
const CHANGES: IndexChange[] = [
  {
    table: 'license_keys',
    name: 'IDX_license_keys_inventory',
    columns: ['orderId', 'status', 'productId', 'createdAt', 'id'],
    was: ['productId', 'orderId'],
  },
  { table: 'license_keys', name: 'IDX_license_keys_orderId', was: ['orderId'] },
  {
    table: 'orders',
    name: 'IDX_orders_awaiting',
    columns: ['awaitingKeys', 'paymentStatus', 'createdAt', 'id'],
    was: ['awaitingKeys', 'createdAt'],
  },
  {
    table: 'orders',
    name: 'IDX_orders_couponState',
    columns: ['couponState', 'paymentStatus', 'createdAt', 'id'],
    was: ['couponState', 'createdAt'],
  },
];

export class StockIndexes1764400000000 implements MigrationInterface {
  name = 'StockIndexes1764400000000';

  async up(qr: QueryRunner): Promise<void> {
    // In this order on MySQL/MariaDB: the orderId foreign key needs an index leading with orderId at
    // every step (the new inventory index before IDX_license_keys_orderId is dropped).
    for (const change of CHANGES) {
      if (change.was) await qr.dropIndex(change.table, change.name);
      if (change.columns) await createIndex(qr, change.table, change.name, change.columns);
    }
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const change of [...CHANGES].reverse()) {
      if (change.columns) await qr.dropIndex(change.table, change.name);
      if (change.was) await createIndex(qr, change.table, change.name, change.was);
    }
  }
}
