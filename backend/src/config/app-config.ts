import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { canonicalUsername, USERNAME_MESSAGE, USERNAME_PATTERN } from '../common/username.js';
import { passwordWeakness } from '../common/password-strength.js';
import { SUPPORT_HOURS, type SupportHours } from './support-hours.js';
import { reviewConfig, type ReviewConfig } from './review-config.js';
import { taxConfig, type TaxConfig } from './tax-config.js';
import { challengeConfig, type ChallengeConfig } from './challenge-config.js';

export type { ReviewConfig };

/** Development-only defaults. Production refuses to start while any of these is in use. */
export const DEV_DEFAULTS = {
  jwtSecret: 'dev-only-jwt-secret-0123456789abcdef0123456789',
  licenseKeySecret: 'dev-only-license-key-secret-0123456789abcdef',
  adminUsername: 'admin',
  adminPassword: 'admin-dev-password',
} as const;

/** Injection token for the validated {@link AppConfig}. */
export const APP_CONFIG = Symbol('APP_CONFIG');

export type DatabaseConfig =
  | { type: 'sqlite'; path: string }
  | {
      type: 'mysql' | 'mariadb';
      host: string;
      port: number;
      username: string;
      password: string;
      database: string;
      /** DATABASE_POOL_SIZE: the most connections this process opens; unset in the one-off tools (default). */
      poolSize?: number;
    };

/**
 * Connections per process when DATABASE_POOL_SIZE is unset. Processes × pool size must stay under the
 * server's max_connections (151 by default on MySQL 8.4 and MariaDB), with room for backups and staff.
 */
export const DEFAULT_DATABASE_POOL_SIZE = 10;

/**
 * The proxies whose X-Forwarded-For entries are believed: none, the proxies' addresses and CIDRs, or a
 * number of hops (the socket peer and the entries before it, nearest first).
 */
export type TrustProxy = false | string[] | { hops: number };

/** pino's level names, least to most severe (LOG_LEVEL). */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];

/** What operators see (LOG_LEVEL, LOG_FORMAT, METRICS_TOKEN, OTEL_EXPORTER_OTLP_ENDPOINT); see observability/. */
export interface ObservabilityConfig {
  /** The least severe level written. */
  logLevel: LogLevelName;
  /** `json`: one JSON object per line (production's default); `text`: Nest's readable lines. */
  logFormat: 'json' | 'text';
  /** The bearer token GET /api/metrics asks for; null: the route does not exist (404). */
  metricsToken: string | null;
  /** Where traces go (OTLP over HTTP); null: OpenTelemetry is not loaded at all. */
  otlpEndpoint: string | null;
}

/** Every setting the server reads, validated once at startup. See `.env.example` for each one. */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  host: string;
  port: number;
  publicUrl: string;
  /** The proxies whose X-Forwarded-For entries are believed (addresses, CIDRs); false: none. */
  trustProxy: TrustProxy;
  /** How long a client may take to send a whole request (headers and body), in milliseconds. */
  requestTimeoutMs: number;
  /** SHUTDOWN_TIMEOUT_SECONDS: how long SIGTERM waits for in-flight requests and the outbox send. */
  shutdownTimeoutMs: number;
  /** Other origins allowed to call the API from a browser (CORS); empty: same origin only. */
  corsOrigins: string[];
  database: DatabaseConfig;
  /**
   * REDIS_URL: what the processes share (rate limits, the dashboard's figures, Stripe status lookups, the
   * housekeeping jobs' leases); null: each process keeps its own, and the leases are in the database.
   */
  redis: RedisConfig | null;
  /**
   * RATE_LIMITS: `shared` counts the rate limits in Redis for every process (REDIS_URL, the default with
   * it); `per-process` has each process count its own (the default without REDIS_URL, and the operator's
   * explicit choice for production on MySQL/MariaDB, where several processes run).
   */
  rateLimits: RateLimitsMode;
  jwtSecret: string;
  licenseKeySecret: string;
  /** LICENSE_KEY_PREVIOUS_SECRETS: read with, never written with, until `npm run rotate-secrets` is done. */
  licenseKeyPreviousSecrets: string[];
  admin: { username: string; password: string };
  /** STAFF_MFA_REQUIRED: staff without two-factor authentication may only set it up. */
  staffMfaRequired: boolean;
  seedDemoKeys: boolean;
  mail: MailConfig;
  payments: PaymentsConfig;
  disputes: DisputesConfig;
  /** The fraud hold's rules and promises (review-config.ts). */
  review: ReviewConfig;
  /** Tax by the buyer's country, off by default (tax-config.ts). */
  tax: TaxConfig;
  /** The ceilings on anonymous writes and the challenge past them (challenge-config.ts). */
  challenge: ChallengeConfig;
  /**
   * LOW_STOCK_THRESHOLD: keys in stock below which staff are alerted, for products without their own
   * level (set in the back office); 0: no low-stock alerts.
   */
  stock: { lowStockThreshold: number };
  /**
   * How the store presents itself to shoppers (footer, content pages, customer e-mails); the support
   * address is mail's. The hours are the spec's, not a setting (see support-hours.ts).
   */
  store: { name: string; supportPhone: string; officeAddress: string; hours: SupportHours };
  /** Built front ends served by the API process. */
  staticDirs: { storefront: string; admin: string };
  observability: ObservabilityConfig;
}

