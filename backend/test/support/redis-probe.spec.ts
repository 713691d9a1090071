// A fresh clone's `npm test` needs no Redis: the tests that need one are skipped, named in one line, but
// never in CI. Checked by running Jest itself on one such spec file, against a Redis that is down.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closedRedisUrl } from './redis.js';
import { CI_NEEDS_REDIS, RUN_REDIS_TESTS } from './redis-probe.js';

const SPEC = 'src/redis/redis-stores.spec.ts';

interface JestReport {
  numPassedTests: number;
  numPendingTests: number;
  numFailedTests: number;
  testResults: { assertionResults: { status: string; failureMessages: string[] }[] }[];
}

async function jestWithoutRedis(ci: boolean) {
  const url = await closedRedisUrl();
  const report = join(mkdtempSync(join(tmpdir(), 'store-redis-probe-')), 'report.json');
  const env: NodeJS.ProcessEnv = { ...process.env, TEST_REDIS_URL: url };
  // This run's own answer (Redis up, or down) must not be inherited.
  delete env.TEST_REDIS_STATE;
  delete env.JEST_WORKER_ID;
  if (ci) env.CI = 'true';
  else delete env.CI;
  const run = spawnSync(
    process.execPath,
    [require.resolve('jest/bin/jest'), SPEC, '--json', `--outputFile=${report}`, '--colors=false'],
    { cwd: join(__dirname, '../..'), env, encoding: 'utf8' },
  );
  return {
    url,
    status: run.status,
    output: run.stdout + run.stderr,
    report: JSON.parse(readFileSync(report, 'utf8')) as JestReport,
  };
}

// Nothing here depends on the database: run in the SQLite pass only.
(process.env.TEST_DATABASE_URL ? describe.skip : describe)(
  'the tests that need Redis, when none answers',
  () => {
    it('are skipped, named in one line saying how to run them', async () => {
      const run = await jestWithoutRedis(false);
      expect(run.status).toBe(0);
      expect(run.report).toMatchObject({ numFailedTests: 0, numPassedTests: 0 });
      expect(run.report.numPendingTests).toBeGreaterThan(0);
      const lines = run.output.split('\n').filter((line) => line.startsWith('Skipped without Redis'));
      expect(lines).toEqual([
        `Skipped without Redis (none answers at ${run.url}): the Redis tests of ${SPEC}; ${RUN_REDIS_TESTS}.`,
      ]);
    });

    it('fail at once in CI, saying why', async () => {
      const run = await jestWithoutRedis(true);
      expect(run.status).toBe(1);
      expect(run.report).toMatchObject({ numFailedTests: 1, numPassedTests: 0, numPendingTests: 0 });
      const [failed] = run.report.testResults[0]!.assertionResults.filter((test) => test.status === 'failed');
      expect(failed!.failureMessages[0]).toContain(
        `No Redis answers at ${run.url} (TEST_REDIS_URL). ${CI_NEEDS_REDIS}`,
      );
      expect(run.output).not.toContain('Skipped without Redis');
    });
  },
);
