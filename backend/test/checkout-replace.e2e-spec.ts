import { JwtService } from '@nestjs/jwt';
import { CUSTOMER_AUDIENCE } from '../src/account/customer-token.js';
import { JWT_ISSUER } from '../src/auth/jwt.constants.js';
import { Coupon } from '../src/coupons/entities/coupon.entity.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { BILLING, createIntent, HOME_BUSINESS, STANDARD, type Intent } from './support/checkout.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

/**
 * One checkout leaves one order: when the shopper changes the cart or billing on the payment step, the
 * storefront names the order it made before (`replacesOrder`), which is cancelled with its payment and its
 * coupon reservation. Demo provider here; the Stripe stand-in's side is in stripe.e2e-spec.
 */
describe(`one checkout, one order, on ${DRIVER}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'loopback' });
  });
  afterAll(() => t.close());

  const orders = () => t.db.getRepository(Order);
  const open = async (body: Record<string, unknown> = {}) =>
    (await createIntent(t, body).expect(201)).body as Intent;
  const replacing = (intent: Intent) => ({
    replacesOrder: { orderId: intent.orderId, clientSecret: intent.clientSecret },
  });
  const pay = (intent: Intent) =>
    t
      .http()
      .post('/api/payments/demo/confirm')
      .send({ orderId: intent.orderId, clientSecret: intent.clientSecret });

  it('cancels the order a changed cart replaces, its payment and its coupon reservation', async () => {
    await t.db.getRepository(Coupon).insert({ code: 'ONCEONLY', percentOff: 50, maxRedemptions: 1 });
    const first = await open({ couponCode: 'ONCEONLY' });
    // The cap is taken by the first order's reservation: the second takes it over.
    const second = await open({
      cartItems: [{ id: STANDARD, quantity: 2 }],
      couponCode: 'ONCEONLY',
      ...replacing(first),
    });
    expect(second.orderId).not.toBe(first.orderId);
    expect(await orders().findOneByOrFail({ id: first.orderId })).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'pending',
      couponState: 'released',
    });
    expect(await orders().findOneByOrFail({ id: second.orderId })).toMatchObject({
      status: 'processing',
      couponState: 'reserved',
    });
    expect(await t.db.getRepository(Coupon).findOneByOrFail({ code: 'ONCEONLY' })).toMatchObject({
      heldCount: 1,
      redemptionCount: 0,
    });
    // The replaced payment cannot be completed any more; the new one can.
    expect((await pay(first).expect(409)).body.message).toBe('This order was cancelled');
    await pay(second).expect(200);
    expect(await orders().findOneByOrFail({ id: second.orderId })).toMatchObject({
      status: 'fulfilled',
      paymentStatus: 'completed',
    });
  });

  it('leaves alone an order paid meanwhile, someone else’s order, and a wrong client secret', async () => {
    const paid = await open();
    await pay(paid).expect(200);
    const other = await open({ billing: { ...BILLING, email: 'other@example.com' } });
    await open({ cartItems: [{ id: HOME_BUSINESS, quantity: 1 }], ...replacing(paid) });
    await open({
      replacesOrder: { orderId: other.orderId, clientSecret: `${other.clientSecret}x` },
    });
    await open({ replacesOrder: { orderId: '6f1c7e4e-1111-4222-8333-944445555666', clientSecret: 'nope' } });
    expect(await orders().findOneByOrFail({ id: paid.orderId })).toMatchObject({
      status: 'fulfilled',
      paymentStatus: 'completed',
    });
    expect(await orders().findOneByOrFail({ id: other.orderId })).toMatchObject({
      status: 'processing',
      paymentStatus: 'pending',
    });
  });

  it('answers the same order again for the same request, and refuses a malformed replacesOrder', async () => {
    const first = await open();
    const again = await createIntent(t, replacing(first), {
      'Idempotency-Key': `same-${first.orderId}`,
    }).expect(201);
    const replay = await createIntent(t, replacing(first), {
      'Idempotency-Key': `same-${first.orderId}`,
    }).expect(201);
    expect(replay.body.orderId).toBe(again.body.orderId);
    expect(await orders().countBy({ id: first.orderId, status: 'cancelled' })).toBe(1);
    for (const [replacesOrder, message] of [
      ['yes', 'replacesOrder must be an object'],
      [{ orderId: 'abc', clientSecret: 's' }, 'replacesOrder.orderId must be an order id'],
      [{ orderId: first.orderId }, 'replacesOrder.clientSecret is required'],
    ] as const) {
      const res = await createIntent(t, { replacesOrder }).expect(400);
      expect(res.body.message).toContain(message);
    }
  });

  it('shows the customer paid orders only: never a checkout left unpaid or replaced', async () => {
    const email = 'one-order@example.com';
    const billing = { ...BILLING, email };
    const abandoned = await open({ billing });
    const replaced = await open({ billing, cartItems: [{ id: STANDARD, quantity: 3 }] });
    const bought = await open({ billing, ...replacing(replaced) });
    await pay(bought).expect(200);
    const token = new JwtService().sign(
      { sub: email },
      {
        secret: t.config.jwtSecret,
        algorithm: 'HS256',
        issuer: JWT_ISSUER,
        audience: CUSTOMER_AUDIENCE,
        expiresIn: 600,
      },
    );
    const res = await t.http().get('/api/account/orders').set('authorization', `Bearer ${token}`).expect(200);
    expect(res.body.map((order: { id: string }) => order.id)).toEqual([bought.orderId]);
    expect(await orders().countBy({ id: abandoned.orderId, paymentStatus: 'pending' })).toBe(1);
  });

  it('documents Idempotency-Key once (and the challenge header), as optional, and no header anywhere as required', async () => {
    const docs = (await t.http().get('/api/docs-json').expect(200)).body;
    const required = Object.entries(
      docs.paths as Record<string, Record<string, { parameters?: object[] }>>,
    ).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) =>
        (operation.parameters ?? [])
          .filter((p) => (p as { in: string }).in === 'header' && (p as { required?: boolean }).required)
          .map((p) => `${method} ${path}: ${(p as { name: string }).name}`),
      ),
    );
    expect(required).toEqual([]);
    const headers = docs.paths['/api/create-payment-intent'].post.parameters.filter(
      (p: { in: string }) => p.in === 'header',
    );
    expect(headers).toEqual([
      expect.objectContaining({ name: 'Idempotency-Key', required: false }),
      // Only past the store-wide ceiling of checkouts (test/anonymous-ceilings.e2e-spec.ts).
      expect.objectContaining({ name: 'X-Altcha', required: false }),
    ]);
  });
});