export const RATE_LIMITS_MODES = ['shared', 'per-process'] as const;
export type RateLimitsMode = (typeof RATE_LIMITS_MODES)[number];

export interface RedisConfig {
  url: string;
  /** Starts every key, so stores sharing one Redis never mix (REDIS_KEY_PREFIX, default store:<database>:). */
  keyPrefix: string;
}

export interface MailConfig {
  /** smtp:// or smtps:// URL; unset writes each message as an .eml file under `dir`. */
  smtpUrl: string | null;
  dir: string;
  from: string;
  /** The support address shown to shoppers (and STAFF_ALERT_EMAIL's default). */
  supportEmail: string;
  /**
   * Where every alert to staff goes (STAFF_ALERT_EMAIL, default SUPPORT_EMAIL): a payment owed back,
   * a dispute, a fraud warning, an order held for review, a withdrawal, a contact-form message, a key
   * reported as not activating.
   */
  staffAlertEmail: string;
  /** The outbox's retries (MAIL_RETRY_FIRST_DELAY_SECONDS, MAIL_MAX_ATTEMPTS, MAIL_SEND_TIMEOUT_SECONDS). */
  outbox: MailOutboxConfig;
}

export interface MailOutboxConfig {
  /** Wait after the first failed attempt; each further failure doubles it (at most 4 h). */
  firstRetryDelayMs: number;
  /** Attempts in all before a message is marked `failed`. */
  maxAttempts: number;
  /** A send taking longer is abandoned; a claimed message is released twice this long after its claim. */
  sendTimeoutMs: number;
}

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API host (a local stand-in in tests), e.g. http://127.0.0.1:12111. */
  apiBase: URL | null;
}

/** What the store does when a card's bank disputes a payment or warns of fraud (#19 §2). */
export interface DisputesConfig {
  /** DISPUTE_REVOKES_KEYS (default true): a dispute opened revokes the order's keys and disables its links. */
  revokeKeys: boolean;
  /**
   * EARLY_FRAUD_WARNING_REFUNDS (default true): an early fraud warning refunds the payment in full and
   * revokes the keys, before it becomes a dispute that counts against the card schemes' ratio limits.
   */
  earlyFraudWarningRefunds: boolean;
}

export interface PaymentsConfig {
  stripe: StripeConfig | null;
  /** The demo provider: no card, no charge. Never in production. */
  demo: boolean;
}

/**
 * Stripe's settings when Stripe takes the payments, or null when the demo provider does (no Stripe keys,
 * or PAYMENTS_DEMO). The one rule for which provider is active.
 */
export function activeStripe(config: Pick<AppConfig, 'payments'>): StripeConfig | null {
  return config.payments.demo ? null : config.payments.stripe;
}

/** The payment providers this build knows, by the name an order records (`orders.paymentProvider`). */
export const PAYMENT_PROVIDER_NAMES = ['stripe', 'demo'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDER_NAMES)[number];

