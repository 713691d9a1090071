import { SmtpSink } from '@store/testing';
import type { Test } from 'supertest';
import { generateLicenseKey } from '../src/license-keys/license-key-cipher.js';
import { RestockService } from '../src/fulfilment/restock.service.js';
import { BankTransferExpiry } from '../src/payments/bank-transfer-expiry.js';
import { createIntent, PRO_PLUS, type Intent } from './support/checkout.js';
import {
  keysOf,
  orderOf,
  postWebhook,
  startStripeTestApp,
  stripeCheckout,
  type StripeTestApp,
} from './support/stripe-app.js';
import { orderReference } from '../src/orders/order-reference.js';
import { signIn } from './support/staff.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

const DAY_MS = 86_400_000;

/** Ten Professional Plus at $53.99: $539.90, a bank transfer's amount; one is not. */
const LARGE = [{ id: PRO_PLUS, quantity: 10 }];
const SMALL = [{ id: PRO_PLUS, quantity: 1 }];

/** Eight days on: past the week a bank transfer is waited for. */
const overdue = () => new Date(Date.now() + 8 * DAY_MS);

/**
 * Bank transfers for large orders (#35 §2; decision 2026-11-29-bank-transfers-for-large-orders): offered
 * from $500 (€500, £400, ¥75,000); the order waits, nothing delivered, the buyer e-mailed how to pay; the
 * keys follow the transfer; an order whose transfer has not arrived after seven days is cancelled.
 */
