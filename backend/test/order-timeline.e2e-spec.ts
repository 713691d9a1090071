import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OutboxWorker } from '../src/emails/outbox.worker.js';
import { DownloadLink } from '../src/downloads/entities/download-link.entity.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { OrderNote } from '../src/orders/entities/order-note.entity.js';
import { Dispute } from '../src/payments/disputes/entities/dispute.entity.js';
import { PaymentEvent } from '../src/payments/entities/payment-event.entity.js';
import { BILLING, createIntent, PRO_PLUS, STANDARD, type Intent } from './support/checkout.js';
import { signIn } from './support/staff.js';
import { orderOf, postWebhook, startStripeTestApp, stripeCheckout } from './support/stripe-app.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';
import { problems } from './support/problems.js';

interface Entry {
  at: string;
  kind: string;
  title: string;
  detail?: string;
  actor?: string;
}

const timelineOf = async (t: TestApp, orderId: string, auth: string) =>
  (await t.http().get(`/api/admin/orders/${orderId}/timeline`).set('authorization', auth).expect(200))
    .body as { orderId: string; entries: Entry[]; truncated: boolean };

/** The first entry of `kind` whose title matches, and its position. */
function find(entries: Entry[], kind: string, title: RegExp = /./) {
  const index = entries.findIndex((e) => e.kind === kind && title.test(e.title));
  if (index < 0) throw new Error(`no ${kind} entry titled ${title} in ${JSON.stringify(entries, null, 1)}`);
  return { index, entry: entries[index]! };
}

/** Every entry is in time order, oldest first. */
function expectChronological(entries: Entry[]) {
  const times = entries.map((e) => Date.parse(e.at));
  expect(times).toEqual([...times].sort((a, b) => a - b));
}

/** The Message-ID headers of the .eml files the outbox wrote, by recipient. */
function sentMessageIds(mailDir: string): string[] {
  return readdirSync(mailDir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => /^Message-ID: (.+)$/im.exec(readFileSync(join(mailDir, name), 'utf8'))?.[1]?.trim() ?? '');
}

