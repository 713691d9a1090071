import { Table, TableForeignKey, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import type { TableColumnOptions } from 'typeorm/schema-builder/options/TableColumnOptions.js';

/**
 * The whole data model. Written with the QueryRunner schema API only, so the same migration produces the
 * same schema on SQLite and on MySQL/MariaDB (test/schema.e2e-spec.ts compares it with the entities).
 */
export class InitialSchema1763700000000 implements MigrationInterface {
  name = 'InitialSchema1763700000000';

  async up(qr: QueryRunner): Promise<void> {
    const c = columnKit(qr);

    await qr.createTable(
      new Table({
        name: 'products',
        columns: [
          c.stringId('id', 64),
          c.varchar('title', 200),
          c.varchar('subtitle', 200),
          c.text('description'),
          c.text('includedApps'),
          c.text('compatibility'),
          c.varchar('licensesLeft', 100),
          c.int('originalPriceCents'),
          c.int('currentPriceCents'),
          c.varchar('savings', 20),
          c.int('sortOrder', { default: 0 }),
        ],
      }),
    );

    await qr.createTable(
      new Table({
        name: 'admin_users',
        columns: [
          c.autoId(),
          c.varchar('username', 100),
          c.varchar('passwordHash', 255),
          c.enum('role', ['admin', 'support'], { default: "'admin'" }),
          c.int('tokenVersion', { default: 0 }),
          c.createdAt(),
          c.updatedAt(),
        ],
        indices: [uniqueIndex('UQ_admin_users_username', ['username'])],
      }),
    );

    await qr.createTable(
      new Table({
        name: 'orders',
        columns: [
          c.stringId('id', 36),
          c.varchar('customerName', 200),
          c.varchar('customerEmail', 254),
          c.varchar('billingFirstName', 100),
          c.varchar('billingLastName', 100),
          c.varchar('billingAddress', 300),
          c.varchar('billingCity', 100),
          c.varchar('billingCountry', 8),
          c.varchar('billingZipCode', 16),
          c.varchar('billingPhoneCountryCode', 8),
          c.varchar('billingPhone', 32),
          c.int('subtotalCents'),
          c.int('discountCents', { default: 0 }),
          c.int('totalCents'),
          c.varchar('currency', 3, { default: "'usd'" }),
          c.varchar('couponCode', 64, { isNullable: true }),
          c.enum('status', ['processing', 'fulfilled', 'cancelled'], { default: "'processing'" }),
          c.enum('paymentStatus', ['pending', 'completed', 'failed', 'refunded'], { default: "'pending'" }),
          c.varchar('paymentMethod', 32, { isNullable: true }),
          c.varchar('paymentProvider', 16, { isNullable: true }),
          c.varchar('providerPaymentId', 255, { isNullable: true }),
          c.varchar('idempotencyKey', 255, { isNullable: true }),
          c.text('orderItems'),
          c.bool('awaitingKeys', false),
          c.createdAt(),
          c.updatedAt(),
        ],
        indices: [
          index('IDX_orders_createdAt', ['createdAt']),
          index('IDX_orders_status', ['status']),
          index('IDX_orders_paymentStatus', ['paymentStatus']),
          index('IDX_orders_customerEmail', ['customerEmail']),
          uniqueIndex('UQ_orders_providerPaymentId', ['providerPaymentId']),
          uniqueIndex('UQ_orders_idempotencyKey', ['idempotencyKey']),
        ],
      }),
    );

    await qr.createTable(
      new Table({
        name: 'license_keys',
        columns: [
          c.stringId('id', 36),
          c.varchar('orderId', 36, { isNullable: true }),
          c.varchar('productId', 64),
          c.varchar('keyCiphertext', 255),
          c.varchar('keyLookup', 64),
          c.varchar('keyLastGroup', 5),
          c.int('activationCount', { default: 0 }),
          c.int('activationLimit', { default: 1 }),
          c.enum('status', ['active', 'revoked', 'expired'], { default: "'active'" }),
          c.datetime('assignedAt', { isNullable: true }),
          c.createdAt(),
        ],
        indices: [
          index('IDX_license_keys_inventory', ['productId', 'orderId']),
          index('IDX_license_keys_orderId', ['orderId']),
          index('IDX_license_keys_status', ['status']),
          index('IDX_license_keys_createdAt', ['createdAt']),
          index('IDX_license_keys_keyLastGroup', ['keyLastGroup']),
          uniqueIndex('UQ_license_keys_keyLookup', ['keyLookup']),
        ],
        foreignKeys: [
          foreignKey('orderId', 'orders', 'RESTRICT'),
          foreignKey('productId', 'products', 'RESTRICT'),
        ],
      }),
    );

    await qr.createTable(
      new Table({
        name: 'license_activations',
        columns: [c.autoId(), c.varchar('licenseKeyId', 36), c.varchar('instanceId', 255), c.createdAt()],
        uniques: [
          { name: 'UQ_license_activations_key_instance', columnNames: ['licenseKeyId', 'instanceId'] },
        ],
        foreignKeys: [foreignKey('licenseKeyId', 'license_keys', 'CASCADE')],
      }),
    );

    await qr.createTable(
      new Table({
        name: 'download_links',
        columns: [
          c.stringId('id', 36),
          c.varchar('orderId', 36),
          c.varchar('productId', 64),
          c.varchar('fileName', 255),
          c.varchar('fileUrl', 2048),
          c.varchar('fileSize', 32, { isNullable: true }),
          c.int('maxDownloads', { default: 5 }),
          c.int('downloadCount', { default: 0 }),
          c.bool('isActive', true),
          c.varchar('token', 64),
          c.datetime('expiresAt', { isNullable: true }),
          c.createdAt(),
        ],
        indices: [
          index('IDX_download_links_orderId', ['orderId']),
          index('IDX_download_links_productId', ['productId']),
          index('IDX_download_links_createdAt', ['createdAt']),
          uniqueIndex('UQ_download_links_token', ['token']),
        ],
        foreignKeys: [
          foreignKey('orderId', 'orders', 'CASCADE'),
          foreignKey('productId', 'products', 'RESTRICT'),
        ],
      }),
    );

    await qr.createTable(
      new Table({
        name: 'coupons',
        columns: [
          c.autoId(),
          c.varchar('code', 64),
          c.int('percentOff'),
          c.bool('active', true),
          c.datetime('startsAt', { isNullable: true }),
          c.datetime('expiresAt', { isNullable: true }),
          c.int('maxRedemptions', { isNullable: true }),
          c.int('redemptionCount', { default: 0 }),
          c.createdAt(),
          c.updatedAt(),
        ],
        indices: [uniqueIndex('UQ_coupons_code', ['code'])],
      }),
    );

    await qr.createTable(
      new Table({
        name: 'payment_events',
        columns: [
          c.autoId(),
          c.varchar('providerEventId', 255),
          c.varchar('provider', 16),
          c.varchar('type', 100),
          c.varchar('orderId', 36, { isNullable: true }),
          c.createdAt('receivedAt'),
        ],
        indices: [
          index('IDX_payment_events_orderId', ['orderId']),
          uniqueIndex('UQ_payment_events_providerEventId', ['providerEventId']),
        ],
      }),
    );

    await qr.createTable(
      new Table({
        name: 'mail_outbox',
        columns: [
          c.autoId(),
          c.varchar('kind', 32),
          c.varchar('recipient', 254),
          c.varchar('subject', 255),
          c.text('text'),
          c.text('html'),
          c.enum('status', ['pending', 'sent', 'failed'], { default: "'pending'" }),
          c.int('attempts', { default: 0 }),
          c.datetime('nextAttemptAt'),
          c.datetime('lockedUntil', { isNullable: true }),
          c.text('lastError', { isNullable: true }),
          c.datetime('sentAt', { isNullable: true }),
          c.varchar('orderId', 36, { isNullable: true }),
          c.createdAt(),
        ],
        indices: [
          index('IDX_mail_outbox_due', ['status', 'nextAttemptAt']),
          index('IDX_mail_outbox_orderId', ['orderId']),
          index('IDX_mail_outbox_createdAt', ['createdAt']),
          index('IDX_mail_outbox_recipient', ['recipient']),
        ],
      }),
    );

    await qr.createTable(
      new Table({
        name: 'contact_messages',
        columns: [
          c.autoId(),
          c.varchar('name', 200),
          c.varchar('email', 254),
          c.varchar('subject', 300),
          c.enum('category', ['technical', 'billing', 'licensing', 'installation', 'general'], {
            isNullable: true,
          }),
          c.text('message'),
          c.enum('status', ['new', 'answered'], { default: "'new'" }),
          c.createdAt(),
        ],
        indices: [
          index('IDX_contact_messages_createdAt', ['createdAt']),
          index('IDX_contact_messages_status', ['status']),
        ],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const table of [
      'contact_messages',
      'mail_outbox',
      'payment_events',
      'coupons',
      'download_links',
      'license_activations',
      'license_keys',
      'orders',
      'admin_users',
      'products',
    ]) {
      await qr.dropTable(table);
    }
  }
}

type Extra = Partial<TableColumnOptions>;

/** Column builders whose output matches what the entities' decorators expect on each driver. */
export function columnKit(qr: QueryRunner) {
  const sqlite = qr.connection.driver.options.type === 'better-sqlite3';
  // Set by createDataSource(): a millisecond timestamp on every driver.
  const now = qr.connection.driver.mappedDataTypes.createDateDefault;
  // The driver's own spelling of each type ('int' is 'integer' on SQLite), as the entities get it.
  const col = (name: string, type: string, extra: Extra = {}): TableColumnOptions => ({
    name,
    type: qr.connection.driver.normalizeType({ type: type as never }),
    ...extra,
  });
  return {
    autoId: (): TableColumnOptions =>
      col('id', 'integer', { isPrimary: true, isGenerated: true, generationStrategy: 'increment' }),
    stringId: (name: string, length: number) =>
      col(name, 'varchar', { length: String(length), isPrimary: true }),
    varchar: (name: string, length: number, extra?: Extra) =>
      col(name, 'varchar', { length: String(length), ...extra }),
    text: (name: string, extra?: Extra) => col(name, 'text', extra),
    int: (name: string, extra?: Extra) => col(name, 'int', extra),
    bool: (name: string, fallback: boolean) => col(name, 'boolean', { default: fallback ? 1 : 0 }),
    enum: (name: string, values: string[], extra?: Extra) =>
      col(name, 'simple-enum', { enum: values, ...extra }),
    datetime: (name: string, extra?: Extra) => col(name, 'datetime', { precision: 3, ...extra }),
    createdAt: (name = 'createdAt') => col(name, 'datetime', { precision: 3, default: now }),
    updatedAt: (name = 'updatedAt') =>
      col(name, 'datetime', { precision: 3, default: now, onUpdate: sqlite ? undefined : now }),
  };
}

export function index(name: string, columnNames: string[]) {
  return new TableIndex({ name, columnNames });
}

export function uniqueIndex(name: string, columnNames: string[]) {
  return new TableIndex({ name, columnNames, isUnique: true });
}

export function foreignKey(column: string, table: string, onDelete: 'CASCADE' | 'RESTRICT') {
  return new TableForeignKey({
    columnNames: [column],
    referencedTableName: table,
    referencedColumnNames: ['id'],
    onDelete,
    onUpdate: 'NO ACTION',
  });
}
