import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BILLING, shopperAddress, STANDARD } from '@store/testing';
import { startServer, type RunningServer } from './lib/server.ts';
import { quantile, round } from './lib/stats.ts';

export interface AccessLinkResult {
  /** Requests per address kind, after the warm-up. */
  requests: number;
  known: { p50: number; p95: number };
  unknown: { p50: number; p95: number };
  /** Median for an address with orders over the median for one without. */
  ratio: number;
  errors: number;
}

const KNOWN = 'known-customer@example.com';

async function post(
  server: RunningServer,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': shopperAddress(), ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/**
 * How long `POST /api/account/link` takes for an address with orders and for one without (#32 §4: the
 * known one took twice as long, which told who the customers are). One server on SQLite with one paid
 * order; requests alternate between the two addresses, one at a time, each from a client address of its
 * own (as the scan did); the first `warmUp` of each are not counted.
 */
export async function benchAccessLink(options: {
  requests: number;
  warmUp: number;
}): Promise<AccessLinkResult> {
  const dir = mkdtempSync(join(tmpdir(), 'store-bench-link-'));
  let server: RunningServer | undefined;
  try {
    server = await startServer({
      DATABASE_URL: `sqlite:${join(dir, 'store.sqlite')}`,
      MAIL_DIR: join(dir, 'mail'),
      TRUST_PROXY: 'loopback',
    });
    const intent = await post(server, '/api/create-payment-intent', {
      cartItems: [{ id: STANDARD, quantity: 1 }],
      billing: { ...BILLING, email: KNOWN },
    });
    const { orderId, clientSecret } = intent.body;
    const paid = await post(server, '/api/payments/demo/confirm', { orderId, clientSecret });
    if (paid.status !== 200) throw new Error(`the known customer's order: ${paid.status}`);

    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    let errors = 0;
    for (let i = 0; i < options.warmUp + options.requests; i++) {
      for (const kind of ['known', 'unknown'] as const) {
        const email = kind === 'known' ? KNOWN : `nobody-${i}@example.com`;
        const t0 = performance.now();
        const res = await post(server, '/api/account/link', { email });
        const ms = performance.now() - t0;
        if (res.status !== 202) errors++;
        if (i >= options.warmUp) times[kind].push(ms);
      }
    }
    const figures = (values: number[]) => ({
      p50: round(quantile(values, 0.5)),
      p95: round(quantile(values, 0.95)),
    });
    const known = figures(times.known);
    const unknown = figures(times.unknown);
    return { requests: options.requests, known, unknown, ratio: round(known.p50 / unknown.p50), errors };
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
