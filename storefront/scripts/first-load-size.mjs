/* eslint-disable no-console -- a command-line report */
// The JavaScript a browser loads before the first render of `/`: the entry chunk of dist/index.html and
// every chunk it imports statically (dynamic imports excluded), gzip-compressed. Fails above the budget.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 130 * 1024;
const dist = resolve(import.meta.dirname, '..', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]);

const seen = new Set();
function visit(file) {
  if (seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  const staticImports = [
    ...code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g),
    ...code.matchAll(/\bexport\s*\*?\s*(?:\{[^}]*\}\s*)?from\s*["']([^"']+)["']/g),
  ].map((m) => m[1]);
  for (const spec of staticImports) if (spec.startsWith('.')) visit(resolve(dirname(file), spec));
}
for (const entry of entries) visit(join(dist, entry.replace(/^\//, '')));

let total = 0;
for (const file of seen) {
  const gz = gzipSync(readFileSync(file)).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${file.slice(dist.length + 1)}`);
}
console.log(
  `${(total / 1024).toFixed(1).padStart(7)} KB  first-load JavaScript of / (gzip), budget ${BUDGET_BYTES / 1024} KB`,
);
if (total > BUDGET_BYTES) process.exit(1);
