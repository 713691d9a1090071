// What operators see (#31 §4): every answer names its request's id (X-Request-Id: a trusted proxy's, else a
// new UUID), and so does every error body; in JSON format every log line of a request carries that id,
// the access log names the route pattern and never the URL; /api/metrics answers Prometheus' text format
// to the bearer of METRICS_TOKEN and is an unknown route to anyone else.
import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createApp } from '../src/app.factory.js';
import { loadConfig } from '../src/config/app-config.js';
import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { generateLicenseKey } from '../src/license-keys/license-key-cipher.js';
import { waitFor } from '@store/testing';
import { buyWithDemo, HOME_BUSINESS, PRO_PLUS, STANDARD } from './support/checkout.js';
import { signIn } from './support/staff.js';
import {
  DRIVER,
  fakeFrontEndBuilds,
  migratedDatabaseUrl,
  HOLD_COUNTING_RULES_OFF,
  startTestApp,
  type TestApp,
} from './support/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOKEN = `metrics-${randomUUID()}`;

/** An answer's id: the header, which the error body (when there is one) repeats. */
function idOf(res: request.Response): string {
  const id = res.headers['x-request-id'] as string;
  if (res.status >= 400 && res.type === 'application/json') expect(res.body.requestId).toBe(id);
  return id;
}

describe(`request ids on ${DRIVER}`, () => {
  describe('without a trusted proxy', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t?.close());

    it('gives every request a new UUID and answers it in the X-Request-Id header', async () => {
      const first = idOf(await t.http().get('/api/products').expect(200));
      const second = idOf(await t.http().get('/api/products').expect(200));
      expect(first).toMatch(UUID);
      expect(second).toMatch(UUID);
      expect(second).not.toBe(first);
    });

    it('replaces the id a client sends: only a trusted proxy may name a request', async () => {
      const res = await t.http().get('/api/products').set('x-request-id', 'chosen-by-a-client').expect(200);
      expect(idOf(res)).toMatch(UUID);
    });

    it('puts the id in every error body and header: 4xx from a route, an unknown route, a malformed URL', async () => {
      const notFound = await t.http().get('/api/products/office-1999').expect(404);
      expect(notFound.body).toEqual({
        statusCode: 404,
        message: 'Product office-1999 not found',
        error: 'Not Found',
        requestId: expect.stringMatching(UUID),
      });
      expect(idOf(notFound)).toBe(notFound.body.requestId);

      const invalid = await t.http().post('/api/admin/login').send({}).expect(400);
      expect(idOf(invalid)).toMatch(UUID);

      const unknown = await t.http().get('/api/no-such-route?email=jane@example.com').expect(404);
      expect(idOf(unknown)).toMatch(UUID);

      // Fastify's router refuses it before any hook runs (frameworkErrors).
      const malformed = await t.http().get('/api/products/%E0%A4%A').expect(400);
      expect(malformed.body).toMatchObject({ message: 'Malformed URL' });
      expect(idOf(malformed)).toMatch(UUID);
    });

    it('names the request on static files and pages too', async () => {
      const file = await t.http().get('/assets/storefront-abc123.js').expect(200);
      expect(idOf(file)).toMatch(UUID);
      const page = await t.http().get('/checkout').expect(200);
      expect(idOf(page)).toMatch(UUID);
    });
  });

  describe('behind a proxy TRUST_PROXY names (supertest connects from loopback)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ TRUST_PROXY: 'loopback' });
    });
    afterAll(() => t?.close());

    it("keeps the proxy's id, in the header and in an error body", async () => {
      const ok = await t.http().get('/api/products').set('x-request-id', 'lb-7f3a.42:1_B').expect(200);
      expect(idOf(ok)).toBe('lb-7f3a.42:1_B');
      const proxied = randomUUID();
      const error = await t.http().get('/api/products/office-1999').set('x-request-id', proxied).expect(404);
      expect(error.body.requestId).toBe(proxied);
      expect(idOf(error)).toBe(proxied);
    });

    it.each([
      ['spaces', 'an id with spaces'],
      ['markup', '<script>alert(1)</script>'],
      ['more than 128 characters', 'a'.repeat(129)],
      ['an e-mail address', 'jane@example.com'],
    ])('replaces an id with %s by a new one', async (_what, given) => {
      const res = await t.http().get('/api/products').set('x-request-id', given).expect(200);
      expect(idOf(res)).toMatch(UUID);
    });
  });

  it('replaces the id when TRUST_PROXY names other proxies than the one connecting', async () => {
    const t = await startTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    try {
      const res = await t.http().get('/api/products').set('x-request-id', 'lb-123').expect(200);
      expect(idOf(res)).toMatch(UUID);
    } finally {
      await t.close();
    }
  });
});

