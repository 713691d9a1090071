import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { BILLING } from './billing.ts';
import { startServer, type RunningServer } from './server.ts';

/** A release's backend, built in the cache folder: `root` holds its package.json, node_modules and backend/dist. */
export interface Release {
  commit: string;
  root: string;
  /** Whether this call built it (a cold cache) or found it built. */
  built: boolean;
  seconds: number;
}

/** Where releases are built, reused across runs: the cache folder .ci/run keeps Node in. */
export function releasesDir(): string {
  const cache =
    process.env.STORE_CI_CACHE ??
    join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'office-licence-store');
  return join(cache, 'releases');
}

/**
 * The commit of the latest release CHANGELOG.md names (its first `## … commit <sha>` heading, after
 * "Unreleased"): the one an upgrade to this version starts from.
 */
export function previousReleaseCommit(repoRoot: string): string {
  const changelog = readFileSync(join(repoRoot, 'CHANGELOG.md'), 'utf8');
  const commit = /^## .*\bcommit `?([0-9a-f]{7,40})`?/m.exec(changelog)?.[1];
  if (!commit) throw new Error('CHANGELOG.md names no release commit (a heading "## <date>, commit <sha>")');
  return commit;
}

function run(command: string, args: string[], cwd: string, what: string, input?: Buffer): Buffer {
  const result = spawnSync(command, args, {
    cwd,
    input,
    maxBuffer: 1 << 30,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  if (result.status !== 0)
    throw new Error(`${what} failed (${command} ${args.join(' ')}):\n${result.stderr?.toString() ?? ''}`);
  return result.stdout;
}

/**
 * The backend of the release at `commit`, built once and then reused: its files taken from this clone's
 * history (`git archive`: the root package files, each workspace's package.json, backend/), its own
 * `npm ci` of its own lock file (the backend workspace and the root's tools), then its own `tsc` build, in
 * `releasesDir()/<full commit>`. Throws, saying so, when the commit is not in this clone's history.
 */
export function buildRelease(
  repoRoot: string,
  commit: string,
  log: (line: string) => void = () => {},
): Release {
  const started = Date.now();
  const found = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${commit}^{commit}`], {
    cwd: repoRoot,
  });
  if (found.status !== 0)
    throw new Error(
      `The release commit ${commit} (CHANGELOG.md) is not in this clone's history, so the upgrade from it ` +
        'cannot be tested: fetch the full history (git fetch --unshallow) and run again.',
    );
  const sha = found.stdout.toString().trim();
  const root = join(releasesDir(), sha);
  const done = join(root, '.built');
  if (existsSync(done) && existsSync(join(root, 'backend/dist/main.js')))
    return { commit: sha, root, built: false, seconds: (Date.now() - started) / 1000 };

  log(`building the release ${sha.slice(0, 7)} in ${root} (once; later runs reuse it)`);
  const partial = `${root}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const rootPackage = JSON.parse(
    run('git', ['show', `${sha}:package.json`], repoRoot, 'git show').toString(),
  ) as {
    workspaces?: string[];
  };
  const files = ['package.json', 'package-lock.json', 'tsconfig.json', 'backend'];
  for (const workspace of rootPackage.workspaces ?? [])
    if (workspace !== 'backend') files.push(`${workspace}/package.json`);
  const archive = run('git', ['archive', '--format=tar', sha, ...files], repoRoot, 'git archive');
  run('tar', ['-x', '-C', partial], partial, 'tar', archive);
  log(`npm ci for the release's backend (its own lock file)`);
  run(
    'npm',
    ['ci', '--workspace', 'backend', '--include-workspace-root', '--no-audit', '--no-fund'],
    partial,
    "the release's npm ci",
  );
  log("the release's backend build");
  run(
    process.execPath,
    ['node_modules/typescript/bin/tsc', '-p', 'backend/tsconfig.build.json'],
    partial,
    'tsc',
  );
  writeFileSync(join(partial, '.built'), `${sha}\n`);
  // Another run that finished the same build first (and may be running it) keeps its own: as good.
  if (!existsSync(done)) {
    try {
      rmSync(root, { recursive: true, force: true });
      renameSync(partial, root);
    } catch (error) {
      if (!existsSync(done)) throw error;
    }
  }
  rmSync(partial, { recursive: true, force: true });
  return { commit: sha, root, built: true, seconds: (Date.now() - started) / 1000 };
}

/** A licence key in the form every release accepts: five groups of five of A–Z and 0–9. */
export function randomLicenseKey(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from({ length: 5 }, () =>
    Array.from({ length: 5 }, () => alphabet[randomInt(alphabet.length)]).join(''),
  ).join('-');
}

export interface ReleaseStore {
  server: RunningServer;
  /** The administrator's Authorization header on that server. */
  admin: string;
  /** The stock keys imported, in clear. */
  stock: string[];
  /** What the release's seed-bulk added. */
  seeded: { orders: number; keys: number; links: number };
}

/** A request to a running server as JSON; answers the status and the parsed body. */
export async function call(
  server: { url: string },
  method: string,
  path: string,
  { json, body, headers = {} }: { json?: unknown; body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(json === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: json === undefined ? body : JSON.stringify(json),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/**
 * A store of the release, filled by the release's own code: `orders` realistic orders through its
 * `seed-bulk` (keys, download links, refunded ones among them), then its server started on the same
 * database (`env`: DATABASE_URL, the secrets; development mode, so payments go to its demo provider), and
 * through its API stock keys imported in CSV files of at most 10,000: `stockKeys` of them, or as many as
 * make `totalKeys` in all. The server is left running for the caller to buy, refund and read through,
 * then stop.
 */
export async function fillWithRelease(
  release: Release,
  env: Record<string, string>,
  { orders, stockKeys, totalKeys }: { orders: number; stockKeys?: number; totalKeys?: number },
  log: (line: string) => void = () => {},
): Promise<ReleaseStore> {
  const childEnv = { ...process.env, NODE_ENV: 'development', SEED_DEMO_KEYS: '0', ...env };
  log(`the release's seed-bulk: ${orders} orders`);
  const bulk = spawnSync(process.execPath, ['backend/dist/cli/seed-bulk.js', '--orders', String(orders)], {
    cwd: release.root,
    env: childEnv,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const added = /Added (\d+) orders, (\d+) keys, (\d+) download links/.exec(bulk.stdout ?? '');
  if (bulk.status !== 0 || !added)
    throw new Error(`the release's seed-bulk failed:\n${bulk.stderr}${bulk.stdout}`);
  const seeded = { orders: Number(added[1]), keys: Number(added[2]), links: Number(added[3]) };
  const server = await startServer({ root: release.root, env: childEnv, timeoutMs: 300_000 });
  try {
    const login = await call(server, 'POST', '/api/admin/login', {
      json: { username: env.ADMIN_USERNAME ?? 'admin', password: env.ADMIN_PASSWORD },
    });
    if (login.status !== 200)
      throw new Error(`sign-in on the release failed: ${login.status} ${JSON.stringify(login.body)}`);
    const admin = `Bearer ${(login.body as { token: string }).token}`;
    const count = stockKeys ?? Math.max(0, (totalKeys ?? 0) - seeded.keys);
    const stock = Array.from({ length: count }, () => randomLicenseKey());
    const products = ['office-2024-standard', 'office-2024-home-business', 'office-2024-professional-plus'];
    for (let i = 0; i < stock.length; i += 10_000) {
      const rows = stock
        .slice(i, i + 10_000)
        .map((key, j) => `${products[(i + j) % products.length]},${key}`);
      const answer = await call(server, 'POST', '/api/admin/license-keys/import', {
        body: `productId,licenseKey\n${rows.join('\n')}\n`,
        headers: { authorization: admin, 'content-type': 'text/csv' },
      });
      if (answer.status !== 200 || (answer.body as { imported: number }).imported !== rows.length)
        throw new Error(
          `importing keys on the release failed: ${answer.status} ${JSON.stringify(answer.body)}`,
        );
      log(
        `imported ${Math.min(i + 10_000, stock.length)} of ${stock.length} stock keys through the release's API`,
      );
    }
    return { server, admin, stock, seeded };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** A phone number the release's checkout takes: its rule was 10 to 20 digits, spaces, hyphens or parentheses. */
const RELEASE_PHONE = '98765 43210';

/** A purchase through a store's checkout and its demo payment provider; answers the order's id. */
export async function buyWithDemo(
  server: { url: string },
  cartItems: { id: string; quantity: number }[],
  email: string,
): Promise<string> {
  const intent = await call(server, 'POST', '/api/create-payment-intent', {
    json: { cartItems, billing: { ...BILLING, email, phone: RELEASE_PHONE } },
  });
  if (intent.status !== 201)
    throw new Error(`checkout failed: ${intent.status} ${JSON.stringify(intent.body)}`);
  const { orderId, clientSecret } = intent.body as { orderId: string; clientSecret: string };
  const paid = await call(server, 'POST', '/api/payments/demo/confirm', { json: { orderId, clientSecret } });
  if (paid.status !== 200)
    throw new Error(`the demo payment failed: ${paid.status} ${JSON.stringify(paid.body)}`);
  return orderId;
}
