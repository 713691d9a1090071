// docker-compose.yml cannot be run here (no Docker engine): it is read as compose reads it (YAML with
// anchors and merge keys, then ${...} interpolated from .env) and checked against what the store needs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORE_SCHEMA, load, mergeTag } from 'js-yaml';
import { DEFAULT_DATABASE_POOL_SIZE, findProjectRoot, loadConfig } from '../src/config/app-config.js';

const ROOT = findProjectRoot(__dirname);
const COMPOSE = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
/** The MySQL/MariaDB default for max_connections. */
const MAX_CONNECTIONS = 151;

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string | number>;
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
  healthcheck?: { test: unknown; start_period?: string };
  ports?: string[];
  expose?: string[];
  volumes?: string[];
  stop_grace_period?: string;
}
interface Compose {
  services: Record<string, Service>;
}

/** What a user puts in .env beside the compose file (secrets that pass production's checks). */
const DOT_ENV: Record<string, string> = {
  MYSQL_PASSWORD: 'db-Password-7f3k',
  MYSQL_ROOT_PASSWORD: 'db-Root-9q2m',
  JWT_SECRET: 'a'.repeat(16) + 'b'.repeat(16) + 'c'.repeat(16),
  LICENSE_KEY_SECRET: 'd'.repeat(16) + 'e'.repeat(16) + 'f'.repeat(16),
  ADMIN_PASSWORD: 'Harbour-Lantern-Quartz-82',
  STRIPE_SECRET_KEY: 'sk_live_51Abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_51Abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
};

/** Compose's interpolation: ${X}, ${X:-default}, ${X:?error} ($$ is a literal $). */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(
    /\$\$|\$\{(\w+)(?::([-?])([^}]*))?\}/g,
    (match, name?: string, op?: string, arg?: string) => {
      if (match === '$$') return '$';
      const set = env[name!];
      if (set) return set;
      if (op === '?') throw new Error(`${name} is required: ${arg}`);
      return op === '-' ? arg! : '';
    },
  );
}

/** The compose file as compose sees it: YAML (anchors, merge keys) first, then interpolation. */
function parse(text: string, env = DOT_ENV): Compose {
  const interpolateAll = (node: unknown): unknown => {
    if (typeof node === 'string') return interpolate(node, env);
    if (Array.isArray(node)) return node.map(interpolateAll);
    if (node && typeof node === 'object')
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, interpolateAll(v)]));
    return node;
  };
  return interpolateAll(load(text, { schema: CORE_SCHEMA.withTags(mergeTag) })) as Compose;
}

/** The compose file with the database line swapped for the commented MariaDB one. */
function withMariadb(): string {
  const lines = COMPOSE.split('\n');
  const mysql = lines.findIndex((line) => line.startsWith('x-database:'));
  const mariadb = lines.findIndex((line) => line.startsWith('# x-database:'));
  expect([mysql, mariadb].every((i) => i >= 0)).toBe(true);
  lines[mysql] = `# ${lines[mysql]}`;
  lines[mariadb] = lines[mariadb]!.slice(2);
  return lines.join('\n');
}

