import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The apps `npm run build` makes: the API, then (after the contract files) the two front ends. */
export type App = 'backend' | 'storefront' | 'admin';

/** Each app's build output and what it is made from; the lock file stands for the dependencies. */
const BUILDS: Record<App, { output: string; sources: string[] }> = {
  backend: {
    output: 'backend/dist/main.js',
    sources: [
      'backend/src',
      'backend/tsconfig.json',
      'backend/tsconfig.build.json',
      'tsconfig.json',
      'package-lock.json',
    ],
  },
  // The front ends compile against the contract files, which the build writes from the API just before.
  storefront: {
    output: 'storefront/dist/index.html',
    sources: [
      'storefront/src',
      'storefront/index.html',
      'storefront/vite.config.ts',
      'storefront/vite-plugins',
      'storefront/public',
      'contracts/src',
      'contracts/catalog.json',
      'package-lock.json',
    ],
  },
  admin: {
    output: 'admin/dist/index.html',
    sources: [
      'admin/src',
      'admin/index.html',
      'admin/vite.config.ts',
      'admin/public',
      'contracts/src',
      'package-lock.json',
    ],
  },
};

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

/** The apps of `apps` whose output is missing or older than one of its sources. */
function staleBuilds(root: string, apps: App[]): App[] {
  return apps.filter((app) => {
    const { output, sources } = BUILDS[app];
    const built = newestChange(join(root, output));
    return built === 0 || sources.some((source) => newestChange(join(root, source)) > built);
  });
}

/**
 * Builds what the caller runs when it is missing or older than its sources, so no suite tests stale code
 * and one CI run builds once (the journeys, then the resilience suite and the benchmarks find it built):
 * the whole store (`npm run build`) when a front end is asked for, the API alone (`npm run build -w
 * backend`) when only it is. Throws when the build fails.
 */
export function buildIfNeeded(
  root: string,
  {
    apps = ['backend', 'storefront', 'admin'],
    log = (line) => process.stdout.write(`${line}\n`),
  }: { apps?: App[]; log?: (line: string) => void } = {},
): void {
  const stale = staleBuilds(root, apps);
  if (stale.length === 0) return;
  const args = apps.every((app) => app === 'backend') ? ['run', 'build', '-w', 'backend'] : ['run', 'build'];
  log(`building (${stale.map((app) => BUILDS[app].output).join(', ')} out of date): npm ${args.join(' ')}`);
  // With NODE_ENV=development, as a shell following `.env.example` has it: the front ends must still be
  // React's production builds (e2e/tests/production-build.spec.ts).
  const result = spawnSync('npm', args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed`);
}
