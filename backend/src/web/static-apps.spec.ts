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

describe('registerStaticApps: the addresses the storefront build lists (routes.json)', () => {
  let app: NestFastifyApplication;
  let storefront: string;

  beforeAll(async () => {
    storefront = storefrontBuild();
    writeFileSync(join(storefront, 'prerendered', '404.html'), page('404 Page Not Found'));
    writeFileSync(
      join(storefront, 'routes.json'),
      JSON.stringify({
        routes: ['/', '/compatibility', '/checkout', '/account', '/login'],
        notFound: '404.html',
        sitemap: ['/', '/compatibility'],
        private: ['/account', '/login'],
      }),
    );
    app = await NestFactory.create<NestFastifyApplication>(NoApiModule, new FastifyAdapter(), {
      logger: false,
    });
    await registerStaticApps(
      app,
      { storefront, admin: join(storefront, 'no-admin-build') },
      PUBLIC_URL,
      async (path) => {
        if (markupFails) throw new Error('Connection lost: the server closed the connection.');
        return path === '/compatibility' ? [{ '@type': 'Thing', name: markupName }] : null;
      },
    );
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(storefront, { recursive: true, force: true });
  });

  let markupName = 'Office </script><script>alert(1)</script>';
  let markupFails = false;
  const inject = (url: string, acceptEncoding = 'identity') =>
    app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
  const LD = /<script type="application\/ld\+json">(.*?)<\/script><\/head>/;

  it("adds a page's schema.org markup at the end of its <head>, its words unable to end the script", async () => {
    const plain = await inject('/compatibility');
    const [, json] = LD.exec(plain.body)!;
    expect(json).not.toContain('<');
    expect(JSON.parse(json!)).toEqual([{ '@type': 'Thing', name: markupName }]);
    expect(plain.body.replace(LD, '</head>')).toBe(page('Compatibility', PUBLIC_URL));
    // The compressed copies carry it too; a page without markup has none.
    const br = await inject('/compatibility', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect((await inject('/')).body).not.toContain('application/ld+json');
    expect((await inject('/no-such-page')).body).not.toContain('application/ld+json');
  });

  it('makes the markup anew when it changes (a price, a stock level)', async () => {
    markupName = 'Office 2024';
    expect(JSON.parse(LD.exec((await inject('/compatibility')).body)![1]!)).toEqual([
      { '@type': 'Thing', name: 'Office 2024' },
    ]);
  });

  it('sends the page without its markup when the markup cannot be made (the database gone a moment)', async () => {
    markupFails = true;
    try {
      const res = await inject('/compatibility');
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(page('Compatibility', PUBLIC_URL));
    } finally {
      markupFails = false;
    }
  });

  it('answers its pages as before, and any other address with its not-found page and status 404', async () => {
    for (const url of ['/', '/Compatibility/', '/account?token=abc', '/login'])
      expect((await inject(url)).statusCode).toBe(200);
    expect((await inject('/account')).body).toBe(SHELL);
    for (const url of [
      '/no-such-page',
      '/compatibility/more',
      '/metrics',
      '/wp-login.php',
      '/assets/gone.js',
    ]) {
      const res = await inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toBe(page('404 Page Not Found', PUBLIC_URL));
    }
  });

  it('keeps crawlers out of the back office, the API and the pages of one visitor, and says where the sitemap is', async () => {
    const res = await inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(
      'User-agent: *\nDisallow: /admin/\nDisallow: /api/\nDisallow: /account\nDisallow: /login\n\n' +
        `Sitemap: ${PUBLIC_URL}/sitemap.xml\n`,
    );
  });

  it('lists the pages for search engines in the sitemap, at the store’s public address', async () => {
    const res = await inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        `  <url><loc>${PUBLIC_URL}/</loc></url>\n` +
        `  <url><loc>${PUBLIC_URL}/compatibility</loc></url>\n` +
        '</urlset>\n',
    );
  });
});