/** The provider new checkouts pay with (activeStripe's rule); payments/ keeps the providers themselves. */
export function checkoutPaymentProvider(config: Pick<AppConfig, 'payments'>): PaymentProviderName {
  return activeStripe(config) ? 'stripe' : 'demo';
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/**
 * The repository root: relative paths in settings (the SQLite file, the front-end builds) are resolved
 * against it, so the server behaves the same whether it is started from the root or from `backend/`.
 */
export function findProjectRoot(start = process.cwd()): string {
  let dir = resolve(start);
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && existsSync(join(dir, 'backend', 'package.json'))) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown };
      if (Array.isArray(pkg.workspaces)) return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) return resolve(start);
    dir = parent;
  }
}

/** Reads `.env` at the project root into the environment, without overriding what is already set. */
export function loadDotEnv(root = findProjectRoot()): void {
  const file = join(root, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

/**
 * For the server and the command-line tools: `.env` read, then the settings validated; on a wrong setting
 * the problems are printed and the process exits with EX_CONFIG (78), before anything else starts.
 */
export function loadConfigOrExit(): AppConfig {
  loadDotEnv();
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
}

export function loadConfig(env: Env = process.env, root = findProjectRoot()): AppConfig {
  const problems: string[] = [];
  const fromRoot = (p: string) => (isAbsolute(p) ? p : resolve(root, p));

  const nodeEnv = oneOf(env, 'NODE_ENV', ['development', 'production', 'test'], 'development', problems);
  const isProduction = nodeEnv === 'production';

  const port = integer(env, 'PORT', 3000, 0, 65535, problems);
  const host = env.HOST?.trim() || 'localhost';
  // Outside production the server runs on public development secrets: only this machine may reach it.
  if (!isProduction && !LOOPBACK_HOSTS.includes(host) && !flag(env, 'ALLOW_REMOTE_DEV', false, problems)) {
    problems.push(
      `HOST=${host} would expose a ${nodeEnv} server (public development secrets, demo payments) to the network: ` +
        'bind localhost, 127.0.0.1 or ::1, set NODE_ENV=production, or set ALLOW_REMOTE_DEV=true if you mean it',
    );
  }
  const publicUrl = url(env, 'PUBLIC_URL', `http://localhost:${port || 3000}`, problems).replace(/\/+$/, '');
  const trustProxy = trustedProxies(env, problems);
  const requestTimeoutMs = integer(env, 'REQUEST_TIMEOUT_SECONDS', 60, 1, 3600, problems) * 1000;
  const shutdownTimeoutMs = integer(env, 'SHUTDOWN_TIMEOUT_SECONDS', 20, 1, 3600, problems) * 1000;
  const corsOrigins = origins(env, 'CORS_ORIGINS', problems);
  const database = withPoolSize(parseDatabaseUrl(env.DATABASE_URL, fromRoot, problems), env, problems);
  const redis = redisConfig(env, database, problems);
  const rateLimits = rateLimitsMode(env, isProduction, database, redis, problems);

  const jwtSecret = secret(env, 'JWT_SECRET', DEV_DEFAULTS.jwtSecret, isProduction, problems);
  const licenseKeySecret = secret(
    env,
    'LICENSE_KEY_SECRET',
    DEV_DEFAULTS.licenseKeySecret,
    isProduction,
    problems,
  );
  const licenseKeyPreviousSecrets = previousSecrets(env, licenseKeySecret, problems);

  const adminUsername = canonicalUsername(env.ADMIN_USERNAME ?? '') || DEV_DEFAULTS.adminUsername;
  if (!USERNAME_PATTERN.test(adminUsername)) problems.push(`ADMIN_USERNAME: ${USERNAME_MESSAGE}`);
  const adminPassword = env.ADMIN_PASSWORD || DEV_DEFAULTS.adminPassword;
  if (isProduction && adminPassword === DEV_DEFAULTS.adminPassword) {
    problems.push(
      'ADMIN_PASSWORD must be set to your own password in production (the development default is refused)',
    );
  } else if (adminPassword.length < 12) {
    problems.push('ADMIN_PASSWORD must be at least 12 characters');
  } else if (isProduction) {
    const weakness = passwordWeakness(adminPassword, [adminUsername, storeName(env)]);
    if (weakness) problems.push(`ADMIN_PASSWORD: ${weakness}`);
  }
  const staffMfaRequired = flag(env, 'STAFF_MFA_REQUIRED', false, problems);

  const seedDemoKeys = !isProduction && flag(env, 'SEED_DEMO_KEYS', true, problems);
  const mail = mailConfig(env, fromRoot, problems);
  // Without SMTP, mail is written as .eml files: delivery e-mails would put licence keys on disk in clear.
  if (isProduction && !mail.smtpUrl) {
    problems.push(
      'SMTP_URL is required in production (without it, e-mails holding licence keys would be written to disk in clear as .eml files)',
    );
  }
  const payments = paymentsConfig(env, isProduction, problems);
  const store = storeConfig(env, problems);
  const disputes: DisputesConfig = {
    revokeKeys: flag(env, 'DISPUTE_REVOKES_KEYS', true, problems),
    earlyFraudWarningRefunds: flag(env, 'EARLY_FRAUD_WARNING_REFUNDS', true, problems),
  };
  const review = reviewConfig(env, problems);
  const tax = taxConfig(env, problems);
  const challenge = challengeConfig(env, problems);
  const stock = { lowStockThreshold: integer(env, 'LOW_STOCK_THRESHOLD', 10, 0, 100_000, problems) };
  const observability = observabilityConfig(env, isProduction, problems);

  if (problems.length) throw new ConfigError(problems);
  return {
    nodeEnv,
    isProduction,
    host,
    port,
    publicUrl,
    trustProxy,
    requestTimeoutMs,
    shutdownTimeoutMs,
    corsOrigins,
    database,
    redis,
    rateLimits,
    jwtSecret,
    licenseKeySecret,
    licenseKeyPreviousSecrets,
    admin: { username: adminUsername, password: adminPassword },
    staffMfaRequired,
    seedDemoKeys,
    mail,
    payments,
    disputes,
    review,
    tax,
    challenge,
    stock,
    store,
    staticDirs: { storefront: fromRoot('storefront/dist'), admin: fromRoot('admin/dist') },
    observability,
  };
}

/** A metrics token shorter than this could be guessed by whoever can reach the port. */
export const METRICS_TOKEN_MIN_LENGTH = 24;

function observabilityConfig(env: Env, isProduction: boolean, problems: string[]): ObservabilityConfig {
  const logLevel = oneOf(env, 'LOG_LEVEL', [...LOG_LEVELS], 'info', problems);
  const logFormat = oneOf(env, 'LOG_FORMAT', ['json', 'text'], isProduction ? 'json' : 'text', problems);
  const metricsToken = env.METRICS_TOKEN?.trim() || null;
  if (
    metricsToken &&
    (metricsToken.length < METRICS_TOKEN_MIN_LENGTH || !/^[\x21-\x7e]+$/.test(metricsToken))
  )
    problems.push(
      `METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} printable characters without spaces ` +
        '(e.g. openssl rand -hex 32), or empty to turn /api/metrics off',
    );
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || null;
  if (endpoint) url(env, 'OTEL_EXPORTER_OTLP_ENDPOINT', endpoint, problems);
  return { logLevel, logFormat, metricsToken, otlpEndpoint: endpoint };
}

/** Where a development server may listen without ALLOW_REMOTE_DEV. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '::1'];

const TRUST_PROXY_HELP =
  'set the number of proxies in front of the server (TRUST_PROXY=1) or their addresses and CIDRs ' +
  '(TRUST_PROXY=10.0.0.0/8,127.0.0.1; loopback, linklocal and uniquelocal name the usual ranges), ' +
  'or leave it empty when clients connect directly';

/** Names @fastify/proxy-addr expands to the usual ranges (loopback: 127.0.0.1/8 and ::1). */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: empty or false (no proxy), a number of hops, or the proxies' addresses and CIDRs. The
 * client's address is then the X-Forwarded-For entry appended by the nearest trusted proxy, and whatever
 * a client wrote before it is ignored. `true` would believe every entry, so any client could choose its
 * own address, and with it its rate limits. A hop count believes whatever connects to the server's port,
 * so it suits a server only its proxies can reach; addresses hold even when clients can reach it directly.
 */
function trustedProxies(env: Env, problems: string[]): TrustProxy {
  const raw = env.TRUST_PROXY?.trim().toLowerCase();
  if (!raw || raw === 'false' || raw === '0') return false;
  if (raw === 'true') {
    problems.push(`TRUST_PROXY=true would let any client choose its address: ${TRUST_PROXY_HELP}`);
    return false;
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 10) problems.push(`TRUST_PROXY must be a number of proxies from 0 to 10 (got ${raw})`);
    return { hops };
  }
  const list = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const bad = list.filter((item) => !PROXY_RANGE_NAMES.includes(item) && !isAddressOrCidr(item));
  if (bad.length) {
    problems.push(`TRUST_PROXY: "${bad.join('", "')}" is not an IP address or CIDR: ${TRUST_PROXY_HELP}`);
    return false;
  }
  return list;
}

function isAddressOrCidr(item: string): boolean {
  const [address = '', prefix, ...rest] = item.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

function storeName(env: Env): string {
  return env.STORE_NAME?.trim() || 'Office Licence Store';
}

function storeConfig(env: Env, problems: string[]): AppConfig['store'] {
  const name = storeName(env);
  const supportPhone = env.SUPPORT_PHONE?.trim() || '+1 (864) 555-0142';
  if (!/^\+?[0-9][0-9 ().-]{6,24}$/.test(supportPhone))
    problems.push(`SUPPORT_PHONE must be a phone number such as +1 (864) 555-0142 (got "${supportPhone}")`);
  const officeAddress = env.OFFICE_ADDRESS?.trim() || 'Anderson, SC, United States';
  return { name, supportPhone, officeAddress, hours: SUPPORT_HOURS };
}

/** A comma-separated list of origins (`https://host[:port]`), each without a path. */
function origins(env: Env, name: string, problems: string[]): string[] {
  const list = (env[name] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  for (const item of list) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(item);
    } catch {
      // reported below
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== item.replace(/\/+$/, '')) {
      problems.push(
        `${name} must list origins like https://admin.example.com, without a path (got "${item}")`,
      );
    }
  }
  return list.map((item) => item.replace(/\/+$/, ''));
}

export function parseDatabaseUrl(
  raw: string | undefined,
  fromRoot: (p: string) => string,
  problems: string[],
): DatabaseConfig {
  const value = raw?.trim() || 'sqlite:var/store.sqlite';
  if (value.startsWith('sqlite:')) {
    const path = value.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (!path) problems.push('DATABASE_URL: sqlite: needs a file path, e.g. sqlite:var/store.sqlite');
    return { type: 'sqlite', path: path === ':memory:' ? path : fromRoot(path) };
  }
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    problems.push('DATABASE_URL is not a valid URL (expected sqlite:<path>, mysql://… or mariadb://…)');
    return { type: 'sqlite', path: ':memory:' };
  }
  const type = parsed.protocol.slice(0, -1);
  if (type !== 'mysql' && type !== 'mariadb') {
    problems.push(`DATABASE_URL: unsupported driver "${type}" (use sqlite:, mysql:// or mariadb://)`);
    return { type: 'sqlite', path: ':memory:' };
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!database) problems.push('DATABASE_URL must name a database, e.g. mysql://user:pass@host:3306/store');
  return {
    type,
    host: parsed.hostname || '127.0.0.1',
    port: parsed.port ? Number(parsed.port) : 3306,
    username: decodeURIComponent(parsed.username || 'root'),
    password: decodeURIComponent(parsed.password),
    database,
  };
}

