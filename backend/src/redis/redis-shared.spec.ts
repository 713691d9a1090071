import { describeWithRedis, keysWithTtl, redisTestKit } from '../../test/support/redis.js';
import { MemoryIntervalGate } from '../common/interval-gate.js';
import { RedisIntervalGate } from './redis-interval-gate.js';
import { RedisSharedValue } from './redis-shared-value.js';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describeWithRedis('values and gates shared through Redis (against a real Redis)', () => {
  const { client, prefix, down } = redisTestKit();

  describe('RedisSharedValue', () => {
    const revive = (json: unknown) => {
      const v = json as { n: number; at: string };
      return { n: v.n, at: new Date(v.at) };
    };

    it('shares a value between processes, aged by Redis’s clock, for its lifetime', async () => {
      // Bounds only from below or from the time that really passed here, so a busy machine cannot fail it.
      const key = `${prefix('shared')}figures`;
      const [a, b] = [client(), client()].map((redis) => new RedisSharedValue(redis, key, 60_000, revive));
      expect(await a!.read()).toBeNull();
      const at = new Date('2026-01-01T00:00:00.000Z');
      const started = Date.now();
      expect(await a!.offer({ n: 1, at }, await a!.stamp())).toBeNull();
      const read = await b!.read();
      const passed = Date.now() - started;
      expect(read?.value).toEqual({ n: 1, at });
      expect(read?.ageMs).toBeLessThanOrEqual(passed + 5);
      await sleep(300);
      expect((await b!.read())?.ageMs).toBeGreaterThanOrEqual(295);
      const ttls = await keysWithTtl(key);
      expect(ttls.get(key)).toBeGreaterThan(0);
      expect(ttls.get(key)).toBeLessThanOrEqual(60_000);
      // At the end of its lifetime it is gone.
      const brief = new RedisSharedValue(client(), `${prefix('shared-brief')}figures`, 200, revive);
      expect(await brief.offer({ n: 2, at }, await brief.stamp())).toBeNull();
      await sleep(300);
      expect(await brief.read()).toBeNull();
    });

    it('never replaces a value by one computed from an earlier start, and answers the newer one', async () => {
      const key = `${prefix('shared-order')}figures`;
      const [slow, quick] = [client(), client()].map(
        (redis) => new RedisSharedValue(redis, key, 60_000, revive),
      );
      const at = new Date();
      // `slow` starts first and finishes last.
      const slowStart = await slow!.stamp();
      await sleep(2);
      const quickStart = await quick!.stamp();
      expect(quickStart).toBeGreaterThan(slowStart);
      expect(await quick!.offer({ n: 2, at }, quickStart)).toBeNull();
      expect(await slow!.offer({ n: 1, at }, slowStart)).toEqual({ n: 2, at });
      expect((await slow!.read())?.value.n).toBe(2);
      // A later start replaces it.
      expect(await slow!.offer({ n: 3, at }, await slow!.stamp())).toBeNull();
      expect((await quick!.read())?.value.n).toBe(3);
    });

    it('lets one caller at a time refresh it, and throws while Redis is down', async () => {
      const key = `${prefix('shared-refresh')}figures`;
      const values = [client(), client(), client()].map(
        (redis) => new RedisSharedValue(redis, key, 60_000, revive),
      );
      const claims = await Promise.all(values.map((v) => v.claimRefresh(300)));
      expect(claims.filter(Boolean)).toHaveLength(1);
      await sleep(350);
      expect(await values[1]!.claimRefresh(300)).toBe(true);

      const away = new RedisSharedValue(await down(), key, 60_000, revive);
      await expect(away.read()).rejects.toThrow();
    });
  });

  describe('RedisIntervalGate', () => {
    it('lets one caller of all processes through per key and interval', async () => {
      const p = prefix('gate');
      const gates = [client(), client(), client()].map((redis) => new RedisIntervalGate(redis, p));
      const passed = await Promise.all(gates.flatMap((gate) => [gate.pass('k', 400), gate.pass('k', 400)]));
      expect(passed.filter(Boolean)).toHaveLength(1);
      expect(await gates[0]!.pass('other', 400)).toBe(true);
      await sleep(450);
      expect(await gates[2]!.pass('k', 400)).toBe(true);
      expect(await gates[1]!.pass('k', 400)).toBe(false);
    });

    it("keeps a gate in this process's memory while Redis is down", async () => {
      const gate = new RedisIntervalGate(await down(), prefix('gate-down'));
      expect(await gate.pass('k', 60_000)).toBe(true);
      expect(await gate.pass('k', 60_000)).toBe(false);
    });
  });

  it('MemoryIntervalGate: once per key and interval', async () => {
    let now = 1_000;
    const gate = new MemoryIntervalGate(() => now);
    expect(await gate.pass('k', 100)).toBe(true);
    expect(await gate.pass('k', 100)).toBe(false);
    expect(await gate.pass('j', 100)).toBe(true);
    now += 100;
    expect(await gate.pass('k', 100)).toBe(true);
  });
});
