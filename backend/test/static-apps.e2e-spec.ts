import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('the front ends: compressed copies and caching', () => {
  let t: TestApp;
  const script = 'console.log("storefront");';
  beforeAll(async () => {
    t = await startTestApp();
    // What the storefront build writes beside each text file (storefront/vite.config.ts).
    const file = join(t.config.staticDirs.storefront, 'assets', 'storefront-abc123.js');
    writeFileSync(`${file}.br`, brotliCompressSync(script));
    writeFileSync(`${file}.gz`, gzipSync(script));
  });
  afterAll(() => t.close());

  /** The response as sent, body undecoded (supertest would decompress it). */
  const get = async (path: string, acceptEncoding: string) => {
    const res = await t.app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'GET', url: path, headers: { 'accept-encoding': acceptEncoding } });
    expect(res.statusCode).toBe(200);
    return { headers: res.headers, body: res.rawPayload };
  };

  it('sends the Brotli copy of a hashed asset to browsers that accept it, cached for a year', async () => {
    const res = await get('/assets/storefront-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('sends the gzip copy when Brotli is not accepted, and the file itself when nothing is', async () => {
    const gzip = await get('/assets/storefront-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    const plain = await get('/assets/storefront-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(script);
  });

  it('sends a file without a compressed copy as it is', async () => {
    const res = await get('/admin/assets/admin-abc123.js', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toContain('"admin"');
  });

  it('does not serve the compressed copies under their own names', async () => {
    await t.http().get('/assets/storefront-abc123.js.br').expect(404);
    await t.http().get('/assets/storefront-abc123.js.gz').expect(404);
  });

  it('has every page revalidate its index.html', async () => {
    for (const path of ['/', '/checkout', '/compatibility']) {
      const res = await t.http().get(path).expect(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });
});
