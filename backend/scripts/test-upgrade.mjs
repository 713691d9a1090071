// `npm run test:upgrade`: the upgrade from the release CHANGELOG.md names to this version
// (upgrade/upgrade.upgrade-spec.ts) on SQLite and on MariaDB/MySQL at once (UPGRADE_DATABASE_URL, default
// mariadb://root@127.0.0.1:3306/store_upgrade; each pass makes and drops its own database from the name).
// UPGRADE_DRIVERS=sqlite (or mariadb) runs one pass. The release is built once, in
// ~/.cache/office-licence-store/releases/<commit> (STORE_CI_CACHE or XDG_CACHE_HOME move it), and reused by
// later runs; it fails at once, saying so, when the commit is not in this clone's history.
import { spawn } from 'node:child_process';
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

// The passes run side by side (each waits on its own processes and database much of the time); each one's
// output is printed whole when it ends.
const results = await Promise.all(
  passes.map(
    (pass) =>
      new Promise((resolve) => {
        const passStarted = Date.now();
        const env = { ...process.env, FORCE_COLOR: '0' };
        if (pass === 'sqlite') delete env.TEST_DATABASE_URL;
        else env.TEST_DATABASE_URL = serverUrl;
        const child = spawn(
          'npx',
          ['jest', '-c', 'jest.upgrade.config.js', '--runInBand', ...process.argv.slice(2)],
          {
            env,
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code) => {
          console.log(`\n--- upgrade on ${pass}\n${output}`);
          resolve({ pass, ok: code === 0, time: seconds(passStarted) });
        });
      }),
  ),
);
const times = results.map(({ pass, ok, time }) => `${pass} ${time}${ok ? '' : ' (FAILED)'}`);
console.log(`\nUpgrade test: ${times.join(', ')}; ${seconds(started)} in all`);
process.exit(results.every(({ ok }) => ok) ? 0 : 1);
