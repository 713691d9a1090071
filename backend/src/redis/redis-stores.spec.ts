import { describeWithRedis, keysWithTtl, redisTestKit } from '../../test/support/redis.js';
import { RedisAttemptStore } from '../auth/redis-attempt-store.js';
import { RedisThrottlerStorage } from './redis-throttler-storage.js';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describeWithRedis('rate-limit counters in Redis (against a real Redis)', () => {
  const { client, prefix, down } = redisTestKit();

  describe('RedisThrottlerStorage', () => {
    it('shares one window between processes and blocks the hit past the limit', async () => {
      const p = prefix('throttle-shared');
      const [a, b] = [new RedisThrottlerStorage(client(), p), new RedisThrottlerStorage(client(), p)];
      const results = [];
      for (let i = 0; i < 4; i++)
        results.push(await (i % 2 ? b : a).increment('k', 60_000, 3, 30_000, 'default'));
      expect(results.map((r) => [r.totalHits, r.isBlocked])).toEqual([
        [1, false],
        [2, false],
        [3, false],
        [4, true],
      ]);
      expect(results[3]!.timeToBlockExpire).toBe(30);
      expect(results[0]!.timeToExpire).toBe(60);
      // Blocked for everyone, and other keys and throttler names are not.
      expect((await a.increment('k', 60_000, 3, 30_000, 'default')).isBlocked).toBe(true);
      expect((await b.increment('other', 60_000, 3, 30_000, 'default')).isBlocked).toBe(false);
      expect((await b.increment('k', 60_000, 3, 30_000, 'burst')).isBlocked).toBe(false);
      for (const storage of [a, b]) storage.onApplicationShutdown();
    });

    it('counts parallel hits exactly (one atomic script per hit)', async () => {
      const p = prefix('throttle-atomic');
      const storages = [client(), client(), client()].map((redis) => new RedisThrottlerStorage(redis, p));
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) => storages[i % 3]!.increment('k', 60_000, 10, 60_000, 'default')),
      );
      expect(results.filter((r) => !r.isBlocked)).toHaveLength(10);
      for (const storage of storages) storage.onApplicationShutdown();
    });

    it('starts afresh when the block ends, and lets hits leave a sliding window one by one', async () => {
      const p = prefix('throttle-expiry');
      const storage = new RedisThrottlerStorage(client(), p);
      for (let i = 0; i < 2; i++) await storage.increment('blocked', 400, 2, 400, 'default');
      expect((await storage.increment('blocked', 400, 2, 400, 'default')).isBlocked).toBe(true);
      await sleep(450);
      expect(await storage.increment('blocked', 400, 2, 400, 'default')).toMatchObject({
        totalHits: 1,
        isBlocked: false,
      });

      // Without a block, a refused hit is not counted and the oldest hit leaving frees one place.
      await storage.increment('sliding', 600, 2, 0, 'default');
      await sleep(300);
      await storage.increment('sliding', 600, 2, 0, 'default');
      expect((await storage.increment('sliding', 600, 2, 0, 'default')).isBlocked).toBe(true);
      await sleep(350);
      expect((await storage.increment('sliding', 600, 2, 0, 'default')).isBlocked).toBe(false);
      expect((await storage.increment('sliding', 600, 2, 0, 'default')).isBlocked).toBe(true);

      // Every key it wrote expires.
      const ttls = await keysWithTtl(p);
      expect(ttls.size).toBeGreaterThan(0);
      for (const ttl of ttls.values()) expect(ttl).toBeGreaterThan(0);
      storage.onApplicationShutdown();
    });

    it("counts in this process's memory while Redis is down, instead of failing the request", async () => {
      const redis = await down();
      const storage = new RedisThrottlerStorage(redis, prefix('throttle-down'));
      const results = [];
      for (let i = 0; i < 3; i++) results.push(await storage.increment('k', 60_000, 2, 60_000, 'default'));
      expect(results.map((r) => r.isBlocked)).toEqual([false, false, true]);
      storage.onApplicationShutdown();
    });
  });

  describe('RedisAttemptStore', () => {
    it('counts in a fixed or a sliding window, shared between processes, with the TTL on the key', async () => {
      const p = prefix('attempts');
      let now = Date.now();
      const [a, b] = [client(), client()].map((redis) => new RedisAttemptStore(redis, p, () => now));
      const start = now;
      expect(await a!.hit('fixed', 60_000, false)).toEqual({
        count: 1,
        lastAt: start,
        expiresAt: start + 60_000,
      });
      now += 1_000;
      expect(await b!.hit('fixed', 60_000, false)).toEqual({
        count: 2,
        lastAt: start + 1_000,
        expiresAt: start + 60_000,
      });
      expect(await a!.hit('sliding', 60_000, true)).toMatchObject({ count: 1, expiresAt: now + 60_000 });
      now += 1_000;
      expect(await b!.hit('sliding', 60_000, true)).toEqual({
        count: 2,
        lastAt: now,
        expiresAt: now + 60_000,
      });
      expect(await a!.get('sliding')).toEqual({ count: 2, lastAt: now, expiresAt: now + 60_000 });
      expect(await a!.get('never')).toBeNull();

      const ttls = await keysWithTtl(p);
      expect([...ttls.keys()].sort()).toEqual([`${p}sign-in:fixed`, `${p}sign-in:sliding`]);
      expect(ttls.get(`${p}sign-in:fixed`)).toBeLessThanOrEqual(59_000);
      expect(ttls.get(`${p}sign-in:fixed`)).toBeGreaterThan(50_000);

      await b!.delete('fixed');
      expect(await a!.get('fixed')).toBeNull();
      // A counter past its end is gone, whatever Redis still holds.
      now += 60_001;
      expect(await a!.get('sliding')).toBeNull();
      expect(await a!.hit('sliding', 60_000, true)).toMatchObject({ count: 1 });
    });

    it('counts parallel hits exactly, and keeps stores with other prefixes apart', async () => {
      const [p, q] = [prefix('attempts-atomic'), prefix('attempts-other')];
      const stores = [client(), client()].map((redis) => new RedisAttemptStore(redis, p));
      await Promise.all(Array.from({ length: 40 }, (_, i) => stores[i % 2]!.hit('k', 60_000, i % 3 === 0)));
      expect(await stores[0]!.get('k')).toMatchObject({ count: 40 });
      expect(await new RedisAttemptStore(client(), q).get('k')).toBeNull();
    });

    it("counts in this process's memory while Redis is down", async () => {
      const redis = await down();
      const store = new RedisAttemptStore(redis, prefix('attempts-down'));
      await store.hit('k', 60_000, false);
      expect(await store.hit('k', 60_000, false)).toMatchObject({ count: 2 });
      expect(await store.get('k')).toMatchObject({ count: 2 });
      await store.delete('k');
      expect(await store.get('k')).toBeNull();
    });
  });
});
