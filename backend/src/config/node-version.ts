import semver from 'semver';

/**
 * The Node versions the store runs on: the root package.json's engines.node (node-version.spec.ts keeps the
 * two equal), which is where every dependency's own engines range meets: typeorm wants ^22.13 or >=24.11,
 * lighthouse >=22.19, and a development tool leaves out Node 25. Node 24 LTS is the one CI runs.
 */
export const SUPPORTED_NODE = '^22.19.0 || ^24.11.0 || >=26.0.0';

/**
 * Why this Node cannot run the store, or null when it can. The built server and `rotate-secrets` ask it
 * before anything else loads: on Node 20 a native module would otherwise end the process in a
 * segmentation fault that names no version (the Docker image and `node backend/dist/main.js` skip npm and
 * its checks).
 */
export function unsupportedNode(found = process.versions.node, required = SUPPORTED_NODE): string | null {
  if (satisfies(found, required)) return null;
  return (
    `This store needs Node ${required}; this is Node ${found} (${process.execPath}).\n` +
    'Install Node 24 LTS (the version .nvmrc names: `nvm install`, or https://nodejs.org), then run again.'
  );
}

/** Whether `version` is in `range` (npm's semver; a pre-release of a supported version counts). */
export function satisfies(version: string, range: string): boolean {
  return semver.satisfies(version, range, { includePrerelease: true });
}
