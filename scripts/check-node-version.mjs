// Run first by `npm start` and `npm run dev`: on a Node the store does not support, the build or the server
// fails later with an error that says nothing of the version (Node 20 ends in a segmentation fault inside a
// native module), so this stops at once and says which Node is needed. The range is package.json's
// engines.node, which `npm install` also enforces (engine-strict in .npmrc). Written for old Nodes too: plain
// JavaScript any Node with ES modules runs, and npm's own semver (which supports Node 10 and later).
//
// `node scripts/check-node-version.mjs [version]` checks `version` instead of this Node's (for its test).
import { readFileSync } from 'node:fs';
import semver from 'semver';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const required = engines.node;
const found = process.argv[2] || process.versions.node;

if (!semver.satisfies(found, required, { includePrerelease: true })) {
  const which = process.argv[2] ? '' : ` (${process.execPath})`;
  process.stderr.write(
    `This store needs Node ${required}; this is Node ${found}${which}.\n` +
      'Install Node 24 LTS (the version .nvmrc names: `nvm install`, or https://nodejs.org), then run again.\n',
  );
  process.exit(1);
}
