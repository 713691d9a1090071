import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/app-config.js';

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

/**
 * Serves the two built front ends from the API process: the back office under /admin/ and the storefront
 * at /, each with its SPA fallback (any other GET returns its index.html and its router takes over). An
 * unknown /api path falls through to Nest's JSON 404.
 */
export async function registerStaticApps(app: NestFastifyApplication, dirs: AppConfig['staticDirs']) {
  const fastify = app.getHttpAdapter().getInstance();
  const admin = await mount(app, dirs.admin, '/admin/', true);
  const storefront = await mount(app, dirs.storefront, '/', false);

  const sendIndex = (html: string | undefined) => (req: FastifyRequest, reply: FastifyReply) => {
    if (!html || looksLikeFile(req.url)) return reply.callNotFound();
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  };

  fastify.get('/admin', (_req, reply) => reply.redirect('/admin/', 301));
  fastify.get('/admin/*', sendIndex(admin));
  fastify.get('/*', (req, reply) => {
    if (req.url === '/api' || req.url.startsWith('/api/') || req.url.startsWith('/api?'))
      return reply.callNotFound();
    return sendIndex(storefront)(req, reply);
  });
}

async function mount(app: NestFastifyApplication, root: string, prefix: string, decorate: boolean) {
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) {
    logger.warn(`No build at ${root}: run "npm run build" to serve ${prefix}`);
    return undefined;
  }
  await app.register(fastifyStatic, {
    root,
    prefix,
    wildcard: false,
    index: ['index.html'],
    decorateReply: decorate,
    // The builds hold Brotli and gzip copies of their text files (see storefront/vite.config.ts): sent to
    // browsers that accept them, with `Vary: Accept-Encoding`; other files and browsers get the file itself.
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: cacheHeaders,
  });
  return readFileSync(indexFile, 'utf8');
}
