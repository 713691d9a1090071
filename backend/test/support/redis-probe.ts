import { spawnSync } from 'node:child_process';

/** The Redis the tests count in (`.ci/run` starts one); each test keeps to a key prefix of its own. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** Whether the tests may skip what needs Redis when none answers: never in CI, which has one. */
export const MAY_SKIP_WITHOUT_REDIS = !/^(1|true)$/i.test(process.env.CI ?? '');

/** The line that says the Redis tests were skipped ends with this. */
export const RUN_REDIS_TESTS =
  'start a Redis (redis-server) or point TEST_REDIS_URL at one to run them (CI=true never skips them)';

/** What each of them fails with in CI. */
export const CI_NEEDS_REDIS =
  'CI=true runs the Redis tests, never skips them: start a Redis (redis-server), point TEST_REDIS_URL at ' +
  'one, or leave CI unset to skip them';

/**
 * Whether a Redis answers PING at TEST_REDIS_URL. Asked once per run (the global setup, whose answer the
 * Jest workers inherit through the environment), or once per spec file when it runs without it. Asked in a
 * child process, so that a spec file can decide synchronously, while Jest collects its tests, whether they
 * run; it gives up after 2 s instead of waiting out a client's reconnections.
 */
export function testRedisAnswers(): boolean {
  const known = process.env.TEST_REDIS_STATE;
  if (known === 'up' || known === 'down') return known === 'up';
  const ping = [
    `const { Redis } = require(${JSON.stringify(require.resolve('ioredis'))});`,
    'const redis = new Redis(process.argv[1], { lazyConnect: true, connectTimeout: 2000,',
    '  maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });',
    "redis.on('error', () => {});",
    'redis.connect().then(() => redis.ping()).then(() => process.exit(0), () => process.exit(1));',
  ].join('\n');
  const result = spawnSync(process.execPath, ['-e', ping, TEST_REDIS_URL], {
    stdio: 'ignore',
    timeout: 10_000,
  });
  const answers = result.status === 0;
  process.env.TEST_REDIS_STATE = answers ? 'up' : 'down';
  return answers;
}
