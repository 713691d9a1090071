import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; smaller ones are served as they are. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside a text file of the build; the server sends them to
 * browsers that accept them, at no CPU cost per request. A copy that would not be smaller is not written.
 */
export function precompressFile(file: string): void {
  if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) return;
  const source = readFileSync(file);
  const copies = {
    br: brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz: gzipSync(source, { level: 9 }),
  };
  for (const [extension, copy] of Object.entries(copies))
    if (copy.length < source.length) writeFileSync(`${file}.${extension}`, copy);
}

/** Compresses each file of the browser build once it is written (@fastify/static `preCompressed`). */
export function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  return {
    name: 'store:precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      for (const file of walk(outDir)) precompressFile(file);
    },
  };
}
