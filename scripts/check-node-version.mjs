// Run first by `npm start` and `npm run dev`: on a Node the store does not support, the build or the server
// fails later with an error that says nothing of the version (Node 20 ends in a segmentation fault inside a
// native module), so this stops at once and says which Node is needed. The range is package.json's
// engines.node, which `npm install` also enforces (engine-strict in .npmrc). Written for old Nodes too: no
// dependency, and plain JavaScript any Node with ES modules runs.
//
// `node scripts/check-node-version.mjs [version]` checks `version` instead of this Node's (for its test).
import { readFileSync } from 'node:fs';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const required = engines.node;
const found = process.argv[2] || process.versions.node;

if (!satisfies(found, required)) {
  const which = process.argv[2] ? '' : ` (${process.execPath})`;
  process.stderr.write(
    `This store needs Node ${required}; this is Node ${found}${which}.\n` +
      'Install Node 24 LTS (the version .nvmrc names: `nvm install`, or https://nodejs.org), then run again.\n',
  );
  process.exit(1);
}

/** The subset of npm's ranges package.json uses: `||` of comparator sets (^x.y.z, >=, >, <=, <, =). */
function satisfies(version, range) {
  const v = parse(version);
  return range.split('||').some((set) =>
    set
      .trim()
      .split(/\s+/)
      .every((comparator) => {
        const [, op, operand] = /^(\^|>=|<=|>|<|=)?\s*v?(.+)$/.exec(comparator);
        const bound = parse(operand);
        const order = compare(v, bound);
        if (op === '^') return order >= 0 && v[0] === bound[0];
        if (op === '>=') return order >= 0;
        if (op === '>') return order > 0;
        if (op === '<=') return order <= 0;
        if (op === '<') return order < 0;
        return order === 0;
      }),
  );
}

function parse(version) {
  const parts = version.replace(/^v/, '').split(/[.-]/).slice(0, 3).map(Number);
  while (parts.length < 3) parts.push(0);
  return parts;
}

function compare(a, b) {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}