describe(`order timeline (demo provider) on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let support: string;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'loopback' });
    admin = await signIn(t, 'admin', 'timeline-admin');
    support = await signIn(t, 'support', 'timeline-support');
  });
  afterAll(() => t.close());

  it('tells a demo order from checkout to note: decline, payment, keys, e-mail, download, activation, refund, staff, note', async () => {
    const intent = (await createIntent(t, { cartItems: [{ id: STANDARD, quantity: 1 }] }).expect(201))
      .body as Intent;
    const { orderId, clientSecret } = intent;
    // As the checkout records them (#19 §2/§3 fill these).
    // (In the billing country: an address elsewhere would hold the order for review.)
    await t.db
      .getRepository(Order)
      .update(orderId, { checkoutIp: '203.0.113.7', checkoutIpCountry: BILLING.country });
    const confirm = (outcome?: string) =>
      t.http().post('/api/payments/demo/confirm').send({ orderId, clientSecret, outcome });
    await confirm('decline').expect(402);
    await confirm().expect(200);
    expect(await orderOf(t, orderId)).toMatchObject({ status: 'fulfilled', paymentStatus: 'completed' });
    await t.app.get(OutboxWorker).drain();

    const [key] = await t.db.getRepository(LicenseKey).findBy({ orderId });
    const [link] = await t.db.getRepository(DownloadLink).findBy({ orderId, platform: 'Windows' });
    await t.http().get(`/api/downloads/${link!.token}`).redirects(0).expect(302);
    await t.http().get(`/api/downloads/${link!.token}`).redirects(0).expect(302);
    const detail = await t.http().get(`/api/admin/orders/${orderId}`).set('authorization', admin).expect(200);
    const fullKey = detail.body.licenseKeys[0].licenseKey as string;
    await t
      .http()
      .post('/api/licenses/activate')
      .set('x-forwarded-for', '10.30.0.1')
      .send({ licenseKey: fullKey, instanceId: 'laptop-7' })
      .expect(200);
    await t
      .http()
      .post(`/api/admin/orders/${orderId}/resend-email`)
      .set('authorization', support)
      .expect(202);
    await t
      .http()
      .post(`/api/admin/orders/${orderId}/refunds`)
      .set('authorization', admin)
      .send({ amountCents: 500, reason: 'Goodwill', revokeKeys: false, notifyCustomer: false })
      .expect(201);
    const note = await t
      .http()
      .post(`/api/admin/orders/${orderId}/notes`)
      .set('authorization', support)
      .send({ body: `  Customer called: key ${fullKey} works now.  ` })
      .expect(201);
    expect(note.body).toEqual({
      id: expect.any(Number),
      orderId,
      body: `Customer called: key ${fullKey} works now.`,
      author: 'timeline-support',
      createdAt: expect.any(String),
    });

    await t.app.get(OutboxWorker).drain();
    const timeline = await timelineOf(t, orderId, support);
    const { entries } = timeline;
    expect(timeline).toMatchObject({ orderId, truncated: false });
    expectChronological(entries);
    // Never a whole key, anywhere (the note quoting one included).
    expect(JSON.stringify(timeline)).not.toContain(fullKey);
    const masked = `XXXXX-XXXXX-XXXXX-XXXXX-${key!.keyLastGroup}`;

    const created = find(entries, 'created');
    expect(created.entry).toMatchObject({ title: 'Order placed', actor: 'customer' });
    expect(created.entry.detail).toContain('from 203.0.113.7 (IN)');
    const declined = find(entries, 'payment_failed');
    expect(declined.entry).toEqual({
      at: expect.any(String),
      kind: 'payment_failed',
      title: 'Payment declined',
      detail: 'Your card was declined (demo payment, no charge). · demo.payment_failed',
      actor: 'demo',
    });
    const succeeded = find(entries, 'payment', /Payment succeeded/);
    const paid = find(entries, 'paid');
    expect(paid.entry.detail).toMatch(/^\$\d+\.\d\d by demo \(demo\)$/);
    const keys = find(entries, 'keys');
    expect(keys.entry).toMatchObject({ title: '1 licence key assigned' });
    expect(keys.entry.detail).toContain(masked);
    const delivery = find(entries, 'email', /^Delivery e-mail sent$/);
    const messageId = /Message-ID (<[^>]+>)/.exec(delivery.entry.detail!)![1]!;
    expect(sentMessageIds(t.config.mail.dir)).toContain(messageId);
    const download = find(entries, 'download');
    expect(download.entry.detail).toMatch(/^2 of 5 downloads \(Windows\) · last \d{4}-/);
    const activation = find(entries, 'activation');
    expect(activation.entry).toMatchObject({
      title: `Key ${masked} activated`,
      detail: 'on instance laptop-7',
      actor: 'customer',
    });
    const resend = find(entries, 'staff', /^Delivery e-mail resent$/);
    expect(resend.entry.actor).toBe('timeline-support');
    const refund = find(entries, 'refund');
    expect(refund.entry).toMatchObject({ title: 'Refund of $5.00 succeeded', actor: 'timeline-admin' });
    expect(refund.entry.detail).toContain('Goodwill');
    const noted = find(entries, 'note');
    expect(noted.entry).toMatchObject({
      title: 'Note',
      detail: `Customer called: key ${masked} works now.`,
      actor: 'timeline-support',
    });
    expect(entries.some((e) => e.kind === 'staff' && e.title === 'orders.note')).toBe(false);

    const order = [created, declined, succeeded, paid, keys, delivery, download, activation, resend, refund];
    expect(order.map((e) => e.index)).toEqual([...order.map((e) => e.index)].sort((a, b) => a - b));
    expect(noted.index).toBe(entries.length - 1);

    // Each opening of the order by an admin records that its keys were shown: in a row, one entry.
    const shown = find(entries, 'staff', /^Licence keys shown$/).entry;
    expect(shown).toMatchObject({ actor: 'timeline-admin', detail: 'Once' });
    for (let i = 0; i < 2; i++)
      await t.http().get(`/api/admin/orders/${orderId}`).set('authorization', admin).expect(200);
    const later = (await timelineOf(t, orderId, admin)).entries;
    expect(later.slice(0, -1)).toEqual(entries);
    expect(later.at(-1)).toEqual({
      at: expect.any(String),
      kind: 'staff',
      title: 'Licence keys shown',
      detail: expect.stringMatching(/^2 times, the last at \d{4}-/),
      actor: 'timeline-admin',
    });
  });

  it('shows what the review, dispute and withdrawal flows record', async () => {
    const intent = (await createIntent(t).expect(201)).body as Intent;
    const orderId = intent.orderId;
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    await t.db.getRepository(Order).update(orderId, {
      heldAt: at(1),
      holdReasons: ['country-mismatch', 'disposable-email'],
      reviewedAt: at(2),
      status: 'cancelled',
      refundDue: 'review-rejected',
    });
    const disputes = t.db.getRepository(Dispute);
    await disputes.save(
      disputes.create({
        orderId,
        kind: 'fraud_warning',
        providerDisputeId: `issfr_${orderId}`,
        amountCents: 4000,
        reason: 'made_with_stolen_card',
        status: 'open',
        evidenceDueBy: null,
        evidenceSubmittedAt: null,
        evidenceSubmittedBy: null,
      }),
    );
    const { entries } = await timelineOf(t, orderId, admin);
    expect(find(entries, 'held').entry).toMatchObject({
      title: 'Held for review',
      detail: 'Because: country-mismatch, disposable-email',
    });
    expect(find(entries, 'reviewed').entry.title).toBe('Review: rejected');
    const warning = find(entries, 'dispute').entry;
    expect(warning.title).toBe('Early fraud warning');
    expect(warning.detail).toBe('$40.00 · reason: made_with_stolen_card · status: open');

    const withdrawn = ((await createIntent(t).expect(201)).body as Intent).orderId;
    await t.db.getRepository(Order).update(withdrawn, { status: 'withdrawn', withdrawnAt: at(3) });
    expect(find((await timelineOf(t, withdrawn, admin)).entries, 'withdrawn').entry).toMatchObject({
      title: 'Withdrawn from the contract',
      actor: 'customer',
    });
  });

  it('validates notes: trimmed, 1 to 2000 characters, nothing else', async () => {
    const { orderId } = (await createIntent(t).expect(201)).body as Intent;
    const post = (body: unknown) =>
      t
        .http()
        .post(`/api/admin/orders/${orderId}/notes`)
        .set('authorization', admin)
        .send(body as object);
    expect(problems((await post({}).expect(400)).body)).toEqual(['Note is required']);
    expect(problems((await post({ body: '   ' }).expect(400)).body)).toEqual(['Note is required']);
    expect(problems((await post({ body: 42 }).expect(400)).body)).toEqual(['Note must be text']);
    expect(problems((await post({ body: 'x'.repeat(2001) }).expect(400)).body)).toEqual([
      'Note must be at most 2000 characters',
    ]);
    expect(problems((await post({ body: 'ok', pinned: true }).expect(400)).body)).toEqual([
      'property pinned should not exist',
    ]);
    await post({ body: ` ${'y'.repeat(2000)} ` }).expect(201);
    expect(await t.db.getRepository(OrderNote).findBy({ orderId })).toEqual([
      expect.objectContaining({ body: 'y'.repeat(2000), staffUsername: 'timeline-admin' }),
    ]);
  });

  it('answers 404 for an unknown order and 401 without a token', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    await t.http().get(`/api/admin/orders/${unknown}/timeline`).set('authorization', support).expect(404);
    await t.http().get('/api/admin/orders/not-a-uuid/timeline').set('authorization', support).expect(404);
    await t
      .http()
      .post(`/api/admin/orders/${unknown}/notes`)
      .set('authorization', support)
      .send({ body: 'hello' })
      .expect(404);
    await t.http().get(`/api/admin/orders/${unknown}/timeline`).expect(401);
  });
});

describe(`order timeline (Stripe) on ${DRIVER}`, () => {
  it("records Stripe's decline reason from payment_intent.payment_failed and shows it before the payment", async () => {
    const t = await startStripeTestApp(2);
    try {
      const admin = await signIn(t, 'admin');
      const { intent, paymentIntentId } = await stripeCheckout(t, {
        cartItems: [{ id: PRO_PLUS, quantity: 1 }],
      });
      const declined = {
        ...t.stripe.declined(paymentIntentId),
        last_payment_error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
        },
      };
      const failure = t.stripe.event('payment_intent.payment_failed', declined);
      await postWebhook(t, failure).expect(200);
      // A replay records nothing more.
      await postWebhook(t, failure).expect(200);
      expect(await t.db.getRepository(PaymentEvent).findBy({ providerEventId: failure.id })).toEqual([
        expect.objectContaining({
          orderId: intent.orderId,
          failureReason: 'Your card has insufficient funds. (insufficient_funds)',
        }),
      ]);
      await postWebhook(
        t,
        t.stripe.event('payment_intent.succeeded', t.stripe.succeeded(paymentIntentId)),
      ).expect(200);

      const { entries } = await timelineOf(t, intent.orderId, admin);
      expectChronological(entries);
      const failed = find(entries, 'payment_failed');
      expect(failed.entry).toMatchObject({
        title: 'Payment declined',
        detail: 'Your card has insufficient funds. (insufficient_funds) · payment_intent.payment_failed',
        actor: 'stripe',
      });
      const succeeded = find(entries, 'payment', /Payment succeeded/);
      expect(succeeded.entry).toMatchObject({ detail: 'payment_intent.succeeded', actor: 'stripe' });
      expect(failed.index).toBeLessThan(succeeded.index);
      expect(find(entries, 'paid').index).toBeGreaterThan(failed.index);
      expect(find(entries, 'keys').entry.title).toBe('1 licence key assigned');
    } finally {
      await t.close();
    }
  });
});
