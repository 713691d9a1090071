import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { Dispute } from '../src/payments/disputes/entities/dispute.entity.js';
import { DownloadLink } from '../src/downloads/entities/download-link.entity.js';
import { OutboxCipher } from '../src/emails/outbox-cipher.js';
import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { outboxMessageId, senderDomain } from '../src/emails/mail-transport.js';
import { FulfilmentService } from '../src/fulfilment/fulfilment.service.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { runInTransaction } from '../src/database/transactions.js';
import { Refund } from '../src/payments/entities/refund.entity.js';
import { RefundsService } from '../src/payments/refunds.service.js';
import { UnansweredRefundsSweeper } from '../src/payments/disputes/unanswered-refunds.sweeper.js';
import { PRO_PLUS } from './support/checkout.js';
import { binary, pdfText } from './support/pdf.js';
import { signIn } from './support/staff.js';
import {
  orderOf,
  postWebhook,
  startStripeTestApp,
  stripeCheckout,
  type StripeTestApp,
} from './support/stripe-app.js';
import { DRIVER } from './support/test-app.js';

/** Chargebacks and early fraud warnings through Stripe's webhooks (issue #19, section 2). */
describe(`disputes and early fraud warnings on ${DRIVER}`, () => {
  let t: StripeTestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startStripeTestApp(40, { STAFF_ALERT_EMAIL: 'alerts@shop.example' });
    admin = await signIn(t, 'admin', 'disputer');
  });
  afterAll(() => t.close());

  const detail = async (orderId: string, auth = admin) =>
    (await t.http().get(`/api/admin/orders/${orderId}`).set('authorization', auth).expect(200)).body;
  const keysOf = (orderId: string) =>
    t.db.getRepository(LicenseKey).find({ where: { orderId }, order: { assignedAt: 'ASC', id: 'ASC' } });
  const linksOf = (orderId: string) => t.db.getRepository(DownloadLink).findBy({ orderId });
  const staffMails = async (orderId: string) => {
    const cipher = t.app.get(OutboxCipher);
    const mails = await t.db
      .getRepository(OutboxEmail)
      .find({ where: { orderId, to: 'alerts@shop.example' }, order: { id: 'ASC' } });
    return mails.map((m) => ({ kind: m.kind, subject: m.subject, text: cipher.open(m.text) }));
  };
  const disputePath = (orderId: string, disputeId: string, tail: string) =>
    `/api/admin/orders/${orderId}/disputes/${disputeId}/${tail}`;

  async function paidOrder(app: StripeTestApp = t, quantity = 1) {
    const { intent, paymentIntentId } = await stripeCheckout(app, {
      cartItems: [{ id: PRO_PLUS, quantity }],
    });
    await postWebhook(
      app,
      app.stripe.event('payment_intent.succeeded', app.stripe.succeeded(paymentIntentId)),
    ).expect(200);
    expect(await orderOf(app, intent.orderId)).toMatchObject({
      paymentStatus: 'completed',
      status: 'fulfilled',
    });
    return { orderId: intent.orderId, paymentIntentId };
  }

  async function openDispute(paymentIntentId: string, app: StripeTestApp = t) {
    const dispute = app.stripe.dispute(paymentIntentId);
    const created = app.stripe.event('charge.dispute.created', dispute);
    await postWebhook(app, created).expect(200);
    return { dispute, created };
  }

  it('opens a dispute: payment disputed, keys revoked, links disabled, staff alerted, shown on the order; a replay does nothing', async () => {
    const { orderId, paymentIntentId } = await paidOrder(t, 2);
    const { dispute, created } = await openDispute(paymentIntentId);

    expect(await orderOf(t, orderId)).toMatchObject({ paymentStatus: 'disputed', status: 'fulfilled' });
    expect((await keysOf(orderId)).map((k) => k.status)).toEqual(['revoked', 'revoked']);
    expect((await linksOf(orderId)).every((l) => !l.isActive)).toBe(true);
    const [alert, ...more] = await staffMails(orderId);
    expect(more).toEqual([]);
    expect(alert!.kind).toBe('dispute');
    expect(alert!.subject).toContain(`Dispute opened: order ${orderId.slice(0, 8).toUpperCase()}`);
    expect(alert!.text).toContain(`dispute ${dispute.id}, reason: fraudulent`);
    expect(alert!.text).toContain(new Date(dispute.evidence_details.due_by * 1000).toISOString());
    expect(alert!.text).toContain("The order's licence keys were revoked");
    expect(alert!.text).toContain(`/admin/orders?filter=`);

    const body = await detail(orderId);
    expect(body.disputes).toEqual([
      {
        id: expect.any(String),
        kind: 'dispute',
        providerDisputeId: dispute.id,
        amountCents: dispute.amount,
        currency: 'USD',
        reason: 'fraudulent',
        status: 'needs_response',
        evidenceDueBy: new Date(dispute.evidence_details.due_by * 1000).toISOString(),
        evidenceSubmittedAt: null,
        evidenceSubmittedBy: null,
        keysRevoked: true,
        createdAt: expect.any(String),
      },
    ]);
    // Nothing is delivered while disputed.
    await t.http().post(`/api/admin/orders/${orderId}/resend-email`).set('authorization', admin).expect(409);

    // The same delivery again, and the same dispute under another event id: nothing more.
    await postWebhook(t, created).expect(200);
    await postWebhook(t, t.stripe.event('charge.dispute.created', dispute)).expect(200);
    expect(await t.db.getRepository(Dispute).countBy({ orderId })).toBe(1);
    expect(await staffMails(orderId)).toHaveLength(1);

    // Updated: status and due date kept current.
    const due = Math.floor(Date.now() / 1000) + 3 * 86_400;
    await postWebhook(
      t,
      t.stripe.event('charge.dispute.updated', {
        ...dispute,
        status: 'under_review',
        evidence_details: { due_by: due, submission_count: 1 },
      }),
    ).expect(200);
    expect((await detail(orderId)).disputes[0]).toMatchObject({
      status: 'under_review',
      evidenceDueBy: new Date(due * 1000).toISOString(),
    });
  });

  it('closed won: payment completed again, keys stay revoked until an admin restores them', async () => {
    const { orderId, paymentIntentId } = await paidOrder();
    const { dispute } = await openDispute(paymentIntentId);
    const [row] = (await detail(orderId)).disputes;
    // Not before it is won.
    const early = await t
      .http()
      .post(disputePath(orderId, row.id, 'restore-keys'))
      .set('authorization', admin)
      .expect(409);
    expect(early.body.message).toBe(
      'Keys are restored only after a dispute is won; this one is needs_response',
    );

    await postWebhook(t, t.stripe.event('charge.dispute.closed', { ...dispute, status: 'won' })).expect(200);
    expect(await orderOf(t, orderId)).toMatchObject({ paymentStatus: 'completed' });
    expect((await keysOf(orderId)).map((k) => k.status)).toEqual(['revoked']);
    const mails = await staffMails(orderId);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringContaining('Dispute opened'),
      expect.stringContaining('Dispute won'),
    ]);
    expect(mails[1]!.text).toContain('Restore keys');

    const support = await signIn(t, 'support');
    await t
      .http()
      .post(disputePath(orderId, row.id, 'restore-keys'))
      .set('authorization', support)
      .expect(403);
    const res = await t
      .http()
      .post(disputePath(orderId, row.id, 'restore-keys'))
      .set('authorization', admin)
      .expect(200);
    expect(res.body).toEqual({ restored: 1 });
    expect((await keysOf(orderId)).map((k) => k.status)).toEqual(['active']);
    expect((await linksOf(orderId)).every((l) => l.isActive)).toBe(true);
    expect((await detail(orderId)).disputes[0]).toMatchObject({ status: 'won', keysRevoked: false });
    expect(
      await t.db
        .getRepository(AuditEntry)
        .findOneByOrFail({ action: 'disputes.restore-keys', resourceId: orderId }),
    ).toMatchObject({ actorUsername: 'disputer' });
    // Once.
    await t
      .http()
      .post(disputePath(orderId, row.id, 'restore-keys'))
      .set('authorization', admin)
      .expect(409);
    // Unknown ids: 404.
    await t
      .http()
      .post(disputePath(orderId, '00000000-0000-4000-8000-000000000000', 'restore-keys'))
      .set('authorization', admin)
      .expect(404);
  });

  it('closed lost: payment refunded, keys stay revoked; a partially refunded payment won goes back to partially refunded', async () => {
    const lost = await paidOrder();
    const { dispute } = await openDispute(lost.paymentIntentId);
    await postWebhook(t, t.stripe.event('charge.dispute.closed', { ...dispute, status: 'lost' })).expect(200);
    expect(await orderOf(t, lost.orderId)).toMatchObject({ paymentStatus: 'refunded' });
    expect((await keysOf(lost.orderId)).map((k) => k.status)).toEqual(['revoked']);
    expect((await staffMails(lost.orderId)).map((m) => m.subject)).toEqual([
      expect.stringContaining('Dispute opened'),
      expect.stringContaining('Dispute lost'),
    ]);
    const [row] = (await detail(lost.orderId)).disputes;
    await t
      .http()
      .post(disputePath(lost.orderId, row.id, 'restore-keys'))
      .set('authorization', admin)
      .expect(409);

    const part = await paidOrder();
    await t
      .http()
      .post(`/api/admin/orders/${part.orderId}/refunds`)
      .set('authorization', admin)
      .send({ amountCents: 500, reason: 'Goodwill', revokeKeys: false, notifyCustomer: false })
      .expect(201);
    const opened = await openDispute(part.paymentIntentId);
    expect(await orderOf(t, part.orderId)).toMatchObject({ paymentStatus: 'disputed' });
    await postWebhook(
      t,
      t.stripe.event('charge.dispute.closed', { ...opened.dispute, status: 'won' }),
    ).expect(200);
    expect(await orderOf(t, part.orderId)).toMatchObject({ paymentStatus: 'partially_refunded' });
  });

  it('a held order disputed gives its reserved keys back to stock, and cannot be approved', async () => {
    const { intent, paymentIntentId } = await stripeCheckout(t, {
      cartItems: [{ id: PRO_PLUS, quantity: 1 }],
    });
    const orderId = intent.orderId;
    const fulfilment = t.app.get(FulfilmentService);
    t.stripe.succeeded(paymentIntentId);
    await runInTransaction(t.db, (m) =>
      fulfilment.confirmPayment(m, orderId, 'card', async () => ['test-rule']),
    );
    expect(await orderOf(t, orderId)).toMatchObject({ status: 'on_hold', paymentStatus: 'completed' });
    const [reserved] = await keysOf(orderId);
    expect(reserved).toBeDefined();

    await openDispute(paymentIntentId);
    expect(await orderOf(t, orderId)).toMatchObject({ status: 'on_hold', paymentStatus: 'disputed' });
    expect(await keysOf(orderId)).toEqual([]);
    expect(await t.db.getRepository(LicenseKey).findOneByOrFail({ id: reserved!.id })).toMatchObject({
      orderId: null,
      status: 'active',
    });
    expect((await detail(orderId)).disputes[0]).toMatchObject({ keysRevoked: false });
    // After the alert that it was held: the dispute's.
    expect((await staffMails(orderId)).find((mail) => mail.kind === 'dispute')!.text).toContain(
      'its reserved keys, never revealed, went back to stock',
    );
    await expect(
      runInTransaction(t.db, async (m) =>
        fulfilment.approveHeld(m, (await fulfilment.lockOrder(m, orderId))!),
      ),
    ).rejects.toThrow('disputed');
  });

  it('builds the evidence pack as JSON and PDF (admin and support, audited)', async () => {
    const { orderId } = await paidOrder();
    const { dispute } = await openDispute((await orderOf(t, orderId)).providerPaymentId!);
    const [row] = (await detail(orderId)).disputes;
    const delivery = await t.db
      .getRepository(OutboxEmail)
      .findOneByOrFail({ orderId, kind: 'order-delivery' });
    const messageId = outboxMessageId(delivery, senderDomain(t.config.mail.from));
    const order = await orderOf(t, orderId);

    const json = await t
      .http()
      .get(disputePath(orderId, row.id, 'evidence'))
      .query({ format: 'json' })
      .set('authorization', admin)
      .expect(200);
    expect(json.body).toMatchObject({
      dispute: { providerDisputeId: dispute.id, reason: 'fraudulent', status: 'needs_response' },
      order: {
        id: orderId,
        paymentProvider: 'stripe',
        lines: [{ product: expect.any(String), quantity: 1 }],
      },
      customer: { email: order.customerEmail, name: order.customerName },
      checkout: {
        ipAddress: order.checkoutIp ?? 'not recorded',
        ipCountry: order.checkoutIpCountry ?? 'not recorded',
        billingCountry: order.billingCountry,
        cardCountry: 'not recorded',
      },
      deliveryEmails: [{ to: order.customerEmail, messageId }],
      licenceKeys: [{ status: 'revoked', activations: [] }],
      downloads: [expect.objectContaining({ downloadCount: 0 })],
      refunds: [],
    });
    expect(json.body.consents).toHaveLength(2);
    // Keys are masked: the pack goes to a bank.
    const [key] = await keysOf(orderId);
    expect(JSON.stringify(json.body)).toContain(key!.keyLastGroup);
    expect(json.body.licenceKeys[0].key).toMatch(/^[•*X#-]/);

    const support = await signIn(t, 'support', 'evidence-reader');
    const pdf = await t
      .http()
      .get(disputePath(orderId, row.id, 'evidence'))
      .set('authorization', support)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('attachment; filename="dispute-evidence-');
    const bytes = pdf.body as Buffer;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain(messageId);
    expect(text).toContain(dispute.id);
    expect(text).toContain(order.customerEmail);

    const reads = await t.db
      .getRepository(AuditEntry)
      .findBy({ action: 'disputes.evidence-read', resourceId: orderId });
    expect(reads.map((r) => [r.actorUsername, r.after])).toEqual([
      ['disputer', { disputeId: row.id, format: 'json' }],
      ['evidence-reader', { disputeId: row.id, format: 'pdf' }],
    ]);
    const bad = await t
      .http()
      .get(disputePath(orderId, row.id, 'evidence'))
      .query({ format: 'docx' })
      .set('authorization', admin)
      .expect(400);
    expect(JSON.stringify(bad.body.message)).toContain('format must be pdf or json');
    await t
      .http()
      .get(disputePath(orderId, row.id, 'evidence'))
      .expect(401);
  });

  it('submits the evidence to Stripe (admin only, once, audited)', async () => {
    const { orderId, paymentIntentId } = await paidOrder();
    const { dispute } = await openDispute(paymentIntentId);
    const [row] = (await detail(orderId)).disputes;
    const order = await orderOf(t, orderId);
    const support = await signIn(t, 'support');
    await t
      .http()
      .post(disputePath(orderId, row.id, 'evidence'))
      .set('authorization', support)
      .expect(403);

    const res = await t
      .http()
      .post(disputePath(orderId, row.id, 'evidence'))
      .set('authorization', admin)
      .expect(200);
    expect(res.body).toMatchObject({
      id: row.id,
      evidenceSubmittedBy: 'disputer',
      evidenceSubmittedAt: expect.any(String),
    });
    const sent = t.stripe.requests.filter((r) => r.path === `/v1/disputes/${dispute.id}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      submit: 'true',
      evidence: {
        customer_name: order.customerName,
        customer_email_address: order.customerEmail,
        billing_address: expect.stringContaining(order.billingCity),
        product_description: expect.stringContaining(orderId),
        access_activity_log: expect.stringContaining('licence keys e-mailed to'),
        uncategorized_text: expect.stringContaining('Consent given'),
      },
    });
    expect(
      await t.db
        .getRepository(AuditEntry)
        .findOneByOrFail({ action: 'disputes.submit-evidence', resourceId: orderId }),
    ).toMatchObject({ actorUsername: 'disputer' });

    const again = await t
      .http()
      .post(disputePath(orderId, row.id, 'evidence'))
      .set('authorization', admin)
      .expect(409);
    expect(again.body.message).toBe('The evidence for this dispute was submitted already');
    expect(t.stripe.requests.filter((r) => r.path === `/v1/disputes/${dispute.id}`)).toHaveLength(1);

    // Stripe unreachable: 502, nothing recorded.
    const other = await paidOrder();
    await openDispute(other.paymentIntentId);
    const [otherRow] = (await detail(other.orderId)).disputes;
    t.stripe.failing = true;
    try {
      await t
        .http()
        .post(disputePath(other.orderId, otherRow.id, 'evidence'))
        .set('authorization', admin)
        .expect(502);
    } finally {
      t.stripe.failing = false;
    }
    expect((await detail(other.orderId)).disputes[0]).toMatchObject({ evidenceSubmittedAt: null });
  });

  it('an early fraud warning refunds in full through Stripe, revokes the keys and alerts staff, once', async () => {
    const { orderId, paymentIntentId } = await paidOrder();
    const order = await orderOf(t, orderId);
    const warning = t.stripe.fraudWarning(paymentIntentId) as { id: string };
    const delivery = t.stripe.event('radar.early_fraud_warning.created', warning);
    await postWebhook(t, delivery).expect(200);

    expect(await orderOf(t, orderId)).toMatchObject({ paymentStatus: 'refunded' });
    expect(t.stripe.refundedCents(paymentIntentId)).toBe(order.totalCents);
    expect((await keysOf(orderId)).map((k) => k.status)).toEqual(['revoked']);
    expect((await linksOf(orderId)).every((l) => !l.isActive)).toBe(true);
    const [refund, ...others] = await t.db.getRepository(Refund).findBy({ orderId });
    expect(others).toEqual([]);
    expect(refund).toMatchObject({
      status: 'succeeded',
      amountCents: order.totalCents,
      reason: 'Early fraud warning (made_with_stolen_card)',
      staffUsername: null,
      idempotencyKey: `fraud-warning-${warning.id}`,
    });
    const body = await detail(orderId);
    expect(body.disputes).toEqual([
      expect.objectContaining({
        kind: 'fraud_warning',
        providerDisputeId: warning.id,
        status: 'refunded',
        keysRevoked: true,
      }),
    ]);
    const [alert] = await staffMails(orderId);
    expect(alert).toMatchObject({
      kind: 'fraud-warning',
      subject: expect.stringContaining('Early fraud warning'),
    });
    expect(alert!.text).toContain('The payment is being refunded in full');
    expect(await t.db.getRepository(OutboxEmail).countBy({ orderId, kind: 'order-refund' })).toBe(1);

    // Replayed, or the same warning under another event: nothing more.
    const asked = () =>
      t.stripe.requests.filter((r) => r.path === '/v1/refunds' && r.body.payment_intent === paymentIntentId);
    expect(asked()).toHaveLength(1);
    await postWebhook(t, delivery).expect(200);
    await postWebhook(t, t.stripe.event('radar.early_fraud_warning.created', warning)).expect(200);
    expect(asked()).toHaveLength(1);
    expect(await t.db.getRepository(Refund).countBy({ orderId })).toBe(1);
    expect(await staffMails(orderId)).toHaveLength(1);
  });

  it('a warning whose refund could not be asked after commit is asked by the catch-up, once', async () => {
    const { orderId, paymentIntentId } = await paidOrder();
    t.stripe.failing = true;
    try {
      // The provider is down when asked after commit: the refund is recorded failed, never lost silently.
      await postWebhook(
        t,
        t.stripe.event('radar.early_fraud_warning.created', t.stripe.fraudWarning(paymentIntentId)),
      ).expect(200);
    } finally {
      t.stripe.failing = false;
    }
    const [failed] = await t.db.getRepository(Refund).findBy({ orderId });
    expect(failed).toMatchObject({ status: 'failed' });
    expect(await orderOf(t, orderId)).toMatchObject({ paymentStatus: 'completed' });

    // A process that stopped between the commit and the ask: the refund is still pending, unasked.
    const other = await paidOrder();
    const warning = t.stripe.fraudWarning(other.paymentIntentId) as { id: string };
    const refunds = t.app.get(RefundsService);
    const recorded = await runInTransaction(t.db, async (m) => {
      const order = await t.app.get(FulfilmentService).lockOrder(m, other.orderId);
      return refunds.recordSystem(m, order!, {
        reason: 'Early fraud warning (test)',
        revokeKeys: true,
        notifyCustomer: false,
        idempotencyKey: `fraud-warning-${warning.id}`,
      });
    });
    expect(await refunds.askUnanswered(new Date())).toBe(0); // still within its in-flight time
    // The housekeeping's round (under its job lease) asks it.
    await t.app.get(UnansweredRefundsSweeper).round(new Date(Date.now() + 60_000));
    expect(await t.db.getRepository(Refund).findOneByOrFail({ id: recorded!.id })).toMatchObject({
      status: 'succeeded',
    });
    expect(await orderOf(t, other.orderId)).toMatchObject({ paymentStatus: 'refunded' });
    expect(await refunds.askUnanswered(new Date(Date.now() + 60_000))).toBe(0);
    expect(t.stripe.refundedCents(other.paymentIntentId)).toBe((await orderOf(t, other.orderId)).totalCents);
    expect(
      t.stripe.requests.filter(
        (r) => r.path === '/v1/refunds' && r.body.payment_intent === other.paymentIntentId,
      ),
    ).toHaveLength(1);
  });

  it('a warning on a disputed payment refunds nothing and alerts staff', async () => {
    const { orderId, paymentIntentId } = await paidOrder();
    await openDispute(paymentIntentId);
    await postWebhook(
      t,
      t.stripe.event('radar.early_fraud_warning.created', t.stripe.fraudWarning(paymentIntentId)),
    ).expect(200);
    expect(await t.db.getRepository(Refund).countBy({ orderId })).toBe(0);
    expect(await orderOf(t, orderId)).toMatchObject({ paymentStatus: 'disputed' });
    const mails = await staffMails(orderId);
    expect(mails[1]!.text).toContain('Nothing was refunded automatically');
  });

  it('refuses signed dispute events of the wrong shape with a 400, recording nothing', async () => {
    const { orderId, paymentIntentId } = await paidOrder();
    const dispute = t.stripe.dispute(paymentIntentId);
    const res = await postWebhook(
      t,
      t.stripe.event('charge.dispute.created', { ...dispute, amount: 'lots' }),
    ).expect(400);
    expect(res.body.message).toBe('Malformed Stripe event: data.object.amount');
    expect(await t.db.getRepository(Dispute).countBy({ orderId })).toBe(0);
  });
});

describe(`disputes with DISPUTE_REVOKES_KEYS and EARLY_FRAUD_WARNING_REFUNDS off on ${DRIVER}`, () => {
  let t: StripeTestApp;

  beforeAll(async () => {
    t = await startStripeTestApp(5, { DISPUTE_REVOKES_KEYS: 'false', EARLY_FRAUD_WARNING_REFUNDS: 'false' });
  });
  afterAll(() => t.close());

  it('keeps the keys working during a dispute, and only alerts staff on a warning', async () => {
    const { intent, paymentIntentId } = await stripeCheckout(t, {
      cartItems: [{ id: PRO_PLUS, quantity: 1 }],
    });
    const orderId = intent.orderId;
    await postWebhook(
      t,
      t.stripe.event('payment_intent.succeeded', t.stripe.succeeded(paymentIntentId)),
    ).expect(200);
    await postWebhook(
      t,
      t.stripe.event('radar.early_fraud_warning.created', t.stripe.fraudWarning(paymentIntentId)),
    ).expect(200);
    expect(await orderOf(t, orderId)).toMatchObject({ paymentStatus: 'completed' });
    expect(await t.db.getRepository(Refund).countBy({ orderId })).toBe(0);
    expect(t.stripe.requests.filter((r) => r.path === '/v1/refunds')).toEqual([]);

    await postWebhook(t, t.stripe.event('charge.dispute.created', t.stripe.dispute(paymentIntentId))).expect(
      200,
    );
    expect(await orderOf(t, orderId)).toMatchObject({ paymentStatus: 'disputed' });
    const keys = await t.db.getRepository(LicenseKey).findBy({ orderId });
    expect(keys.map((k) => k.status)).toEqual(['active']);
    expect(await t.db.getRepository(Dispute).findBy({ orderId })).toEqual([
      expect.objectContaining({ kind: 'fraud_warning', status: 'open', keysRevoked: false }),
      expect.objectContaining({ kind: 'dispute', keysRevoked: false }),
    ]);
    const alerts = await t.db.getRepository(OutboxEmail).find({ where: { orderId, kind: 'fraud-warning' } });
    expect(alerts).toHaveLength(1);
    const text = t.app.get(OutboxCipher).open(alerts[0]!.text);
    expect(text).toContain('EARLY_FRAUD_WARNING_REFUNDS is off');
  });
});
