import { ConfigError, DEFAULT_DATABASE_POOL_SIZE, DEV_DEFAULTS, loadConfig } from './app-config.js';

const ROOT = '/srv/store';
const PROD = {
  NODE_ENV: 'production',
  JWT_SECRET: 'p'.repeat(32),
  LICENSE_KEY_SECRET: 'l'.repeat(32),
  ADMIN_PASSWORD: 'a-long-production-password',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  SMTP_URL: 'smtp://mail.example.com:587',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, ROOT);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('runs a fresh clone with no settings: SQLite under var/, port 3000, demo keys', () => {
    const config = loadConfig({}, ROOT);
    expect(config).toMatchObject({
      nodeEnv: 'development',
      isProduction: false,
      port: 3000,
      publicUrl: 'http://localhost:3000',
      database: { type: 'sqlite', path: '/srv/store/var/store.sqlite' },
      admin: { username: 'admin', password: DEV_DEFAULTS.adminPassword },
      seedDemoKeys: true,
      store: {
        name: 'Office Licence Store',
        supportPhone: '+1 (864) 555-0142',
        officeAddress: 'Anderson, SC, United States',
        hours: { email: 'Mon-Fri 9AM-6PM EST, Sat 10AM-4PM EST', phone: 'Mon-Fri 9AM-6PM EST' },
      },
      staticDirs: { storefront: '/srv/store/storefront/dist', admin: '/srv/store/admin/dist' },
    });
  });

  it('accepts a valid production configuration, without demo keys or demo payments', () => {
    const config = loadConfig({ ...PROD, PAYMENTS_DEMO: 'false' }, ROOT);
    expect(config.isProduction).toBe(true);
    expect(config.seedDemoKeys).toBe(false);
    expect(config.payments.demo).toBe(false);
    expect(config.payments.stripe).toMatchObject({ secretKey: 'sk_live_x', webhookSecret: 'whsec_x' });
  });

  it('uses the demo payment provider without Stripe keys, or when asked to', () => {
    expect(loadConfig({}, ROOT).payments).toEqual({ stripe: null, demo: true });
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(loadConfig(stripe, ROOT).payments.demo).toBe(false);
    expect(loadConfig({ ...stripe, PAYMENTS_DEMO: 'true' }, ROOT).payments.demo).toBe(true);
    expect(
      loadConfig({ ...stripe, STRIPE_API_BASE: 'http://127.0.0.1:12111' }, ROOT).payments.stripe?.apiBase
        ?.port,
    ).toBe('12111');
  });

  it('writes mail to files under var/mail until SMTP is configured', () => {
    expect(loadConfig({}, ROOT).mail).toEqual({
      smtpUrl: null,
      dir: '/srv/store/var/mail',
      from: 'Office Licence Store <no-reply@localhost>',
      supportEmail: 'support@localhost',
      staffAlertEmail: 'support@localhost',
      outbox: { firstRetryDelayMs: 15_000, maxAttempts: 16, sendTimeoutMs: 60_000 },
    });
    expect(problemsOf({ SMTP_URL: 'mail.example.com' })[0]).toContain(
      'SMTP_URL must be an smtp:// or smtps:// URL',
    );
  });

  it('sends alerts to staff at STAFF_ALERT_EMAIL, by default the support address', () => {
    expect(loadConfig({ SUPPORT_EMAIL: 'help@shop.example' }, ROOT).mail.staffAlertEmail).toBe(
      'help@shop.example',
    );
    const env = { SUPPORT_EMAIL: 'help@shop.example', STAFF_ALERT_EMAIL: 'alerts@shop.example' };
    expect(loadConfig(env, ROOT).mail.staffAlertEmail).toBe('alerts@shop.example');
    expect(problemsOf({ STAFF_ALERT_EMAIL: 'nobody' })[0]).toContain(
      'STAFF_ALERT_EMAIL must be an e-mail address',
    );
  });

  it('revokes keys on a dispute and refunds early fraud warnings by default; both can be turned off', () => {
    expect(loadConfig({}, ROOT).disputes).toEqual({ revokeKeys: true, earlyFraudWarningRefunds: true });
    expect(
      loadConfig({ DISPUTE_REVOKES_KEYS: 'false', EARLY_FRAUD_WARNING_REFUNDS: 'no' }, ROOT).disputes,
    ).toEqual({ revokeKeys: false, earlyFraudWarningRefunds: false });
    expect(problemsOf({ DISPUTE_REVOKES_KEYS: 'maybe', EARLY_FRAUD_WARNING_REFUNDS: '2' })).toEqual([
      'DISPUTE_REVOKES_KEYS must be true or false (got "maybe")',
      'EARLY_FRAUD_WARNING_REFUNDS must be true or false (got "2")',
    ]);
  });

  it('takes the outbox retry schedule from validated settings', () => {
    const env = {
      MAIL_RETRY_FIRST_DELAY_SECONDS: '2',
      MAIL_MAX_ATTEMPTS: '4',
      MAIL_SEND_TIMEOUT_SECONDS: '5',
    };
    expect(loadConfig(env, ROOT).mail.outbox).toEqual({
      firstRetryDelayMs: 2_000,
      maxAttempts: 4,
      sendTimeoutMs: 5_000,
    });
    expect(problemsOf({ MAIL_RETRY_FIRST_DELAY_SECONDS: '0' })[0]).toContain(
      'MAIL_RETRY_FIRST_DELAY_SECONDS must be a whole number from 1 to 3600',
    );
    expect(problemsOf({ MAIL_MAX_ATTEMPTS: 'many' })[0]).toContain(
      'MAIL_MAX_ATTEMPTS must be a whole number',
    );
    expect(problemsOf({ MAIL_SEND_TIMEOUT_SECONDS: '0.5' })[0]).toContain('MAIL_SEND_TIMEOUT_SECONDS');
    expect(problemsOf({ SHUTDOWN_TIMEOUT_SECONDS: '0' })[0]).toContain('SHUTDOWN_TIMEOUT_SECONDS');
  });

  it.each([
    [{ JWT_SECRET: '' }, 'JWT_SECRET is required in production'],
    [{ JWT_SECRET: 'too-short' }, 'JWT_SECRET must be at least 32 bytes long'],
    [{ JWT_SECRET: DEV_DEFAULTS.jwtSecret }, 'JWT_SECRET must not be the development default'],
    [{ LICENSE_KEY_SECRET: '' }, 'LICENSE_KEY_SECRET is required in production'],
    [{ LICENSE_KEY_SECRET: 'short' }, 'LICENSE_KEY_SECRET must be at least 32 bytes long'],
    [
      { LICENSE_KEY_PREVIOUS_SECRETS: `${'o'.repeat(32)}, short` },
      'LICENSE_KEY_PREVIOUS_SECRETS: secret 2 must be at least 32 bytes long',
    ],
    [
      { LICENSE_KEY_PREVIOUS_SECRETS: 'l'.repeat(32) },
      'LICENSE_KEY_PREVIOUS_SECRETS: secret 1 is LICENSE_KEY_SECRET itself',
    ],
    [{ ADMIN_PASSWORD: '' }, 'ADMIN_PASSWORD must be set to your own password in production'],
    [
      { ADMIN_PASSWORD: DEV_DEFAULTS.adminPassword },
      'ADMIN_PASSWORD must be set to your own password in production',
    ],
    [
      { ADMIN_PASSWORD: 'aaaaaaaaaaaa' },
      'ADMIN_PASSWORD: Password is too easy to guess: Repeated characters like "aaa" are easy to guess.',
    ],
    [
      { ADMIN_PASSWORD: 'password1234' },
      'ADMIN_PASSWORD: Password is too easy to guess: This is similar to a commonly used password.',
    ],
    [
      { ADMIN_USERNAME: 'ruthanne', ADMIN_PASSWORD: 'ruthanne-2026' },
      'ADMIN_PASSWORD: Password is too easy to guess',
    ],
    [{ STAFF_MFA_REQUIRED: 'sometimes' }, 'STAFF_MFA_REQUIRED must be true or false'],
    [
      { PAYMENTS_DEMO: 'true' },
      'PAYMENTS_DEMO=true is refused in production (the demo provider marks orders paid without charging anyone): remove it, or set it to false',
    ],
    [{ PAYMENTS_DEMO: 'maybe' }, 'PAYMENTS_DEMO must be true or false (got "maybe")'],
  ])('refuses production with %j', (override, problem) => {
    const problems = problemsOf({ ...PROD, ...override });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(problem);
  });

  it.each([
    ['sk_live_51Abc', 'pk_test_51Abc', 'a live secret key, a test publishable key'],
    ['rk_live_51Abc', 'pk_test_51Abc', 'a live secret key, a test publishable key'],
    ['sk_test_51Abc', 'pk_live_51Abc', 'a test secret key, a live publishable key'],
    ['rk_test_51Abc', 'pk_live_51Abc', 'a test secret key, a live publishable key'],
  ])(
    'refuses Stripe keys of different modes, %s with %s, in every environment',
    (secret, publishable, modes) => {
      const keys = { STRIPE_SECRET_KEY: secret, STRIPE_PUBLISHABLE_KEY: publishable };
      const problem =
        `STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are from different Stripe modes (${modes}): payments would ` +
        'be created where the checkout page cannot confirm them; set both keys of one mode (live, or test) from ' +
        'the same Stripe account';
      expect(problemsOf({ ...PROD, ...keys })).toEqual([problem]);
      expect(problemsOf({ ...keys, STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toEqual([problem]);
      // Neither key is printed.
      expect(problem).not.toContain('51Abc');
    },
  );

  it('accepts Stripe keys of one mode, restricted secret keys, and keys without a mode prefix (stand-ins)', () => {
    for (const [secret, publishable] of [
      ['sk_live_x', 'pk_live_x'],
      ['rk_live_x', 'pk_live_x'],
      ['sk_test_x', 'pk_test_x'],
      ['rk_test_x', 'pk_test_x'],
      ['sk_stand_in', 'pk_test_x'],
    ])
      expect(problemsOf({ ...PROD, STRIPE_SECRET_KEY: secret, STRIPE_PUBLISHABLE_KEY: publishable })).toEqual(
        [],
      );
  });

  it('reads STAFF_MFA_REQUIRED (off by default) and judges the admin password only in production', () => {
    expect(loadConfig({ ...PROD }, ROOT).staffMfaRequired).toBe(false);
    expect(loadConfig({ ...PROD, STAFF_MFA_REQUIRED: 'true' }, ROOT).staffMfaRequired).toBe(true);
    // Development may keep a simple password of its own (never reachable from elsewhere).
    expect(problemsOf({ ADMIN_PASSWORD: 'aaaaaaaaaaaa' })).toEqual([]);
  });

  it('reports every problem at once, each naming its variable', () => {
    const problems = problemsOf({
      NODE_ENV: 'production',
      PORT: 'eighty',
      PUBLIC_URL: 'ftp://x',
      SEED_DEMO_KEYS: 'maybe',
    });
    expect(problems.map((p) => p.split(' ')[0])).toEqual([
      'PORT',
      'PUBLIC_URL',
      'JWT_SECRET',
      'LICENSE_KEY_SECRET',
      'ADMIN_PASSWORD',
      'SMTP_URL',
      'STRIPE_SECRET_KEY',
    ]);
    expect(problemsOf({ SEED_DEMO_KEYS: 'maybe', NODE_ENV: 'staging' })).toEqual([
      'NODE_ENV must be one of development, production, test (got "staging")',
      'SEED_DEMO_KEYS must be true or false (got "maybe")',
    ]);
  });

  it('reads the origins allowed to call the API from a browser', () => {
    expect(loadConfig({}, ROOT).corsOrigins).toEqual([]);
    expect(
      loadConfig({ CORS_ORIGINS: ' https://admin.example.com/ , http://localhost:5174' }, ROOT).corsOrigins,
    ).toEqual(['https://admin.example.com', 'http://localhost:5174']);
    for (const bad of ['admin.example.com', 'https://admin.example.com/office', 'ftp://x.example', '*'])
      expect(problemsOf({ CORS_ORIGINS: bad })).toEqual([
        `CORS_ORIGINS must list origins like https://admin.example.com, without a path (got "${bad}")`,
      ]);
  });

  it('refuses a support phone that is not a phone number', () => {
    expect(problemsOf({ SUPPORT_PHONE: 'call us' })).toEqual([
      'SUPPORT_PHONE must be a phone number such as +1 (864) 555-0142 (got "call us")',
    ]);
  });

  it("takes the first administrator's username in its stored form: lower-case ASCII", () => {
    expect(loadConfig({ ADMIN_USERNAME: ' Owner.Admin ' }, ROOT).admin.username).toBe('owner.admin');
    expect(problemsOf({ ADMIN_USERNAME: 'ádmin' })).toEqual([
      "ADMIN_USERNAME: Username must be 3 to 100 characters of letters, digits, '.', '_' or '-'",
    ]);
  });

  it('reads each database URL form', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:/tmp/x.sqlite' }, ROOT).database).toEqual({
      type: 'sqlite',
      path: '/tmp/x.sqlite',
    });
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }, ROOT).database).toEqual({
      type: 'sqlite',
      path: ':memory:',
    });
    expect(loadConfig({ DATABASE_URL: 'mysql://shop:p%40ss@db:3307/store' }, ROOT).database).toEqual({
      type: 'mysql',
      host: 'db',
      port: 3307,
      username: 'shop',
      password: 'p@ss',
      database: 'store',
      poolSize: DEFAULT_DATABASE_POOL_SIZE,
    });
    expect(loadConfig({ DATABASE_URL: 'mariadb://root@127.0.0.1/store_test' }, ROOT).database).toMatchObject({
      type: 'mariadb',
      port: 3306,
      username: 'root',
      password: '',
    });
    expect(problemsOf({ DATABASE_URL: 'postgres://x/y' })).toEqual([
      'DATABASE_URL: unsupported driver "postgres" (use sqlite:, mysql:// or mariadb://)',
    ]);
    expect(problemsOf({ DATABASE_URL: 'mysql://host' })[0]).toContain('DATABASE_URL must name a database');
    expect(problemsOf({ DATABASE_URL: 'nonsense' })[0]).toContain('DATABASE_URL is not a valid URL');
  });

  it('reads DATABASE_POOL_SIZE for MySQL/MariaDB: at least 2 (the startup lock holds one while migrating)', () => {
    const mysql = { DATABASE_URL: 'mysql://u:p@db:3306/shop' };
    expect(loadConfig({ ...mysql, DATABASE_POOL_SIZE: ' 4 ' }, ROOT).database).toMatchObject({ poolSize: 4 });
    expect(loadConfig({ DATABASE_POOL_SIZE: '4' }, ROOT).database).toEqual({
      type: 'sqlite',
      path: '/srv/store/var/store.sqlite',
    });
    for (const raw of ['1', '0', '-3', '2.5', 'ten', '1001'])
      expect(problemsOf({ ...mysql, DATABASE_POOL_SIZE: raw })).toEqual([
        `DATABASE_POOL_SIZE must be a whole number from 2 to 1000 (got "${raw}")`,
      ]);
    // Checked on SQLite too, where it does nothing: a typo is still a typo.
    expect(problemsOf({ DATABASE_POOL_SIZE: 'ten' })).toHaveLength(1);
  });

  it('reads REDIS_URL, with a key prefix naming the database unless REDIS_KEY_PREFIX says otherwise', () => {
    expect(loadConfig({}, ROOT).redis).toBeNull();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2' }, ROOT).redis).toEqual({
      url: 'redis://127.0.0.1:6379/2',
      keyPrefix: 'store:/srv/store/var/store.sqlite:',
    });
    expect(
      loadConfig({ REDIS_URL: 'rediss://:pw@cache:6380', DATABASE_URL: 'mysql://u:p@db:3306/shop' }, ROOT)
        .redis,
    ).toEqual({ url: 'rediss://:pw@cache:6380', keyPrefix: 'store:db:3306/shop:' });
    expect(
      loadConfig({ REDIS_URL: 'redis://cache', REDIS_KEY_PREFIX: 'shop-eu:' }, ROOT).redis?.keyPrefix,
    ).toBe('shop-eu:');
    expect(problemsOf({ REDIS_URL: 'http://cache:6379' })).toEqual([
      'REDIS_URL must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379/0 (got "http://cache:6379")',
    ]);
    expect(problemsOf({ REDIS_URL: 'redis://cache/store' })).toEqual([
      'REDIS_URL: the path must be a database number such as /0 (got "/store")',
    ]);
  });

  it('refuses production on MySQL/MariaDB without REDIS_URL unless RATE_LIMITS=per-process says so (#32 §5)', () => {
    const mariadb = { ...PROD, DATABASE_URL: 'mariadb://store:pw@db:3306/shop' };
    const problems = problemsOf(mariadb);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^REDIS_URL is required in production on MySQL\/MariaDB/);
    expect(problems[0]).toContain('RATE_LIMITS=per-process');
    expect(problemsOf({ ...mariadb, DATABASE_URL: 'mysql://store:pw@db:3306/shop' })).toEqual(problems);
    // The operator says each process counts alone; or Redis shares the counters.
    expect(loadConfig({ ...mariadb, RATE_LIMITS: 'per-process' }, ROOT).rateLimits).toBe('per-process');
    expect(loadConfig({ ...mariadb, REDIS_URL: 'redis://cache:6379' }, ROOT).rateLimits).toBe('shared');
    // SQLite is one process, and outside production nothing is refused.
    expect(loadConfig(PROD, ROOT).rateLimits).toBe('per-process');
    const { NODE_ENV: _, ...development } = mariadb;
    expect(loadConfig(development, ROOT).rateLimits).toBe('per-process');
  });

  it('reads RATE_LIMITS: shared needs REDIS_URL; per-process keeps the counters out of Redis', () => {
    expect(loadConfig({ REDIS_URL: 'redis://cache' }, ROOT).rateLimits).toBe('shared');
    expect(loadConfig({ REDIS_URL: 'redis://cache', RATE_LIMITS: 'per-process' }, ROOT).rateLimits).toBe(
      'per-process',
    );
    expect(problemsOf({ RATE_LIMITS: 'shared' })).toEqual([
      'RATE_LIMITS=shared needs REDIS_URL (the processes share their counters through Redis)',
    ]);
    expect(problemsOf({ RATE_LIMITS: 'global' })).toEqual([
      'RATE_LIMITS must be one of shared, per-process (got "global")',
    ]);
  });

  it('turns demo keys off on request', () => {
    expect(loadConfig({ SEED_DEMO_KEYS: '0' }, ROOT).seedDemoKeys).toBe(false);
  });
});

