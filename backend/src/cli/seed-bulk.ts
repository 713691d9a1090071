import { parseArgs } from 'node:util';
import { loadConfig, loadDotEnv } from '../config/app-config.js';
import { insertBulkOrders } from '../seed/bulk-orders.js';
import { createDataSource, dataSourceOptions } from '../database/data-source-options.js';
import { SCHEMA } from '../schema/entities.js';
import { migrate } from '../database/migrate.js';
import { LicenseKeyCipher } from '../license-keys/license-key-cipher.js';

/** `npm run seed:bulk -- --orders N`: adds N realistic orders to the database in DATABASE_URL. */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { orders: { type: 'string' }, batch: { type: 'string' } } });
  const count = Number(values.orders);
  if (!Number.isInteger(count) || count < 1) {
    process.stderr.write(
      'Usage: npm run seed:bulk -- --orders <N> [--batch <rows per transaction, default 1000>]\n',
    );
    process.exit(64);
  }
  loadDotEnv();
  const config = loadConfig();
  const db = await createDataSource(dataSourceOptions(config.database, SCHEMA)).initialize();
  await migrate(db);
  const started = Date.now();
  const report = (done: number) => {
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(`\r${done} / ${count} orders (${Math.round(done / Math.max(seconds, 0.001))}/s)`);
  };
  try {
    const result = await insertBulkOrders(db, new LicenseKeyCipher(config), count, {
      batchSize: values.batch ? Number(values.batch) : undefined,
      onProgress: report,
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `\nAdded ${result.orders} orders, ${result.keys} keys, ${result.links} download links in ${seconds} s\n`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
