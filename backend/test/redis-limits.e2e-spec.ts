import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { SIGN_IN_LIMITS } from '../src/auth/sign-in-limiter.js';
import { LOGIN_ATTEMPTS_PER_MINUTE } from '../src/auth/auth.controller.js';
import { DEV_DEFAULTS } from '../src/config/app-config.js';
import { REDIS } from '../src/redis/redis.module.js';
import {
  closedRedisUrl,
  describeWithRedis,
  dropKeys,
  keysWithTtl,
  PausableRedisProxy,
  TEST_REDIS_URL,
  testKeyPrefix,
} from './support/redis.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

const { freeFailures } = SIGN_IN_LIMITS.perAccount.password;

describeWithRedis(`rate limits shared through Redis by several processes (${DRIVER})`, () => {
  // Each test starts two or three apps: on MariaDB under CI's lanes that alone passed 30 s (the limit only
  // catches a hang; what is checked is who refuses what).
  jest.setTimeout(120_000);
  let addressCounter = 0;
  /** A client address no other test uses (the apps trust one proxy hop). */
  const freshAddress = () => `10.61.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;
  const login = (t: TestApp, username: string, password: string, address: string) =>
    t.http().post('/api/admin/login').set('x-forwarded-for', address).send({ username, password });

  const open: TestApp[] = [];
  const prefixes: string[] = [];
  /** An app process counting in Redis under `prefix` (several share one prefix as one store's processes). */
  const startApp = async (prefix: string) => {
    const t = await startTestApp({ TRUST_PROXY: '1', REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix });
    open.push(t);
    return t;
  };
  const close = async (t: TestApp) => {
    open.splice(open.indexOf(t), 1);
    await t.close();
  };
  const newPrefix = () => {
    const prefix = testKeyPrefix('e2e');
    prefixes.push(prefix);
    return prefix;
  };
  afterEach(async () => {
    for (const t of [...open]) await close(t);
    for (const prefix of prefixes.splice(0)) await dropKeys(prefix);
  });

  it('refuses the 6th wrong password of one client and username whichever process answers', async () => {
    const prefix = newPrefix();
    const [a, b] = [await startApp(prefix), await startApp(prefix)];
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_MINUTE; i++)
      statuses.push((await login(i % 2 ? b : a, 'admin', `wrong-password-${i}`, address)).status);
    expect(statuses).toEqual(Array(LOGIN_ATTEMPTS_PER_MINUTE).fill(401));
    const refused = await login(b, 'admin', 'wrong-password-6', address).expect(429);
    expect(refused.headers['retry-after']).toBeDefined();
    await login(a, 'admin', 'wrong-password-7', address).expect(429);
    // Even the right password, from there, for the minute; another client is not affected.
    await login(a, 'admin', DEV_DEFAULTS.adminPassword, address).expect(429);
    await login(b, 'admin', DEV_DEFAULTS.adminPassword, freshAddress()).expect(200);
  });

  it("shares one account's back-off between processes (failures from many addresses)", async () => {
    const prefix = newPrefix();
    const [a, b] = [await startApp(prefix), await startApp(prefix)];
    for (let i = 0; i < freeFailures; i++)
      await login(i % 2 ? b : a, 'admin', `spread-${i}`, freshAddress()).expect(401);
    for (const t of [a, b]) {
      const refused = await login(t, 'admin', 'spread-next', freshAddress()).expect(429);
      expect(refused.body.message).toMatch(/^Too many failed sign-in attempts for this account\./);
    }
  });

  it('keeps the limits when a process restarts, and closes its Redis client on shutdown', async () => {
    const prefix = newPrefix();
    const first = await startApp(prefix);
    const address = freshAddress();
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_MINUTE; i++)
      await login(first, 'admin', `restart-${i}`, address).expect(401);
    const redis = first.app.get<Redis>(REDIS);
    await close(first);
    expect(redis.status).toBe('end');

    const second = await startApp(prefix);
    await login(second, 'admin', 'restart-6', address).expect(429);
  });

  describe('a Redis that stops answering (paused, not down: #32 §5)', () => {
    const TOKEN = 'metrics-token-for-the-pause';
    let proxy: PausableRedisProxy;
    beforeEach(async () => {
      proxy = await PausableRedisProxy.start();
    });
    afterEach(() => proxy.close());
    const rateLimitsGauge = async (t: TestApp) => {
      const text = (await t.http().get('/api/metrics').set('authorization', `Bearer ${TOKEN}`).expect(200))
        .text;
      return text.split('\n').find((line) => line.startsWith('store_rate_limits_per_process '));
    };

    it('costs a sign-in one wait for Redis, not one per counter; health and metrics say per-process until it answers', async () => {
      const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
      try {
        const t = await startTestApp({
          TRUST_PROXY: '1',
          REDIS_URL: proxy.url,
          REDIS_KEY_PREFIX: newPrefix(),
          METRICS_TOKEN: TOKEN,
        });
        open.push(t);
        expect((await t.http().get('/api/health').expect(200)).body).toEqual({
          status: 'ok',
          redis: 'up',
          rateLimits: 'shared',
        });
        expect(await rateLimitsGauge(t)).toBe('store_rate_limits_per_process 0');
        const address = freshAddress();
        await login(t, 'admin', 'paused-0', address).expect(401);

        proxy.pause();
        // What the rate limits asked Redis (not the job leases' renewals, which go on meanwhile).
        const limitCalls = () =>
          proxy.commands.filter((args) => args.some((arg) => /throttle:|sign-in:/.test(arg))).length;
        // A failed sign-in counts in several places (the route's throttle, the address's, the account's and
        // the known addresses' counters): each call waited its second for Redis.
        let before = limitCalls();
        await login(t, 'admin', 'paused-1', address).expect(401);
        expect(limitCalls() - before).toBe(1);
        // The next ones count in this process's memory at once (or, a few seconds on, try Redis once).
        before = limitCalls();
        for (let i = 2; i < 5; i++) await login(t, 'admin', `paused-${i}`, address).expect(401);
        expect(limitCalls() - before).toBeLessThanOrEqual(3);
        // Counted meanwhile: the limit still holds in this process.
        await login(t, 'admin', 'paused-5', address).expect(401);
        await login(t, 'admin', 'paused-6', address).expect(429);
        expect((await t.http().get('/api/health').expect(200)).body).toEqual({
          status: 'ok',
          redis: 'down',
          rateLimits: 'per-process',
        });
        expect(await rateLimitsGauge(t)).toBe('store_rate_limits_per_process 1');

        proxy.resume();
        expect((await t.http().get('/api/health').expect(200)).body).toEqual({
          status: 'ok',
          redis: 'up',
          rateLimits: 'shared',
        });
        expect(await rateLimitsGauge(t)).toBe('store_rate_limits_per_process 0');
        // Closed before its proxy.
        await close(t);
      } finally {
        errors.mockRestore();
      }
    });
  });

  it('RATE_LIMITS=per-process keeps the counters out of Redis, and health and metrics say so', async () => {
    const prefix = newPrefix();
    const t = await startTestApp({
      TRUST_PROXY: '1',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      RATE_LIMITS: 'per-process',
      METRICS_TOKEN: 'metrics-token-per-process',
    });
    open.push(t);
    await login(t, 'admin', 'alone-0', freshAddress()).expect(401);
    expect([...(await keysWithTtl(prefix)).keys()].filter((key) => /throttle|sign-in/.test(key))).toEqual([]);
    expect((await t.http().get('/api/health').expect(200)).body).toEqual({
      status: 'ok',
      redis: 'up',
      rateLimits: 'per-process',
    });
    const metrics = await t
      .http()
      .get('/api/metrics')
      .set('authorization', 'Bearer metrics-token-per-process')
      .expect(200);
    expect(metrics.text).toContain('\nstore_rate_limits_per_process 1\n');
  });

  it("keeps sign-in up while Redis is down, counting in each process's memory", async () => {
    const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      // The server starts without its Redis.
      const t = await startTestApp({ TRUST_PROXY: '1', REDIS_URL: await closedRedisUrl() });
      open.push(t);
      const address = freshAddress();
      for (let i = 0; i < LOGIN_ATTEMPTS_PER_MINUTE; i++)
        await login(t, 'admin', `outage-${i}`, address).expect(401);
      await login(t, 'admin', 'outage-6', address).expect(429);
      await login(t, 'admin', DEV_DEFAULTS.adminPassword, freshAddress()).expect(200);
      expect(errors.mock.calls.map(([message]) => String(message)).join('\n')).toMatch(
        /Redis is unreachable .*counted per process/,
      );
    } finally {
      errors.mockRestore();
    }
  });
});
