// Imported first by the entry points (main.ts, the command-line tools): ES modules are evaluated in the
// order they are imported, so this exits before any native module is loaded.
import { unsupportedNode } from './node-version.js';

const refusal = unsupportedNode();
if (refusal) {
  process.stderr.write(`${refusal}\n`);
  process.exit(1);
}
