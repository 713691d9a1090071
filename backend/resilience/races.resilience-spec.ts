// Races (OWASP WSTG-BUSL-11, ASVS 5.0 2.3.3/2.3.4): many shoppers at once against limited stock, a coupon
// capped at one redemption, an activation limit, and a payment confirmed by ten copies of a webhook and
// by the browser at the same time. Everything goes through the built server as a real process; the
// database is read directly to check that no key, coupon or activation was handed out twice.
import { waitFor } from '@store/testing';
import { recordFigures } from './support/figures.js';
import {
  DELIVERY_SUBJECT,
  deliveryMails,
  expectOneKeyEach,
  freshKeys,
  keysIn,
  num,
  outboxSettled,
  pause,
  shopperAddress,
  STANDARD,
  STANDARD_LINKS,
  storeForBlock,
  thirtyBuyersForTenKeys,
  type Intent,
} from './support/shoppers.js';
import { DRIVER } from './support/store-process.js';

const INVALID_COUPON = 'This coupon code is not valid or has expired';
/** The reservation sweeper looks once a minute for checkouts left unpaid for 30 minutes. */
const SWEEP_WAIT_MS = 75_000;

jest.setTimeout(300_000);

/** A DATETIME column as milliseconds (a Date from mysql2, text from better-sqlite3). */
const time = (value: unknown) =>
  value instanceof Date ? value.getTime() : Date.parse(`${String(value).replace(' ', 'T')}Z`);

