// The Dockerfile cannot be built here (no Docker engine): it is read, with package-lock.json, to check what
// its run-time image holds: the builds, and what the server loads, not the front ends' build tools.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findProjectRoot } from '../src/config/app-config.js';

const ROOT = findProjectRoot(__dirname);

interface Stage {
  name: string;
  from: string;
  lines: string[];
}

/** The Dockerfile's stages, each with its instructions (continued lines joined). */
function stages(text: string): Stage[] {
  const instructions = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const result: Stage[] = [];
  for (const line of instructions) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?$/i.exec(line);
    if (from) result.push({ from: from[1]!, name: from[2] ?? '', lines: [] });
    else result.at(-1)?.lines.push(line);
  }
  return result;
}

interface LockPackage {
  /** A workspace's link in node_modules: its entry is `resolved`. */
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/**
 * What `npm ci --omit=dev --workspace <workspace>` installs for the workspace's dependencies, by path in
 * package-lock.json's tree: those and theirs, peers included (npm installs an optional peer too when the lock
 * file holds it), each resolved as Node resolves it (the nearest node_modules first). npm also adds a few
 * helpers the lock file shares with them; none is a front end's library.
 */
function productionClosure(workspace: string): Set<string> {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockPackage>;
  };
  const found = new Set<string>();
  const visit = (path: string): void => {
    const pkg = lock.packages[path]!;
    if (pkg.link) return visit(pkg.resolved!);
    const names = [pkg.dependencies, pkg.optionalDependencies, pkg.peerDependencies].flatMap((deps) =>
      Object.keys(deps ?? {}),
    );
    for (const name of names) {
      const resolved = resolve(lock.packages, path, name);
      if (!resolved || found.has(resolved)) continue;
      found.add(resolved);
      visit(resolved);
    }
  };
  visit(workspace);
  return found;
}

/** A package's name from its path in the tree. */
const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

function resolve(packages: Record<string, unknown>, from: string, name: string): string | null {
  for (let dir = from; ; dir = parentOf(dir)) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (candidate in packages) return candidate;
    if (!dir) return null;
  }
}

/** The package whose node_modules holds this one ('' for the root); a workspace's is the root. */
function parentOf(path: string): string {
  const cut = path.lastIndexOf('node_modules/');
  return cut < 0 ? '' : path.slice(0, cut).replace(/\/$/, '');
}

const DOCKERFILE = stages(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
const manifest = (workspace: string) =>
  JSON.parse(readFileSync(join(ROOT, workspace, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };

describe('Dockerfile', () => {
  const runtime = DOCKERFILE.at(-1)!;
  const copiedFrom = (target: string) =>
    runtime.lines
      .map((line) => /^COPY\s+--from=(\S+)\s+(\S+)\s+(\S+)$/.exec(line))
      .find((copy) => copy?.[3] === target)?.[1];

  it("runs on a slim image with the server's production dependencies alone", () => {
    expect(runtime.from).toMatch(/^node:24-bookworm-slim$/);
    for (const modules of ['./node_modules', './backend/node_modules']) {
      const stage = DOCKERFILE.find((s) => s.name === copiedFrom(modules))!;
      expect(stage.lines).toContain('RUN npm ci --omit=dev --workspace backend --no-audit --no-fund');
      // Nothing else is installed into it.
      expect(stage.lines.filter((line) => /^RUN\b/.test(line))).toHaveLength(1);
      // From the same manifests, lock file and .npmrc (engine-strict) as the build.
      const base = DOCKERFILE.find((s) => s.name === stage.from)!;
      expect(base.lines).toContain('COPY package.json package-lock.json .npmrc ./');
      expect(DOCKERFILE.find((s) => s.name === 'build')!.from).toBe(base.name);
    }
    // The builds come from the build stage.
    for (const dist of ['./backend/dist', './storefront/dist', './admin/dist'])
      expect(copiedFrom(dist)).toBe('build');
  });

  it('leaves out the front ends\u2019 libraries: they are bundled into the builds', () => {
    const installed = productionClosure('backend');
    const server = new Set([...installed].map(nameOf));
    expect(server.has('@nestjs/core')).toBe(true);
    expect(server.has('better-sqlite3')).toBe(true);
    // ioredis 6, which npm does not hoist: what the runtime stage copies from backend/node_modules.
    expect(installed.has('backend/node_modules/ioredis')).toBe(true);
    // A library both sides use (libphonenumber-js) is the server's too.
    const serverOwn = new Set(Object.keys(manifest('backend').dependencies));
    const frontEnds = ['admin', 'storefront'].flatMap((workspace) =>
      Object.keys(manifest(workspace).dependencies).filter(
        (name) => !name.startsWith('@store/') && !serverOwn.has(name),
      ),
    );
    expect(frontEnds).toEqual(
      expect.arrayContaining(['@mui/icons-material', '@mui/material', 'react', 'react-admin']),
    );
    expect(frontEnds.filter((name) => server.has(name))).toEqual([]);
  });
});
