import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/app-config.js';
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

/** A front end's pages: its SPA fallback (index.html) and the pages prerendered at build time, by path. */
interface AppPages {
  index: Page;
  prerendered: Map<string, Page>;
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
 * is the page of /eula, `prerendered/index.html` the page of /.
 */
function readPrerendered(root: string, publicUrl: string): Map<string, Page> {
  const dir = join(root, 'prerendered');
  const pages = new Map<string, Page>();
  if (!existsSync(dir)) return pages;
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.html')))
    pages.set(
      name === 'index.html' ? '/' : `/${name.slice(0, -'.html'.length)}`,
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
 * at /, each with its SPA fallback (any other GET returns its index.html and its router takes over). A
 * storefront page prerendered at build time is sent instead of the fallback, for the browser to paint
 * before the scripts have loaded. An unknown /api path falls through to Nest's JSON 404.
 */
export async function registerStaticApps(
  app: NestFastifyApplication,
  dirs: AppConfig['staticDirs'],
  publicUrl: string,
) {
  const fastify = app.getHttpAdapter().getInstance();
  const admin = await mount(app, dirs.admin, '/admin/', true, publicUrl);
  const storefront = await mount(app, dirs.storefront, '/', false, publicUrl);

  // The prerendered pages are 30-60 KB, 5-8 KB once compressed: their copies are worth sending.
  const sendPage = (pages: AppPages | undefined) => (req: FastifyRequest, reply: FastifyReply) => {
    if (!pages || looksLikeFile(req.url)) return reply.callNotFound();
    const path = routePath(req.url);
    const page = pages.prerendered.get(path) ?? pages.index;
    const encoding = encodingFor(page, req.headers['accept-encoding']);
    void reply
      .type('text/html; charset=utf-8')
      .header('cache-control', PAGES_WITH_SECRETS.includes(path) ? NO_STORE : 'no-cache');
    if (page.br || page.gzip) void reply.header('vary', 'accept-encoding');
    if (encoding) void reply.header('content-encoding', encoding);
    return reply.send(page[encoding ?? 'identity']);
  };

  fastify.get('/admin', (_req, reply) => reply.redirect('/admin/', 301));
  fastify.get('/admin/*', sendPage(admin));
  fastify.get('/*', (req, reply) => {
    if (req.url === '/api' || req.url.startsWith('/api/') || req.url.startsWith('/api?'))
      return reply.callNotFound();
    return sendPage(storefront)(req, reply);
  });
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
  return { index: readPage(indexFile, publicUrl), prerendered: readPrerendered(root, publicUrl) };
}
