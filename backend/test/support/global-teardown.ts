import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { dropDatabase } from '@store/testing';
import { MAY_SKIP_WITHOUT_REDIS, RUN_REDIS_TESTS, TEST_REDIS_URL, testRedisAnswers } from './redis-probe.ts'; // .ts: Jest's global hooks load it without the moduleNameMapper
import { TEMPLATE_OWNER_VARIABLE, TEMPLATE_VARIABLE } from './global-setup.ts'; // .ts: likewise

/**
 * After the run: drops the template database (global-setup.ts); then, below Jest's summary, where it is
 * seen, when the Redis tests were skipped, one line naming the spec files that hold them (those this run
 * selected) and how to run them.
 */
export default async function globalTeardown(
  global: { testPathPatterns: { patterns: string[] } },
  project: { roots: string[]; rootDir: string },
): Promise<void> {
  const template = process.env[TEMPLATE_VARIABLE];
  if (template && process.env[TEMPLATE_OWNER_VARIABLE] === String(process.pid)) await dropDatabase(template);
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
