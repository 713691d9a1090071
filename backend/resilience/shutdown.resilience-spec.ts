// Graceful shutdown: SIGTERM (a deploy, the load balancer's drain) to the built server while a request
// is in flight and while an e-mail is being sent. New connections are refused at once, what was under
// way finishes, and the process exits 0; past SHUTDOWN_TIMEOUT_SECONDS it exits 1 without waiting more.
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { waitFor } from '@store/testing';
import {
  BILLING,
  STANDARD,
  deliveryMails,
  freshKeys,
  num,
  storeForBlock,
  type Intent,
} from './support/shoppers.js';
import { DRIVER, type StoreHarness } from './support/store-process.js';

jest.setTimeout(120_000);

/**
 * A purchase request whose body arrives in two parts, the second when `finish()` is called: a request
 * the server is in the middle of, for as long as the test likes. `answer` is the raw HTTP response;
 * `received` resolves once the server has read the first part.
 */
function slowRequest(h: StoreHarness, email: string) {
  const body = JSON.stringify({ cartItems: [{ id: STANDARD, quantity: 1 }], billing: { ...BILLING, email } });
  const { hostname, port } = new URL(h.url);
  const socket: Socket = connect(Number(port), hostname);
  let raw = '';
  const answer = new Promise<string>((done, fail) => {
    socket.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    socket.on('end', () => done(raw));
    socket.on('error', fail);
  });
  const sent = new Promise<void>((done) =>
    socket.write(
      'POST /api/create-payment-intent HTTP/1.1\r\n' +
        `Host: ${hostname}:${port}\r\n` +
        'Content-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Forwarded-For: 10.240.0.1\r\n' +
        'Connection: close\r\n\r\n' +
        body.slice(0, 20),
      () => done(),
    ),
  );
  const received = sent.then(() => readByServer(Number(port), socket.localPort!));
  return { answer, received, finish: () => socket.write(body.slice(20)), socket };
}

/**
 * Waits until the server has read everything sent to it on the connection from `clientPort` (on loopback:
 * the server's end holds nothing in its receive queue, /proc/net/tcp), so the request is in its hands
 * however slowly it got to it.
 */
async function readByServer(serverPort: number, clientPort: number): Promise<void> {
  const address = (port: number) => `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const [local, remote] = [address(serverPort), address(clientPort)];
  await waitFor(
    () =>
      readFileSync('/proc/net/tcp', 'utf8')
        .split('\n')
        .map((line) => line.trim().split(/\s+/))
        .some(([, from, to, , queues]) => from === local && to === remote && queues?.endsWith(':00000000')),
    { timeoutMs: 30_000, what: 'the server to read the request' },
  );
}

/** How a new connection to the server fares: 'refused', or the status it is answered with. */
async function newConnection(h: StoreHarness): Promise<string> {
  try {
    return String((await fetch(`${h.url}/api/health`)).status);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    return code === 'ECONNREFUSED' ? 'refused' : `failed: ${code ?? String(error)}`;
  }
}

describe(`SIGTERM drains the server, on ${DRIVER}`, () => {
  const store = storeForBlock({ env: { SHUTDOWN_TIMEOUT_SECONDS: '15' } });

  beforeAll(async () => {
    const admin = await store.t.adminAuth();
    expect((await store.t.importKeys(admin, STANDARD, freshKeys(5))).status).toBe(200);
  });

  it('refuses new connections, finishes the request in flight, then exits 0', async () => {
    const { h } = store;
    const slow = slowRequest(h, 'slow@shutdown.example.com');
    await slow.received; // the server has the headers and part of the body
    const exit = h.terminate();
    // The port closes as the drain starts, while the request in flight is still unanswered.
    await waitFor(async () => (await newConnection(h)) === 'refused', {
      timeoutMs: 30_000,
      intervalMs: 50,
      what: 'new connections to be refused',
    });
    slow.finish();
    const answer = await slow.answer;
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toHaveProperty('orderId');
    expect(await exit).toMatchObject({ code: 0, signal: null });
    expect(h.logs()).toContain('SIGTERM: finishing the requests in flight');
    await h.startServer();
  });

  it('finishes the e-mail being sent before exiting', async () => {
    const { h, t } = store;
    h.mail.slowDown(3_000);
    const created = await t.createIntent('mailed@shutdown.example.com');
    const intent = created.body as Intent;
    expect((await t.confirmDemo(intent)).status).toBe(200);
    const attempts = h.mail.attempts;
    await waitFor(() => h.mail.attempts > attempts, { what: 'the delivery e-mail to be under way' });
    expect(deliveryMails(h.mail.received, intent.orderId)).toHaveLength(0);
    const exit = await h.terminate();
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.ms).toBeGreaterThan(1_000); // it waited for the mail server's answer
    expect(deliveryMails(h.mail.received, intent.orderId)).toHaveLength(1);
    const rows = await h.db.query<{ status: string; attempts: unknown }>(
      'SELECT status, attempts FROM mail_outbox WHERE orderId = ?',
      [intent.orderId],
    );
    expect(rows.map((r) => [r.status, num(r.attempts)])).toEqual([['sent', 1]]);
    h.mail.slowDown(0);
    await h.startServer();
  });
});

describe(`SIGTERM with a request that does not finish, on ${DRIVER}`, () => {
  const store = storeForBlock({ env: { SHUTDOWN_TIMEOUT_SECONDS: '2' } });

  it('exits 1 once SHUTDOWN_TIMEOUT_SECONDS have passed', async () => {
    const { h } = store;
    const stuck = slowRequest(h, 'stuck@shutdown.example.com');
    await stuck.received;
    const exit = await h.terminate();
    stuck.socket.destroy();
    expect(exit).toMatchObject({ code: 1, signal: null });
    expect(exit.ms).toBeGreaterThanOrEqual(1_900);
    expect(exit.ms).toBeLessThan(6_000);
    expect(h.logs()).toContain('Shutdown took longer than 2 s (SHUTDOWN_TIMEOUT_SECONDS): exiting anyway');
  });
});
