import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { startServer as startKitServer, type RunningServer } from '@store/testing';

export type { RunningServer };

export const ROOT = resolve(import.meta.dirname, '../../..');

/**
 * The settings of a production server on a SQLite file in `dir`: fresh secrets, Stripe keys that are
 * never used (the benchmarks stop short of payment), and mail to the discard port (none is sent).
 */
export function productionEnv(dir: string): Record<string, string> {
  const secret = () => randomBytes(32).toString('hex');
  return {
    NODE_ENV: 'production',
    DATABASE_URL: `sqlite:${join(dir, 'store.sqlite')}`,
    MAIL_DIR: join(dir, 'mail'),
    SMTP_URL: 'smtp://127.0.0.1:9',
    JWT_SECRET: secret(),
    LICENSE_KEY_SECRET: secret(),
    ADMIN_PASSWORD: secret(),
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
    STRIPE_WEBHOOK_SECRET: 'whsec_bench',
  };
}

export interface ServerOptions {
  /** The script to run, from the repository root; the built API by default. */
  script?: string;
  /** Pin the process to these CPUs (`taskset -c`), e.g. "0". */
  cpus?: string;
  /** The path answering 200 once the server is ready. */
  readyPath?: string;
  /** Options for node itself, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
}

/**
 * Starts the built API (or `options.script`) on a free port with this process's environment, in
 * development mode unless `env` says otherwise, plus `env`; waits up to 2 minutes until it is ready.
 */
export function startServer(
  env: Record<string, string>,
  options: ServerOptions = {},
): Promise<RunningServer> {
  return startKitServer({
    ...options,
    root: ROOT,
    env: { ...process.env, NODE_ENV: 'development', ...env },
    timeoutMs: 120_000,
  });
}
