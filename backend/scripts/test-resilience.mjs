// `npm run test:resilience`: builds the API if it is out of date (buildIfNeeded), runs the resilience specs on SQLite and then on
// MariaDB/MySQL (RESILIENCE_DATABASE_URL, default mariadb://root@127.0.0.1:3306/store_resilience), and
// ends with the table of figures the specs recorded. RESILIENCE_DRIVERS=sqlite (or mariadb) runs one pass;
// other arguments go to Jest (e.g. a spec's file name).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfNeeded } from '@store/testing';

const serverUrl = process.env.RESILIENCE_DATABASE_URL || 'mariadb://root@127.0.0.1:3306/store_resilience';
const passes = (process.env.RESILIENCE_DRIVERS || 'sqlite,mariadb').split(',');
const figuresFile = join(mkdtempSync(join(tmpdir(), 'store-resilience-figures-')), 'figures.jsonl');

try {
  buildIfNeeded(join(import.meta.dirname, '..', '..'), { apps: ['backend'] });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

let failed = false;
for (const pass of passes) {
  console.log(`\n--- resilience on ${pass}`);
  const env = { ...process.env, RESILIENCE_FIGURES: figuresFile };
  if (pass === 'sqlite') delete env.RESILIENCE_DATABASE_URL;
  else env.RESILIENCE_DATABASE_URL = serverUrl;
  const run = spawnSync(
    'npx',
    ['jest', '-c', 'jest.resilience.config.js', '--runInBand', ...process.argv.slice(2)],
    { stdio: 'inherit', env },
  );
  if (run.status !== 0) failed = true;
}

const columns = [
  ['requests', 'requests tried'],
  ['serverErrors', '5xx seen'],
  ['keysDelivered', 'keys delivered'],
  ['duplicates', 'duplicates'],
  ['emailsSent', 'e-mails sent'],
  ['emailsLost', 'e-mails lost'],
];
const rows = existsSync(figuresFile)
  ? readFileSync(figuresFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
  : [];
const drivers = [...new Set(rows.map((row) => row.driver))];
const sum = (driver, key) =>
  rows.filter((row) => row.driver === driver).reduce((total, row) => total + (row[key] ?? 0), 0);
const table = [
  ['figure', ...drivers],
  ...columns.map(([key, label]) => [label, ...drivers.map((driver) => String(sum(driver, key)))]),
];
const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
const line = (row) => `| ${row.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
console.log(`\nResilience figures (${failed ? 'FAILED' : 'all specs passed'})\n`);
console.log(line(table[0]));
console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
for (const row of table.slice(1)) console.log(line(row));
process.exit(failed ? 1 : 0);
