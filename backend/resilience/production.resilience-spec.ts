// Production configuration: the built server refuses to start (exit 78, EX_CONFIG, a message naming the
// variable, no stack trace) on the development admin password, a missing or short JWT secret, a missing
// licence-key secret, or no SMTP server (mail would otherwise be written to disk as .eml files with the
// keys in clear), demo payments (PAYMENTS_DEMO=true) or Stripe keys of different modes. Started with a valid
// production configuration, it shows no development sign-in, takes no demo payments, and serves no Swagger UI
// or OpenAPI document. TRUST_PROXY=true is refused too, and so is MySQL/MariaDB without REDIS_URL (unless
// RATE_LIMITS=per-process). Outside production it binds loopback only (unless ALLOW_REMOTE_DEV=true) and warns at start
// about the public development secrets it runs on.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BILLING, STANDARD } from '../test/support/checkout.js';
import { errorAnswerProblems, rawRequest } from './support/answers.js';
import { recordFigures } from './support/figures.js';
import { DRIVER, ROOT, StoreHarness } from './support/store-process.js';

const SERVER = join(ROOT, 'backend/dist/main.js');
const DEV_ADMIN_PASSWORD = 'admin-dev-password';
const DEV_JWT_SECRET = 'dev-only-jwt-secret-0123456789abcdef0123456789';

/** A production configuration the server accepts; each case below spoils one setting of it. */
const VALID: Record<string, string> = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  DATABASE_URL: 'sqlite::memory:',
  JWT_SECRET: 'j'.repeat(32),
  LICENSE_KEY_SECRET: 'l'.repeat(32),
  ADMIN_USERNAME: 'owner',
  ADMIN_PASSWORD: 'a-real-production-password',
  STRIPE_SECRET_KEY: 'sk_test_unused',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_unused',
  STRIPE_WEBHOOK_SECRET: 'whsec_unused',
  SMTP_URL: 'smtp://127.0.0.1:9',
};

let requests = 0;
let serverErrors = 0;

/**
 * Runs the built server with exactly these settings, from a folder with no .env (a developer's .env
 * must not fill in what a case leaves out), until it exits or 20 s pass.
 */
