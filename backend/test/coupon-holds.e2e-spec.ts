import { Coupon } from '../src/coupons/entities/coupon.entity.js';
import { CouponHolds1766100000400 } from '../src/database/migrations/1766100000400-coupon-holds.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { BILLING, createIntent, type Intent } from './support/checkout.js';
import { signIn } from './support/staff.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

/**
 * What an unpaid checkout may hold of a capped coupon (#32 §4): one hold per buyer and coupon, for 15
 * minutes (fulfilment.e2e-spec.ts), and the back office's uses are the paid ones, holds shown apart.
 */
describe(`coupon holds of unpaid checkouts on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'loopback' });
    admin = await signIn(t, 'admin');
  });
  afterAll(() => t.close());

  const checkout = (code: string, email: string, ip: string) =>
    createIntent(t, { couponCode: code, billing: { ...BILLING, email } }, { 'x-forwarded-for': ip });
  const pay = (intent: Intent) =>
    t
      .http()
      .post('/api/payments/demo/confirm')
      .send({ orderId: intent.orderId, clientSecret: intent.clientSecret })
      .expect(200);
  const inBackOffice = async (code: string) => {
    const { id } = await t.db.getRepository(Coupon).findOneByOrFail({ code });
    return (await t.http().get(`/api/admin/coupons/${id}`).set('authorization', admin).expect(200)).body;
  };
  const order = (intent: Intent) => t.db.getRepository(Order).findOneByOrFail({ id: intent.orderId });

  it('shows the uses by paid orders, and the holds of unpaid checkouts apart', async () => {
    await t.db.getRepository(Coupon).insert({ code: 'PAIDONLY', percentOff: 10, maxRedemptions: 5 });
    const first = (await checkout('PAIDONLY', 'first@example.com', '10.40.0.1').expect(201)).body as Intent;
    await checkout('PAIDONLY', 'second@example.com', '10.40.0.2').expect(201);
    expect(await inBackOffice('PAIDONLY')).toMatchObject({ redemptionCount: 0, heldCount: 2 });

    await pay(first);
    expect(await inBackOffice('PAIDONLY')).toMatchObject({ redemptionCount: 1, heldCount: 1 });
    const list = await t
      .http()
      .get('/api/admin/coupons')
      .query({ filter: JSON.stringify({ q: 'PAIDONLY' }) })
      .set('authorization', admin)
      .expect(200);
    expect(list.body).toEqual([
      expect.objectContaining({ code: 'PAIDONLY', redemptionCount: 1, heldCount: 1 }),
    ]);
  });

  it('lets a buyer hold one use of a coupon: by address, or from one client address', async () => {
    await t.db.getRepository(Coupon).insert({ code: 'TWICE', percentOff: 20, maxRedemptions: 2 });
    const again = (await checkout('TWICE', 'again@example.com', '10.41.0.1').expect(201)).body as Intent;
    // The same buyer checks out again from elsewhere: the earlier checkout's hold goes back.
    const replaced = (await checkout('TWICE', 'again@example.com', '10.41.0.2').expect(201)).body as Intent;
    expect(await order(again)).toMatchObject({ couponState: 'released' });
    // Another address from that client address: its hold goes back too.
    const sameClient = (await checkout('TWICE', 'alias@example.com', '10.41.0.2').expect(201)).body as Intent;
    expect(await order(replaced)).toMatchObject({ couponState: 'released' });
    expect(await inBackOffice('TWICE')).toMatchObject({ redemptionCount: 0, heldCount: 1 });

    // So the coupon's second use is still there for someone else, and then it is used up.
    const other = (await checkout('TWICE', 'other@example.com', '10.41.0.3').expect(201)).body as Intent;
    await checkout('TWICE', 'late@example.com', '10.41.0.4').expect(409);

    // Paid orders never take it past its cap: the two holding it are delivered, the first one, paid
    // after all, is owed a refund.
    await pay(sameClient);
    await pay(other);
    await pay(again);
    expect(await order(again)).toMatchObject({ status: 'cancelled', refundDue: 'coupon-used-up' });
    expect(await inBackOffice('TWICE')).toMatchObject({ redemptionCount: 2, heldCount: 0 });
  });

  it('moves the holds of unpaid checkouts out of the uses when upgrading', async () => {
    await t.db.getRepository(Coupon).insert({ code: 'UPGRADE', percentOff: 10, maxRedemptions: 5 });
    const paid = (await checkout('UPGRADE', 'paid@example.com', '10.42.0.1').expect(201)).body as Intent;
    await pay(paid);
    await checkout('UPGRADE', 'unpaid@example.com', '10.42.0.2').expect(201);
    const runner = t.db.createQueryRunner();
    const migrate = async (step: 'up' | 'down') => {
      await runner.beforeMigration();
      await new CouponHolds1766100000400()[step](runner);
      await runner.afterMigration();
    };
    const counts = async () =>
      (await runner.query(`SELECT * FROM coupons WHERE code = 'UPGRADE'`)) as Record<string, unknown>[];
    try {
      // Before: one count of both.
      await migrate('down');
      const [before] = await counts();
      expect(Number(before!.redemptionCount)).toBe(2);
      expect(before).not.toHaveProperty('heldCount');
      await migrate('up');
    } finally {
      await runner.release();
    }
    expect(await inBackOffice('UPGRADE')).toMatchObject({ redemptionCount: 1, heldCount: 1 });
  });
});
