import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { freePort } from './ports.ts';

export interface ServerOptions {
  /** The working directory: the repository root (the server finds the front-end builds and `.env` from it). */
  root: string;
  /** The child's whole environment; HOST (127.0.0.1) and PORT are added. */
  env: Record<string, string | undefined>;
  /** The port to listen on (the same one across restarts); a free one by default. */
  port?: number;
  /** The script to run, from `root`: the built API by default. */
  script?: string;
  /** Options for node itself, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  /** Pin the process to these CPUs (`taskset -c`), e.g. "0". */
  cpus?: string;
  /** The path answering 200 once the server is ready. */
  readyPath?: string;
  /** How long it may take to become ready. */
  timeoutMs?: number;
  /** How often readiness is asked. */
  pollMs?: number;
  /** Append the server's stdout and stderr to this file (kept across restarts) instead of memory. */
  logFile?: string;
}

/** A server started by {@link startServer}. */
export interface RunningServer {
  url: string;
  port: number;
  process: ChildProcess;
  /** Its stdout and stderr so far (the whole log file when started with `logFile`). */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`; answers once it is gone. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL (no shutdown hooks, no flushing); answers once it is gone. */
  kill(): Promise<void>;
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/**
 * Starts the built API (`backend/dist/main.js`, or `options.script`) with `node` on 127.0.0.1 and waits
 * until `readyPath` answers 200; throws with the server's output if it exits or is not ready in time.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const {
    root,
    script = 'backend/dist/main.js',
    nodeArgs = [],
    cpus,
    readyPath = '/api/health',
    timeoutMs = 60_000,
    pollMs = 250,
    logFile,
  } = options;
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const output = () => {
    if (!logFile) return log;
    try {
      return readFileSync(logFile, 'utf8');
    } catch {
      return '';
    }
  };
  // taskset execs the command, so the child's pid is the server's own.
  const [command, args] = cpus
    ? ['taskset', ['-c', cpus, process.execPath, ...nodeArgs, script]]
    : [process.execPath, [...nodeArgs, script]];
  const child = spawn(command, args, {
    cwd: root,
    env: { ...options.env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => (logFile ? appendFileSync(logFile, chunk) : (log += chunk));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const exited = () => new Promise((r) => (running(child) ? child.once('exit', r) : r(undefined)));
  const server: RunningServer = {
    url,
    port,
    process: child,
    output,
    async stop(graceMs = 5_000) {
      if (!running(child)) return;
      const gone = exited();
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await gone;
      clearTimeout(timer);
    },
    async kill() {
      if (!running(child)) return;
      const gone = exited();
      child.kill('SIGKILL');
      await gone;
    },
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!running(child))
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    if (Date.now() > deadline) {
      await server.kill();
      throw new Error(`the server did not become healthy:\n${output()}`);
    }
    try {
      if ((await fetch(`${url}${readyPath}`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