/**
 * DATABASE_POOL_SIZE on a MySQL/MariaDB configuration (SQLite has one connection: the setting is only
 * checked). At least 2: while migrating at start, one connection holds the startup lock and another runs
 * the migrations.
 */
function withPoolSize(database: DatabaseConfig, env: Env, problems: string[]): DatabaseConfig {
  const poolSize = integer(env, 'DATABASE_POOL_SIZE', DEFAULT_DATABASE_POOL_SIZE, 2, 1000, problems);
  return database.type === 'sqlite' ? database : { ...database, poolSize };
}

function redisConfig(env: Env, database: DatabaseConfig, problems: string[]): RedisConfig | null {
  const url = env.REDIS_URL?.trim();
  if (!url) return null;
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    // reported below
  }
  if (!parsed || !/^rediss?:$/.test(parsed.protocol) || !parsed.hostname) {
    problems.push(
      `REDIS_URL must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379/0 (got "${url}")`,
    );
    return null;
  }
  const db = parsed.pathname.replace(/^\//, '');
  if (db && !/^\d{1,2}$/.test(db)) {
    problems.push(`REDIS_URL: the path must be a database number such as /0 (got "/${db}")`);
  }
  const keyPrefix =
    env.REDIS_KEY_PREFIX?.trim() ||
    `store:${database.type === 'sqlite' ? database.path : `${database.host}:${database.port}/${database.database}`}:`;
  return { url, keyPrefix };
}