function run(env: Record<string, string | undefined>) {
  const cwd = mkdtempSync(join(tmpdir(), 'store-production-'));
  try {
    const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >;
    const result = spawnSync(process.execPath, [SERVER], {
      cwd,
      env: { PATH: process.env.PATH ?? '', ...defined },
      encoding: 'utf8',
      timeout: 20_000,
    });
    return { code: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

describe(`production configuration (${DRIVER})`, () => {
  describe('refuses to start', () => {
    it.each<[string, Record<string, string | undefined>, string, string]>([
      [
        'the development admin password',
        { ADMIN_PASSWORD: DEV_ADMIN_PASSWORD },
        'ADMIN_PASSWORD',
        'must be set to your own password',
      ],
      [
        'no admin password (the development default)',
        { ADMIN_PASSWORD: undefined },
        'ADMIN_PASSWORD',
        'must be set to your own password',
      ],
      ['no JWT_SECRET', { JWT_SECRET: undefined }, 'JWT_SECRET', 'is required in production'],
      ['an empty JWT_SECRET', { JWT_SECRET: '' }, 'JWT_SECRET', 'is required in production'],
      ['a JWT_SECRET of 31 bytes', { JWT_SECRET: 'j'.repeat(31) }, 'JWT_SECRET', 'must be at least 32 bytes'],
      [
        'the development JWT_SECRET',
        { JWT_SECRET: DEV_JWT_SECRET },
        'JWT_SECRET',
        'must not be the development default',
      ],
      [
        'no LICENSE_KEY_SECRET',
        { LICENSE_KEY_SECRET: undefined },
        'LICENSE_KEY_SECRET',
        'is required in production',
      ],
      [
        'a short LICENSE_KEY_SECRET',
        { LICENSE_KEY_SECRET: 'short' },
        'LICENSE_KEY_SECRET',
        'must be at least 32 bytes',
      ],
      [
        'no SMTP_URL (keys would be written in clear as .eml files)',
        { SMTP_URL: undefined },
        'SMTP_URL',
        'is required in production',
      ],
      [
        'no Stripe (the demo payment provider)',
        {
          STRIPE_SECRET_KEY: undefined,
          STRIPE_PUBLISHABLE_KEY: undefined,
          STRIPE_WEBHOOK_SECRET: undefined,
        },
        'STRIPE_SECRET_KEY',
        'is required in production',
      ],
      [
        'demo payments beside Stripe (PAYMENTS_DEMO=true)',
        { PAYMENTS_DEMO: 'true' },
        'PAYMENTS_DEMO=true',
        'is refused in production',
      ],
      [
        'a live Stripe secret key with a test publishable key',
        { STRIPE_SECRET_KEY: 'sk_live_unused' },
        'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY',
        'are from different Stripe modes',
      ],
      [
        'MariaDB without REDIS_URL (each process would count the rate limits alone)',
        { DATABASE_URL: 'mariadb://store:unused@127.0.0.1:9/store' },
        'REDIS_URL',
        'is required in production on MySQL/MariaDB',
      ],
      [
        'TRUST_PROXY=true (any client could choose its address)',
        { TRUST_PROXY: 'true' },
        'TRUST_PROXY=true',
        'would let any client choose its address',
      ],
    ])('with %s: exit 78 naming the variable', (_what, override, variable, problem) => {
      const result = run({ ...VALID, ...override });
      expect(result.signal).toBeNull();
      expect(result.code).toBe(78);
      expect(result.stderr).toContain(`- ${variable} ${problem}`);
      // Only this variable is wrong.
      expect(result.stderr.match(/^ {2}- /gm)).toHaveLength(1);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.stdout).not.toMatch(/listening/i);
    });

    it('but starts with the same settings all valid, writing JSON lines from the first', async () => {
      const cwd = mkdtempSync(join(tmpdir(), 'store-production-'));
      const child = spawn(process.execPath, [SERVER], {
        cwd,
        env: { PATH: process.env.PATH ?? '', ...VALID },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      let stdout = '';
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      try {
        const listening = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), 180_000);
          const seen = (chunk: Buffer) => {
            output += chunk.toString();
            if (/Store listening on/.test(output)) {
              clearTimeout(timer);
              resolve(true);
            }
          };
          child.stdout.on('data', (chunk: Buffer) => {
            stdout += chunk.toString();
            seen(chunk);
          });
          child.stderr.on('data', seen);
          void exited.then(() => {
            clearTimeout(timer);
            resolve(/Store listening on/.test(output));
          });
        });
        expect({ listening, output: listening ? '' : output.slice(-2000) }).toEqual({
          listening: true,
          output: '',
        });
        // LOG_FORMAT is json in production: the lines written before the app's logger exists (the port
        // opened while the store starts) too.
        const lines = stdout.split('\n').filter(Boolean);
        expect(lines.find((line) => line.includes('open while the store starts'))).toBeDefined();
        const notJson = lines.filter((line) => {
          try {
            JSON.parse(line);
            return false;
          } catch {
            return true;
          }
        });
        expect(notJson).toEqual([]);
      } finally {
        child.kill('SIGKILL');
        await exited;
        rmSync(cwd, { recursive: true, force: true });
      }
    });
  });

  describe('outside production', () => {
    it('refuses to listen on another interface than loopback unless told to', () => {
      const result = run({
        PATH: process.env.PATH,
        HOST: '0.0.0.0',
        PORT: '0',
        DATABASE_URL: 'sqlite::memory:',
      });
      expect(result.code).toBe(78);
      expect(result.stderr).toContain('- HOST=0.0.0.0 would expose a development server');
      expect(result.stdout).not.toMatch(/listening/i);
    });

    it('says loudly, at start, what is insecure', async () => {
      const cwd = mkdtempSync(join(tmpdir(), 'store-development-'));
      const child = spawn(process.execPath, [SERVER], {
        cwd,
        env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', DATABASE_URL: 'sqlite::memory:' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      try {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 180_000);
          const seen = (chunk: Buffer) => {
            output += chunk.toString();
            if (/Store listening on/.test(output)) {
              clearTimeout(timer);
              resolve();
            }
          };
          child.stdout.on('data', seen);
          child.stderr.on('data', seen);
          void exited.then(() => {
            clearTimeout(timer);
            resolve();
          });
        });
        expect(output).toContain('NODE_ENV is not set, so "development": this server is NOT safe');
        expect(output).toContain('JWT_SECRET is the public development secret');
        expect(output.indexOf('NOT safe')).toBeLessThan(output.indexOf('Store listening on'));
      } finally {
        child.kill('SIGKILL');
        await exited;
        rmSync(cwd, { recursive: true, force: true });
      }
    });
  });

  describe('running in production', () => {
    let h: StoreHarness;

    const request = async (...args: Parameters<StoreHarness['request']>) => {
      requests++;
      const res = await h.request(...args);
      if (res.status >= 500) serverErrors++;
      return res;
    };

    beforeAll(async () => {
      // The harness's own secrets, SMTP sink and Stripe stand-in, in production.
      // One process, without Redis (production on MariaDB asks for REDIS_URL otherwise).
      h = await StoreHarness.start({
        stripe: true,
        env: { NODE_ENV: 'production', RATE_LIMITS: 'per-process' },
      });
    });
    afterAll(async () => {
      recordFigures('production', { requests, serverErrors });
      await h?.close();
    });

    it('shows no development sign-in, and takes payments through Stripe', async () => {
      const res = await request('GET', '/api/store-config');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        environment: 'production',
        paymentProvider: 'stripe',
        developmentSignIn: null,
      });
      // The development credentials do not sign in.
      const login = await request('POST', '/api/admin/login', {
        json: { username: 'admin', password: DEV_ADMIN_PASSWORD },
        headers: { 'x-forwarded-for': '10.81.0.1' },
      });
      expect(login.status).toBe(401);
    });

    it('has the demo payment provider off', async () => {
      const headers = { 'x-forwarded-for': '10.81.0.2' };
      const intent = await request('POST', '/api/create-payment-intent', {
        json: { cartItems: [{ id: STANDARD, quantity: 1 }], billing: BILLING },
        headers,
      });
      expect(intent.status).toBe(201);
      const { orderId, clientSecret, provider } = intent.body as {
        orderId: string;
        clientSecret: string;
        provider: string;
      };
      expect(provider).toBe('stripe');
      requests++;
      const confirm = await rawRequest(h, 'POST', '/api/payments/demo/confirm', {
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ orderId, clientSecret }),
      });
      expect([403, 404]).toContain(confirm.status);
      expect(errorAnswerProblems(confirm)).toEqual([]);
      // The order is still unpaid.
      const status = await request(
        'GET',
        `/api/orders/${orderId}/status?clientSecret=${encodeURIComponent(clientSecret)}`,
        {
          headers,
        },
      );
      expect(status.status).toBe(200);
      expect(status.body).toMatchObject({ paymentStatus: 'pending' });
    });

    it('serves no Swagger UI and no OpenAPI document, even to an administrator', async () => {
      const admin = await h.adminAuth();
      requests++;
      for (const path of ['/api/docs', '/api/docs/', '/api/docs-json', '/api/docs-yaml']) {
        for (const headers of [{}, { authorization: admin }] as Record<string, string>[]) {
          requests++;
          const res = await rawRequest(h, 'GET', path, { headers });
          expect({ path, status: res.status }).toEqual({ path, status: 404 });
          expect(errorAnswerProblems(res)).toEqual([]);
          expect(res.text).not.toMatch(/swagger|openapi/i);
        }
      }
      // The API itself is served as usual.
      expect((await request('GET', '/api/products')).status).toBe(200);
      expect(serverErrors).toBe(0);
    });
  });
});
