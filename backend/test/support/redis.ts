import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { Logger } from '@nestjs/common';
import { connectRedis } from '../../src/redis/redis.module.js';
import { CI_NEEDS_REDIS, MAY_SKIP_WITHOUT_REDIS, TEST_REDIS_URL, testRedisAnswers } from './redis-probe.js';

export { TEST_REDIS_URL };

/**
 * `describe` for tests that need a live Redis at TEST_REDIS_URL. Without one they are skipped (the global
 * teardown names their files in one line, saying how to run them), so that a fresh clone's `npm test`
 * needs no Redis; but with CI=true, where Redis is part of the machine, they fail at once, naming the URL,
 * rather than being skipped or waiting out their clients' timeouts.
 */
export function describeWithRedis(name: string, tests: () => void): void {
  if (testRedisAnswers()) describe(name, tests);
  else if (MAY_SKIP_WITHOUT_REDIS) describe.skip(name, tests);
  else
    describe(name, () => {
      it('needs Redis', () => {
        throw new Error(`No Redis answers at ${TEST_REDIS_URL} (TEST_REDIS_URL). ${CI_NEEDS_REDIS}`);
      });
    });
}

let prefixCounter = 0;

/** A key prefix no other test, worker or run uses. */
export function testKeyPrefix(name: string): string {
  return `store-test:${name}:${process.pid}:${Date.now()}:${prefixCounter++}:`;
}

/** Removes every key under `prefix` (never a FLUSHALL: the Redis may be shared). */
export async function dropKeys(prefix: string): Promise<void> {
  if (!testRedisAnswers()) return;
  const redis = new Redis(TEST_REDIS_URL);
  try {
    for (let cursor = '0'; ;) {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
      if (cursor === '0') break;
    }
  } finally {
    await closeClient(redis);
  }
}

/** The keys under `prefix` and their time to live in ms (-1: none). */
export async function keysWithTtl(prefix: string): Promise<Map<string, number>> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    const keys = await redis.keys(`${prefix}*`);
    const ttls = await Promise.all(keys.map((key) => redis.pttl(key)));
    return new Map(keys.map((key, i) => [key, ttls[i]!]));
  } finally {
    await closeClient(redis);
  }
}

/** A redis:// URL of a local port nothing listens on (a Redis that is down). */
export async function closedRedisUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return `redis://127.0.0.1:${port}`;
}

/** Closes a client without leaving a timer behind (disconnect() keeps one for a couple of seconds). */
export async function closeClient(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit();
  else redis.disconnect();
}

/**
 * Redis clients for one spec file, closed and their keys dropped after it: `client()` a connection of its
 * own (as another process would have), `prefix(name)` a fresh key prefix, `down()` a client of a Redis
 * that is down. The outage tests log at ERROR on purpose, so Logger.error is silenced for the file.
 */
export function redisTestKit() {
  const clients: Redis[] = [];
  const prefixes: string[] = [];
  beforeAll(() => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterAll(async () => {
    for (const redis of clients) await closeClient(redis);
    for (const p of prefixes) await dropKeys(p);
    jest.restoreAllMocks();
  });
  return {
    client(): Redis {
      const redis = new Redis(TEST_REDIS_URL);
      clients.push(redis);
      return redis;
    },
    prefix(name: string): string {
      const p = testKeyPrefix(name);
      prefixes.push(p);
      return p;
    },
    async down(): Promise<Redis> {
      const redis = await connectRedis(await closedRedisUrl(), new Logger('test'));
      clients.push(redis);
      return redis;
    },
  };
}
