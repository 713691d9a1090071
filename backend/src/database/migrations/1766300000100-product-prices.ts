import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { CATALOG_PRICES } from '../../catalog/catalog.data.js';
import { columnKit } from './1763700000000-initial-schema.js';

/**
 * Price lists per currency (#35 §1): `product_prices`, one row per product and currency, filled with each
 * product's USD price (its own columns, which stay for older builds: see the decision record of
 * 2026-11-29) and the demo catalogue's prices in the other currencies, as written by the products'
 * catalogue version (so the seed of a newer catalogue brings them up to it, and never a staff price).
 */
export class ProductPrices1766300000100 implements MigrationInterface {
  name = 'ProductPrices1766300000100';

  async up(qr: QueryRunner): Promise<void> {
    const c = columnKit(qr);
    await qr.createTable(
      new Table({
        name: 'product_prices',
        columns: [
          c.stringId('productId', 64),
          c.varchar('currency', 3, { isPrimary: true }),
          c.int('currentPriceCents'),
          c.int('originalPriceCents'),
          c.int('catalogVersion', { isNullable: true }),
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
    const products: {
      id: string;
      currentPriceCents: number | string;
      originalPriceCents: number | string;
      catalogVersion: number | string;
    }[] = await qr.query(
      'SELECT id, currentPriceCents, originalPriceCents, catalogVersion FROM products ORDER BY id',
    );
    for (const product of products) {
      const prices = {
        USD: { currentPriceCents: product.currentPriceCents, originalPriceCents: product.originalPriceCents },
        ...CATALOG_PRICES[product.id],
      };
      for (const [currency, price] of Object.entries(prices))
        await qr.query(
          'INSERT INTO product_prices (productId, currency, currentPriceCents, originalPriceCents, catalogVersion)' +
            ' VALUES (?, ?, ?, ?, ?)',
          [
            product.id,
            currency,
            Number(price.currentPriceCents),
            Number(price.originalPriceCents),
            Number(product.catalogVersion),
          ],
        );
    }
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('product_prices');
  }
}