/**
 * RATE_LIMITS. Production on MySQL/MariaDB is the deployment of several processes: counted per process,
 * each would allow the limits' guesses again, so it needs REDIS_URL, or RATE_LIMITS=per-process to say the
 * operator knows. SQLite runs one process: per process is all there is.
 */
function rateLimitsMode(
  env: Env,
  isProduction: boolean,
  database: DatabaseConfig,
  redis: RedisConfig | null,
  problems: string[],
): RateLimitsMode {
  const raw = env.RATE_LIMITS?.trim();
  const mode = oneOf(env, 'RATE_LIMITS', [...RATE_LIMITS_MODES], redis ? 'shared' : 'per-process', problems);
  const redisUrl = Boolean(env.REDIS_URL?.trim());
  if (raw === 'shared' && !redisUrl)
    problems.push('RATE_LIMITS=shared needs REDIS_URL (the processes share their counters through Redis)');
  if (!raw && !redisUrl && isProduction && database.type !== 'sqlite') problems.push(REDIS_REQUIRED);
  return mode;
}

const REDIS_REQUIRED =
  'REDIS_URL is required in production on MySQL/MariaDB: the store runs several processes there, and ' +
  'without Redis each counts the rate limits alone (two processes allow twice the guesses). Set REDIS_URL, ' +
  'or set RATE_LIMITS=per-process to run with limits counted per process';

