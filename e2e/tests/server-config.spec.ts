import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';

const ROOT = resolve(import.meta.dirname, '../..');

/** Starts the built server with the given settings and returns how it ended (it must not start). */
function startServer(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['backend/dist/main.js'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: 'sqlite::memory:',
      ...env,
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stderr: result.stderr };
}

test.describe('the server refuses an unsafe production configuration', () => {
  const secrets = {
    NODE_ENV: 'production',
    JWT_SECRET: 'x'.repeat(40),
    LICENSE_KEY_SECRET: 'y'.repeat(40),
    ADMIN_PASSWORD: 'a-real-production-password',
    STRIPE_SECRET_KEY: 'sk_test_unused',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_unused',
    STRIPE_WEBHOOK_SECRET: 'whsec_unused',
  };

  for (const [name, override, problem] of [
    ['no JWT secret', { JWT_SECRET: '' }, 'JWT_SECRET is required in production'],
    ['a short JWT secret', { JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 bytes long'],
    ['no licence-key secret', { LICENSE_KEY_SECRET: '' }, 'LICENSE_KEY_SECRET is required in production'],
    [
      'the development admin password',
      { ADMIN_PASSWORD: 'admin-dev-password' },
      'ADMIN_PASSWORD must be set',
    ],
  ] as const) {
    test(`with ${name}`, () => {
      const { code, stderr } = startServer({ ...secrets, ...override });
      expect(code).toBe(78);
      expect(stderr).toContain(problem);
      expect(stderr).not.toMatch(/\n\s+at /);
    });
  }
});
