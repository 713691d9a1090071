import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { PUBLIC_URL_PLACEHOLDER, registerStaticApps } from './static-apps.js';

@Module({})
class NoApiModule {}

const SHELL = '<!doctype html><html><body><div id="root"></div></body></html>';
/** Long enough to be worth compressing, as the storefront build's pages are. */
const page = (name: string, origin = PUBLIC_URL_PLACEHOLDER) =>
  `<!doctype html><html><head><meta property="og:image" content="${origin}/og-image.png"></head>` +
  `<body><div id="root"><h1>${name}</h1>${'<p>text</p>'.repeat(200)}</div></body></html>`;
const PUBLIC_URL = 'https://shop.example.com';

/** A storefront build as storefront/vite-plugins/prerender.ts writes it: the shell and prerendered pages. */
function storefrontBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'store-prerendered-'));
  mkdirSync(join(root, 'prerendered'));
  writeFileSync(join(root, 'index.html'), SHELL);
  for (const [file, name] of [
    ['index.html', 'Home'],
    ['compatibility.html', 'Compatibility'],
    ['checkout.html', 'Checkout'],
  ]) {
    const path = join(root, 'prerendered', file);
    writeFileSync(path, page(name));
    writeFileSync(`${path}.br`, brotliCompressSync(page(name)));
    writeFileSync(`${path}.gz`, gzipSync(page(name)));
  }
  return root;
}

describe('registerStaticApps: the storefront pages prerendered at build time', () => {
  let app: NestFastifyApplication;
  let storefront: string;

  beforeAll(async () => {
    storefront = storefrontBuild();
    app = await NestFactory.create<NestFastifyApplication>(NoApiModule, new FastifyAdapter(), {
      logger: false,
    });
    await registerStaticApps(app, { storefront, admin: join(storefront, 'no-admin-build') }, PUBLIC_URL);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(storefront, { recursive: true, force: true });
  });

  /** The response as sent, body undecoded. */
  const get = async (url: string, acceptEncoding = 'identity') => {
    const res = await app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    // /account carries the customer's access token in its address: never stored (web/security.ts).
    expect(res.headers['cache-control']).toBe(url.split('?')[0] === '/account' ? 'no-store' : 'no-cache');
    return { headers: res.headers, body: res.rawPayload };
  };

  it('answers a prerendered path with its page, as the router matches it: any case, trailing slash, query', async () => {
    for (const url of ['/compatibility', '/Compatibility/', '/compatibility?ref=mail'])
      expect((await get(url)).body.toString()).toBe(page('Compatibility', PUBLIC_URL));
    expect((await get('/')).body.toString()).toBe(page('Home', PUBLIC_URL));
    expect((await get('/?utm_source=ad')).body.toString()).toBe(page('Home', PUBLIC_URL));
  });

  it('answers any other path with the shell', async () => {
    for (const url of ['/account', '/login?next=/account', '/compatibility/more', '/checkout-x', '/index'])
      expect((await get(url)).body.toString()).toBe(SHELL);
  });

  it('does not serve the prerendered files under their own names', async () => {
    expect((await get('/prerendered/compatibility')).body.toString()).toBe(SHELL);
    const file = await app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'GET', url: '/prerendered/compatibility.html' });
    expect(file.statusCode).toBe(404);
  });

  it('sends the Brotli copy, else the gzip copy, to browsers that accept them', async () => {
    const br = await get('/checkout', 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('accept-encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(page('Checkout', PUBLIC_URL));

    const gzip = await get('/checkout', 'gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(page('Checkout', PUBLIC_URL));

    const plain = await get('/checkout', 'br;q=0, gzip;q=0, *;q=1');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('accept-encoding');
    expect(plain.body.toString()).toBe(page('Checkout', PUBLIC_URL));

    expect((await get('/checkout', '*')).headers['content-encoding']).toBe('br');
  });

  it('sends the shell, which has no compressed copy, as it is', async () => {
    const shell = await get('/account', 'br, gzip');
    expect(shell.headers['content-encoding']).toBeUndefined();
    expect(shell.headers['vary']).toBeUndefined();
  });
});