describe(`JSON logs (LOG_FORMAT=json) on ${DRIVER}`, () => {
  // pino keeps one root logger per process (nestjs-pino): this file creates one JSON app.
  const lines: string[] = [];
  let app: NestFastifyApplication;
  let drop: () => Promise<void>;
  const http = () => request(app.getHttpServer());
  const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    const database = await migratedDatabaseUrl();
    drop = database.drop;
    const config = {
      ...loadConfig({
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'info',
        // No stock: a paid order waits for keys, which the fulfilment logs while the request runs.
        SEED_DEMO_KEYS: '0',
        LOW_STOCK_THRESHOLD: '0',
        ...HOLD_COUNTING_RULES_OFF,
      }),
      staticDirs: fakeFrontEndBuilds(),
    };
    app = await createApp(config, {
      logDestination: { write: (chunk: string) => void lines.push(...chunk.split('\n').filter(Boolean)) },
    });
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('writes one JSON object per line: ISO time in UTC, level by name, message; no route map at info', () => {
    expect(lines.length).toBeGreaterThan(0);
    for (const line of parsed()) {
      expect(line).toMatchObject({
        level: expect.stringMatching(/^(info|warn|error)$/),
        msg: expect.any(String),
      });
      expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    expect(lines.join('\n')).not.toMatch(/Mapped \{|RouterExplorer|RoutesResolver|InstanceLoader/);
  });

  it('logs each request once it is answered: its id, the route pattern, the status and the duration, never the URL', async () => {
    const orderId = randomUUID();
    const res = await http().get(`/api/orders/${orderId}/status?clientSecret=pi_secret_must_not_be_logged`);
    expect(res.status).toBe(404);
    const id = idOf(res);
    const access = parsed().find((line) => line.requestId === id && line.msg === 'request completed');
    expect(access).toEqual({
      level: 'info',
      time: expect.any(String),
      pid: process.pid,
      hostname: expect.any(String),
      requestId: id,
      method: 'GET',
      route: '/api/orders/:id/status',
      statusCode: 404,
      durationMs: expect.any(Number),
      msg: 'request completed',
    });
    expect(lines.join('\n')).not.toContain('pi_secret_must_not_be_logged');
    expect(lines.join('\n')).not.toContain(orderId);
  });

  it("binds what a handler logs to its request's id, and masks customer e-mail addresses", async () => {
    const email = `logged-${randomUUID().slice(0, 8)}@example.com`;
    const intent = await buyWithDemo({ http } as unknown as TestApp, [{ id: STANDARD, quantity: 1 }], email);
    // The payment's confirmation delivered what was in stock (nothing): the fulfilment says so.
    const waiting = parsed().find((line) => String(line.msg).includes(`Order ${intent.orderId} is waiting`));
    expect(waiting).toMatchObject({
      level: 'warn',
      context: 'Fulfilment',
      requestId: expect.stringMatching(UUID),
    });
    const sameRequest = parsed().filter((line) => line.requestId === waiting!.requestId);
    expect(sameRequest.map((line) => line.msg)).toContain('request completed');
    expect(sameRequest.find((line) => line.msg === 'request completed')).toMatchObject({
      route: '/api/payments/demo/confirm',
    });
    // The outbox then sends the order's mail, and says to whom: masked, in JSON as in text.
    const sent = await waitFor(() =>
      parsed().find((line) => line.context === 'MailOutbox' && String(line.msg).includes('l***@example.com')),
    );
    expect(sent.msg).toMatch(/^Sent mail #\d+ \(\S+\) to l\*\*\*@example\.com$/);
    expect(lines.join('\n')).not.toContain(email);
  });
});

describe(`/api/metrics on ${DRIVER}`, () => {
  it('is an unknown route without METRICS_TOKEN, whatever is sent', async () => {
    const t = await startTestApp();
    try {
      for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
        const req = t.http().get('/api/metrics');
        if (authorization) void req.set('authorization', authorization);
        const res = await req.expect(404);
        expect(res.body).toEqual({
          statusCode: 404,
          message: 'Cannot GET /api/metrics',
          error: 'Not Found',
          requestId: idOf(res),
        });
      }
    } finally {
      await t.close();
    }
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    const scrape = async () => {
      const res = await t.http().get('/api/metrics').set('authorization', `Bearer ${TOKEN}`).expect(200);
      return res.text;
    };
    /** The value of one series, e.g. `store_key_stock{product="x"}`. */
    const valueOf = (text: string, series: string) => {
      const line = text.split('\n').find((l) => l.startsWith(`${series} `));
      return line === undefined ? undefined : Number(line.slice(series.length + 1));
    };

    beforeAll(async () => {
      t = await startTestApp({
        METRICS_TOKEN: TOKEN,
        SEED_DEMO_KEYS: '0',
        // A first order above $100 is held for review.
        HOLD_FIRST_ORDER_CENTS: '10000',
      });
      // Before the first scrape, which computes the store figures (kept 10 s).
      const admin = await signIn(t, 'admin');
      const keys = (product: string, count: number) =>
        Array.from({ length: count }, () => `${product},${generateLicenseKey()}`);
      await t
        .http()
        .post('/api/admin/license-keys/import')
        .set('authorization', admin)
        .set('content-type', 'text/csv')
        .send(['productId,licenseKey', ...keys(PRO_PLUS, 3), ...keys(HOME_BUSINESS, 2)].join('\n'))
        .expect(200);
      // $242.99: held, one Home & Business key reserved for it.
      await buyWithDemo(
        t,
        [{ id: HOME_BUSINESS, quantity: 1 }],
        `held-${randomUUID().slice(0, 8)}@example.com`,
      );
      // $40.49 with no Standard key in stock: paid, waiting for keys.
      await buyWithDemo(t, [{ id: STANDARD, quantity: 1 }], `waits-${randomUUID().slice(0, 8)}@example.com`);
      // A message queued an hour ago that waits for its next try (SMTP refused it).
      await t.db.getRepository(OutboxEmail).insert({
        kind: 'contact-notification',
        to: 'support@localhost',
        subject: 'Queued an hour ago',
        text: 'sealed',
        html: 'sealed',
        status: 'pending',
        attempts: 3,
        nextAttemptAt: new Date(Date.now() + 3_600_000),
        createdAt: new Date(Date.now() - 3_600_000),
      });
    });
    afterAll(() => t?.close());

    it.each([
      ['no Authorization header', undefined],
      ['another token', `Bearer ${TOKEN}x`],
      ['the token in another scheme', `Basic ${TOKEN}`],
      ['the token alone', TOKEN],
    ])('answers %s exactly as an unknown route', async (_what, authorization) => {
      const req = t.http().get('/api/metrics');
      if (authorization) void req.set('authorization', authorization);
      const res = await req.expect(404);
      expect(res.body).toEqual({
        statusCode: 404,
        message: 'Cannot GET /api/metrics',
        error: 'Not Found',
        requestId: idOf(res),
      });
    });

    it("answers the token's bearer in Prometheus' text format, never cached", async () => {
      const res = await t.http().get('/api/metrics').set('authorization', `bearer  ${TOKEN}`).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers['cache-control']).toBe('no-store');
      for (const name of [
        'http_server_request_duration_seconds',
        'process_cpu_user_seconds_total',
        'nodejs_heap_size_used_bytes',
        'store_outbox_pending_emails',
        'store_outbox_oldest_pending_seconds',
        'store_orders_awaiting_keys',
        'store_orders_on_hold',
        'store_key_stock',
        'store_job_leader',
        ...(DRIVER === 'sqlite'
          ? []
          : ['store_db_pool_connections', 'store_db_pool_pending_requests', 'store_db_pool_max_connections']),
      ])
        expect(res.text).toContain(`# TYPE ${name} `);
      // Without REDIS_URL there is no Redis to report.
      expect(res.text).not.toContain('store_redis_up');
    });

    it('reports the store: the outbox backlog, orders held and waiting for keys, keys in stock per product', async () => {
      const text = await scrape();
      expect(valueOf(text, 'store_orders_on_hold')).toBe(1);
      expect(valueOf(text, 'store_orders_awaiting_keys')).toBe(1);
      expect(valueOf(text, `store_key_stock{product="${PRO_PLUS}"}`)).toBe(3);
      expect(valueOf(text, `store_key_stock{product="${HOME_BUSINESS}"}`)).toBe(1);
      expect(valueOf(text, `store_key_stock{product="${STANDARD}"}`)).toBe(0);
      // The queued message at least (the orders' own mails may still be on their way).
      expect(valueOf(text, 'store_outbox_pending_emails')).toBeGreaterThanOrEqual(1);
      const oldest = valueOf(text, 'store_outbox_oldest_pending_seconds')!;
      expect(oldest).toBeGreaterThanOrEqual(3_600);
      expect(oldest).toBeLessThan(3_600 + 300);
      if (DRIVER !== 'sqlite') expect(valueOf(text, 'store_db_pool_max_connections')).toBe(10);
    });

    it('counts each request in the histogram, by method, route pattern and status', async () => {
      const series = `http_server_request_duration_seconds_count{method="GET",route="/api/products/:id",status_code="404"}`;
      const before = valueOf(await scrape(), series) ?? 0;
      await t.http().get('/api/products/office-1999').expect(404);
      expect(valueOf(await scrape(), series)).toBe(before + 1);
    });

    it('is not in the API document', async () => {
      const doc = await t.http().get('/api/docs-json').expect(200);
      expect(Object.keys(doc.body.paths)).not.toContain('/api/metrics');
    });
  });
});
