// docker-compose.yml cannot be run here (no Docker engine): it is read as compose reads it (YAML with
// anchors and merge keys, then ${...} interpolated from .env, then each container's environment made of its
// env_file and `environment`) and checked against what the store needs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORE_SCHEMA, load, mergeTag } from 'js-yaml';
import { DEFAULT_DATABASE_POOL_SIZE, findProjectRoot, loadConfig } from '../src/config/app-config.js';

const ROOT = findProjectRoot(__dirname);
const COMPOSE = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
/** The MySQL/MariaDB default for max_connections. */
const MAX_CONNECTIONS = 151;

/** An env_file entry: a path, or compose 2.24's long form. */
type EnvFile = string | { path: string; required?: boolean };

interface Service {
  image?: string;
  env_file?: EnvFile | EnvFile[];
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

/** .env.example as a user copies it to .env, with the secrets filled in. */
const EXAMPLE = readFileSync(join(ROOT, '.env.example'), 'utf8');

/**
 * A dotenv file as compose reads one: `NAME=value` lines, `#` comments and blank lines skipped, a value in
 * matching quotes taken without them, an unquoted one without a ` #` comment after it.
 */
function parseDotEnv(text: string): Record<string, string> {
  const entries = text.split('\n').flatMap((line) => {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match || line.trimStart().startsWith('#')) return [];
    const raw = match[2]!.trim();
    const quoted = /^(['"])(.*)\1$/.exec(raw);
    return [[match[1]!, quoted ? quoted[2]! : raw.replace(/\s+#.*$/, '')] as const];
  });
  return Object.fromEntries(entries);
}

/** Every setting .env.example documents. */
const SETTINGS = Object.keys(parseDotEnv(EXAMPLE));

/**
 * The environment a service's container starts with: its env_file entries in order (a missing file is an
 * error unless `required: false`), then `environment`, which wins. `files` stands for the files beside the
 * compose file; values are interpolated as compose does.
 */
function containerEnv(
  service: Service,
  files: Record<string, string | undefined>,
  env: Record<string, string>,
): Record<string, string> {
  const result: Record<string, string> = {};
  const entries = service.env_file === undefined ? [] : [service.env_file].flat();
  for (const entry of entries) {
    const { path, required = true } = typeof entry === 'string' ? { path: entry } : entry;
    const text = files[path];
    if (text === undefined) {
      if (required) throw new Error(`env file ${path} not found`);
      continue;
    }
    for (const [name, value] of Object.entries(parseDotEnv(text))) result[name] = interpolate(value, env);
  }
  for (const [name, value] of Object.entries(service.environment ?? {})) result[name] = String(value);
  return result;
}

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

/** A dotenv file holding these settings. */
function envFile(settings: Record<string, string>): string {
  return Object.entries(settings)
    .map(([name, value]) => `${name}=${value}`)
    .join('\n');
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
    expect(migrate!.env_file).toEqual(app!.env_file);
  });

  it('gives the app settings a production server accepts: one proxy hop, Redis, a pool per replica', () => {
    // .env as a user makes it: .env.example with the secrets filled in.
    const dotEnv = { ...parseDotEnv(EXAMPLE), ...DOT_ENV };
    const config = loadConfig(
      containerEnv(parse(COMPOSE, dotEnv).services.app!, { '.env': envFile(dotEnv) }, dotEnv),
      ROOT,
    );
    expect(config.isProduction).toBe(true);
    expect(config.host).toBe('0.0.0.0');
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

  describe('carries every setting of .env to the store, the migration step as the app', () => {
    /** .env as a user makes it from .env.example: secrets filled in, and `changes` made. */
    const dotEnvWith = (changes: Record<string, string> = {}) => ({
      ...parseDotEnv(EXAMPLE),
      ...DOT_ENV,
      ...changes,
    });
    const containers = (dotEnv: Record<string, string>) => {
      const { services } = parse(COMPOSE, dotEnv);
      const files = { '.env': envFile(dotEnv) };
      return {
        app: containerEnv(services.app!, files, dotEnv),
        migrate: containerEnv(services.migrate!, files, dotEnv),
      };
    };

    it('reads .env when there is one, and starts without it', () => {
      for (const service of [app!, migrate!])
        expect(service.env_file).toEqual([{ path: '.env', required: false }]);
      expect(SETTINGS.length).toBeGreaterThan(50);
    });

    it.each(['app', 'migrate'] as const)('gives %s every setting .env.example names', (name) => {
      const dotEnv = dotEnvWith();
      const env = containers(dotEnv)[name];
      expect(SETTINGS.filter((setting) => !(setting in env))).toEqual([]);
      // What .env says, except what this deployment decides.
      const decided = {
        NODE_ENV: 'production',
        HOST: '0.0.0.0',
        PORT: '3000',
        DATABASE_URL: 'mysql://store:db-Password-7f3k@db:3306/store',
        REDIS_URL: 'redis://redis:6379/0',
        TRUST_PROXY: '1',
      };
      expect(env).toMatchObject(decided);
      for (const setting of SETTINGS.filter((setting) => !(setting in decided)))
        expect([setting, env[setting]]).toEqual([setting, dotEnv[setting]]);
    });

    it('so that the server reads them: tax and seller, staff MFA, holds, CORS, previous secrets', () => {
      const previous = 'g'.repeat(40);
      const { app: env } = containers(
        dotEnvWith({
          TAX_MODE: 'exclusive',
          SELLER_COUNTRY: 'DE',
          SELLER_VAT_NUMBER: 'DE123456789',
          STAFF_MFA_REQUIRED: 'true',
          HOLD_VELOCITY_ORDERS: '7',
          HOLD_DISPOSABLE_EMAIL: 'false',
          CORS_ORIGINS: 'https://admin.example.com',
          LICENSE_KEY_PREVIOUS_SECRETS: previous,
          LOW_STOCK_THRESHOLD: '4',
        }),
      );
      const config = loadConfig(env, ROOT);
      expect(config.tax).toMatchObject({
        mode: 'exclusive',
        sellerCountry: 'DE',
        sellerVatNumber: 'DE123456789',
      });
      expect(config.staffMfaRequired).toBe(true);
      expect(config.review).toMatchObject({ velocityOrders: 7, disposableEmail: false });
      expect(config.corsOrigins).toEqual(['https://admin.example.com']);
      expect(config.licenseKeyPreviousSecrets).toEqual([previous]);
      expect(config.stock.lowStockThreshold).toBe(4);
    });

    it('keeps the database root password, which .env holds for the db service, from the store', () => {
      const dotEnv = dotEnvWith({ MYSQL_ROOT_PASSWORD: DOT_ENV.MYSQL_ROOT_PASSWORD! });
      for (const env of Object.values(containers(dotEnv))) expect(env.MYSQL_ROOT_PASSWORD).toBe('');
    });

    it('starts without a .env file, with the secrets in the shell environment', () => {
      const shell = DOT_ENV;
      const { services } = parse(COMPOSE, shell);
      const env = containerEnv(services.app!, {}, shell);
      expect(env).toEqual(
        Object.fromEntries(Object.entries(services.app!.environment!).map(([k, v]) => [k, String(v)])),
      );
      expect(loadConfig(env, ROOT).isProduction).toBe(true);
    });

    it('never bakes .env into the image: it reaches the containers only through env_file', () => {
      const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n');
      expect(ignored).toContain('.env');
    });
  });

  it('refuses to start without the secrets', () => {
    const { JWT_SECRET: _, ...withoutJwt } = DOT_ENV;
    expect(() => parse(COMPOSE, withoutJwt)).toThrow('JWT_SECRET is required: set JWT_SECRET in .env');
  });
});
