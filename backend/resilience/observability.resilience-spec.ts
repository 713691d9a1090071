// What operators see, from the built server run as production runs it (#31 §4): stdout is one JSON object
// per line, and every line written while a request runs carries its id (a trusted proxy's X-Request-Id, or
// a new UUID), which the answer's header and error body repeat; /api/metrics answers the bearer of
// METRICS_TOKEN; with OTEL_EXPORTER_OTLP_ENDPOINT, spans reach an OTLP receiver (a plain HTTP server here)
// named after the route, with the database queries (MariaDB/MySQL: SQLite has no instrumentation) in the
// request's trace, and no query string or customer data in them.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '@store/testing';
import { BILLING, STANDARD } from '../test/support/checkout.js';
import { errorAnswerProblems, rawRequest } from './support/answers.js';
import { DRIVER, StoreHarness } from './support/store-process.js';

const TOKEN = `metrics-${randomUUID()}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
}
/** A span as OTLP/JSON sends it, its attributes made a plain object. */
interface Span {
  traceId: string;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean | undefined>;
}
const SERVER_SPAN = 2;

/** What collectors listen for: POST /v1/traces, here in OTLP/JSON (OTEL_EXPORTER_OTLP_PROTOCOL=http/json). */
class OtlpReceiver {
  readonly spans: Span[] = [];
  readonly paths: string[] = [];
  private constructor(private readonly server: Server) {}

  static async start(): Promise<OtlpReceiver> {
    const receiver: OtlpReceiver = new OtlpReceiver(
      createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          receiver.paths.push(`${req.method} ${req.url}`);
          receiver.take(body);
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        });
      }),
    );
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private take(body: string): void {
    const parsed = JSON.parse(body) as {
      resourceSpans?: {
        scopeSpans?: {
          spans?: (Omit<Span, 'attributes'> & { attributes?: { key: string; value: OtlpValue }[] })[];
        }[];
      }[];
    };
    for (const resource of parsed.resourceSpans ?? [])
      for (const scope of resource.scopeSpans ?? [])
        for (const span of scope.spans ?? [])
          this.spans.push({
            ...span,
            attributes: Object.fromEntries(
              (span.attributes ?? []).map(({ key, value }) => [
                key,
                value.stringValue ??
                  (value.intValue === undefined ? value.boolValue : Number(value.intValue)),
              ]),
            ),
          });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe(`what operators see, from the built server in production (${DRIVER})`, () => {
  let h: StoreHarness;
  let otlp: OtlpReceiver;
  /** The server's output as JSON lines (the harness's own `--- start` markers left out). */
  const logLines = () =>
    h
      .logs()
      .split('\n')
      .filter((line) => line && !line.startsWith('--- start'));
  const parsedLines = () => logLines().map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    otlp = await OtlpReceiver.start();
    h = await StoreHarness.start({
      stripe: true,
      env: {
        NODE_ENV: 'production',
        // One process, without Redis (production on MariaDB asks for REDIS_URL otherwise).
        RATE_LIMITS: 'per-process',
        METRICS_TOKEN: TOKEN,
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        // Spans go out within a fifth of a second rather than five.
        OTEL_BSP_SCHEDULE_DELAY: '200',
      },
    });
  });
  afterAll(async () => {
    await h?.close();
    await otlp?.close();
  });

  it('writes only JSON lines: ISO time in UTC, level by name, no colour codes, no route map', async () => {
    await waitFor(() => logLines().some((line) => line.includes('Store listening on')), {
      what: 'the start-up line',
    });
    const lines = parsedLines();
    for (const line of lines) {
      expect(line).toMatchObject({ level: expect.any(String), msg: expect.any(String) });
      expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    expect(lines.map((line) => line.level)).not.toContain(30);
    expect(h.logs()).not.toContain('\u001b[');
    expect(h.logs()).not.toMatch(/Mapped \{/);
  });

  it("keeps a trusted proxy's request id (TRUST_PROXY=loopback here) and logs the request under it", async () => {
    const id = `lb-${randomUUID()}`;
    const res = await h.request('GET', '/api/products', { headers: { 'x-request-id': id } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(id);
    const access = await waitFor(() =>
      parsedLines().find((line) => line.requestId === id && line.msg === 'request completed'),
    );
    expect(access).toMatchObject({
      level: 'info',
      method: 'GET',
      route: '/api/products',
      statusCode: 200,
      durationMs: expect.any(Number),
    });
  });

  it("binds what a failing request logs to its id, which the error body shows, and masks the customer's address", async () => {
    // Stripe is down: the payment cannot be set up, and the checkout says so in its log.
    h.stripe!.failing = true;
    let res: Awaited<ReturnType<typeof rawRequest>>;
    try {
      res = await rawRequest(h, 'POST', '/api/create-payment-intent', {
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.91.0.1' },
        body: JSON.stringify({ cartItems: [{ id: STANDARD, quantity: 1 }], billing: BILLING }),
      });
    } finally {
      h.stripe!.failing = false;
    }
    expect(res.status).toBe(502);
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(UUID);
    expect(res.body).toMatchObject({ statusCode: 502, requestId: id });
    const ofRequest = await waitFor(() => {
      const lines = parsedLines().filter((line) => line.requestId === id);
      return lines.some((line) => line.msg === 'request failed') && lines;
    });
    expect(ofRequest).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          level: 'error',
          context: 'Checkout',
          msg: expect.stringMatching(/^Payment setup failed/),
        }),
        expect.objectContaining({ level: 'error', route: '/api/create-payment-intent', statusCode: 502 }),
      ]),
    );
    expect(h.logs()).not.toContain(BILLING.email);
  });

  it('answers an error in the one shape, its requestId the X-Request-Id header', async () => {
    const res = await rawRequest(h, 'GET', '/api/products/office-1999');
    expect(res.status).toBe(404);
    expect(errorAnswerProblems(res)).toEqual([]);
  });

  it('serves /api/metrics to the bearer of METRICS_TOKEN only', async () => {
    const refused = await rawRequest(h, 'GET', '/api/metrics');
    expect(refused.status).toBe(404);
    expect(errorAnswerProblems(refused)).toEqual([]);
    const wrong = await rawRequest(h, 'GET', '/api/metrics', { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(404);
    const res = await rawRequest(h, 'GET', '/api/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.text).toMatch(
      /^http_server_request_duration_seconds_count\{method="GET",route="\/api\/products",status_code="200"\} [1-9]/m,
    );
    for (const name of [
      'process_resident_memory_bytes',
      'store_outbox_pending_emails',
      'store_key_stock',
      'store_job_leader',
    ])
      expect(res.text).toContain(`# TYPE ${name} `);
    if (DRIVER !== 'sqlite') expect(res.text).toMatch(/^store_db_pool_max_connections \d+$/m);
  });

  it('sends traces to the OTLP endpoint: the request named by its route, its database queries in its trace', async () => {
    const secret = `secret-${randomUUID()}`;
    expect((await h.request('GET', `/api/health?probe=${secret}`)).status).toBe(200);
    const server = await waitFor(
      () => otlp.spans.find((span) => span.kind === SERVER_SPAN && span.name === 'GET /api/health'),
      { what: 'the server span of GET /api/health', timeoutMs: 20_000 },
    );
    expect(otlp.paths).toContain('POST /v1/traces');
    expect(server.attributes).toMatchObject({
      'http.route': '/api/health',
      'http.response.status_code': 200,
    });
    expect(server.attributes['url.path']).toBe('/api/health');
    if (DRIVER !== 'sqlite') {
      const query = await waitFor(
        () =>
          otlp.spans.find(
            (span) => span.traceId === server.traceId && span.attributes['db.system.name'] === 'mysql',
          ),
        { what: "a database span in the request's trace", timeoutMs: 20_000 },
      );
      expect(query.attributes['db.query.text']).toMatch(/^SELECT/);
    }
    expect(JSON.stringify(otlp.spans)).not.toContain(secret);
    expect(JSON.stringify(otlp.spans)).not.toContain(BILLING.email);
  });
});
