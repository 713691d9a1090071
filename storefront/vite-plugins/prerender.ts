import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { precompressFile } from './precompress.ts';

/** Renders the pages for Node; built beside node_modules, where Node finds the packages it imports. */
const ENTRY = 'src/entry-prerender.tsx';
const SSR_DIR = 'node_modules/.cache/prerender';

/** What src/entry-prerender.tsx exports. */
interface PrerenderEntry {
  PRERENDERED_PATHS: readonly string[];
  NOT_FOUND_PATH: string;
  ROUTE_PATHS: readonly string[];
  LISTED_PATHS: readonly string[];
  PRIVATE_PATHS: readonly string[];
  prerenderPage(path: string, shell: string): Promise<string>;
}

/**
 * What the server learns of the app's addresses from the build (`routes.json`, read by
 * backend/src/web/static-apps.ts): the ones it has pages for (any other is answered with `notFound`, the
 * not-found page, and status 404), those listed in the sitemap, and those robots.txt keeps crawlers out of.
 */
export interface BuildRoutes {
  routes: readonly string[];
  notFound: string;
  sitemap: readonly string[];
  private: readonly string[];
}

/**
 * Where the page of `path` is written, under the build's `prerendered/` folder: `/` in index.html, `/eula`
 * in eula.html, `/products/office-2024-standard` in products/office-2024-standard.html. The server
 * (backend/src/web/static-apps.ts) reads them back by the same rule.
 */
export const prerenderedFile = (path: string) => `${path === '/' ? 'index' : path.slice(1)}.html`;

/**
 * Once the browser build is written, renders each page that shows every visitor the same thing into an
 * HTML file: the app's index.html with the page's markup, styles and head tags, which the browser paints
 * before any script has run, then hydrates. A page that fails to render fails the build.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'store:prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const ssrDir = join(config.root, SSR_DIR);
      await build({
        root: config.root,
        configFile: config.configFile,
        mode: config.mode,
        // The same values as the browser build (the build year), not evaluated a second time.
        define: config.define,
        logLevel: 'warn',
        build: { ssr: ENTRY, outDir: ssrDir, emptyOutDir: true, copyPublicDir: false, minify: false },
      });
      try {
        const entry = (await import(
          pathToFileURL(join(ssrDir, 'entry-prerender.js')).href
        )) as PrerenderEntry;
        const outDir = resolve(config.root, config.build.outDir);
        const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
        const pagesDir = join(outDir, 'prerendered');
        mkdirSync(pagesDir, { recursive: true });
        const paths = [...entry.PRERENDERED_PATHS, entry.NOT_FOUND_PATH];
        for (const path of paths) {
          const file = join(pagesDir, prerenderedFile(path));
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, await entry.prerenderPage(path, shell));
          precompressFile(file);
        }
        const routes: BuildRoutes = {
          routes: entry.ROUTE_PATHS,
          notFound: prerenderedFile(entry.NOT_FOUND_PATH),
          sitemap: entry.LISTED_PATHS,
          private: entry.PRIVATE_PATHS,
        };
        writeFileSync(join(outDir, 'routes.json'), `${JSON.stringify(routes, null, 2)}\n`);
        config.logger.info(`prerendered ${paths.length} pages into ${pagesDir}`);
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