describe(`races on ${DRIVER}`, () => {
  const store = storeForBlock();
  let admin: string;

  beforeAll(async () => {
    admin = await store.t.adminAuth();
  });

  afterEach(() => {
    // Any 5xx the specs did not ask for fails the test that saw it.
    expect(store.t.errors).toEqual([]);
  });

  it('30 buyers for 10 keys: 10 delivered, 20 paid and waiting, then completed oldest first by an import', async () => {
    const { h, t } = store;
    const requestsBefore = t.requests;
    const { first, purchases } = await thirtyBuyersForTenKeys(t, admin, h.mail, 'stock');

    const orders = await h.db.query<{ id: string; status: string; awaitingKeys: unknown; email: string }>(
      'SELECT id, status, awaitingKeys, customerEmail AS email FROM orders WHERE paymentStatus = ? ORDER BY createdAt, id',
      ['completed'],
    );
    expect(orders).toHaveLength(30);
    expect(orders.filter((o) => o.status === 'fulfilled' && !num(o.awaitingKeys))).toHaveLength(10);
    const waiting = orders.filter((o) => o.status === 'processing' && num(o.awaitingKeys));
    expect(waiting).toHaveLength(20);

    // No key twice, no order with two keys, and only fulfilled orders hold keys.
    const perOrder = await h.db.query<{ orderId: string; n: unknown }>(
      'SELECT orderId, COUNT(*) AS n FROM license_keys WHERE orderId IS NOT NULL GROUP BY orderId',
    );
    expect(perOrder).toHaveLength(10);
    expect(perOrder.every((row) => num(row.n) === 1)).toBe(true);
    const fulfilledIds = new Set(orders.filter((o) => o.status === 'fulfilled').map((o) => o.id));
    expect(perOrder.every((row) => fulfilledIds.has(row.orderId))).toBe(true);

    // 5 keys arrive: the 5 oldest waiting orders get them.
    const five = freshKeys(5);
    const restock1 = await t.importKeys(admin, STANDARD, five);
    expect(restock1.body).toEqual({ imported: 5, duplicates: 0, invalid: [], ordersCompleted: 5 });
    const afterFive = await h.db.query<{ id: string; status: string }>(
      `SELECT id, status FROM orders WHERE id IN (${waiting.map(() => '?').join(',')})`,
      waiting.map((o) => o.id),
    );
    const nowFulfilled = new Set(afterFive.filter((o) => o.status === 'fulfilled').map((o) => o.id));
    expect([...nowFulfilled].sort()).toEqual(
      waiting
        .slice(0, 5)
        .map((o) => o.id)
        .sort(),
    );

    // The other 15 arrive: everyone is served.
    const fifteen = freshKeys(15);
    const restock2 = await t.importKeys(admin, STANDARD, fifteen);
    expect(restock2.body).toEqual({ imported: 15, duplicates: 0, invalid: [], ordersCompleted: 15 });

    const final = await h.db.query<{ status: string; awaitingKeys: unknown; n: unknown }>(
      'SELECT status, awaitingKeys, COUNT(*) AS n FROM orders GROUP BY status, awaitingKeys',
    );
    expect(final.map((r) => [r.status, num(r.awaitingKeys), num(r.n)])).toEqual([['fulfilled', 0, 30]]);
    const keyRows = await h.db.query<{ orderId: string | null; assignedAt: unknown }>(
      'SELECT orderId, assignedAt FROM license_keys',
    );
    expect(keyRows).toHaveLength(30);
    expect(keyRows.every((k) => k.orderId !== null)).toBe(true);
    expect(new Set(keyRows.map((k) => k.orderId)).size).toBe(30);
    // Oldest first: the waiting orders got their keys in the order they were placed.
    const assignedAt = new Map(keyRows.map((k) => [k.orderId, time(k.assignedAt)]));
    const waitingTimes = waiting.map((o) => assignedAt.get(o.id)!);
    expect(waitingTimes).toEqual([...waitingTimes].sort((a, b) => a - b));

    // Each buyer receives exactly one key by e-mail, every key is someone's, none twice.
    const received = await expectOneKeyEach(h.db, h.mail, purchases, [...first, ...five, ...fifteen]);
    const deliveries = h.mail.received.filter((m) => DELIVERY_SUBJECT.test(m.subject));
    expect(deliveries).toHaveLength(50);

    recordFigures('races: 30 buyers, 10 keys', {
      requests: t.requests - requestsBefore,
      serverErrors: t.serverErrors,
      keysDelivered: received.length,
      duplicates: received.length - new Set(received).size + (deliveries.length - 50),
      emailsSent: deliveries.length,
      emailsLost: Math.max(0, 50 - deliveries.length),
    });
  });

  it('a coupon capped at one redemption: one of 20 concurrent checkouts gets it; failure and abandonment give it back', async () => {
    const { h, t } = store;
    const requestsBefore = t.requests;
    const created = await t.call('POST', '/api/admin/coupons', {
      json: { code: 'RACE-ONCE', percentOff: 25, maxRedemptions: 1 },
      headers: { authorization: admin },
    });
    expect(created.status).toBe(201);
    // The uses the cap counts: paid orders' and unpaid checkouts' holds (#32 §4 keeps them apart).
    const redemptions = async () =>
      num(
        (
          await h.db.query<{ n: unknown }>(
            'SELECT redemptionCount + heldCount AS n FROM coupons WHERE code = ?',
            ['RACE-ONCE'],
          )
        )[0]!.n,
      );

    /** 20 checkouts at once with the code: exactly one gets the discount, 19 are refused. */
    const race = async (round: string) => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          t.createIntent(`coupon-${round}-${i}@race.example.com`, { couponCode: 'race-once' }),
        ),
      );
      const winners = answers.filter((a) => a.status === 201);
      expect(winners).toHaveLength(1);
      const winner = winners[0]!.body as Intent;
      expect(winner.discountCents).toBeGreaterThan(0);
      expect(winner.totalCents).toBe(winner.subtotalCents - winner.discountCents);
      const losers = answers.filter((a) => a.status !== 201);
      expect(losers).toHaveLength(19);
      for (const loser of losers) {
        expect(loser.status).toBe(409);
        expect((loser.body as { message: string }).message).toBe(INVALID_COUPON);
      }
      expect(await redemptions()).toBe(1);
      const reserved = await h.db.query<{ id: string }>(
        'SELECT id FROM orders WHERE couponCode = ? AND couponState = ?',
        ['RACE-ONCE', 'reserved'],
      );
      expect(reserved.map((r) => r.id)).toEqual([winner.orderId]);
      return winner;
    };
    const couponState = async (orderId: string) =>
      (await h.db.query<{ s: string }>('SELECT couponState AS s FROM orders WHERE id = ?', [orderId]))[0]!.s;

    // 1. The winner's card is declined: the redemption is given back at once.
    const first = await race('a');
    const declined = await t.confirmDemo(first, 'decline');
    expect(declined.status).toBe(402);
    expect(await couponState(first.orderId)).toBe('released');
    expect(await redemptions()).toBe(0);

    // 2. The next winner walks away: after 30 minutes unpaid the sweeper gives it back. The order is
    // made 31 minutes old in the database rather than waiting half an hour.
    const second = await race('b');
    await h.db.query(
      DRIVER === 'sqlite'
        ? "UPDATE orders SET createdAt = strftime('%Y-%m-%d %H:%M:%f', createdAt, '-31 minutes') WHERE id = ?"
        : 'UPDATE orders SET createdAt = createdAt - INTERVAL 31 MINUTE WHERE id = ?',
      [second.orderId],
    );
    await waitFor(async () => (await couponState(second.orderId)) === 'released', {
      timeoutMs: SWEEP_WAIT_MS,
      intervalMs: 500,
      what: 'the sweeper to release the abandoned reservation',
    });
    expect(await redemptions()).toBe(0);

    // 3. The third winner pays: the coupon is used up for good.
    const third = await race('c');
    const paid = await t.confirmDemo(third);
    expect(paid.status).toBe(200);
    expect(await couponState(third.orderId)).toBe('redeemed');
    expect(await redemptions()).toBe(1);
    const late = await t.createIntent('coupon-late@race.example.com', { couponCode: 'RACE-ONCE' });
    expect(late.status).toBe(409);
    expect((late.body as { message: string }).message).toBe(INVALID_COUPON);
    const validate = await t.call('POST', '/api/coupons/validate', {
      json: { code: 'RACE-ONCE' },
      headers: { 'x-forwarded-for': shopperAddress() },
    });
    expect(validate.status).toBe(404);
    // Exactly one discounted order was ever paid.
    const discountedPaid = await h.db.query<{ n: unknown }>(
      'SELECT COUNT(*) AS n FROM orders WHERE couponCode = ? AND paymentStatus = ?',
      ['RACE-ONCE', 'completed'],
    );
    expect(num(discountedPaid[0]!.n)).toBe(1);

    recordFigures('races: capped coupon', {
      requests: t.requests - requestsBefore,
      serverErrors: t.serverErrors,
      duplicates: Math.max(0, (await redemptions()) - 1),
    });
  });

  it('a staff cancel racing the demo confirmation, 12 times: never delivered while cancelled', async () => {
    const { h, t } = store;
    const requestsBefore = t.requests;
    // One key per round, and one for the coupon race's paid order should it still be waiting.
    expect((await t.importKeys(admin, STANDARD, freshKeys(13))).status).toBe(200);
    const outcomes = { delivered: 0, cancelledUnpaid: 0, refundDue: 0 };
    for (let round = 0; round < 12; round++) {
      const created = await t.createIntent(`cancel-race-${round}@race.example.com`);
      expect(created.status).toBe(201);
      const intent = created.body as Intent;
      const cancel = () =>
        t.call('PUT', `/api/admin/orders/${intent.orderId}`, {
          json: { status: 'cancelled' },
          headers: { authorization: admin },
        });
      // Each party goes first in turn, a few milliseconds apart, so both orders of arrival are tried.
      const delay = (round % 4) * 2;
      const [cancelled, paid] = await Promise.all([
        round % 2 ? pause(delay).then(cancel) : cancel(),
        round % 2 ? t.confirmDemo(intent) : pause(delay).then(() => t.confirmDemo(intent)),
      ]);
      const [row] = await h.db.query<{ status: string; paymentStatus: string; refundDue: string | null }>(
        'SELECT status, paymentStatus, refundDue FROM orders WHERE id = ?',
        [intent.orderId],
      );
      const keys = await h.db.query('SELECT id FROM license_keys WHERE orderId = ?', [intent.orderId]);
      const deliveries = await h.db.query('SELECT id FROM mail_outbox WHERE orderId = ? AND kind = ?', [
        intent.orderId,
        'order-delivery',
      ]);
      const what = `round ${round}: cancel ${cancelled.status}, confirm ${paid.status} ${JSON.stringify(paid.body)}, order ${JSON.stringify(row)}`;
      if (cancelled.status === 200) {
        // Cancelled: nothing delivered; if the payment went through all the same, a refund is owed.
        expect({ what, status: row!.status, keys: keys.length, mails: deliveries.length }).toEqual({
          what,
          status: 'cancelled',
          keys: 0,
          mails: 0,
        });
        if (row!.paymentStatus === 'completed') {
          expect({ what, refundDue: row!.refundDue, confirm: paid.status }).toEqual({
            what,
            refundDue: 'order-cancelled',
            confirm: 200,
          });
          outcomes.refundDue++;
        } else {
          expect({ what, paymentStatus: row!.paymentStatus, confirm: paid.status }).toEqual({
            what,
            paymentStatus: 'pending',
            confirm: 409,
          });
          outcomes.cancelledUnpaid++;
        }
      } else {
        // The payment won: the cancellation was refused and the order delivered.
        expect({ what, cancel: cancelled.status, confirm: paid.status }).toEqual({
          what,
          cancel: 409,
          confirm: 200,
        });
        expect({ what, row, keys: keys.length, mails: deliveries.length }).toEqual({
          what,
          row: { status: 'fulfilled', paymentStatus: 'completed', refundDue: null },
          keys: 1,
          mails: 1,
        });
        outcomes.delivered++;
      }
    }
    expect(outcomes.delivered + outcomes.cancelledUnpaid + outcomes.refundDue).toBe(12);

    recordFigures('races: cancel against payment', {
      requests: t.requests - requestsBefore,
      serverErrors: t.serverErrors,
      keysDelivered: outcomes.delivered,
      duplicates: 0,
    });
  });

  it('20 concurrent activations of a key limited to 3: exactly 3 succeed', async () => {
    const { h, t } = store;
    const requestsBefore = t.requests;
    const [key] = freshKeys(1);
    expect((await t.importKeys(admin, STANDARD, [key!], 3)).status).toBe(200);
    const activate = (instanceId: string) =>
      t.call('POST', '/api/licenses/activate', {
        json: { licenseKey: key, instanceId },
        headers: { 'x-forwarded-for': shopperAddress() },
      });
    const activations = async () =>
      h.db.query<{ instanceId: string }>(
        'SELECT a.instanceId AS instanceId FROM license_activations a JOIN license_keys k ON k.id = a.licenseKeyId WHERE k.keyLastGroup = ?',
        [key!.slice(-5)],
      );
    const activationCount = async () =>
      num(
        (
          await h.db.query<{ n: unknown }>(
            'SELECT activationCount AS n FROM license_keys WHERE keyLastGroup = ?',
            [key!.slice(-5)],
          )
        )[0]!.n,
      );

    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => activate(`PC-${i}`)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(17);
    expect(await activationCount()).toBe(3);
    const rows = await activations();
    expect(rows).toHaveLength(3);

    // One device is deactivated: of 20 new ones racing for the free slot, one gets it.
    const freed = await t.call('POST', '/api/licenses/deactivate', {
      json: { licenseKey: key, instanceId: rows[0]!.instanceId },
      headers: { 'x-forwarded-for': shopperAddress() },
    });
    expect(freed.status).toBe(200);
    const again = await Promise.all(Array.from({ length: 20 }, (_, i) => activate(`LAPTOP-${i}`)));
    expect(again.filter((a) => a.status === 200)).toHaveLength(1);
    expect(again.filter((a) => a.status === 409)).toHaveLength(19);
    expect(await activationCount()).toBe(3);
    expect(await activations()).toHaveLength(3);

    recordFigures('races: activation limit', {
      requests: t.requests - requestsBefore,
      serverErrors: t.serverErrors,
      duplicates: Math.max(0, (await activations()).length - 3),
    });
  });
});

