import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/app-config.js';
import { escapeHtml } from '../emails/mail-text.js';
import { NO_STORE, PAGES_WITH_SECRETS } from './security.js';

const logger = new Logger('StaticApps');

/** Hashed build assets never change; everything else (index.html) is revalidated on each visit. */
function cacheHeaders(reply: FastifyReply, path: string): void {
  void reply.header(
    'cache-control',
    /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
}

/** A path whose last segment has an extension asks for a file, not for a page of the app. */
const looksLikeFile = (url: string) => /\.[a-z0-9]+$/i.test(url.split('?')[0]!.split('/').pop() ?? '');

/** An HTML page of a build, read once at boot: the file, and the Brotli and gzip copies the build wrote. */
interface Page {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** The schema.org markup of a storefront page (stock/structured-data.ts), or null for a page without. */
export type StructuredDataOf = (path: string) => Promise<object[] | null>;

/**
 * A page with schema.org markup (JSON-LD) at the end of its <head>, and its compressed copies, kept for the
 * next request with the same markup (it changes when a price or a stock level does): one entry per page.
 */
function markupAdder(): (page: Page, data: object[]) => Page {
  const made = new Map<Page, { json: string; page: Page }>();
  return (page, data) => {
    // Inside <script>: no "</script>" or "<!--" can be spelled by a product's words.
    const json = JSON.stringify(data).replaceAll('<', '\\u003c');
    const kept = made.get(page);
    if (kept?.json === json) return kept.page;
    const scripts = `<script type="application/ld+json">${json}</script>`;
    const identity = Buffer.from(
      page.identity.toString('utf8').replace('</head>', () => `${scripts}</head>`),
    );
    const withData: Page = {
      identity,
      br: page.br ? brotliCompressSync(identity) : undefined,
      gzip: page.gzip ? gzipSync(identity, { level: 9 }) : undefined,
    };
    made.set(page, { json, page: withData });
    return withData;
  };
}

/**
 * The storefront's addresses, as its build lists them in routes.json (storefront/vite-plugins/prerender.ts):
 * those the app has a page for, the not-found page's file, the pages for the sitemap and those robots.txt
 * keeps crawlers out of.
 */
interface BuildRoutes {
  routes: string[];
  notFound: string;
  sitemap: string[];
  private: string[];
}

/**
 * A front end's pages: its SPA fallback (index.html) and the pages prerendered at build time, by path; for
 * a build that lists its addresses, those and its not-found page (any other address is a 404).
 */
interface AppPages {
  index: Page;
  prerendered: Map<string, Page>;
  routes?: Omit<BuildRoutes, 'notFound'> & { known: Set<string>; notFound: Page };
}

/**
 * What the storefront's pages carry in place of the store's address (storefront/src/lib/publicUrl.ts): a
 * build does not know where it will be served, so the server writes its PUBLIC_URL over it as it reads them.
 */
export const PUBLIC_URL_PLACEHOLDER = 'https://public-url.invalid';

function readPage(file: string, publicUrl: string): Page {
  const copy = (extension: string) =>
    existsSync(`${file}.${extension}`) ? readFileSync(`${file}.${extension}`) : undefined;
  const built = readFileSync(file);
  if (!built.includes(PUBLIC_URL_PLACEHOLDER)) return { identity: built, br: copy('br'), gzip: copy('gz') };
  const identity = Buffer.from(built.toString('utf8').replaceAll(PUBLIC_URL_PLACEHOLDER, publicUrl));
  // The build's compressed copies hold the placeholder: compressed again, once, at boot.
  return {
    identity,
    br: existsSync(`${file}.br`) ? brotliCompressSync(identity) : undefined,
    gzip: existsSync(`${file}.gz`) ? gzipSync(identity, { level: 9 }) : undefined,
  };
}

/**
 * The storefront's prerendered pages (storefront/vite-plugins/prerender.ts writes them): `prerendered/eula.html`
 * is the page of /eula, `prerendered/products/office-2024-standard.html` that of /products/office-2024-standard,
 * `prerendered/index.html` the page of /.
 */
function readPrerendered(root: string, publicUrl: string): Map<string, Page> {
  const dir = join(root, 'prerendered');
  const pages = new Map<string, Page>();
  if (!existsSync(dir)) return pages;
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.html'),
  );
  for (const name of files)
    pages.set(
      name === 'index.html' ? '/' : `/${name.slice(0, -'.html'.length).split(sep).join('/')}`,
      readPage(join(dir, name), publicUrl),
    );
  return pages;
}

/** The path as the storefront's router matches it: without query, regardless of case and trailing slash. */
function routePath(url: string): string {
  const path = url.split('?')[0]!.toLowerCase();
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The compressed copy to send, Brotli first, if the request's Accept-Encoding allows one (q above 0). */
function encodingFor(page: Page, acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [coding = '', ...params] = part.split(';').map((token) => token.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(coding, q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (coding: string) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  return (['br', 'gzip'] as const).find((coding) => page[coding] && accepts(coding));
}

/**
 * Serves the two built front ends from the API process: the back office under /admin/ and the storefront
 * at /, each with its SPA fallback (a GET of one of its pages returns its index.html and its router takes
 * over). A storefront page prerendered at build time is sent instead of the fallback, for the browser to
 * paint before the scripts have loaded; an address the storefront has no page for is its not-found page
 * with status 404; robots.txt and sitemap.xml come from the addresses its build lists. An unknown /api
 * path falls through to Nest's JSON 404.
 */
export async function registerStaticApps(
  app: NestFastifyApplication,
  dirs: AppConfig['staticDirs'],
  publicUrl: string,
  structuredData?: StructuredDataOf,
) {
  const fastify = app.getHttpAdapter().getInstance();
  const admin = await mount(app, dirs.admin, '/admin/', true, publicUrl);
  const storefront = await mount(app, dirs.storefront, '/', false, publicUrl);

  // The prerendered pages are 30-60 KB, 5-8 KB once compressed: their copies are worth sending. An address
  // the storefront has no page for (a typo, /wp-login.php, a file that is not there) is its not-found page
  // with status 404, so that crawlers and monitors do not take it for a page.
  const withMarkup = markupAdder();
  const sendPage =
    (pages: AppPages | undefined, markup?: StructuredDataOf) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      if (!pages) return reply.callNotFound();
      const { routes } = pages;
      const file = looksLikeFile(req.url);
      if (file && !routes) return reply.callNotFound();
      const path = routePath(req.url);
      const known = !file && (!routes || routes.known.has(path));
      const found = known || !routes ? (pages.prerendered.get(path) ?? pages.index) : routes.notFound;
      const data = known && markup ? await markupOrNone(markup, path) : null;
      const page = data ? withMarkup(found, data) : found;
      const encoding = encodingFor(page, req.headers['accept-encoding']);
      void reply
        .code(known ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', PAGES_WITH_SECRETS.includes(path) ? NO_STORE : 'no-cache');
      if (page.br || page.gzip) void reply.header('vary', 'accept-encoding');
      if (encoding) void reply.header('content-encoding', encoding);
      return reply.send(page[encoding ?? 'identity']);
    };

  const routes = storefront?.routes;
  if (routes) {
    const robots = robotsTxt(routes, publicUrl);
    const sitemap = sitemapXml(routes, publicUrl);
    fastify.get('/robots.txt', (_req, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(robots),
    );
    fastify.get('/sitemap.xml', (_req, reply) =>
      reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache').send(sitemap),
    );
  }

  fastify.get('/admin', (_req, reply) => reply.redirect('/admin/', 301));
  fastify.get('/admin/*', sendPage(admin));
  fastify.get('/*', (req, reply) => {
    if (req.url === '/api' || req.url.startsWith('/api/') || req.url.startsWith('/api?'))
      return reply.callNotFound();
    return sendPage(storefront, structuredData)(req, reply);
  });
}

/**
 * The page's markup, or none when it cannot be made (the database unreachable a moment, say): the page is
 * worth more to a shopper without its schema.org markup than a 500 in its place.
 */
async function markupOrNone(markup: StructuredDataOf, path: string): Promise<object[] | null> {
  try {
    return await markup(path);
  } catch (error) {
    logger.warn(`The page ${path} is sent without its structured data: ${(error as Error).message}`);
    return null;
  }
}

async function mount(
  app: NestFastifyApplication,
  root: string,
  prefix: string,
  decorate: boolean,
  publicUrl: string,
): Promise<AppPages | undefined> {
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) {
    logger.warn(`No build at ${root}: run "npm run build" to serve ${prefix}`);
    return undefined;
  }
  await app.register(fastifyStatic, {
    root,
    prefix,
    wildcard: false,
    // The pages (index.html at the prefix too) are sent by registerStaticApps.
    index: false,
    decorateReply: decorate,
    // The builds hold Brotli and gzip copies of their text files (storefront/vite-plugins/precompress.ts):
    // sent to browsers that accept them, with `Vary: Accept-Encoding`; other files and browsers get the file
    // itself.
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz', 'prerendered/**'],
    setHeaders: cacheHeaders,
  });
  const prerendered = readPrerendered(root, publicUrl);
  return { index: readPage(indexFile, publicUrl), prerendered, routes: readRoutes(root, publicUrl) };
}

/** The build's routes.json, when it has one (the storefront's); its not-found page read as the others. */
function readRoutes(root: string, publicUrl: string): AppPages['routes'] {
  const file = join(root, 'routes.json');
  if (!existsSync(file)) return undefined;
  const routes = JSON.parse(readFileSync(file, 'utf8')) as BuildRoutes;
  return {
    ...routes,
    known: new Set(routes.routes.map(routePath)),
    notFound: readPage(join(root, 'prerendered', routes.notFound), publicUrl),
  };
}

/** robots.txt: everything but the back office, the API and the pages of one visitor; where the sitemap is. */
function robotsTxt(routes: Pick<BuildRoutes, 'private'>, publicUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /admin/',
    'Disallow: /api/',
    ...routes.private.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The sitemap (sitemaps.org): the storefront's pages for search engines, at the store's public address. */
function sitemapXml(routes: Pick<BuildRoutes, 'sitemap'>, publicUrl: string): string {
  const urls = routes.sitemap.map(
    (path) => `  <url><loc>${escapeHtml(`${publicUrl}${path === '/' ? '/' : path}`)}</loc></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
