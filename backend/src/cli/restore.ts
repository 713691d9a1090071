import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, findProjectRoot, loadDotEnv, parseDatabaseUrl } from '../config/app-config.js';
import { BackupError, restoreDatabase } from '../database/backup.js';
import { runCli } from './run-cli.js';

const USAGE =
  'Usage: npm run restore -- --from <backup file> [--to <database URL, default DATABASE_URL>] [--force]\n';

/**
 * `npm run restore -- --from <file> [--to <url>] [--force]`: restores a backup of `npm run backup` into
 * an empty database (stop the servers first); `--force` replaces a database that has tables.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { from: { type: 'string' }, to: { type: 'string' }, force: { type: 'boolean' } },
  });
  if (!values.from) {
    process.stderr.write(USAGE);
    process.exit(64);
  }
  loadDotEnv();
  // npm runs the script in backend/: paths given on the command line are the caller's (INIT_CWD).
  const here = process.env.INIT_CWD ?? process.cwd();
  const root = findProjectRoot();
  const problems: string[] = [];
  const db = parseDatabaseUrl(values.to ?? process.env.DATABASE_URL, (p) => resolve(root, p), problems);
  if (problems.length) throw new ConfigError(problems);
  await restoreDatabase(db, resolve(here, values.from), { force: values.force });
  process.stdout.write(
    `Restored ${values.from} into ${db.type === 'sqlite' ? db.path : db.database}. Start the store with the ` +
      'LICENSE_KEY_SECRET it ran with, or its keys cannot be read.\n',
  );
}

runCli(main, [BackupError]);
