import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { buildRelease, fillWithRelease, freePort, previousReleaseCommit, type Release } from '@store/testing';
import { productionEnv, ROOT } from './lib/server.ts';

/**
 * The first start of this version on a database of the previous release (CHANGELOG.md's), as an operator
 * upgrading would see it: how soon the port answers /api/health/live, how slow live gets while the start
 * migrates, when /api/health/ready first answers 200, and when the backfills are done. The release's
 * database is filled once by the release's own code (its seed-bulk, then stock keys through its API) and
 * kept as a template (var/bench/, or the MariaDB database store_bench_release_<orders>), copied for each
 * run. `before`: the same start of another commit (say, this version before the port opened at once), for
 * comparison.
 */
export interface UpgradeBootOptions {
  drivers: Driver[];
  /** Orders the release's seed-bulk writes. */
  orders: number;
  /** Keys in all (the orders' and stock imported through the release's API). */
  keys: number;
  before?: string;
}

type Driver = 'sqlite' | 'mariadb';

export interface BootRun {
  driver: Driver;
  /** `this` build, or the commit measured for comparison. */
  version: string;
  /** Seconds from the process start to the first answer of any kind, and to the first 200 from live. */
  firstAnswer: number | null;
  live: number | null;
  /** The slowest live answer once the port answered, and the live probes that failed or took over 5 s. */
  slowestLiveMs: number;
  liveFailures: number;
  /** Seconds to the first 200 from /api/health/ready (/api/health for a version without it). */
  ready: number | null;
  /** What ready said while it was not yet, in order. */
  notReady: string[];
  /** Seconds until ready listed no backfill still running. */
  backfillsDone: number | null;
  /** The backfills' own lines: "…: done, N … in S s". */
  backfills: string[];
}

export interface UpgradeBootResult {
  release: string;
  templates: { driver: Driver; orders: number; keys: number; reused: boolean; seconds: number }[];
  runs: BootRun[];
  load: { before: number; after: number };
}

const MARIADB_URL = process.env.BENCH_MARIADB_URL ?? 'mariadb://root@127.0.0.1:3306';
/** The store's secrets, the same for the release that filled the template and every start on it. */
const SECRETS = {
  JWT_SECRET: 'bench-upgrade-jwt-secret-0123456789abcdef0123456789',
  LICENSE_KEY_SECRET: 'bench-upgrade-licence-key-secret-0123456789abcdef',
  ADMIN_PASSWORD: 'Harbour-Lantern-Quartz-82',
};
/** How long a start may take before the run gives up on it. */
const START_LIMIT_MS = 20 * 60_000;

const log = (line: string) => console.log(`  ${line}`);

async function mariadb() {
  return mysql.createConnection({ uri: MARIADB_URL, multipleStatements: false });
}

/** The release's database, filled once: answers how to reach a fresh copy of it. */
async function template(
  driver: Driver,
  release: Release,
  options: UpgradeBootOptions,
): Promise<{
  copy: () => Promise<string>;
  drop: () => Promise<void>;
  keys: number;
  reused: boolean;
  seconds: number;
}> {
  const started = Date.now();
  const name = `release-${release.commit.slice(0, 7)}-${options.orders}-${options.keys}`;
  const fill = async (url: string) => {
    const store = await fillWithRelease(
      release,
      { DATABASE_URL: url, ...SECRETS, MAIL_DIR: mkdtempSync(join(tmpdir(), 'bench-mail-')) },
      { orders: options.orders, totalKeys: options.keys },
      log,
    );
    await store.server.stop(30_000);
    return store.seeded.keys + store.stock.length;
  };
  if (driver === 'sqlite') {
    const dir = join(ROOT, 'var', 'bench');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${name}.sqlite`);
    const meta = `${file}.json`;
    let reused = true;
    if (!existsSync(meta)) {
      reused = false;
      const partial = join(mkdtempSync(join(tmpdir(), 'bench-release-')), 'store.sqlite');
      const keys = await fill(`sqlite:${partial}`);
      renameSync(partial, file);
      writeFileSync(meta, JSON.stringify({ commit: release.commit, orders: options.orders, keys }));
    }
    const { keys } = JSON.parse(readFileSync(meta, 'utf8')) as { keys: number };
    const runDir = mkdtempSync(join(tmpdir(), 'bench-upgrade-'));
    return {
      keys,
      reused,
      seconds: (Date.now() - started) / 1000,
      copy: async () => {
        const target = join(runDir, `run-${Date.now()}.sqlite`);
        copyFileSync(file, target);
        return `sqlite:${target}`;
      },
      drop: async () => rmSync(runDir, { recursive: true, force: true }),
    };
  }
  const base = `store_bench_release_${options.orders}`;
  const conn = await mariadb();
  try {
    const [marks] = (await conn.query(
      'SELECT TABLE_COMMENT AS note FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?',
      [base, 'migrations'],
    )) as [{ note: string }[], unknown];
    const note = marks[0]?.note ?? '';
    const reused = note.startsWith(`${name} `);
    if (!reused) {
      await conn.query(`DROP DATABASE IF EXISTS \`${base}\``);
      await conn.query(`CREATE DATABASE \`${base}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      const keys = await fill(`${MARIADB_URL}/${base}`);
      // Marks the template as complete (a fill cut short is filled again): its name and key count.
      await conn.query(`ALTER TABLE \`${base}\`.migrations COMMENT = ?`, [`${name} ${keys}`]);
    }
    const [again] = (await conn.query(
      'SELECT TABLE_COMMENT AS note FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?',
      [base, 'migrations'],
    )) as [{ note: string }[], unknown];
    const keys = Number(again[0]!.note.split(' ')[1]);
    const run = 'store_bench_upgrade_run';
    return {
      keys,
      reused,
      seconds: (Date.now() - started) / 1000,
      copy: async () => {
        const c = await mariadb();
        try {
          await c.query(`DROP DATABASE IF EXISTS \`${run}\``);
          await c.query(`CREATE DATABASE \`${run}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
          const [tables] = (await c.query(
            "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE'",
            [base],
          )) as [{ name: string }[], unknown];
          await c.query('SET FOREIGN_KEY_CHECKS = 0');
          for (const { name: table } of tables) {
            await c.query(`CREATE TABLE \`${run}\`.\`${table}\` LIKE \`${base}\`.\`${table}\``);
            await c.query(`INSERT INTO \`${run}\`.\`${table}\` SELECT * FROM \`${base}\`.\`${table}\``);
          }
          await c.query(`ALTER TABLE \`${run}\`.migrations COMMENT = ''`);
        } finally {
          await c.end();
        }
        return `${MARIADB_URL}/${run}`;
      },
      drop: async () => {
        const c = await mariadb();
        await c.query(`DROP DATABASE IF EXISTS \`${run}\``);
        await c.end();
      },
    };
  } finally {
    await conn.end();
  }
}

