import { connect, type Socket } from 'node:net';
import { JwtService } from '@nestjs/jwt';
import type { AddressInfo } from 'node:net';
import { CUSTOMER_AUDIENCE } from '../src/account/customer-token.js';
import { JWT_AUDIENCE, JWT_ISSUER } from '../src/auth/jwt.constants.js';
import { StaffMember } from '../src/staff/entities/staff-member.entity.js';
import { MAX_LISTED_PROBLEMS } from '../src/web/http-error.filter.js';
import { DEV_DEFAULTS } from '../src/config/app-config.js';
import { WEBHOOK_TOLERANCE_SECONDS } from '../src/payments/providers/stripe.provider.js';
import { BILLING, buyWithDemo, createIntent, type Intent } from './support/checkout.js';
import { signIn } from './support/staff.js';
import { StripeStandIn } from './support/stripe-stand-in.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const ADMIN = { username: DEV_DEFAULTS.adminUsername, password: DEV_DEFAULTS.adminPassword };

describe(`the edge of the server on ${DRIVER}`, () => {
  // Supertest connects from 127.0.0.1, which plays the one proxy: 127.0.0.1 by address, or one hop.
  describe.each([
    ['their addresses', '10.0.0.0/8,127.0.0.1'],
    ['a number of hops', '1'],
  ])('client addresses behind proxies trusted by %s (TRUST_PROXY=%s)', (_form, trustProxy) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ TRUST_PROXY: trustProxy });
    });
    afterAll(() => t.close());

    // Each test signs in as a username of its own: the per-account back-off counts every address.
    let username = '';
    beforeEach(() => {
      username = `proxy-test-${Math.random().toString(36).slice(2)}`;
    });
    const wrongLogin = (forwardedFor: string) =>
      t
        .http()
        .post('/api/admin/login')
        .set('x-forwarded-for', forwardedFor)
        .send({ username, password: 'not-the-password' });

    it('limits a client by the address its trusted proxy appended, whatever it forged before it', async () => {
      // The client writes the first entry itself; the proxy (127.0.0.1) appends the address it saw.
      for (let i = 1; i <= 5; i++) await wrongLogin(`203.0.113.${i}, 198.51.100.7`).expect(401);
      const sixth = await wrongLogin('203.0.113.6, 198.51.100.7').expect(429);
      expect(sixth.body).toMatchObject({ statusCode: 429 });
      // Another real client behind the same proxy is not affected.
      await wrongLogin('203.0.113.6, 198.51.100.8').expect(401);
    });

    it('believes entries only as far as the proxies it trusts', async () => {
      for (let i = 1; i <= 5; i++) await wrongLogin(`203.0.113.${i}, 192.0.2.9, 10.1.2.3`).expect(401);
      await wrongLogin('203.0.113.6, 192.0.2.9, 10.1.2.3').expect(429);
      // By address, 10.0.0.0/8 is a proxy and 192.0.2.9 is not: 192.0.2.9 is the client, so another
      // address in its place is another client. By one hop, the client is 10.1.2.3 whatever precedes it.
      await wrongLogin('203.0.113.6, 192.0.2.10, 10.1.2.3').expect(trustProxy === '1' ? 429 : 401);
    });
  });

  describe('answers holding keys, tokens or client secrets are never stored by caches', () => {
    let t: TestApp;
    let admin: string;
    let intent: Intent;

    beforeAll(async () => {
      t = await startTestApp({ TRUST_PROXY: 'loopback' });
      admin = await signIn(t, 'admin');
      intent = await buyWithDemo(t);
    });
    afterAll(() => t.close());

    const noStore = (res: { headers: Record<string, string> }) =>
      expect(res.headers['cache-control']).toBe('no-store');

    it('the staff sign-in', async () => {
      noStore(
        await t.http().post('/api/admin/login').set('x-forwarded-for', '10.9.0.1').send(ADMIN).expect(200),
      );
    });

    it('the payment creation and the order status', async () => {
      const created = await createIntent(t).expect(201);
      noStore(created);
      noStore(
        await t
          .http()
          .get(`/api/orders/${intent.orderId}/status`)
          .query({ clientSecret: intent.clientSecret })
          .expect(200),
      );
    });

    it("the customer's orders", async () => {
      const token = new JwtService().sign(
        { sub: BILLING.email.toLowerCase() },
        {
          secret: t.config.jwtSecret,
          algorithm: 'HS256',
          issuer: JWT_ISSUER,
          audience: CUSTOMER_AUDIENCE,
          expiresIn: 600,
        },
      );
      const res = await t
        .http()
        .get('/api/account/orders')
        .set('authorization', `Bearer ${token}`)
        .expect(200);
      expect(res.body.some((o: { licenseKeys: unknown[] }) => o.licenseKeys.length > 0)).toBe(true);
      noStore(res);
    });

    it('the back office: order detail, key list, e-mail detail, and every other answer', async () => {
      const get = (path: string) => t.http().get(path).set('authorization', admin).expect(200);
      noStore(await get(`/api/admin/orders/${intent.orderId}`));
      noStore(await get('/api/admin/license-keys'));
      const emails = await get('/api/admin/emails');
      noStore(emails);
      noStore(await get(`/api/admin/emails/${emails.body[0].id}`));
      noStore(await get('/api/admin/me'));
    });

    it("the /account and /success pages, whose addresses carry the access token or Stripe's client secret", async () => {
      noStore(await t.http().get('/account?token=abc').expect(200));
      noStore(await t.http().get('/success?payment_intent_client_secret=pi_1_secret_2').expect(200));
      // Pages without secrets stay revalidated, not unstorable.
      expect((await t.http().get('/checkout').expect(200)).headers['cache-control']).toBe('no-cache');
    });
  });

  describe('request time limits', () => {
    let t: TestApp;
    let port: number;
    beforeAll(async () => {
      t = await startTestApp({ REQUEST_TIMEOUT_SECONDS: '1' });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.getHttpServer().address() as AddressInfo).port;
    });
    afterAll(() => t.close());

    /** Sends the headers, then one byte of the body every 300 ms; resolves with what came back, and when. */
    function trickle(): Promise<{ answer: string; afterMs: number }> {
      return new Promise((resolve, reject) => {
        const started = Date.now();
        const socket: Socket = connect(port, '127.0.0.1');
        let answer = '';
        let timer: NodeJS.Timeout | undefined;
        const body = JSON.stringify({ name: 'Slow', email: 'slow@example.com', message: 'x'.repeat(200) });
        socket.on('connect', () => {
          socket.write(
            'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
              `Content-Length: ${body.length}\r\n\r\n`,
          );
          let sent = 0;
          timer = setInterval(() => {
            if (sent < body.length && socket.writable) socket.write(body[sent++]!);
          }, 300);
        });
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('error', () => undefined);
        socket.on('close', () => {
          clearInterval(timer);
          resolve({ answer, afterMs: Date.now() - started });
        });
        // Far past the bound: the old server never answered, so the socket is closed here instead.
        setTimeout(() => {
          clearInterval(timer);
          socket.destroy();
        }, 8_000).unref();
        socket.on('timeout', () => reject(new Error('unreachable')));
      });
    }

    it('cuts off a body trickled a byte at a time with a 408 in the API error shape', async () => {
      const { answer, afterMs } = await trickle();
      expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      const [, json] = answer.split('\r\n\r\n');
      expect(JSON.parse(json!)).toEqual({
        statusCode: 408,
        message: 'The request took too long to arrive',
        error: 'Request Timeout',
        requestId: expect.any(String),
      });
      // The limit (1 s) plus Node's checking interval (250 ms here), with room for a busy machine.
      expect(afterMs).toBeLessThan(3_500);
    }, 15_000);
  });

  describe('requests Node refuses before the API sees them', () => {
    let t: TestApp;
    let port: number;
    beforeAll(async () => {
      t = await startTestApp();
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.getHttpServer().address() as AddressInfo).port;
    });
    afterAll(() => t.close());

    /** Writes raw bytes and answers everything the server sends back before closing. */
    const raw = (bytes: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('error', () => undefined);
        socket.on('close', () => resolve(answer));
      });

    it('answers over-large headers with 431 and a garbled request with 400, in the API error shape', async () => {
      const big = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(big).toMatch(/^HTTP\/1\.1 431 /);
      const bigBody = JSON.parse(big.split('\r\n\r\n')[1]!) as { requestId: string };
      expect(bigBody).toEqual({
        statusCode: 431,
        message: 'The request headers are too large',
        error: 'Request Header Fields Too Large',
        requestId: expect.stringMatching(UUID),
      });
      // No request was parsed, yet the answer names its id as every other one does.
      expect(big).toContain(`\r\nx-request-id: ${bigBody.requestId}\r\n`);
      const garbled = await raw('NOT HTTP AT ALL\r\n\r\n');
      expect(garbled).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(garbled.split('\r\n\r\n')[1]!)).toMatchObject({
        statusCode: 400,
        message: 'Malformed request',
      });
    });
  });

  describe('smaller points', () => {
    let t: TestApp;
    let stripe: StripeStandIn;
    beforeAll(async () => {
      stripe = await StripeStandIn.start();
      t = await startTestApp({ ...stripe.env(), TRUST_PROXY: 'loopback' });
    });
    afterAll(async () => {
      await t.close();
      await stripe.close();
    });

    it('refuses a form-encoded body on a JSON route with 415, in the API error shape, changing nothing', async () => {
      const before = await t.db.query<{ n: number | string }[]>('SELECT COUNT(*) AS n FROM contact_messages');
      const res = await t
        .http()
        .post('/api/contact')
        .set('x-forwarded-for', '10.8.0.2')
        .type('form')
        .send('name=Jane&email=jane%40example.com&subject=Keys&message=Hello')
        .expect(415);
      expect(res.body).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' });
      expect(typeof res.body.message).toBe('string');
      const after = await t.db.query<{ n: number | string }[]>('SELECT COUNT(*) AS n FROM contact_messages');
      expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
    });

    it('lists at most the first problems of a body of thousands of unknown fields', async () => {
      const body = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`unknown${i}`, i]));
      const res = await t
        .http()
        .post('/api/account/link')
        .set('x-forwarded-for', '10.8.0.1')
        .send({ email: 'someone@example.com', ...body })
        .expect(400);
      expect(res.body.errors).toHaveLength(MAX_LISTED_PROBLEMS);
      expect(res.body.errors[0]).toEqual({
        field: 'unknown0',
        message: 'property unknown0 should not exist',
      });
      expect(res.body.message).toMatch(
        /^property unknown0 should not exist; property unknown1 should not exist; /,
      );
      expect(res.body.message).toMatch(new RegExp(`; … and ${5_000 - MAX_LISTED_PROBLEMS} more problems$`));
      // The problems twice (listed, and summed up in the message), never the 5,000.
      expect(res.text.length).toBeLessThan(4_000);
    });

    it('refuses a Stripe webhook signed with a timestamp far in the future', async () => {
      const future = Math.floor(Date.now() / 1000) + WEBHOOK_TOLERANCE_SECONDS + 3600;
      const event = stripe.event(
        'customer.created',
        { id: 'cus_future', object: 'customer' },
        { timestamp: future },
      );
      const res = await t
        .http()
        .post('/api/payments/webhook')
        .set('content-type', 'application/json')
        .set('stripe-signature', event.signature)
        .send(event.payload)
        .expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: 'Stripe signature timestamp is too far in the future',
        error: 'Bad Request',
        requestId: expect.any(String),
      });
      // Nor in another spelling of the header that Stripe's parser reads as the same date (it takes the
      // last `t=`, and parseInt's digits).
      const now = Math.floor(Date.now() / 1000);
      for (const signature of [
        `t=${now},${event.signature}`,
        event.signature.replace(`t=${future}`, `t=${future}x`),
      ])
        await t
          .http()
          .post('/api/payments/webhook')
          .set('content-type', 'application/json')
          .set('stripe-signature', signature)
          .send(event.payload)
          .expect(400);
      // A timestamp within the tolerance ahead (clock skew) is still accepted.
      const skewed = stripe.event(
        'customer.created',
        { id: 'cus_skew', object: 'customer' },
        {
          timestamp: Math.floor(Date.now() / 1000) + 60,
        },
      );
      await t
        .http()
        .post('/api/payments/webhook')
        .set('content-type', 'application/json')
        .set('stripe-signature', skewed.signature)
        .send(skewed.payload)
        .expect(200);
    });

    it('refuses a staff token signed with the right secret but without an expiry', async () => {
      const admin = await t.db.getRepository(StaffMember).findOneByOrFail({ username: ADMIN.username });
      const payload = { sub: admin.id, username: admin.username, role: admin.role, ver: admin.tokenVersion };
      const sign = (expiresIn?: number) =>
        new JwtService().sign(payload, {
          secret: t.config.jwtSecret,
          algorithm: 'HS256',
          issuer: JWT_ISSUER,
          audience: JWT_AUDIENCE,
          ...(expiresIn ? { expiresIn } : {}),
        });
      await t
        .http()
        .get('/api/admin/me')
        .set('authorization', `Bearer ${sign(3600)}`)
        .expect(200);
      const res = await t.http().get('/api/admin/me').set('authorization', `Bearer ${sign()}`).expect(401);
      expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    });
  });
});