describe('what operators see (LOG_LEVEL, LOG_FORMAT, METRICS_TOKEN, OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  it('logs JSON at info in production, readable text elsewhere; no metrics route, no tracing by default', () => {
    expect(loadConfig(PROD, ROOT).observability).toEqual({
      logLevel: 'info',
      logFormat: 'json',
      metricsToken: null,
      otlpEndpoint: null,
    });
    expect(loadConfig({}, ROOT).observability.logFormat).toBe('text');
  });

  it('takes each setting when valid', () => {
    const token = 't'.repeat(32);
    expect(
      loadConfig(
        {
          LOG_LEVEL: 'debug',
          LOG_FORMAT: 'json',
          METRICS_TOKEN: ` ${token} `,
          OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318',
        },
        ROOT,
      ).observability,
    ).toEqual({
      logLevel: 'debug',
      logFormat: 'json',
      metricsToken: token,
      otlpEndpoint: 'http://otel-collector:4318',
    });
  });

  it('refuses a level or format it does not know, a guessable token, an endpoint that is no URL', () => {
    expect(
      problemsOf({
        LOG_LEVEL: 'verbose',
        LOG_FORMAT: 'pretty',
        METRICS_TOKEN: 'short',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318',
      }),
    ).toEqual([
      'LOG_LEVEL must be one of trace, debug, info, warn, error, fatal (got "verbose")',
      'LOG_FORMAT must be one of json, text (got "pretty")',
      expect.stringContaining('METRICS_TOKEN must be at least 24 printable characters without spaces'),
      'OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL (got "collector:4318")',
    ]);
    expect(problemsOf({ METRICS_TOKEN: `${'t'.repeat(20)} ${'t'.repeat(20)}` })).toHaveLength(1);
  });
});

describe('LICENSE_KEY_PREVIOUS_SECRETS', () => {
  it('lists the previous secrets, trimmed, after the current one', () => {
    const config = loadConfig(
      { ...PROD, LICENSE_KEY_PREVIOUS_SECRETS: ` ${'a'.repeat(32)} ,${'b'.repeat(40)},` },
      ROOT,
    );
    expect(config.licenseKeyPreviousSecrets).toEqual(['a'.repeat(32), 'b'.repeat(40)]);
    expect(loadConfig(PROD, ROOT).licenseKeyPreviousSecrets).toEqual([]);
  });
});