/** Starts `script` on `databaseUrl` as a production server and times what an operator would watch. */
async function measureStart(
  driver: Driver,
  version: string,
  cwd: string,
  databaseUrl: string,
  paths: { live: string; ready: string },
): Promise<BootRun> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-boot-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = spawn(process.execPath, ['backend/dist/main.js'], {
    cwd,
    env: {
      ...process.env,
      ...productionEnv(dir),
      ...SECRETS,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const since = () => Math.round((performance.now() - t0) / 100) / 10;
  const result: BootRun = {
    driver,
    version,
    firstAnswer: null,
    live: null,
    slowestLiveMs: 0,
    liveFailures: 0,
    ready: null,
    notReady: [],
    backfillsDone: null,
    backfills: [],
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));
  const deadline = performance.now() + START_LIMIT_MS;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const liveLoop = (async () => {
    while (running && result.backfillsDone === null && performance.now() < deadline) {
      const asked = performance.now();
      try {
        const answer = await fetch(`${url}${paths.live}`, { signal: AbortSignal.timeout(5_000) });
        await answer.arrayBuffer();
        result.firstAnswer ??= since();
        if (answer.ok) result.live ??= since();
        if (result.firstAnswer !== null)
          result.slowestLiveMs = Math.max(result.slowestLiveMs, performance.now() - asked);
      } catch (error) {
        const refused = (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
        if (!refused && result.firstAnswer !== null) result.liveFailures++;
      }
      await pause(100);
    }
  })();
  const readyLoop = (async () => {
    while (running && result.backfillsDone === null && performance.now() < deadline) {
      try {
        const answer = await fetch(`${url}${paths.ready}`, { signal: AbortSignal.timeout(10_000) });
        const body = (await answer.json().catch(() => ({}))) as { message?: string; backfills?: string[] };
        if (answer.ok) {
          result.ready ??= since();
          if (!body.backfills?.length) result.backfillsDone = since();
        } else if (body.message && result.notReady.at(-1) !== body.message)
          result.notReady.push(body.message);
      } catch {
        // not listening yet
      }
      await pause(250);
    }
  })();
  await Promise.all([liveLoop, readyLoop]);
  child.kill('SIGTERM');
  await Promise.race([exited, pause(30_000)]);
  if (running) child.kill('SIGKILL');
  // Production logs are JSON lines (LOG_FORMAT); the backfills' last line says how long each took.
  result.backfills = output
    .split('\n')
    .map((line) => {
      try {
        return String((JSON.parse(line) as { msg?: unknown }).msg ?? '');
      } catch {
        return line;
      }
    })
    .filter((message) => /^[\w-]+: done, /.test(message));
  if (result.ready === null) console.error(output.slice(-4000));
  rmSync(dir, { recursive: true, force: true });
  return result;
}

export async function benchUpgradeBoot(options: UpgradeBootOptions): Promise<UpgradeBootResult> {
  const load = { before: Math.round(loadavg()[0]! * 10) / 10, after: 0 };
  const release = buildRelease(ROOT, previousReleaseCommit(ROOT), log);
  log(
    `release ${release.commit.slice(0, 7)} ${release.built ? `built in ${Math.round(release.seconds)} s` : 'reused'}`,
  );
  const before = options.before ? buildRelease(ROOT, options.before, log) : null;
  const templates: UpgradeBootResult['templates'] = [];
  const runs: BootRun[] = [];
  for (const driver of options.drivers) {
    const db = await template(driver, release, options);
    templates.push({ driver, orders: options.orders, keys: db.keys, reused: db.reused, seconds: db.seconds });
    log(
      `${driver}: template of ${options.orders} orders and ${db.keys} keys ${db.reused ? 'reused' : 'filled'}`,
    );
    try {
      log(`${driver}: first start of this version`);
      runs.push(
        await measureStart(driver, 'this', ROOT, await db.copy(), {
          live: '/api/health/live',
          ready: '/api/health/ready',
        }),
      );
      log(JSON.stringify(runs.at(-1)));
      if (before) {
        log(`${driver}: first start of ${before.commit.slice(0, 7)}`);
        runs.push(
          await measureStart(driver, before.commit.slice(0, 7), before.root, await db.copy(), {
            live: '/api/health',
            ready: '/api/health',
          }),
        );
        log(JSON.stringify(runs.at(-1)));
      }
    } finally {
      await db.drop();
    }
  }
  load.after = Math.round(loadavg()[0]! * 10) / 10;
  return { release: release.commit, templates, runs, load };
}
