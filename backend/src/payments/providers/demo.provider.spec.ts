import { randomUUID } from 'node:crypto';
import type { Order } from '../../orders/entities/order.entity.js';
import { RefundRefused, WebhookRefused } from '../payment-provider.js';
import { DEMO_PAYMENTS_KEPT, DemoPaymentProvider } from './demo.provider.js';

describe('DemoPaymentProvider', () => {
  const order = (totalCents = 4859) => ({ id: randomUUID(), totalCents, currency: 'USD' }) as Order;

  it('creates a payment per order that waits for the demo confirmation', async () => {
    const demo = new DemoPaymentProvider();
    const o = order();
    const created = await demo.createPayment(o);
    expect(created.providerPaymentId).toBe(`demo_${o.id}`);
    expect(created.clientSecret).toMatch(new RegExp(`^demo_${o.id}_secret_[\\w-]{24}$`));
    expect(await demo.fetchPayment(created.providerPaymentId)).toEqual({
      providerPaymentId: created.providerPaymentId,
      status: 'requires_action',
      amountCents: 4859,
      currency: 'USD',
      paymentMethod: null,
    });
    demo.settle(created.providerPaymentId, 'failed', o);
    expect((await demo.fetchPayment(created.providerPaymentId)).status).toBe('failed');
    demo.settle(created.providerPaymentId, 'succeeded', o);
    expect(await demo.fetchPayment(created.providerPaymentId)).toMatchObject({
      status: 'succeeded',
      paymentMethod: 'demo',
    });
    // A decline after the payment went through changes nothing, nor does a cancellation.
    demo.settle(created.providerPaymentId, 'failed', o);
    expect(await demo.cancelPayment(created.providerPaymentId)).toBe('cancelled');
    expect((await demo.fetchPayment(created.providerPaymentId)).status).toBe('succeeded');
  });

  it('cancels an unpaid payment', async () => {
    const demo = new DemoPaymentProvider();
    const { providerPaymentId } = await demo.createPayment(order());
    expect(await demo.cancelPayment(providerPaymentId)).toBe('cancelled');
    expect((await demo.fetchPayment(providerPaymentId)).status).toBe('cancelled');
    expect(await demo.cancelPayment('demo_never_created')).toBe('cancelled');
  });

  it('refunds in full or in part, once per request, never past what was paid', async () => {
    const demo = new DemoPaymentProvider();
    const o = order(5000);
    const { providerPaymentId } = await demo.createPayment(o);
    await expect(demo.refund(providerPaymentId)).rejects.toThrow(/was not paid/);
    demo.settle(providerPaymentId, 'succeeded', o);

    const part = await demo.refund(providerPaymentId, 2000);
    expect(part).toEqual({
      providerRefundId: expect.stringMatching(/^demo_refund_/),
      amountCents: 2000,
      status: 'succeeded',
      failureReason: null,
      storeRefundId: null,
    });
    expect(await demo.refund(providerPaymentId, 2000)).toEqual(part);
    const again = await demo.refund(providerPaymentId, 2000, { idempotencyKey: 'second' });
    expect(again.providerRefundId).not.toBe(part.providerRefundId);
    await expect(demo.refund(providerPaymentId, 1001)).rejects.toThrow(RefundRefused);
    await expect(demo.refund(providerPaymentId, 1001)).rejects.toThrow('has 1000 cents left to refund');
    await expect(demo.refund(providerPaymentId, 0)).rejects.toThrow('has 1000 cents left to refund');
    expect(await demo.refund(providerPaymentId)).toMatchObject({ amountCents: 1000 });
    await expect(demo.refund(providerPaymentId, 1, { idempotencyKey: 'third' })).rejects.toThrow(
      'has 0 cents left to refund',
    );

    const whole = order(3000);
    const full = await demo.createPayment(whole);
    demo.settle(full.providerPaymentId, 'succeeded', whole);
    expect(await demo.refund(full.providerPaymentId)).toMatchObject({ amountCents: 3000 });
  });

  it("settles a payment another process created (or one from before a restart) at the order's total", async () => {
    const demo = new DemoPaymentProvider();
    await expect(demo.fetchPayment('demo_elsewhere')).rejects.toThrow('No such demo payment: demo_elsewhere');
    demo.settle('demo_elsewhere', 'succeeded', order(1234));
    expect(await demo.fetchPayment('demo_elsewhere')).toMatchObject({
      status: 'succeeded',
      amountCents: 1234,
    });
  });

  it('keeps the latest payments only', async () => {
    const demo = new DemoPaymentProvider();
    const first = await demo.createPayment(order());
    for (let i = 0; i < DEMO_PAYMENTS_KEPT; i++) await demo.createPayment(order());
    await expect(demo.fetchPayment(first.providerPaymentId)).rejects.toThrow('No such demo payment');
  });

  it('sends no webhooks', async () => {
    await expect(
      new DemoPaymentProvider().parseWebhook(Buffer.from('{}'), { 'content-type': 'application/json' }),
    ).rejects.toThrow(new WebhookRefused('The demo payment provider sends no webhooks'));
  });
});
