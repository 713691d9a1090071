// `npm run test:quick [-- --since <ref>]`: the inner loop while changing the code, in a minute or two
// where `npm test` takes many. It looks at what changed since <ref> (by default where this branch left
// main, or the last commit on main itself), committed or not, and runs on that alone: ESLint (with its
// cache) and Prettier on the changed files, the type check of the workspaces they are in (all of them
// when the contracts or the test kit changed), and the tests of those workspaces related to the changed
// files (Vitest's --changed; for the backend its unit specs related to the change and the API suites that
// changed themselves: nearly every API suite boots the whole app, so Jest would call all of them related).
// The other API suites, the journeys, the MariaDB suites and the resilience suite are not run: `npm test`
// and CI run everything before a change lands.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const WORKSPACES = ['contracts', 'testing', 'backend', 'storefront', 'admin', 'e2e', 'bench'];
// Every workspace's code is checked against these: a change to them is a change to all.
const SHARED = ['contracts', 'testing'];
const LINTED = /\.(ts|tsx|js|mjs|cjs)$/;

function git(...args) {
  const result = spawnSync('git', args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

function sinceRef() {
  const flag = process.argv.indexOf('--since');
  if (flag !== -1) {
    const ref = process.argv[flag + 1];
    if (!ref) throw new Error('--since needs a commit, e.g. --since main');
    return ref;
  }
  const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
  if (branch === 'main') return 'HEAD';
  return spawnSync('git', ['rev-parse', '--verify', '--quiet', 'main']).status === 0
    ? git('merge-base', 'HEAD', 'main')
    : 'HEAD';
}

const steps = [];
function run(name, command, args) {
  console.log(`\n--- ${name}: ${command} ${args.join(' ')}`);
  const began = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit' });
  steps.push({ name, ok: result.status === 0, seconds: (Date.now() - began) / 1000 });
  return result.status === 0;
}

const since = sinceRef();
const changed = [
  ...new Set([
    ...git('diff', '--name-only', since).split('\n'),
    ...git('ls-files', '--others', '--exclude-standard').split('\n'),
  ]),
].filter((file) => file && existsSync(file));
if (changed.length === 0) {
  console.log(`Nothing changed since ${since}: nothing to check.`);
  process.exit(0);
}
const touched = WORKSPACES.filter((workspace) => changed.some((file) => file.startsWith(`${workspace}/`)));
const checked = touched.some((workspace) => SHARED.includes(workspace)) ? WORKSPACES : touched;
console.log(
  `${changed.length} file(s) changed since ${since}; workspaces: ${touched.join(', ') || 'none (root files only)'}`,
);

const linted = changed.filter((file) => LINTED.test(file));
if (linted.length) run('eslint', 'npx', ['eslint', '--cache', '--max-warnings', '0', ...linted]);
run('prettier', 'npx', ['prettier', '--check', '--ignore-unknown', ...changed]);
if (checked.length) run('typecheck', 'npm', ['run', 'typecheck', ...checked.flatMap((w) => ['-w', w])]);

if (checked.includes('contracts')) run('contracts tests', 'npm', ['test', '-w', 'contracts']);
if (checked.includes('backend')) {
  run('backend unit specs related to the change', 'npm', [
    'test',
    '-w',
    'backend',
    '--',
    '--roots',
    '<rootDir>/src',
    '--changedSince',
    since,
    '--passWithNoTests',
  ]);
  const suites = changed.filter((file) => /^backend\/test\/.*\.e2e-spec\.ts$/.test(file));
  if (suites.length)
    run('backend API suites changed', 'npm', [
      'test',
      '-w',
      'backend',
      '--',
      ...suites.map((f) => f.slice(8)),
    ]);
}
for (const app of ['storefront', 'admin'].filter((w) => checked.includes(w)))
  run(`${app} tests related to the change`, 'npm', ['test', '-w', app, '--', '--changed', since]);

console.log('\nQuick check (not the journeys, MariaDB or resilience suites: `npm test` and CI run those)');
for (const step of steps)
  console.log(`${step.ok ? 'ok    ' : 'FAILED'} ${step.name} (${step.seconds.toFixed(0)} s)`);
process.exit(steps.every((step) => step.ok) ? 0 : 1);
