import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findProjectRoot } from './app-config.js';
import { satisfies, SUPPORTED_NODE, unsupportedNode } from './node-version.js';

const ROOT = findProjectRoot(__dirname);
const PREFLIGHT = join(ROOT, 'scripts/check-node-version.mjs');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
};
/** The Node many machines still have as `node` (Debian's); checked for real when it is there and older. */
const SYSTEM_NODE = '/usr/bin/node';

describe('the Node versions the store runs on', () => {
  it('are the ones package.json declares, and npm refuses the others on install', () => {
    expect(SUPPORTED_NODE).toBe(manifest.engines.node);
    expect(readFileSync(join(ROOT, '.npmrc'), 'utf8')).toMatch(/^engine-strict=true$/m);
  });

  it.each([
    ['20.20.2', false],
    ['22.18.0', false],
    ['22.19.0', true],
    ['23.11.0', false],
    ['24.0.0', false],
    ['24.10.0', false],
    ['24.11.0', true],
    ['24.22.3', true],
    ['25.2.1', false],
    ['26.0.0', true],
    ['v26.12.1', true],
  ])('Node %s is supported: %s', (version, supported) => {
    expect(satisfies(version, SUPPORTED_NODE)).toBe(supported);
    expect(unsupportedNode(version) === null).toBe(supported);
  });

  it('tells the built server to refuse an unsupported Node first, naming both versions', () => {
    expect(unsupportedNode('20.20.2')).toBe(
      `This store needs Node ${SUPPORTED_NODE}; this is Node 20.20.2 (${process.execPath}).\n` +
        'Install Node 24 LTS (the version .nvmrc names: `nvm install`, or https://nodejs.org), then run again.',
    );
    // Before any other import: a native module loaded on Node 20 ends the process in a segmentation fault.
    const main = readFileSync(join(ROOT, 'backend/src/main.ts'), 'utf8');
    expect(main.split('\n').find((line) => line.startsWith('import '))).toMatch(
      /^import '\.\/config\/refuse-unsupported-node\.js';/,
    );
  });

  describe('npm start and npm run dev check it before building', () => {
    const preflight = (node: string, ...args: string[]) =>
      spawnSync(node, [PREFLIGHT, ...args], { encoding: 'utf8' });

    it('are preceded by the check', () => {
      for (const script of ['start', 'dev'])
        expect(manifest.scripts[script]).toMatch(/^node scripts\/check-node-version\.mjs && /);
    });

    it('passes on this Node, silently', () => {
      const result = preflight(process.execPath);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    });

    it('stops on an older Node with the version needed and the version found', () => {
      const result = preflight(process.execPath, '20.20.2');
      expect(result.status).toBe(1);
      expect(result.stderr).toBe(
        `This store needs Node ${SUPPORTED_NODE}; this is Node 20.20.2.\n` +
          'Install Node 24 LTS (the version .nvmrc names: `nvm install`, or https://nodejs.org), then run again.\n',
      );
    });

    const systemNode = existsSync(SYSTEM_NODE)
      ? spawnSync(SYSTEM_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim()
      : '';
    const older = systemNode && !satisfies(systemNode, SUPPORTED_NODE);
    (older ? it : it.skip)(`stops when run by ${SYSTEM_NODE} (Node ${systemNode || 'absent'})`, () => {
      const result = preflight(SYSTEM_NODE);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        `This store needs Node ${SUPPORTED_NODE}; this is Node ${systemNode} (${SYSTEM_NODE}).`,
      );
    });
  });
});
