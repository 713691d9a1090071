import '../config/refuse-unsupported-node.js';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../config/app-config.js';
import { createDataSource, dataSourceOptions } from '../database/data-source-options.js';
import { SCHEMA } from '../schema/entities.js';
import { MAX_ROTATION_BATCH, rotateSecrets, type RotationProgress } from './secret-rotation.js';
import { runCli } from './run-cli.js';

/** A progress line at most this often (and after each table's first and last batch). */
const PROGRESS_EVERY_MS = 5_000;

/**
 * `npm run rotate-secrets`: rewrites every value sealed under LICENSE_KEY_PREVIOUS_SECRETS under
 * LICENSE_KEY_SECRET, in the database in DATABASE_URL, while the store keeps running. Safe to stop and
 * run again; once it reports nothing left, the previous secrets can be removed (see docs/operating.md,
 * Backups, secrets and rotation). Says how far it is, how fast it goes and how long is left as it goes.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { batch: { type: 'string' } } });
  const batchSize = values.batch === undefined ? 500 : Number(values.batch);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_ROTATION_BATCH) {
    process.stderr.write(
      `Usage: npm run rotate-secrets -- [--batch <rows per transaction, 1 to ${MAX_ROTATION_BATCH}, default 500>]\n`,
    );
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
  // SQLite: a page cache of 64 MB rather than 2 for this one connection. The search terms' indexes are
  // written all over (their keys are hashes), and a batch finds more of their pages in memory.
  if (config.database.type === 'sqlite') await db.query('PRAGMA cache_size = -65536');
  try {
    const started = Date.now();
    const report = await rotateSecrets(db, config, { batchSize, onBatch: progressReporter() });
    for (const [table, count] of Object.entries(report.rewritten)) {
      process.stdout.write(`${table}: ${count} rows rewritten under the current secret\n`);
    }
    process.stdout.write(
      `Done: everything readable is now under LICENSE_KEY_SECRET (${duration(Date.now() - started)}). Keep ` +
        'LICENSE_KEY_PREVIOUS_SECRETS until staff recovery codes made before the rotation are replaced.\n',
    );
  } finally {
    await db.destroy();
  }
}

/**
 * Lines such as `license_keys: 52,000 of 102,679 checked (50 %), 52,000 rewritten, 2,150 rows/s, about
 * 23 s left`: after a table's first batch, then every PROGRESS_EVERY_MS, and when the table is done.
 */
function progressReporter(): (progress: RotationProgress) => void {
  let table = '';
  let last = 0;
  const count = (n: number) => n.toLocaleString('en-US');
  return (progress) => {
    const first = progress.table !== table;
    table = progress.table;
    const now = Date.now();
    if (progress.done ? !progress.checked : !first && now - last < PROGRESS_EVERY_MS) return;
    last = now;
    const rate = progress.checked / Math.max(progress.elapsedMs / 1000, 0.001);
    const percent = Math.floor((100 * progress.checked) / Math.max(progress.total, 1));
    const left = progress.done
      ? `done in ${duration(progress.elapsedMs)}`
      : `about ${duration(((progress.total - progress.checked) / Math.max(rate, 1)) * 1000)} left`;
    process.stdout.write(
      `${table}: ${count(progress.checked)} of ${count(progress.total)} checked (${percent} %), ` +
        `${count(progress.rewritten)} rewritten, ${count(Math.round(rate))} rows/s, ${left}\n`,
    );
  };
}

function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${Math.max(seconds, ms > 0 ? 1 : 0)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

runCli(main);
