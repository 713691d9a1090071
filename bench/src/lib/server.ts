import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

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

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail()));
    });
  });
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

/** Starts the built API (or `options.script`) on a free port with `env`, and waits until it is ready. */
export async function startServer(
  env: Record<string, string>,
  options: ServerOptions = {},
): Promise<RunningServer> {
  const { script = 'backend/dist/main.js', cpus, readyPath = '/api/health', nodeArgs = [] } = options;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  // taskset execs the command, so the child's pid is the server's own.
  const [command, args] = cpus
    ? ['taskset', ['-c', cpus, process.execPath, ...nodeArgs, script]]
    : [process.execPath, [...nodeArgs, script]];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${log}`);
    if (Date.now() > deadline) throw new Error(`the server did not become healthy:\n${log}`);
    try {
      if ((await fetch(`${url}${readyPath}`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    process: child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
