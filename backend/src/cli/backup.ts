import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, findProjectRoot, loadDotEnv, parseDatabaseUrl } from '../config/app-config.js';
import { BackupError, backupDatabase } from '../database/backup.js';
import { runCli } from './run-cli.js';

/**
 * `npm run backup -- [--out <file>]`: a consistent copy of the database in DATABASE_URL, taken while the
 * store runs (default: backups/store-<time>.sqlite or .sql under the project). LICENSE_KEY_SECRET is not
 * in it: keep that apart (see docs/operating.md, Backups, secrets and rotation).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  loadDotEnv();
  // npm runs the script in backend/: paths given on the command line are the caller's (INIT_CWD).
  const here = process.env.INIT_CWD ?? process.cwd();
  const root = findProjectRoot();
  const problems: string[] = [];
  const db = parseDatabaseUrl(process.env.DATABASE_URL, (p) => resolve(root, p), problems);
  if (problems.length) throw new ConfigError(problems);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = values.out
    ? resolve(here, values.out)
    : resolve(root, `backups/store-${stamp}.${db.type === 'sqlite' ? 'sqlite' : 'sql'}`);
  await backupDatabase(db, file);
  process.stdout.write(`Backup written to ${file}\n`);
}

runCli(main, [BackupError]);
