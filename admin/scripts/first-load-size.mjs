/* eslint-disable no-console -- a command-line report */
// The JavaScript the back office loads, gzip-compressed, from the build's manifest (dist/.vite/manifest.json):
// - before sign-in: the entry chunk of index.html and every chunk it imports statically (dynamic imports
//   excluded), what the login page loads;
// - the dashboard: that, and the chunks of the pages the dashboard shows at once (the layout, the dashboard
//   and its sales chart), each with its static imports.
// Fails above either budget, or when a page of the dashboard is not a chunk of its own (loaded with the
// login page, it would be counted in neither).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const BEFORE_SIGN_IN_BUDGET_BYTES = 250 * 1024;
const DASHBOARD_BUDGET_BYTES = 400 * 1024;
/** The modules the dashboard renders as soon as it is shown (App.tsx, SalesPanel.tsx load them lazily). */
const DASHBOARD_MODULES = [
  'src/layout/AppLayout.tsx',
  'src/dashboard/Dashboard.tsx',
  'src/reports/SalesChart.tsx',
];

const dist = resolve(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

/** The chunk of `key` and the chunks it imports statically, transitively, into `files`. */
function collect(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not a chunk of its own in the build's manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files);
  return files;
}

const sizes = new Map();
const gzipped = (file) => {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(dist, file))).length);
  return sizes.get(file);
};
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);

/** Lists `files`, then the total of `before` and them against `budget`; whether it holds. */
function report(title, files, budget, before = 0) {
  let total = before;
  for (const file of files) {
    total += gzipped(file);
    console.log(`${kb(gzipped(file))} KB  ${file}`);
  }
  console.log(`${kb(total)} KB  ${title} (gzip), budget ${budget / 1024} KB`);
  return { total, ok: total <= budget };
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const beforeSignIn = collect(entry);
const dashboardFiles = new Set();
for (const module of DASHBOARD_MODULES) collect(module, dashboardFiles);
const dashboardOnly = [...dashboardFiles].filter((file) => !beforeSignIn.has(file));

const signIn = report('first-load JavaScript before sign-in', beforeSignIn, BEFORE_SIGN_IN_BUDGET_BYTES);
console.log('and then, for the dashboard:');
const dashboard = report(
  'first-load JavaScript of the dashboard',
  dashboardOnly,
  DASHBOARD_BUDGET_BYTES,
  signIn.total,
);
if (!signIn.ok || !dashboard.ok) process.exit(1);
