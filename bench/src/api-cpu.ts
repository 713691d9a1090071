import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { cpuMicros } from './lib/cpu.ts';
import { productionEnv, startServer, type RunningServer } from './lib/server.ts';
import { round } from './lib/stats.ts';

export interface ApiCpuResult {
  rounds: { app: number; bare: number; ratio: number }[];
  appMicros: number;
  bareMicros: number;
  ratio: number;
  budget: number;
  errors: number;
}

/** The app may use at most this much CPU per `GET /api/products` relative to bare fastify (issue #8). */
export const API_CPU_BUDGET = 1.43;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Load for `seconds` on `server`; answers the server's CPU microseconds per request and the errors. */
async function load(server: RunningServer, seconds: number): Promise<{ micros: number; errors: number }> {
  const pid = server.process.pid!;
  const before = cpuMicros(pid);
  const result = await autocannon({ url: `${server.url}/api/products`, connections: 10, duration: seconds });
  const used = cpuMicros(pid) - before;
  return { micros: used / result.requests.total, errors: result.errors + result.non2xx + result.timeouts };
}

/**
 * CPU per request of `GET /api/products` on the store and on a bare fastify server serving the same JSON,
 * each pinned to CPU 0 while this process (the load generator) runs on CPU 1, rounds alternating.
 */
export async function benchApiCpu(options: { rounds: number; seconds: number }): Promise<ApiCpuResult> {
  const data = mkdtempSync(join(tmpdir(), 'store-bench-'));
  const pinned = { cpus: '0' };
  const servers: RunningServer[] = [];
  try {
    // This process generates the load: keep it off the servers' core.
    execFileSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });
    const app = await startServer(productionEnv(data), pinned);
    servers.push(app);
    const productsJson = join(data, 'products.json');
    writeFileSync(productsJson, await (await fetch(`${app.url}/api/products`)).text());
    const bare = await startServer(
      { PRODUCTS_JSON: productsJson },
      { ...pinned, script: 'bench/src/bare-server.ts', readyPath: '/api/products' },
    );
    servers.push(bare);

    await load(app, 3);
    await load(bare, 3);
    const rounds: ApiCpuResult['rounds'] = [];
    let errors = 0;
    for (let i = 0; i < options.rounds; i++) {
      const a = await load(app, options.seconds);
      const b = await load(bare, options.seconds);
      errors += a.errors + b.errors;
      rounds.push({ app: round(a.micros, 1), bare: round(b.micros, 1), ratio: round(a.micros / b.micros) });
    }
    return {
      rounds,
      appMicros: round(median(rounds.map((r) => r.app)), 1),
      bareMicros: round(median(rounds.map((r) => r.bare)), 1),
      ratio: round(median(rounds.map((r) => r.ratio))),
      budget: API_CPU_BUDGET,
      errors,
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(data, { recursive: true, force: true });
  }
}
