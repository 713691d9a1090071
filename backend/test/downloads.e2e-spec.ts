import { randomBytes } from 'node:crypto';
import { DownloadLink } from '../src/downloads/entities/download-link.entity.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const DEACTIVATED = 'This download link has been deactivated';
const EXPIRED = 'This download link has expired';
const LIMIT = 'This download link has reached its download limit';
const DAY = 24 * 60 * 60 * 1000;

describe('public downloads: GET /api/downloads/:token', () => {
  let t: TestApp;
  let order: Order;

  beforeAll(async () => {
    t = await startTestApp();
    // Listening first lets supertest send many requests at once to the same server.
    await t.app.listen(0, '127.0.0.1');
    const orders = t.db.getRepository(Order);
    order = await orders.save(
      orders.create({
        customerName: 'Download Test',
        customerEmail: 'downloads@example.com',
        billingFirstName: 'Download',
        billingLastName: 'Test',
        billingAddress: '1 Main Street',
        billingCity: 'Springfield',
        billingCountry: 'US',
        billingZipCode: '12345',
        billingPhoneCountryCode: '+1',
        billingPhone: '5550100',
        subtotalCents: 4049,
        totalCents: 4049,
        orderItems: [
          {
            productId: 'office-2024-standard',
            name: 'Office 2024 Standard',
            quantity: 1,
            unitPriceCents: 4049,
          },
        ],
      }),
    );
  });
  afterAll(() => t.close());

  const makeLink = async (fields: Partial<DownloadLink> = {}) => {
    const links = t.db.getRepository(DownloadLink);
    const token = randomBytes(32).toString('hex');
    return links.save(
      links.create({
        orderId: order.id,
        productId: 'office-2024-standard',
        fileName: 'OfficeSetup.exe',
        fileUrl: `https://downloads.example.com/office/${token.slice(0, 8)}/OfficeSetup.exe?sig=a%2Bb&x=1`,
        fileSize: '7 MB',
        token,
        expiresAt: new Date(Date.now() + 30 * DAY),
        ...fields,
      }),
    );
  };
  const download = (token: string) => t.http().get(`/api/downloads/${token}`).redirects(0);
  const countOf = async (id: string) =>
    (await t.db.getRepository(DownloadLink).findOneByOrFail({ id })).downloadCount;

  it('counts the download and redirects 302 to the file URL, without any sign-in', async () => {
    const link = await makeLink();
    const res = await download(link.token).expect(302);
    expect(res.headers.location).toBe(link.fileUrl);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await countOf(link.id)).toBe(1);
    await download(link.token).expect(302);
    expect(await countOf(link.id)).toBe(2);
  });

  it('allows exactly maxDownloads downloads, then answers 410', async () => {
    const link = await makeLink({ maxDownloads: 3 });
    for (let i = 0; i < 3; i++) await download(link.token).expect(302);
    const res = await download(link.token).expect(410);
    expect(res.body).toEqual({
      statusCode: 410,
      message: LIMIT,
      error: 'Gone',
      requestId: expect.any(String),
    });
    expect(res.headers.location).toBeUndefined();
    expect(await countOf(link.id)).toBe(3);
  });

  it('answers 410 for a deactivated link, without counting', async () => {
    const link = await makeLink({ isActive: false });
    const res = await download(link.token).expect(410);
    expect(res.body).toEqual({
      statusCode: 410,
      message: DEACTIVATED,
      error: 'Gone',
      requestId: expect.any(String),
    });
    expect(await countOf(link.id)).toBe(0);
  });

  it('answers 410 for an expired link, without counting', async () => {
    const link = await makeLink({ expiresAt: new Date(Date.now() - 1000) });
    const res = await download(link.token).expect(410);
    expect(res.body).toEqual({
      statusCode: 410,
      message: EXPIRED,
      error: 'Gone',
      requestId: expect.any(String),
    });
    expect(await countOf(link.id)).toBe(0);
  });

  it('serves a link without an expiry date', async () => {
    const link = await makeLink({ expiresAt: null });
    const res = await download(link.token).expect(302);
    expect(res.headers.location).toBe(link.fileUrl);
    expect(await countOf(link.id)).toBe(1);
  });

  it('answers 410 for a link whose count was already at its limit', async () => {
    const link = await makeLink({ maxDownloads: 5, downloadCount: 5 });
    const res = await download(link.token).expect(410);
    expect(res.body.message).toBe(LIMIT);
    expect(await countOf(link.id)).toBe(5);
  });

  it('answers 404 for an unknown token', async () => {
    await makeLink();
    for (const token of [randomBytes(32).toString('hex'), 'x']) {
      const res = await download(token).expect(404);
      expect(res.body).toEqual({
        statusCode: 404,
        message: 'Download link not found',
        error: 'Not Found',
        requestId: expect.any(String),
      });
    }
    // Longer than any token: the router (Fastify's 100-character parameter limit) answers 404 itself.
    await download('a'.repeat(300)).expect(404);
  });

  it('never exceeds maxDownloads under concurrent requests: 10 at once on a limit of 5', async () => {
    const link = await makeLink({ maxDownloads: 5 });
    const results = await Promise.all(Array.from({ length: 10 }, () => download(link.token)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 302)).toHaveLength(5);
    expect(statuses.filter((s) => s === 410)).toHaveLength(5);
    for (const r of results.filter((res) => res.status === 410)) expect(r.body.message).toBe(LIMIT);
    expect(await countOf(link.id)).toBe(5);
  });

  it('answers HEAD as GET without counting: a mail scanner checking the link uses up nothing (#34)', async () => {
    const link = await makeLink({ maxDownloads: 2 });
    for (let i = 0; i < 5; i++) {
      const res = await t.http().head(`/api/downloads/${link.token}`).redirects(0).expect(302);
      expect(res.headers.location).toBe(link.fileUrl);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(await countOf(link.id)).toBe(0);
    const row = await t.db.getRepository(DownloadLink).findOneByOrFail({ id: link.id });
    expect(row.lastDownloadedAt).toBeNull();
    // The buyer's own two downloads are still there; then HEAD sees the limit as GET does.
    await download(link.token).expect(302);
    await download(link.token).expect(302);
    await t.http().head(`/api/downloads/${link.token}`).redirects(0).expect(410);
    await t.http().head('/api/downloads/no-such-token').redirects(0).expect(404);
    expect(await countOf(link.id)).toBe(2);
  });

  it("does not count known link scanners' and pre-fetches' GETs, and counts a browser's (#34)", async () => {
    const link = await makeLink({ maxDownloads: 1 });
    const scanners: Record<string, string>[] = [
      { 'user-agent': 'Mozilla/5.0 (compatible; Google-Safety; +http://www.google.com/bot.html)' },
      { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' },
      { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' },
      { 'user-agent': 'Microsoft Office Existence Discovery' },
      { 'user-agent': 'Mozilla/5.0 Proofpoint URL Defense' },
      { 'user-agent': 'Mozilla/5.0 Chrome/131.0', 'sec-purpose': 'prefetch;prerender' },
      { 'user-agent': 'Mozilla/5.0 Safari/605.1.15', 'x-purpose': 'preview' },
    ];
    for (const headers of scanners) {
      const res = await download(link.token).set(headers).expect(302);
      expect(res.headers.location).toBe(link.fileUrl);
    }
    expect(await countOf(link.id)).toBe(0);
    const browser =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    await download(link.token).set('user-agent', browser).expect(302);
    expect(await countOf(link.id)).toBe(1);
    // A used-up link answers a scanner as it answers anyone.
    await download(link.token).set(scanners[0]!).expect(410);
  });

  it('sends a browser to a page saying why the link no longer works; API clients keep the JSON', async () => {
    const browser = (token: string) =>
      download(token).set('accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8');
    const usedUp = await makeLink({ maxDownloads: 1, downloadCount: 1 });
    const expired = await makeLink({ expiresAt: new Date(Date.now() - DAY) });
    const off = await makeLink({ isActive: false });
    for (const [token, reason] of [
      [usedUp.token, 'limit'],
      [expired.token, 'expired'],
      [off.token, 'deactivated'],
      ['no-such-token', 'unknown'],
    ]) {
      const res = await browser(token!).expect(303);
      expect(res.headers.location).toBe(`/download-unavailable?reason=${reason}`);
    }
    for (const accept of ['application/json', '*/*']) {
      const res = await download(usedUp.token).set('accept', accept).expect(410);
      expect(res.body).toEqual({
        statusCode: 410,
        message: LIMIT,
        error: 'Gone',
        requestId: expect.any(String),
      });
    }
    // A usable link still goes to the file, for a browser too.
    const fresh = await makeLink();
    expect((await browser(fresh.token).expect(302)).headers.location).toBe(fresh.fileUrl);
  });
});
