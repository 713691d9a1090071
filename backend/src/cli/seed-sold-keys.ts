import { parseArgs } from 'node:util';
import { loadConfig, loadDotEnv } from '../config/app-config.js';
import { createDataSource, dataSourceOptions } from '../database/data-source-options.js';
import { SCHEMA } from '../schema/entities.js';
import { insertSoldKeys } from '../seed/sold-keys.js';
import { LicenseKeyCipher } from '../license-keys/license-key-cipher.js';

/**
 * `node backend/dist/cli/seed-sold-keys.js --keys N [--product ID]`: paid orders of one key each are
 * added until N keys are sold in the database in DATABASE_URL (migrated first: start the server once).
 * For the checkout benchmark at scale.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { keys: { type: 'string' }, product: { type: 'string' } } });
  const count = Number(values.keys);
  if (!Number.isInteger(count) || count < 1) {
    process.stderr.write('Usage: node backend/dist/cli/seed-sold-keys.js --keys <N> [--product <id>]\n');
    process.exit(64);
  }
  loadDotEnv();
  const config = loadConfig();
  const db = await createDataSource(dataSourceOptions(config.database, SCHEMA)).initialize();
  const started = Date.now();
  try {
    const added = await insertSoldKeys(db, new LicenseKeyCipher(config), count, {
      productId: values.product,
      onProgress: (done) => process.stdout.write(`\r${done} / ${count} keys sold`),
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(`\nAdded ${added} paid orders and their keys in ${seconds} s\n`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
