import { Logger } from '@nestjs/common';
import { waitFor } from '@store/testing';
import { DashboardService } from '../src/admin/dashboard/dashboard.service.js';
import { RestockService } from '../src/fulfilment/restock.service.js';
import { generateLicenseKey } from '../src/license-keys/license-key-cipher.js';
import { PAYMENT_SYNC_INTERVAL_MS as STRIPE_SYNC_INTERVAL_MS } from '../src/payments/payments.service.js';
import { createIntent, PRO_PLUS, type Intent } from './support/checkout.js';
import {
  closedRedisUrl,
  describeWithRedis,
  dropKeys,
  TEST_REDIS_URL,
  testKeyPrefix,
} from './support/redis.js';
import { signIn } from './support/staff.js';
import { StripeStandIn } from './support/stripe-stand-in.js';
import { DRIVER, migratedDatabaseUrl, startTestApp, type TestApp } from './support/test-app.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Two apps on one database and one Redis prefix stand for two processes of one store behind a balancer.
describeWithRedis(`caches shared through Redis by several processes (${DRIVER})`, () => {
  let stripe: StripeStandIn;
  let prefix: string;
  let database: Awaited<ReturnType<typeof migratedDatabaseUrl>>;
  let a: TestApp;
  let b: TestApp;
  let admin: string;

  beforeAll(async () => {
    stripe = await StripeStandIn.start();
    prefix = testKeyPrefix('caches');
    database = await migratedDatabaseUrl();
    const env = {
      ...stripe.env(),
      TRUST_PROXY: 'loopback',
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
    };
    a = await startTestApp(env);
    b = await startTestApp(env);
    admin = await signIn(a, 'admin');
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
    await stripe?.close();
    await dropKeys(prefix);
  });

  const dashboard = (t: TestApp, fresh = false) => {
    const req = t.http().get('/api/admin/dashboard').set('authorization', admin);
    if (fresh) req.set('cache-control', 'no-cache');
    return req.expect(200).then((res) => res.body as { totalOrders: number; generatedAt: string });
  };

  it('answers the newest figures either process computed, so reloads never go backwards', async () => {
    const computeB = jest.spyOn(
      b.app.get(DashboardService) as unknown as { compute: () => unknown },
      'compute',
    );
    try {
      const before = await dashboard(b, true);
      expect(computeB).toHaveBeenCalledTimes(1);
      await createIntent(a).expect(201);
      const after = await dashboard(a, true);
      expect(after.totalOrders).toBe(before.totalOrders + 1);

      // B computed its figures a moment ago; it answers A's newer ones, without computing.
      for (const t of [b, a, b]) expect(await dashboard(t)).toEqual(after);
      expect(computeB).toHaveBeenCalledTimes(1);
    } finally {
      computeB.mockRestore();
    }
  });

  it('asks Stripe about an order once per interval, whichever process the status polls reach', async () => {
    await a.app.get(RestockService).importKeys([{ productId: PRO_PLUS, licenseKey: generateLicenseKey() }]);
    const intent = (await createIntent(a, { cartItems: [{ id: PRO_PLUS, quantity: 1 }] }).expect(201))
      .body as Intent;
    const lookups = () => stripe.requests.filter((r) => r.method === 'GET').length;
    const poll = (t: TestApp) =>
      t
        .http()
        .get(`/api/orders/${intent.orderId}/status`)
        .query({ clientSecret: intent.clientSecret })
        .expect(200);

    const started = Date.now();
    const before = lookups();
    // Six polls at once and six one after another, alternating between the processes.
    await Promise.all([a, b, a, b, a, b].map(poll));
    for (const t of [a, b, a, b, a, b]) await poll(t);
    // One lookup when the polls take less than the interval (a busy machine may take longer: one more for
    // each interval begun since).
    const intervals = Math.floor((Date.now() - started) / STRIPE_SYNC_INTERVAL_MS) + 1;
    expect(lookups() - before).toBeGreaterThanOrEqual(1);
    expect(lookups() - before).toBeLessThanOrEqual(intervals);

    // Once the interval is over, the next poll asks again, and a payment Stripe took is found.
    const paymentIntent = [...stripe.intents.values()].find((i) => i.metadata.orderId === intent.orderId)!;
    Object.assign(paymentIntent, { status: 'succeeded', amount_received: paymentIntent.amount });
    await sleep(Math.max(0, started + STRIPE_SYNC_INTERVAL_MS - Date.now()) + 100);
    const counted = lookups();
    const paid = await waitFor(
      async () => ((await poll(b)).body.paymentStatus === 'completed' ? true : null),
      { timeoutMs: 3 * STRIPE_SYNC_INTERVAL_MS, intervalMs: 200, what: 'the payment to be found' },
    );
    expect(paid).toBe(true);
    expect(lookups()).toBeGreaterThan(counted);
  });

  it('reports Redis in the health check', async () => {
    expect((await a.http().get('/api/health').expect(200)).body).toEqual({
      status: 'ok',
      redis: 'up',
      rateLimits: 'shared',
    });
  });
});

describe(`while Redis is down (${DRIVER})`, () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    // The outage is logged at ERROR on purpose.
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    t = await startTestApp({ TRUST_PROXY: 'loopback', REDIS_URL: await closedRedisUrl() });
    admin = await signIn(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
    jest.restoreAllMocks();
  });

  it('stays healthy, says Redis is down, and keeps the dashboard in the process', async () => {
    expect((await t.http().get('/api/health').expect(200)).body).toEqual({
      status: 'ok',
      redis: 'down',
      rateLimits: 'per-process',
    });
    const compute = jest.spyOn(
      t.app.get(DashboardService) as unknown as { compute: () => unknown },
      'compute',
    );
    try {
      const get = () => t.http().get('/api/admin/dashboard').set('authorization', admin).expect(200);
      const first = (await get()).body;
      await createIntent(t).expect(201);
      expect((await get()).body).toEqual(first);
      expect(compute).toHaveBeenCalledTimes(1);
    } finally {
      compute.mockRestore();
    }
  });
});
