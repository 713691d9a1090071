import { randomUUID } from 'node:crypto';
import { StripeStandIn } from '../../../test/support/stripe-stand-in.js';
import type { Currency } from '../../common/money.js';
import type { Order } from '../../orders/entities/order.entity.js';
import { RefundRefused, WebhookRefused, type WebhookEvent } from '../payment-provider.js';
import { declineReason, StripePaymentProvider, WEBHOOK_TOLERANCE_SECONDS } from './stripe.provider.js';

describe('StripePaymentProvider against the local Stripe stand-in', () => {
  let standIn: StripeStandIn;
  let stripe: StripePaymentProvider;

  beforeAll(async () => {
    standIn = await StripeStandIn.start();
    stripe = StripePaymentProvider.fromSettings({
      secretKey: 'sk_test_stand_in',
      publishableKey: 'pk_test_stand_in',
      webhookSecret: standIn.webhookSecret,
      apiBase: new URL(standIn.url),
    });
  });
  afterAll(() => standIn.close());

  const order = (totalCents = 4859, currency: Currency = 'USD') =>
    ({ id: randomUUID(), totalCents, currency, customerEmail: 'shopper@example.com' }) as Order;
  /** A payment the shopper has paid, at the stand-in. */
  async function paid(totalCents = 4859) {
    const { providerPaymentId } = await stripe.createPayment(order(totalCents));
    standIn.succeeded(providerPaymentId);
    return providerPaymentId;
  }
  const parse = (delivery: { payload: string; signature: string }) =>
    stripe.parseWebhook(Buffer.from(delivery.payload), { 'stripe-signature': delivery.signature });
  const idempotencyKeys = (path: string) =>
    standIn.requests.filter((r) => r.method === 'POST' && r.path === path).map((r) => r.idempotencyKey);

  it('creates one PaymentIntent per order for its total', async () => {
    const o = order(2 * 5399);
    const first = await stripe.createPayment(o);
    const again = await stripe.createPayment(o);
    expect(again).toEqual(first);
    expect(standIn.intents.get(first.providerPaymentId)).toMatchObject({
      amount: 2 * 5399,
      currency: 'usd',
      metadata: { orderId: o.id },
      client_secret: first.clientSecret,
    });
    expect(idempotencyKeys('/v1/payment_intents').slice(-2)).toEqual([
      `order-${o.id}-payment-intent`,
      `order-${o.id}-payment-intent`,
    ]);
    expect(stripe).toMatchObject({ name: 'stripe', publishableKey: 'pk_test_stand_in' });
  });

  it("sends the order's currency in Stripe's lower case and reads Stripe's back in upper case", async () => {
    // ¥6,000: JPY has no minor unit, so Stripe is sent whole yen.
    const { providerPaymentId } = await stripe.createPayment(order(6000, 'JPY'));
    expect(standIn.intents.get(providerPaymentId)).toMatchObject({ amount: 6000, currency: 'jpy' });
    expect(await stripe.fetchPayment(providerPaymentId)).toMatchObject({
      amountCents: 6000,
      currency: 'JPY',
    });
    const delivery = standIn.event('payment_intent.succeeded', standIn.succeeded(providerPaymentId));
    expect(
      await stripe.parseWebhook(Buffer.from(delivery.payload), { 'stripe-signature': delivery.signature }),
    ).toMatchObject({ kind: 'succeeded', amountCents: 6000, currency: 'JPY' });
  });

  describe('parseWebhook', () => {
    it('reads a succeeded payment, with the order it was made for', async () => {
      const o = order();
      const { providerPaymentId } = await stripe.createPayment(o);
      const delivery = standIn.event('payment_intent.succeeded', standIn.succeeded(providerPaymentId), {
        created: 1_790_000_000,
      });
      expect(await parse(delivery)).toEqual<WebhookEvent>({
        kind: 'succeeded',
        providerEventId: delivery.id,
        // When Stripe says it happened (its `created`): events arrive in no promised order.
        occurredAt: new Date(1_790_000_000_000),
        providerType: 'payment_intent.succeeded',
        providerPaymentId,
        orderId: o.id,
        amountCents: 4859,
        currency: 'USD',
        paymentMethod: 'card',
      });
    });

    it('reads a failed payment', async () => {
      const o = order();
      const { providerPaymentId } = await stripe.createPayment(o);
      const delivery = standIn.event('payment_intent.payment_failed', standIn.declined(providerPaymentId));
      expect(await parse(delivery)).toEqual<WebhookEvent>({
        kind: 'failed',
        providerEventId: delivery.id,
        occurredAt: expect.any(Date),
        providerType: 'payment_intent.payment_failed',
        providerPaymentId,
        orderId: o.id,
        amountCents: 4859,
        currency: 'USD',
        failureReason: 'Your card was declined. (card_declined)',
      });
    });

    it('reads a payment processing by a method that confirms later, and one cancelled or expired', async () => {
      const o = order();
      const { providerPaymentId } = await stripe.createPayment(o);
      const processing = standIn.event('payment_intent.processing', standIn.processing(providerPaymentId));
      const payment = {
        providerEventId: processing.id,
        occurredAt: expect.any(Date),
        providerPaymentId,
        orderId: o.id,
        amountCents: 4859,
        currency: 'USD',
      };
      // The intent lists every method offered: which one is processing is not known from it.
      expect(await parse(processing)).toEqual<WebhookEvent>({
        ...payment,
        kind: 'processing',
        providerType: 'payment_intent.processing',
        paymentMethod: null,
      });
      const canceled = standIn.event('payment_intent.canceled', standIn.canceled(providerPaymentId));
      expect(await parse(canceled)).toEqual<WebhookEvent>({
        ...payment,
        providerEventId: canceled.id,
        kind: 'cancelled',
        providerType: 'payment_intent.canceled',
        reason: 'automatic',
      });
    });

    it("reads the decline's reason: Stripe's message and its most precise code", () => {
      expect(
        declineReason({
          message: 'Your card has insufficient funds.',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
        }),
      ).toBe('Your card has insufficient funds. (insufficient_funds)');
      expect(declineReason({ code: 'expired_card' })).toBe('expired_card');
      expect(declineReason({ message: 'x'.repeat(600) })).toHaveLength(500);
      expect(declineReason(null)).toBeNull();
      expect(declineReason({})).toBeNull();
    });

    it('reads a partial and then a full refund', async () => {
      const providerPaymentId = await paid(5000);
      const made = await stripe.refund(providerPaymentId, 1200, { storeRefundId: 'store-refund-1' });
      const partial = standIn.event('charge.refunded', standIn.charge(providerPaymentId));
      expect(await parse(partial)).toEqual<WebhookEvent>({
        kind: 'refunded',
        providerEventId: partial.id,
        occurredAt: expect.any(Date),
        providerType: 'charge.refunded',
        providerPaymentId,
        orderId: null,
        amountCents: 1200,
        currency: 'USD',
        fullyRefunded: false,
        refunds: [made],
      });
      expect(made).toEqual({
        providerRefundId: expect.stringMatching(/^re_/),
        amountCents: 1200,
        status: 'succeeded',
        failureReason: null,
        storeRefundId: 'store-refund-1',
      });
      await stripe.refund(providerPaymentId);
      const full = standIn.event('charge.refunded', standIn.charge(providerPaymentId));
      expect(await parse(full)).toMatchObject({ kind: 'refunded', amountCents: 5000, fullyRefunded: true });
      // Without the list (API versions since 2022-11-15 leave it out of the charge).
      const { refunds: _, ...bare } = standIn.charge(providerPaymentId) as { refunds: unknown };
      expect(await parse(standIn.event('charge.refunded', bare))).toMatchObject({ refunds: null });
    });

    it('reads a refund confirmed later, or failed', async () => {
      const providerPaymentId = await paid(5000);
      standIn.refundStatus = 'pending';
      const made = await stripe.refund(providerPaymentId, 700, { storeRefundId: 'store-refund-2' });
      standIn.refundStatus = 'succeeded';
      expect(made).toMatchObject({ status: 'pending', storeRefundId: 'store-refund-2' });
      for (const [type, status, failureReason] of [
        ['refund.updated', 'succeeded', null],
        ['refund.failed', 'failed', 'expired_or_canceled_card'],
      ] as const) {
        const event = standIn.event(type, standIn.settleRefund(made.providerRefundId, status));
        expect(await parse(event)).toEqual<WebhookEvent>({
          kind: 'refund_updated',
          providerEventId: event.id,
          occurredAt: expect.any(Date),
          providerType: type,
          providerPaymentId,
          orderId: null,
          amountCents: 700,
          currency: 'USD',
          refund: { ...made, status, failureReason },
        });
      }
    });

    it('reads a dispute opened, updated and closed', async () => {
      const providerPaymentId = await paid();
      const opened = standIn.dispute(providerPaymentId, 4000);
      for (const [type, phase, status] of [
        ['charge.dispute.created', 'created', 'needs_response'],
        ['charge.dispute.updated', 'updated', 'under_review'],
        ['charge.dispute.closed', 'closed', 'lost'],
      ] as const) {
        const delivery = standIn.event(type, { ...opened, status });
        expect(await parse(delivery)).toEqual<WebhookEvent>({
          kind: 'dispute',
          phase,
          providerEventId: delivery.id,
          occurredAt: expect.any(Date),
          providerType: type,
          providerPaymentId,
          orderId: null,
          amountCents: 4000,
          currency: 'USD',
          dispute: {
            providerDisputeId: opened.id,
            amountCents: 4000,
            currency: 'USD',
            reason: 'fraudulent',
            status,
            evidenceDueBy: new Date(opened.evidence_details.due_by * 1000),
          },
        });
      }
    });

    it('reads an early fraud warning', async () => {
      const providerPaymentId = await paid();
      const warning = standIn.fraudWarning(providerPaymentId) as { id: string };
      const delivery = standIn.event('radar.early_fraud_warning.created', warning);
      expect(await parse(delivery)).toEqual<WebhookEvent>({
        kind: 'fraud_warning',
        providerEventId: delivery.id,
        occurredAt: expect.any(Date),
        providerType: 'radar.early_fraud_warning.created',
        providerPaymentId,
        orderId: null,
        amountCents: null,
        currency: null,
        warning: { providerWarningId: warning.id, fraudType: 'made_with_stolen_card' },
      });
    });

    it('refuses signed dispute and fraud warning events of the wrong shape', async () => {
      const providerPaymentId = await paid();
      const dispute = standIn.dispute(providerPaymentId);
      for (const [type, object, field] of [
        ['charge.dispute.created', { ...dispute, id: 7 }, 'data.object.id'],
        ['charge.dispute.created', { ...dispute, payment_intent: null }, 'data.object.payment_intent'],
        ['charge.dispute.updated', { ...dispute, amount: '40' }, 'data.object.amount'],
        ['charge.dispute.closed', { ...dispute, status: '' }, 'data.object.status'],
        ['charge.dispute.created', { ...dispute, currency: 'dollars' }, 'data.object.currency'],
        [
          'charge.dispute.created',
          { ...dispute, evidence_details: { due_by: 'soon' } },
          'data.object.evidence_details.due_by',
        ],
        ['radar.early_fraud_warning.created', { id: 'issfr_1' }, 'data.object.payment_intent'],
        [
          'radar.early_fraud_warning.created',
          { id: 'issfr_1', payment_intent: providerPaymentId, fraud_type: 3 },
          'data.object.fraud_type',
        ],
      ] as const) {
        await expect(parse(standIn.event(type, object))).rejects.toThrow(`Malformed Stripe event: ${field}`);
      }
    });

    it('reads a fraud review opened and closed', async () => {
      const providerPaymentId = await paid();
      const opened = standIn.event('review.opened', standIn.review(providerPaymentId, true));
      const closed = standIn.event('review.closed', standIn.review(providerPaymentId, false));
      const review = { providerPaymentId, orderId: null, amountCents: null, currency: null };
      expect(await parse(opened)).toEqual<WebhookEvent>({
        kind: 'review_opened',
        providerEventId: opened.id,
        occurredAt: expect.any(Date),
        providerType: 'review.opened',
        ...review,
        reason: 'rule',
      });
      expect(await parse(closed)).toEqual<WebhookEvent>({
        kind: 'review_closed',
        providerEventId: closed.id,
        occurredAt: expect.any(Date),
        providerType: 'review.closed',
        ...review,
        reason: 'approved',
      });
    });

    it('answers the types the store has no use for as ignored', async () => {
      const delivery = standIn.event('customer.created', { id: 'cus_1', object: 'customer' });
      expect(await parse(delivery)).toEqual<WebhookEvent>({
        kind: 'ignored',
        providerEventId: delivery.id,
        occurredAt: expect.any(Date),
        providerType: 'customer.created',
      });
    });

    it('refuses missing, forged, stale and future signatures, and signed events of the wrong shape', async () => {
      const object = { id: 'pi_x', object: 'payment_intent', metadata: {} };
      const now = Math.floor(Date.now() / 1000);
      const refusal = (delivery: Promise<WebhookEvent>) =>
        delivery.then(
          () => 'accepted',
          (error: Error) => (error instanceof WebhookRefused ? error.message : `threw ${error.message}`),
        );
      const good = standIn.event('payment_intent.succeeded', object);
      expect(await refusal(stripe.parseWebhook(Buffer.from(good.payload), {}))).toBe(
        'Missing Stripe-Signature header or body',
      );
      expect(await refusal(stripe.parseWebhook(undefined, { 'stripe-signature': good.signature }))).toBe(
        'Missing Stripe-Signature header or body',
      );
      const refusals = await Promise.all(
        [
          standIn.event('payment_intent.succeeded', object, { secret: 'whsec_forged' }),
          standIn.event('payment_intent.succeeded', object, {
            timestamp: now - WEBHOOK_TOLERANCE_SECONDS - 1,
          }),
          standIn.event('payment_intent.succeeded', object, {
            timestamp: now + WEBHOOK_TOLERANCE_SECONDS + 60,
          }),
          standIn.event('payment_intent.succeeded', { ...object, id: 42 }),
          standIn.event('payment_intent.succeeded', { ...object, metadata: { orderId: 7 } }),
        ].map((delivery) => refusal(parse(delivery))),
      );
      expect(refusals).toEqual([
        'Invalid Stripe signature',
        'Invalid Stripe signature',
        'Stripe signature timestamp is too far in the future',
        'Malformed Stripe event: data.object.id',
        'Malformed Stripe event: data.object.metadata.orderId',
      ]);
      expect(await refusal(parse(good))).toBe('accepted');
    });
  });

  describe('refund', () => {
    it('refunds in full, once however often it is asked', async () => {
      const providerPaymentId = await paid(4859);
      const refund = await stripe.refund(providerPaymentId);
      expect(refund).toEqual({
        providerRefundId: expect.stringMatching(/^re_/),
        amountCents: 4859,
        status: 'succeeded',
        failureReason: null,
        storeRefundId: null,
      });
      expect(await stripe.refund(providerPaymentId)).toEqual(refund);
      expect(standIn.refundedCents(providerPaymentId)).toBe(4859);
      expect(idempotencyKeys('/v1/refunds').slice(-2)).toEqual([
        `refund-${providerPaymentId}-full`,
        `refund-${providerPaymentId}-full`,
      ]);
      expect(standIn.refunds.get(refund.providerRefundId)).toMatchObject({
        payment_intent: providerPaymentId,
        amount: 4859,
      });
    });

    it('refunds in part, a second refund of the same amount under its own key, never past the total', async () => {
      const providerPaymentId = await paid(5000);
      const first = await stripe.refund(providerPaymentId, 2000);
      expect(first.amountCents).toBe(2000);
      expect(await stripe.refund(providerPaymentId, 2000)).toEqual(first);
      const second = await stripe.refund(providerPaymentId, 2000, { idempotencyKey: 'refund-request-2' });
      expect(second.providerRefundId).not.toBe(first.providerRefundId);
      expect(standIn.refundedCents(providerPaymentId)).toBe(4000);
      await expect(stripe.refund(providerPaymentId, 1001)).rejects.toThrow(RefundRefused);
      await expect(stripe.refund(providerPaymentId, 1001)).rejects.toThrow(/greater than unrefunded/);
      expect(await stripe.refund(providerPaymentId)).toMatchObject({ amountCents: 1000 });
      expect(standIn.refundedCents(providerPaymentId)).toBe(5000);
    });

    it('refuses to refund a payment that was not paid', async () => {
      const { providerPaymentId } = await stripe.createPayment(order());
      await expect(stripe.refund(providerPaymentId)).rejects.toThrow(/status is requires_payment_method/);
    });
  });

  it('fetches a payment in neutral words as it moves', async () => {
    const { providerPaymentId } = await stripe.createPayment(order(3000));
    const state = () => stripe.fetchPayment(providerPaymentId);
    expect(await state()).toEqual({
      providerPaymentId,
      status: 'requires_action',
      amountCents: 3000,
      currency: 'USD',
      paymentMethod: 'card',
    });
    standIn.declined(providerPaymentId);
    expect((await state()).status).toBe('failed');
    standIn.intents.get(providerPaymentId)!.status = 'processing';
    expect((await state()).status).toBe('processing');
    standIn.succeeded(providerPaymentId);
    expect(await state()).toMatchObject({ status: 'succeeded', amountCents: 3000 });

    const cancelled = (await stripe.createPayment(order())).providerPaymentId;
    expect(await stripe.cancelPayment(cancelled)).toBe('cancelled');
    expect((await stripe.fetchPayment(cancelled)).status).toBe('cancelled');
    expect(await stripe.cancelPayment(providerPaymentId)).toBe('paid');
    await expect(stripe.fetchPayment('pi_unknown')).rejects.toThrow();
  });
});
