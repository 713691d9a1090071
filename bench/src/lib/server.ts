import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');

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
