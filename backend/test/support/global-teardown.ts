import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { MAY_SKIP_WITHOUT_REDIS, RUN_REDIS_TESTS, TEST_REDIS_URL, testRedisAnswers } from './redis-probe.ts'; // .ts: Jest's global hooks load it without the moduleNameMapper

/**
 * After the run (below Jest's summary, where it is seen): when the Redis tests were skipped, one line
 * naming the spec files that hold them (those this run selected) and how to run them.
 */
export default function globalTeardown(
  global: { testPathPatterns: { patterns: string[] } },
  project: { roots: string[]; rootDir: string },
): void {
  if (testRedisAnswers() || !MAY_SKIP_WITHOUT_REDIS) return;
  const selected = global.testPathPatterns.patterns.map((pattern) => new RegExp(pattern, 'i'));
  const files = project.roots
    .flatMap((root) => specFiles(root))
    .filter((file) => !selected.length || selected.some((pattern) => pattern.test(file)))
    .filter((file) => readFileSync(file, 'utf8').includes('describeWithRedis'))
    .map((file) => relative(project.rootDir, file));
  if (!files.length) return;
  process.stdout.write(
    `\nSkipped without Redis (none answers at ${TEST_REDIS_URL}): the Redis tests of ${files.join(', ')}; ` +
      `${RUN_REDIS_TESTS}.\n`,
  );
}

function specFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : specFiles(path);
    return /\.(spec|e2e-spec)\.ts$/.test(entry.name) ? [path] : [];
  });
}