function mailConfig(env: Env, fromRoot: (p: string) => string, problems: string[]): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !/^smtps?:\/\/[^/]/.test(smtpUrl)) {
    problems.push('SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587');
  }
  const from = env.MAIL_FROM?.trim() || 'Office Licence Store <no-reply@localhost>';
  const supportEmail = env.SUPPORT_EMAIL?.trim() || 'support@localhost';
  if (!/^[^\s@]+@[^\s@]+$/.test(supportEmail))
    problems.push(`SUPPORT_EMAIL must be an e-mail address (got "${supportEmail}")`);
  const staffAlertEmail = env.STAFF_ALERT_EMAIL?.trim() || supportEmail;
  if (!/^[^\s@]+@[^\s@]+$/.test(staffAlertEmail))
    problems.push(`STAFF_ALERT_EMAIL must be an e-mail address (got "${staffAlertEmail}")`);
  const outbox = {
    firstRetryDelayMs: integer(env, 'MAIL_RETRY_FIRST_DELAY_SECONDS', 15, 1, 3600, problems) * 1000,
    maxAttempts: integer(env, 'MAIL_MAX_ATTEMPTS', 16, 1, 100, problems),
    sendTimeoutMs: integer(env, 'MAIL_SEND_TIMEOUT_SECONDS', 60, 1, 600, problems) * 1000,
  };
  return {
    smtpUrl,
    dir: fromRoot(env.MAIL_DIR?.trim() || 'var/mail'),
    from,
    supportEmail,
    staffAlertEmail,
    outbox,
  };
}

