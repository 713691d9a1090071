// The pass's migrated template: Jest's global setup (jest.resilience.config.js) migrates one database with
// the built `migrate` CLI, and each spec's store starts on a copy of it (TestDatabase.migrated) instead of
// running every migration again: seconds a start on MariaDB. Loaded by Jest's global hooks, which run
// without the moduleNameMapper: nothing here imports the store's sources.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { dropDatabase, emptyDatabase } from '@store/testing';

/** Where the specs find the template's DATABASE_URL: set by the global setup, inherited by the workers. */
export const TEMPLATE_VARIABLE = 'RESILIENCE_TEMPLATE_URL';

const ROOT = resolve(__dirname, '../../..');

/** An empty database on the pass's driver, migrated by `backend/dist/cli/migrate.js`: its DATABASE_URL. */
export async function migrateTemplate(serverUrl: string | undefined): Promise<string> {
  // A name of its own: with one spec at a time, the specs run in this process, where the kit's numbering
  // of scratch databases starts again (a new module registry) and would name a spec's database as this.
  const name = serverUrl ? `${new URL(serverUrl).pathname.slice(1)}_template_p${process.pid}` : undefined;
  const template = await emptyDatabase(serverUrl ?? 'sqlite:', name);
  const run = spawnSync(process.execPath, ['backend/dist/cli/migrate.js'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: template.url },
    encoding: 'utf8',
  });
  if (run.status !== 0) {
    await template.drop();
    throw new Error(`Migrating the resilience template failed (${run.status}):\n${run.stdout}${run.stderr}`);
  }
  return template.url;
}

export async function dropTemplate(url: string | undefined): Promise<void> {
  if (url) await dropDatabase(url);
}