describe(`bank transfers, Stripe stand-in, on ${DRIVER}`, () => {
  let t: StripeTestApp;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await startStripeTestApp(30, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const send = (type: string, object: object) => postWebhook(t, t.stripe.event(type, object)).expect(200);
  const intentRequest = (orderId: string) =>
    t.stripe.requests.find(
      (r) =>
        r.path === '/v1/payment_intents' &&
        (r.body.metadata as Record<string, string> | undefined)?.orderId === orderId,
    )!;

  it('offers a bank transfer from $500: the PaymentIntent gets a customer of its own and the transfer options', async () => {
    const { intent } = await stripeCheckout(t, { cartItems: LARGE });
    expect(intent).toMatchObject({ totalCents: 53_990, currency: 'USD', bankTransfer: true });
    const request = intentRequest(intent.orderId);
    expect(request.body.payment_method_options).toEqual({
      customer_balance: { funding_type: 'bank_transfer', bank_transfer: { type: 'us_bank_transfer' } },
    });
    const customer = t.stripe.customers.get(String(request.body.customer))!;
    expect(customer).toMatchObject({ email: expect.stringContaining('@'), name: expect.any(String) });
    expect(
      t.stripe.intents.get((await orderOf(t, intent.orderId)).providerPaymentId!)!.payment_method_types,
    ).toContain('customer_balance');

    const small = (await stripeCheckout(t, { cartItems: SMALL })).intent;
    expect(small).toMatchObject({ bankTransfer: false });
    expect(intentRequest(small.orderId).body.customer).toBeUndefined();
    expect(intentRequest(small.orderId).body.payment_method_options).toBeUndefined();
  });

  it('waits for the transfer with nothing delivered, e-mails how to pay, then delivers when it arrives', async () => {
    const { intent, paymentIntentId } = await stripeCheckout(t, { cartItems: LARGE });
    const awaiting = t.stripe.awaitingTransfer(paymentIntentId);
    await send('payment_intent.requires_action', awaiting);
    expect(await orderOf(t, intent.orderId)).toMatchObject({
      status: 'processing',
      paymentStatus: 'processing',
      paymentMethod: 'customer_balance',
    });
    expect(await keysOf(t, intent.orderId)).toBe(0);
    const mail = await smtp.arrived(`Order ${orderReference(intent.orderId)}: send $539.90 by bank transfer`);
    const instructions = awaiting.next_action!.display_bank_transfer_instructions as Record<string, string>;
    expect(mail.text).toContain(instructions.hosted_instructions_url);
    expect(mail.text).toContain(instructions.reference);
    expect(mail.text).toContain('7 days after your order');

    await send('payment_intent.succeeded', t.stripe.succeeded(paymentIntentId));
    expect(await orderOf(t, intent.orderId)).toMatchObject({ paymentStatus: 'completed' });
    expect(await keysOf(t, intent.orderId)).toBe(10);
  });

  it("leaves a card's 3-D Secure step alone: only a bank transfer's instructions make the order wait", async () => {
    const { intent, paymentIntentId } = await stripeCheckout(t, { cartItems: SMALL });
    await send('payment_intent.requires_action', {
      ...t.stripe.intents.get(paymentIntentId)!,
      status: 'requires_action',
      next_action: { type: 'use_stripe_sdk', use_stripe_sdk: {} },
    });
    expect(await orderOf(t, intent.orderId)).toMatchObject({ paymentStatus: 'pending' });
  });

  it('takes a bank transfer chosen after a declined card', async () => {
    const { intent, paymentIntentId } = await stripeCheckout(t, { cartItems: LARGE });
    await send('payment_intent.payment_failed', t.stripe.declined(paymentIntentId));
    expect(await orderOf(t, intent.orderId)).toMatchObject({ paymentStatus: 'failed' });
    await send('payment_intent.requires_action', t.stripe.awaitingTransfer(paymentIntentId));
    expect(await orderOf(t, intent.orderId)).toMatchObject({ paymentStatus: 'processing' });
  });

  it('cancels an order whose transfer has not arrived after seven days, at Stripe first, and says so', async () => {
    const { intent, paymentIntentId } = await stripeCheckout(t, { cartItems: LARGE });
    await send('payment_intent.requires_action', t.stripe.awaitingTransfer(paymentIntentId));
    const expiry = t.app.get(BankTransferExpiry);
    // Within the week nothing happens.
    expect(await expiry.expire(new Date(Date.now() + 6 * DAY_MS))).toBe(0);
    expect(await expiry.expire(overdue())).toBeGreaterThanOrEqual(1);
    expect(t.stripe.intents.get(paymentIntentId)!.status).toBe('canceled');
    expect(await orderOf(t, intent.orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    const mail = await smtp.arrived(
      `Order ${orderReference(intent.orderId)} is cancelled: no bank transfer arrived for it`,
    );
    expect(mail.text).toContain('reply to this e-mail and we return it');
    // Stripe's cancellation event that follows changes nothing.
    await send('payment_intent.canceled', t.stripe.canceled(paymentIntentId));
    expect(await orderOf(t, intent.orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
  });

  it('lets staff cancel an order waiting for its transfer (the buyer asked): at Stripe first, then as when it expires', async () => {
    const admin = await signIn(t, 'admin');
    const asAdmin = (request: Test) => request.set('authorization', admin);
    const { intent, paymentIntentId } = await stripeCheckout(t, { cartItems: LARGE });
    await send('payment_intent.requires_action', t.stripe.awaitingTransfer(paymentIntentId));
    const path = `/api/admin/orders/${intent.orderId}`;
    const detail = await asAdmin(t.http().get(path)).expect(200);
    expect(detail.body.allowedTransitions).toEqual({ status: ['cancelled'], paymentStatus: ['completed'] });

    const cancelled = await asAdmin(t.http().put(path)).send({ status: 'cancelled' }).expect(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect(t.stripe.intents.get(paymentIntentId)!.status).toBe('canceled');
    expect(await keysOf(t, intent.orderId)).toBe(0);
    const mail = await smtp.arrived(
      `Order ${orderReference(intent.orderId)} is cancelled: no bank transfer arrived for it`,
    );
    expect(mail.text).toContain('unless you ask us to cancel it sooner');
    expect(mail.text).toContain('reply to this e-mail and we return it');

    // A bank debit under way cannot be stopped: refused, and nothing asked of Stripe.
    const debit = await stripeCheckout(t, { cartItems: SMALL });
    await send('payment_intent.processing', t.stripe.processing(debit.paymentIntentId));
    const refused = await asAdmin(t.http().put(`/api/admin/orders/${debit.intent.orderId}`))
      .send({ status: 'cancelled' })
      .expect(409);
    expect(refused.body.message).toBe(
      "This order's payment is being processed by the bank: it is cancelled if the payment fails",
    );
    expect(t.stripe.intents.get(debit.paymentIntentId)!.status).toBe('processing');
  });
});

describe(`bank transfers, demo provider, on ${DRIVER}`, () => {
  let t: TestApp;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await startTestApp({ SEED_DEMO_KEYS: '0', SMTP_URL: smtp.url, TRUST_PROXY: 'loopback' });
    await t.app
      .get(RestockService)
      .importKeys(
        Array.from({ length: 12 }, () => ({ productId: PRO_PLUS, licenseKey: generateLicenseKey() })),
      );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const checkout = async (cartItems: object[]) =>
    (await createIntent(t, { cartItems }).expect(201)).body as Intent;
  const confirm = (intent: Intent, more: Record<string, unknown>) =>
    t
      .http()
      .post('/api/payments/demo/confirm')
      .send({ orderId: intent.orderId, clientSecret: intent.clientSecret, ...more });

  it('refuses a bank transfer below $500, and one with an outcome other than a delay', async () => {
    const small = await checkout(SMALL);
    expect(small).toMatchObject({ bankTransfer: false });
    const refused = await confirm(small, { method: 'bank_transfer' }).expect(400);
    expect(refused.body.message).toBe('A bank transfer is offered for orders of at least $500.00');
    const large = await checkout(LARGE);
    const now = await confirm(large, { method: 'bank_transfer', outcome: 'succeed' }).expect(400);
    expect(now.body.message).toBe(
      'A bank transfer is paid later: outcome must be delay, and POST /api/payments/demo/settle decides it',
    );
    expect(await orderOf(t, large.orderId)).toMatchObject({ paymentStatus: 'pending' });
  });

  it('waits for the transfer, e-mails how to pay, and delivers when it is settled', async () => {
    const large = await checkout(LARGE);
    expect(large).toMatchObject({ bankTransfer: true });
    const waiting = await confirm(large, { method: 'bank_transfer' }).expect(200);
    expect(waiting.body).toMatchObject({ paymentStatus: 'processing' });
    expect(await orderOf(t, large.orderId)).toMatchObject({ paymentMethod: 'demo_bank_transfer' });
    const mail = await smtp.arrived(`Order ${orderReference(large.orderId)}: send $539.90 by bank transfer`);
    expect(mail.text).toContain(`DEMO-${orderReference(large.orderId)}`);
    expect(await keysOf(t, large.orderId)).toBe(0);
    await t
      .http()
      .post('/api/payments/demo/settle')
      .send({ orderId: large.orderId, clientSecret: large.clientSecret, outcome: 'succeed' })
      .expect(200);
    expect(await keysOf(t, large.orderId)).toBe(10);
  });

  it('cancels a demo transfer left unsent after seven days', async () => {
    const large = await checkout([{ id: PRO_PLUS, quantity: 10 }]);
    await confirm(large, { method: 'bank_transfer' }).expect(200);
    expect(await t.app.get(BankTransferExpiry).expire(overdue())).toBe(1);
    expect(await orderOf(t, large.orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    await smtp.arrived(
      `Order ${orderReference(large.orderId)} is cancelled: no bank transfer arrived for it`,
    );
  });
});
