import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, SmtpSink, startServer } from '@store/testing';
import { findChromium, NO_CHROMIUM } from './support/chromium.js';
import { signInStaff, stockUp } from './support/staff.js';

const ROOT = resolve(import.meta.dirname, '..');

/** Each build output and the sources it is made from. */
const BUILDS = [
  {
    output: 'backend/dist/main.js',
    sources: ['backend/src', 'backend/tsconfig.json', 'backend/tsconfig.build.json'],
  },
  {
    output: 'storefront/dist/index.html',
    sources: [
      'storefront/src',
      'storefront/index.html',
      'storefront/vite.config.ts',
      'storefront/vite-plugins',
      'storefront/public',
    ],
  },
  {
    output: 'admin/dist/index.html',
    sources: ['admin/src', 'admin/index.html', 'admin/vite.config.ts', 'admin/public'],
  },
];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

/** Builds the three apps when an output is missing or older than its sources, so journeys never test stale code. */
function buildIfNeeded(): void {
  const stale = BUILDS.filter(({ output, sources }) => {
    const built = newestChange(join(ROOT, output));
    return built === 0 || sources.some((source) => newestChange(join(ROOT, source)) > built);
  });
  if (stale.length === 0) return;
  console.log(`e2e: building (${stale.map((b) => b.output).join(', ')} out of date)`);
  // With NODE_ENV=development, as a shell following `.env.example` has it: the builds must still be React's
  // production builds (tests/production-build.spec.ts).
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  });
  if (result.status !== 0) throw new Error('e2e: npm run build failed');
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  // One clear message instead of a failed launch in every journey.
  if (!findChromium()) throw new Error(NO_CHROMIUM);
  buildIfNeeded();
  const dataDir = mkdtempSync(join(tmpdir(), 'store-e2e-'));
  // The store sends its mail over SMTP to a real server on loopback, which keeps each message as a file.
  const smtp = await SmtpSink.start({ dir: join(dataDir, 'mail') });
  process.env.E2E_MAIL_DIR = join(dataDir, 'mail');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startServer({
    root: ROOT,
    port,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PUBLIC_URL: baseUrl,
      // Journeys that post through the API name a client address of their own (shopperAddress()), so the
      // per-client rate limits (5 contact messages a minute) count the browser's own sends apart.
      TRUST_PROXY: 'loopback',
      DATABASE_URL: `sqlite:${join(dataDir, 'store.sqlite')}`,
      SMTP_URL: smtp.url,
    },
  });
  process.env.E2E_BASE_URL = baseUrl;
  const sessions = await signInStaff(baseUrl);
  await stockUp(baseUrl, sessions.admin);
  process.env.E2E_STAFF_SESSIONS = JSON.stringify(sessions);

  return async () => {
    await server.stop();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