describe(`a Stripe payment confirmed by 10 copies of its webhook and by the browser at once, on ${DRIVER}`, () => {
  const store = storeForBlock({ stripe: true });

  it('fulfils once and sends one e-mail; the browser alone delivers when the webhook never comes', async () => {
    const { h, t } = store;
    const admin = await t.adminAuth();
    expect((await t.importKeys(admin, STANDARD, freshKeys(4))).status).toBe(200);

    const results: { keys: number; mails: number; events: number }[] = [];
    // Three orders, each confirmed by a storm: the race is won by a different party each time.
    for (let round = 0; round < 3; round++) {
      const created = await t.createIntent(`stripe-${round}@race.example.com`);
      expect(created.status).toBe(201);
      const intent = created.body as Intent;
      expect(intent.provider).toBe('stripe');
      const paymentIntentId = intent.clientSecret.split('_secret_')[0]!;
      // The shopper's card went through at Stripe: Stripe now says succeeded, and sends the event.
      const succeeded = h.stripe!.succeeded(paymentIntentId);
      const event = h.stripe!.event('payment_intent.succeeded', succeeded);
      const webhook = () =>
        t.call('POST', '/api/payments/webhook', {
          body: event.payload,
          headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        });
      // What the browser calls once Stripe.js reports the payment: the order's status, polled.
      const status = () =>
        t.call(
          'GET',
          `/api/orders/${intent.orderId}/status?clientSecret=${encodeURIComponent(intent.clientSecret)}`,
          { headers: { 'x-forwarded-for': shopperAddress() } },
        );
      const storm = [
        ...Array.from({ length: 10 }, () => webhook),
        ...Array.from({ length: 3 }, () => status),
      ];
      // Rotate, so that a browser call goes first in one round and a webhook in another.
      const calls = [...storm.slice(round * 4), ...storm.slice(0, round * 4)];
      const answers = await Promise.all(calls.map((call) => call()));
      expect(answers.every((a) => a.status === 200)).toBe(true);

      const statusNow = await status();
      expect(statusNow.body).toMatchObject({ status: 'fulfilled', paymentStatus: 'completed' });
      const keys = await h.db.query('SELECT id FROM license_keys WHERE orderId = ?', [intent.orderId]);
      expect(keys).toHaveLength(1);
      const links = await h.db.query('SELECT id FROM download_links WHERE orderId = ?', [intent.orderId]);
      expect(links).toHaveLength(STANDARD_LINKS);
      const outbox = await h.db.query('SELECT id FROM mail_outbox WHERE orderId = ?', [intent.orderId]);
      expect(outbox).toHaveLength(1);
      const events = await h.db.query('SELECT id FROM payment_events WHERE providerEventId = ?', [event.id]);
      expect(events).toHaveLength(1);
      await waitFor(() => deliveryMails(h.mail.received, intent.orderId).length >= 1, {
        timeoutMs: 15_000,
        what: 'the delivery e-mail',
      });
      await outboxSettled(h.db);
      const mails = deliveryMails(h.mail.received, intent.orderId);
      expect(mails).toHaveLength(1);
      expect(mails.flatMap(keysIn)).toHaveLength(1);
      // A webhook arriving later still changes nothing.
      expect((await webhook()).status).toBe(200);
      expect(
        await h.db.query('SELECT id FROM license_keys WHERE orderId = ?', [intent.orderId]),
      ).toHaveLength(1);
      results.push({ keys: keys.length, mails: mails.length, events: events.length });
    }

    // The webhook never comes (lost, or the endpoint misconfigured): the browser's polling alone, 5 at
    // once, delivers the order once from what Stripe says; the webhook arriving after changes nothing.
    const created = await t.createIntent('stripe-no-webhook@race.example.com');
    const intent = created.body as Intent;
    const paymentIntentId = intent.clientSecret.split('_secret_')[0]!;
    const status = () =>
      t.call(
        'GET',
        `/api/orders/${intent.orderId}/status?clientSecret=${encodeURIComponent(intent.clientSecret)}`,
        {
          headers: { 'x-forwarded-for': shopperAddress() },
        },
      );
    expect((await status()).body).toMatchObject({ status: 'processing', paymentStatus: 'pending' });
    expect(await h.db.query('SELECT id FROM license_keys WHERE orderId = ?', [intent.orderId])).toHaveLength(
      0,
    );
    const succeeded = h.stripe!.succeeded(paymentIntentId);
    await pause(2_100); // the lookups of one order are spaced 2 s apart
    const polls = await Promise.all(Array.from({ length: 5 }, status));
    expect(polls.every((p) => p.status === 200)).toBe(true);
    expect((await status()).body).toMatchObject({ status: 'fulfilled', paymentStatus: 'completed' });
    const late = h.stripe!.event('payment_intent.succeeded', succeeded);
    const lateAnswer = await t.call('POST', '/api/payments/webhook', {
      body: late.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': late.signature },
    });
    expect(lateAnswer.status).toBe(200);
    const keys = await h.db.query('SELECT id FROM license_keys WHERE orderId = ?', [intent.orderId]);
    expect(keys).toHaveLength(1);
    await waitFor(() => deliveryMails(h.mail.received, intent.orderId).length >= 1, {
      timeoutMs: 15_000,
      what: 'the delivery e-mail',
    });
    await outboxSettled(h.db);
    const mails = deliveryMails(h.mail.received, intent.orderId);
    expect(mails).toHaveLength(1);
    results.push({ keys: keys.length, mails: mails.length, events: 1 });
    expect(t.errors).toEqual([]);

    recordFigures('races: Stripe webhook storm', {
      requests: t.requests,
      serverErrors: t.serverErrors,
      keysDelivered: results.reduce((sum, r) => sum + r.keys, 0),
      duplicates: results.reduce((sum, r) => sum + (r.keys - 1) + (r.mails - 1), 0),
      emailsSent: h.mail.received.length,
      emailsLost: results.filter((r) => r.mails === 0).length,
    });
  });
});

