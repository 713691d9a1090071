import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import type { RateLimitsMode } from '../config/app-config.js';
import type { JobLeases } from '../job-leases/job-leases.service.js';
import { rateLimitsNow } from '../redis/redis-circuit.js';
import type { StoreFiguresCache, StoreFigures } from './store-figures.js';

export const METRICS_PATH = '/api/metrics';

/** What the metrics read: all of it in memory but the store figures (cached, see StoreFiguresCache). */
export interface MetricsSources {
  db: DataSource;
  figures: StoreFiguresCache;
  leases: JobLeases;
  /** The shared Redis client, or null without REDIS_URL (then `store_redis_up` is not reported). */
  redis: Redis | null;
  /** RATE_LIMITS as configured (`store_rate_limits_per_process` tells where they are counted now). */
  rateLimits: RateLimitsMode;
}

/** mysql2's pool, as far as its (undocumented) queues tell how busy it is. */
interface Mysql2Pool {
  config?: { connectionLimit?: number };
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
}

/** Whether an Authorization header carries the token, compared in constant time (of the token's length). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

/**
 * GET /api/metrics in Prometheus' text format, for the bearer of METRICS_TOKEN: to anyone else it is an
 * unknown route (the same 404), and without the setting it is not registered at all, nor is anything
 * measured. A Fastify route rather than a Nest controller: no guard, pipe or interceptor runs for a
 * scrape, and the public OpenAPI contract never shows it. Each process answers for itself (its requests,
 * its heap, its database pool, the jobs it leads); the store figures are the same in every process.
 */
export function registerMetrics(fastify: FastifyInstance, token: string, sources: MetricsSources): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    requests.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  registerStoreGauges(registry, sources.figures);
  registerProcessGauges(registry, sources);

  fastify.get(METRICS_PATH, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) return reply.callNotFound();
    const body = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body);
  });
}

/** A gauge whose value is read from the store figures at each scrape (absent while they cannot be read). */
function figureGauge(
  registry: Registry,
  figures: StoreFiguresCache,
  name: string,
  help: string,
  read: (figures: StoreFigures, gauge: Gauge) => void,
  labelNames: string[] = [],
): void {
  new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      const current = await figures.get();
      this.reset();
      if (current) read(current, this);
    },
  });
}

function registerStoreGauges(registry: Registry, figures: StoreFiguresCache): void {
  figureGauge(
    registry,
    figures,
    'store_outbox_pending_emails',
    'E-mails waiting in the outbox to be sent (due now or retrying later); store-wide',
    (f, g) => g.set(f.pendingEmails),
  );
  figureGauge(
    registry,
    figures,
    'store_outbox_oldest_pending_seconds',
    'How long the oldest e-mail waiting in the outbox has waited (0 when none waits); store-wide',
    (f, g) => g.set(f.oldestPendingSeconds),
  );
  figureGauge(
    registry,
    figures,
    'store_orders_awaiting_keys',
    'Paid orders waiting for licence keys to arrive in stock; store-wide',
    (f, g) => g.set(f.ordersAwaitingKeys),
  );
  figureGauge(
    registry,
    figures,
    'store_orders_on_hold',
    'Orders held for review before their keys are released; store-wide',
    (f, g) => g.set(f.ordersOnHold),
  );
  figureGauge(
    registry,
    figures,
    'store_key_stock',
    'Licence keys in stock (unassigned, active) per catalogue product; store-wide',
    (f, g) => {
      for (const [product, count] of Object.entries(f.keyStock)) g.set({ product }, count);
    },
    ['product'],
  );
}

function registerProcessGauges(registry: Registry, { db, leases, redis, rateLimits }: MetricsSources): void {
  new Gauge({
    name: 'store_rate_limits_per_process',
    help:
      '1 while this process counts the rate limits alone (RATE_LIMITS=per-process, no REDIS_URL, or Redis ' +
      'down now: each process allows the limits again), 0 while they are shared through Redis',
    registers: [registry],
    collect() {
      this.set(rateLimitsNow({ rateLimits }, redis) === 'per-process' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'store_job_leader',
    help: "1 while this process holds the job's lease (runs its rounds), 0 otherwise",
    labelNames: ['job'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [job, leads] of leases.leadership()) this.set({ job }, leads ? 1 : 0);
    },
  });
  if (redis) {
    new Gauge({
      name: 'store_redis_up',
      help: "1 while this process's Redis connection is ready, 0 while it reconnects",
      registers: [registry],
      collect() {
        this.set(redis.status === 'ready' ? 1 : 0);
      },
    });
  }
  // SQLite is one embedded connection: nothing to report.
  if (db.options.type === 'better-sqlite3') return;
  const pool = () => (db.driver as unknown as { pool?: Mysql2Pool }).pool;
  new Gauge({
    name: 'store_db_pool_connections',
    help: "This process's database connections, in use (state=used) or idle in the pool (state=idle)",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const all = pool()?._allConnections?.length ?? 0;
      const idle = pool()?._freeConnections?.length ?? 0;
      this.set({ state: 'used' }, all - idle);
      this.set({ state: 'idle' }, idle);
    },
  });
  new Gauge({
    name: 'store_db_pool_pending_requests',
    help: 'Requests waiting for a database connection in this process (the pool is exhausted)',
    registers: [registry],
    collect() {
      this.set(pool()?._connectionQueue?.length ?? 0);
    },
  });
  new Gauge({
    name: 'store_db_pool_max_connections',
    help: 'The most database connections this process opens (DATABASE_POOL_SIZE)',
    registers: [registry],
    collect() {
      this.set(pool()?.config?.connectionLimit ?? 0);
    },
  });
}
