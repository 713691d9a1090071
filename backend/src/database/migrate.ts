import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { withStartupLock } from './startup-lock.js';

/**
 * Runs the pending migrations, one process at a time: several processes starting together on one
 * database (or `npm run migrate` during a deploy) wait for the one migrating, then find nothing to run.
 * Answers the names of the migrations this process ran.
 */
export async function migrate(db: DataSource): Promise<string[]> {
  const logger = new Logger('Database');
  const ran = await withStartupLock(db, 'migrations', () => db.runMigrations({ transaction: 'each' }));
  for (const migration of ran) logger.log(`Ran migration ${migration.name}`);
  return ran.map((migration) => migration.name);
}