describe(`a refund replayed 10 times refunds once (Stripe), on ${DRIVER}`, () => {
  const store = storeForBlock({ stripe: true });

  it('10 identical requests under one Idempotency-Key and 10 replays of charge.refunded: one refund, one e-mail', async () => {
    const { h, t } = store;
    const admin = await t.adminAuth();
    expect((await t.importKeys(admin, STANDARD, freshKeys(1))).status).toBe(200);
    const created = await t.createIntent('refund-storm@race.example.com');
    expect(created.status).toBe(201);
    const intent = created.body as Intent;
    const paymentIntentId = intent.clientSecret.split('_secret_')[0]!;
    const webhook = (event: { payload: string; signature: string }) =>
      t.call('POST', '/api/payments/webhook', {
        body: event.payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      });
    expect(
      (await webhook(h.stripe!.event('payment_intent.succeeded', h.stripe!.succeeded(paymentIntentId))))
        .status,
    ).toBe(200);

    // A double click, a retrying proxy: the same request ten times at once, under one Idempotency-Key.
    const idempotencyKey = `refund-storm-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.call('POST', `/api/admin/orders/${intent.orderId}/refunds`, {
          json: { reason: 'Refund storm', revokeKeys: true, notifyCustomer: true },
          headers: { authorization: admin, 'idempotency-key': idempotencyKey },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => (a.body as { id: string }).id)).size).toBe(1);
    expect(answers[0]!.body).toMatchObject({ status: 'succeeded', amountCents: intent.totalCents });

    // Stripe's charge.refunded: one event delivered ten times at once, then ten deliveries under new
    // event ids (as for events Stripe sends again), all naming the one refund.
    const refunded = h.stripe!.event('charge.refunded', h.stripe!.charge(paymentIntentId));
    const replays = await Promise.all([
      ...Array.from({ length: 10 }, () => webhook(refunded)),
      ...Array.from({ length: 10 }, () =>
        webhook(h.stripe!.event('charge.refunded', h.stripe!.charge(paymentIntentId))),
      ),
    ]);
    expect(replays.every((r) => r.status === 200)).toBe(true);

    expect(h.stripe!.refundsOf(paymentIntentId)).toHaveLength(1);
    const rows = await h.db.query<{ status: string; amountCents: unknown }>(
      'SELECT status, amountCents FROM refunds WHERE orderId = ?',
      [intent.orderId],
    );
    expect(rows.map((r) => ({ status: r.status, amountCents: num(r.amountCents) }))).toEqual([
      { status: 'succeeded', amountCents: intent.totalCents },
    ]);
    const [order] = await h.db.query<{ paymentStatus: string }>(
      'SELECT paymentStatus FROM orders WHERE id = ?',
      [intent.orderId],
    );
    expect(order!.paymentStatus).toBe('refunded');
    expect(
      await h.db.query("SELECT id FROM license_keys WHERE orderId = ? AND status <> 'revoked'", [
        intent.orderId,
      ]),
    ).toHaveLength(0);
    expect(
      await h.db.query("SELECT id FROM mail_outbox WHERE orderId = ? AND kind = 'order-refund'", [
        intent.orderId,
      ]),
    ).toHaveLength(1);
    const refundMails = () =>
      h.mail.received.filter(
        (mail) => mail.to.includes('refund-storm@race.example.com') && mail.subject.startsWith('Refund of'),
      );
    await waitFor(() => refundMails().length >= 1, { timeoutMs: 15_000, what: 'the refund e-mail' });
    await outboxSettled(h.db);
    expect(refundMails()).toHaveLength(1);
    expect(t.errors).toEqual([]);
  });
});
