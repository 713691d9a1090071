import '../config/refuse-unsupported-node.js';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../config/app-config.js';
import { createDataSource, dataSourceOptions } from '../database/data-source-options.js';
import { SCHEMA } from '../schema/entities.js';
import { rotateSecrets } from './secret-rotation.js';
import { runCli } from './run-cli.js';

/**
 * `npm run rotate-secrets`: rewrites every value sealed under LICENSE_KEY_PREVIOUS_SECRETS under
 * LICENSE_KEY_SECRET, in the database in DATABASE_URL, while the store keeps running. Safe to stop and
 * run again; once it reports nothing left, the previous secrets can be removed (see README, Backups and
 * secrets).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { batch: { type: 'string' } } });
  const batchSize = values.batch === undefined ? 500 : Number(values.batch);
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    process.stderr.write('Usage: npm run rotate-secrets -- [--batch <rows per transaction, default 500>]\n');
    process.exit(64);
  }
  const config = loadConfigOrExit();
  if (!config.licenseKeyPreviousSecrets.length) {
    process.stderr.write(
      'LICENSE_KEY_PREVIOUS_SECRETS is empty: set LICENSE_KEY_SECRET to the new secret and list the old one there\n',
    );
    process.exit(64);
  }
  const db = await createDataSource(dataSourceOptions(config.database, SCHEMA)).initialize();
  try {
    const done: Record<string, number> = {};
    const report = await rotateSecrets(db, config, {
      batchSize,
      onBatch: (table, rewritten) => {
        done[table] = (done[table] ?? 0) + rewritten;
        process.stdout.write(`${table}: ${done[table]} rewritten so far\n`);
      },
    });
    for (const [table, count] of Object.entries(report.rewritten)) {
      process.stdout.write(`${table}: ${count} rows rewritten under the current secret\n`);
    }
    process.stdout.write(
      'Done: everything readable is now under LICENSE_KEY_SECRET. Keep LICENSE_KEY_PREVIOUS_SECRETS until staff ' +
        'recovery codes made before the rotation are replaced.\n',
    );
  } finally {
    await db.destroy();
  }
}

runCli(main);