function paymentsConfig(env: Env, isProduction: boolean, problems: string[]): PaymentsConfig {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  let stripe: StripeConfig | null = null;
  if (secretKey) {
    const publishableKey = env.STRIPE_PUBLISHABLE_KEY?.trim() ?? '';
    const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() ?? '';
    if (!publishableKey) problems.push('STRIPE_PUBLISHABLE_KEY is required when STRIPE_SECRET_KEY is set');
    if (!webhookSecret) problems.push('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set');
    let apiBase: URL | null = null;
    const rawBase = env.STRIPE_API_BASE?.trim();
    if (rawBase) {
      try {
        apiBase = new URL(rawBase);
      } catch {
        problems.push(`STRIPE_API_BASE must be a URL such as http://127.0.0.1:12111 (got "${rawBase}")`);
      }
    }
    const modes = [stripeMode(secretKey, /^[sr]k_/), stripeMode(publishableKey, /^pk_/)];
    if (modes[0] && modes[1] && modes[0] !== modes[1]) {
      problems.push(
        `STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are from different Stripe modes (a ${modes[0]} secret key, ` +
          `a ${modes[1]} publishable key): payments would be created where the checkout page cannot confirm them; ` +
          'set both keys of one mode (live, or test) from the same Stripe account',
      );
    }
    stripe = { secretKey, publishableKey, webhookSecret, apiBase };
  } else if (isProduction) {
    problems.push(
      'STRIPE_SECRET_KEY is required in production (the demo payment provider is development only)',
    );
  }
  const demoAsked = flag(env, 'PAYMENTS_DEMO', false, problems);
  if (isProduction && demoAsked) {
    problems.push(
      'PAYMENTS_DEMO=true is refused in production (the demo provider marks orders paid without charging anyone): ' +
        'remove it, or set it to false',
    );
  }
  const demo = !isProduction && (stripe === null || demoAsked);
  return { stripe, demo };
}

/** A Stripe key's mode from its prefix (sk_live_, rk_test_, pk_live_, ...), or null when it has none. */
function stripeMode(key: string, kind: RegExp): 'live' | 'test' | null {
  const mode = kind.test(key) ? /^[a-z]{2}_(live|test)_/.exec(key)?.[1] : undefined;
  return (mode as 'live' | 'test' | undefined) ?? null;
}

function oneOf<T extends string>(env: Env, name: string, values: T[], fallback: T, problems: string[]): T {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if ((values as string[]).includes(raw)) return raw as T;
  problems.push(`${name} must be one of ${values.join(', ')} (got "${raw}")`);
  return fallback;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number, problems: string[]) {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean, problems: string[]): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  problems.push(`${name} must be true or false (got "${raw}")`);
  return fallback;
}

function url(env: Env, name: string, fallback: string, problems: string[]): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  try {
    const parsed = new URL(raw);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return raw;
  } catch {
    // reported below
  }
  problems.push(`${name} must be an http(s) URL (got "${raw}")`);
  return fallback;
}

function previousSecrets(env: Env, current: string, problems: string[]): string[] {
  const list = (env.LICENSE_KEY_PREVIOUS_SECRETS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  list.forEach((s, i) => {
    if (Buffer.byteLength(s) < 32)
      problems.push(`LICENSE_KEY_PREVIOUS_SECRETS: secret ${i + 1} must be at least 32 bytes long`);
    if (s === current)
      problems.push(`LICENSE_KEY_PREVIOUS_SECRETS: secret ${i + 1} is LICENSE_KEY_SECRET itself`);
  });
  return list;
}

function secret(
  env: Env,
  name: string,
  devDefault: string,
  isProduction: boolean,
  problems: string[],
): string {
  const raw = env[name];
  if (!raw) {
    if (isProduction) problems.push(`${name} is required in production (at least 32 bytes)`);
    return devDefault;
  }
  if (Buffer.byteLength(raw) < 32) problems.push(`${name} must be at least 32 bytes long`);
  else if (isProduction && raw === devDefault) problems.push(`${name} must not be the development default`);
  return raw;
}
