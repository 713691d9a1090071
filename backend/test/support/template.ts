import { Logger } from '@nestjs/common';
import { emptyDatabase, type ScratchDatabase } from '@store/testing';
import { parseDatabaseUrl } from '../../src/config/app-config.js';
import { createDataSource, dataSourceOptions } from '../../src/database/data-source-options.js';
import { migrate } from '../../src/database/migrate.js';
import { SCHEMA } from '../../src/schema/entities.js';

/**
 * The database every test app of a run starts from (test-app.ts copies it): a new one on the run's
 * driver (`serverUrl`, TEST_DATABASE_URL, or SQLite without it) that the app's own start-up migration
 * (migrate(), with the app's data source options) has brought to this version, then closed. Nothing else
 * of the start is done here: the seed depends on each app's settings (secrets, catalogue, demo keys), so
 * each app still seeds its copy. The MariaDB/MySQL one is named after this process, so parallel runs never
 * share one.
 */
export async function migratedTemplate(serverUrl: string | undefined): Promise<ScratchDatabase> {
  const like = serverUrl ?? 'sqlite:';
  const name = serverUrl
    ? `${new URL(serverUrl).pathname.slice(1) || 'store_test'}_t${process.pid}`
    : undefined;
  const template = await emptyDatabase(like, name);
  try {
    const problems: string[] = [];
    const config = parseDatabaseUrl(template.url, (path) => path, problems);
    if (problems.length) throw new Error(problems.join('; '));
    const db = await createDataSource(dataSourceOptions(config, SCHEMA)).initialize();
    try {
      Logger.overrideLogger(['error']);
      await migrate(db);
    } finally {
      await db.destroy();
    }
    return template;
  } catch (error) {
    await template.drop();
    throw error;
  }
}