describe('docker-compose.yml', () => {
  const compose = parse(COMPOSE);
  const { db, redis, migrate, app, nginx } = compose.services;

  it('runs MySQL 8.4, Redis, a migration step, three app replicas and nginx', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'db', 'migrate', 'nginx', 'redis']);
    expect(db!.image).toBe('mysql:8.4');
    expect(app!.environment!.DATABASE_URL).toBe('mysql://store:db-Password-7f3k@db:3306/store');
    expect(app!.deploy!.replicas).toBe(3);
    for (const service of [db, redis, app, nginx]) expect(service!.healthcheck).toBeDefined();
  });

  it('gives the database a buffer pool of 1 GB, or what .env says', () => {
    expect(db!.command).toContain('--innodb-buffer-pool-size=1G');
    const sized = parse(COMPOSE, { ...DOT_ENV, INNODB_BUFFER_POOL_SIZE: '8G' });
    expect(sized.services.db!.command).toContain('--innodb-buffer-pool-size=8G');
  });

  it('picks MariaDB with one line: the image and the URL scheme together', () => {
    const changed = withMariadb()
      .split('\n')
      .filter((line, i) => line !== COMPOSE.split('\n')[i]);
    expect(changed).toHaveLength(2); // the line used, and the one commented out
    const mariadb = parse(withMariadb());
    expect(mariadb.services.db!.image).toMatch(/^mariadb:\d+\.\d+$/);
    expect(mariadb.services.app!.environment!.DATABASE_URL).toBe(
      'mariadb://store:db-Password-7f3k@db:3306/store',
    );
    expect(mariadb.services.migrate!.environment!.DATABASE_URL).toBe(
      mariadb.services.app!.environment!.DATABASE_URL,
    );
  });

  it('starts the app only after the migration step has finished, on a healthy database and Redis', () => {
    expect(migrate!.command).toEqual(['node', 'backend/dist/cli/migrate.js']);
    expect(existsSync(join(ROOT, 'backend/src/cli/migrate.ts'))).toBe(true);
    expect(migrate!.depends_on).toEqual({ db: { condition: 'service_healthy' } });
    expect(app!.depends_on).toEqual({
      migrate: { condition: 'service_completed_successfully' },
      db: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
    // The same image and settings for both.
    expect(migrate!.image).toBe(app!.image);
    expect(migrate!.environment).toEqual(app!.environment);
  });

  it('gives the app settings a production server accepts: one proxy hop, Redis, a pool per replica', () => {
    const env = Object.fromEntries(Object.entries(app!.environment!).map(([k, v]) => [k, String(v)]));
    const config = loadConfig({ ...env, HOST: '0.0.0.0' }, ROOT);
    expect(config.isProduction).toBe(true);
    expect(config.trustProxy).toEqual({ hops: 1 });
    expect(config.redis?.url).toBe('redis://redis:6379/0');
    expect(config.database).toMatchObject({
      type: 'mysql',
      host: 'db',
      poolSize: DEFAULT_DATABASE_POOL_SIZE,
    });
    // Every replica's pool and the migration step's fit in the server's connections, with room to spare.
    expect((app!.deploy!.replicas! + 1) * DEFAULT_DATABASE_POOL_SIZE).toBeLessThan(MAX_CONNECTIONS / 2);
    // A hop count believes whoever connects: only nginx may reach the replicas.
    expect(app!.ports).toBeUndefined();
    expect(app!.expose).toEqual(['3000']);
  });

  it('lets a stopping replica finish its requests: the grace period outlasts SHUTDOWN_TIMEOUT_SECONDS', () => {
    const grace = /^(\d+)s$/.exec(app!.stop_grace_period ?? '');
    expect(Number(grace?.[1])).toBeGreaterThan(loadConfig({}, ROOT).shutdownTimeoutMs / 1000);
  });

  it("publishes only nginx, with the deployment's config: every replica, the client's address forwarded", () => {
    expect(nginx!.image).toMatch(/^nginx:1\.(2[89]|[3-9]\d)/); // `resolve` in upstream: 1.27.3 and later
    expect(nginx!.volumes).toEqual(['./deploy/nginx.conf:/etc/nginx/nginx.conf:ro']);
    expect(nginx!.ports).toEqual(['3000:80']);
    const conf = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8');
    expect(conf).toMatch(/server app:3000 resolve;/);
    expect(conf).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
    expect(Object.values(compose.services).filter((s) => s.ports)).toEqual([nginx]);
  });

  it('sends traffic to ready replicas: the health checks ask /api/health/ready, nginx passes a 503 over', () => {
    const command = (service: Service) => JSON.stringify(service.healthcheck!.test);
    expect(command(app!)).toContain("fetch('http://127.0.0.1:3000/api/health/ready')");
    expect(command(nginx!)).toContain('http://127.0.0.1/api/health/ready');
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^HEALTHCHECK .*http:\/\/127\.0\.0\.1:3000\/api\/health\/ready/m);
    // A first start that migrates a big database itself is not counted against the replica meanwhile.
    expect(app!.healthcheck).toMatchObject({ start_period: '300s' });
    expect(dockerfile).toMatch(/^HEALTHCHECK .*--start-period=300s/m);
    const conf = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8');
    expect(conf).toMatch(/proxy_next_upstream error timeout http_503;/);
  });

  it('refuses to start without the secrets', () => {
    const { JWT_SECRET: _, ...withoutJwt } = DOT_ENV;
    expect(() => parse(COMPOSE, withoutJwt)).toThrow('JWT_SECRET is required: set JWT_SECRET in .env');
  });
});
