import { loadConfigOrExit } from '../config/app-config.js';
import { createDataSource, dataSourceOptions } from '../database/data-source-options.js';
import { SCHEMA } from '../schema/entities.js';
import { migrate } from '../database/migrate.js';
import { runCli } from './run-cli.js';

/**
 * `npm run migrate`: runs the pending migrations on the database in DATABASE_URL, then exits. For
 * deployments that migrate once before starting (or replacing) the servers; the servers still migrate
 * on start, under the same lock, and then find nothing to run.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const db = await createDataSource(dataSourceOptions(config.database, SCHEMA)).initialize();
  try {
    const ran = await migrate(db);
    process.stdout.write(ran.length ? `Ran ${ran.length} migrations\n` : 'No migrations to run\n');
  } finally {
    await db.destroy();
  }
}

runCli(main);
