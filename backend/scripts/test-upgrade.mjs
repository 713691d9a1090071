// `npm run test:upgrade`: the upgrade from the release CHANGELOG.md names to this version
// (upgrade/upgrade.upgrade-spec.ts) on SQLite, then on MariaDB/MySQL (UPGRADE_DATABASE_URL, default
// mariadb://root@127.0.0.1:3306/store_upgrade; each pass makes and drops its own database from the name).
// UPGRADE_DRIVERS=sqlite (or mariadb) runs one pass. The release is built once, in
// ~/.cache/office-licence-store/releases/<commit> (STORE_CI_CACHE or XDG_CACHE_HOME move it), and reused by
// later runs; it fails at once, saying so, when the commit is not in this clone's history.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildRelease, previousReleaseCommit } from '../../testing/src/previous-release.ts';

const root = join(import.meta.dirname, '..', '..');
const serverUrl = process.env.UPGRADE_DATABASE_URL || 'mariadb://root@127.0.0.1:3306/store_upgrade';
const passes = (process.env.UPGRADE_DRIVERS || 'sqlite,mariadb').split(',');

const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;
let release;
try {
  release = buildRelease(root, previousReleaseCommit(root), (line) => console.log(line));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
console.log(
  `--- release ${release.commit.slice(0, 7)} ${release.built ? `built in ${Math.round(release.seconds)} s` : 'reused'}`,
);

const times = [];
let failed = false;
for (const pass of passes) {
  console.log(`\n--- upgrade on ${pass}`);
  const passStarted = Date.now();
  const env = { ...process.env };
  if (pass === 'sqlite') delete env.TEST_DATABASE_URL;
  else env.TEST_DATABASE_URL = serverUrl;
  const run = spawnSync(
    'npx',
    ['jest', '-c', 'jest.upgrade.config.js', '--runInBand', ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      env,
    },
  );
  if (run.status !== 0) failed = true;
  times.push(`${pass} ${seconds(passStarted)}${run.status === 0 ? '' : ' (FAILED)'}`);
}
console.log(`\nUpgrade test: ${times.join(', ')}; ${seconds(started)} in all`);
process.exit(failed ? 1 : 0);
