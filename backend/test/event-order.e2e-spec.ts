import { Dispute } from '../src/payments/disputes/entities/dispute.entity.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { Refund } from '../src/payments/entities/refund.entity.js';
import { PRO_PLUS } from './support/checkout.js';
import {
  orderOf,
  postWebhook,
  startStripeTestApp,
  stripeCheckout,
  type StripeTestApp,
} from './support/stripe-app.js';
import type { StripeStandIn } from './support/stripe-stand-in.js';
import { DRIVER } from './support/test-app.js';

/** One order's payment at Stripe, as the events of a case are made for it. */
interface Payment {
  intentId: string;
  /** A refund made in Stripe's dashboard, made once per case (its events name the same `re_…`). */
  refund: () => ReturnType<StripeStandIn['dashboardRefund']>;
  /** A dispute of the payment, made once per case (its events name the same `dp_…`). */
  dispute: () => ReturnType<StripeStandIn['dispute']>;
}

/** An event as Stripe makes it for a payment: its type and object. */
type MakeEvent = (stripe: StripeStandIn, payment: Payment) => [type: string, object: object];

/** What the store holds for an order after the events: compared in part with each case's `expected`. */
interface Outcome {
  paymentStatus: string;
  refunds: string[];
  disputes: string[];
  /** Keys of the order that work (delivered and not revoked). */
  workingKeys: number;
}

// The events, in the store's words of what Stripe sends for them.
const E: Record<string, MakeEvent> = {
  paymentFailed: (s, p) => ['payment_intent.payment_failed', s.declined(p.intentId)],
  paymentSucceeded: (s, p) => ['payment_intent.succeeded', s.succeeded(p.intentId)],
  refundCreatedPending: (_, p) => ['refund.created', { ...p.refund(), status: 'pending' }],
  refundSucceeded: (_, p) => ['refund.updated', { ...p.refund(), status: 'succeeded' }],
  refundFailed: (_, p) => [
    'refund.failed',
    { ...p.refund(), status: 'failed', failure_reason: 'expired_or_canceled_card' },
  ],
  refundCanceled: (_, p) => ['refund.updated', { ...p.refund(), status: 'canceled' }],
  // The charge with its refunds listed, as API versions before 2022-11-15 send it.
  chargeRefunded: (s, p) => {
    p.refund();
    return ['charge.refunded', s.charge(p.intentId)];
  },
  disputeCreated: (_, p) => ['charge.dispute.created', { ...p.dispute(), status: 'needs_response' }],
  disputeUnderReview: (_, p) => ['charge.dispute.updated', { ...p.dispute(), status: 'under_review' }],
  disputeWon: (_, p) => ['charge.dispute.closed', { ...p.dispute(), status: 'won' }],
  disputeLost: (_, p) => ['charge.dispute.closed', { ...p.dispute(), status: 'lost' }],
  inquiryCreated: (_, p) => ['charge.dispute.created', { ...p.dispute(), status: 'warning_needs_response' }],
  inquiryClosed: (_, p) => ['charge.dispute.closed', { ...p.dispute(), status: 'warning_closed' }],
  inquiryEscalated: (_, p) => ['charge.dispute.updated', { ...p.dispute(), status: 'needs_response' }],
};
type EventName = keyof typeof E;

/** What the store holds once an event of a sequence (and what came before it) is applied. */
type Step = [EventName, Partial<Outcome>];

const REFUNDED = { paymentStatus: 'refunded', refunds: ['succeeded'], workingKeys: 0 };
const OPEN = { paymentStatus: 'disputed', workingKeys: 0 };

/**
 * The sequences Stripe makes, each in its order, with what the store holds after each event. Every pair
 * of events of one (earlier, later) is a case: delivered in order, or the later first, the store holds
 * what it holds after the later one. `paid`: the order is paid before (payment_intent.succeeded).
 */
const SEQUENCES: { paid: boolean; steps: Step[] }[] = [
  // Refunds made in Stripe's dashboard: the store learns of them from its events alone.
  {
    paid: true,
    steps: [
      ['refundCreatedPending', { paymentStatus: 'completed', refunds: ['pending'], workingKeys: 1 }],
      ['refundSucceeded', REFUNDED],
    ],
  },
  {
    paid: true,
    steps: [
      ['refundCreatedPending', { refunds: ['pending'] }],
      ['chargeRefunded', REFUNDED],
    ],
  },
  {
    paid: true,
    steps: [
      ['refundCreatedPending', { refunds: ['pending'] }],
      ['refundFailed', { paymentStatus: 'completed', refunds: ['failed'], workingKeys: 1 }],
    ],
  },
  {
    paid: true,
    steps: [
      ['refundCreatedPending', { refunds: ['pending'] }],
      ['refundCanceled', { paymentStatus: 'completed', refunds: ['canceled'], workingKeys: 1 }],
    ],
  },
  // Stripe's late failure of a refund that had succeeded: the refund ends failed either way (in order, its
  // effects stay applied and staff are told; the other way round they were never applied).
  {
    paid: true,
    steps: [
      ['refundSucceeded', REFUNDED],
      ['refundFailed', { refunds: ['failed'] }],
    ],
  },
  {
    paid: true,
    steps: [
      ['chargeRefunded', REFUNDED],
      ['refundFailed', { refunds: ['failed'] }],
    ],
  },
  // Disputes: a chargeback, and an inquiry that drops or escalates.
  {
    paid: true,
    steps: [
      ['disputeCreated', { ...OPEN, disputes: ['needs_response'] }],
      ['disputeUnderReview', { ...OPEN, disputes: ['under_review'] }],
      ['disputeWon', { paymentStatus: 'completed', disputes: ['won'] }],
    ],
  },
  {
    paid: true,
    steps: [
      ['disputeUnderReview', { ...OPEN, disputes: ['under_review'] }],
      ['disputeLost', { paymentStatus: 'refunded', disputes: ['lost'], workingKeys: 0 }],
    ],
  },
  {
    paid: true,
    steps: [
      ['disputeCreated', { ...OPEN, disputes: ['needs_response'] }],
      ['disputeLost', { paymentStatus: 'refunded', disputes: ['lost'], workingKeys: 0 }],
    ],
  },
  {
    paid: true,
    steps: [
      ['inquiryCreated', { disputes: ['warning_needs_response'] }],
      ['inquiryClosed', { paymentStatus: 'completed', disputes: ['warning_closed'] }],
    ],
  },
  {
    paid: true,
    steps: [
      ['inquiryCreated', { disputes: ['warning_needs_response'] }],
      ['inquiryEscalated', { disputes: ['needs_response'] }],
      ['disputeLost', { paymentStatus: 'refunded', disputes: ['lost'], workingKeys: 0 }],
    ],
  },
  // Payments: the order's own payment, then what may follow it.
  {
    paid: false,
    steps: [
      ['paymentFailed', { paymentStatus: 'failed', workingKeys: 0 }],
      ['paymentSucceeded', { paymentStatus: 'completed', workingKeys: 1 }],
    ],
  },
  {
    paid: false,
    steps: [
      ['paymentSucceeded', { paymentStatus: 'completed', workingKeys: 1 }],
      ['chargeRefunded', REFUNDED],
    ],
  },
  {
    paid: false,
    steps: [
      ['paymentSucceeded', { paymentStatus: 'completed', workingKeys: 1 }],
      ['refundSucceeded', REFUNDED],
    ],
  },
  {
    paid: false,
    steps: [
      ['paymentSucceeded', { paymentStatus: 'completed', workingKeys: 1 }],
      ['disputeCreated', { ...OPEN, disputes: ['needs_response'] }],
    ],
  },
  {
    paid: false,
    steps: [
      ['paymentSucceeded', { paymentStatus: 'completed', workingKeys: 1 }],
      ['disputeLost', { paymentStatus: 'refunded', disputes: ['lost'], workingKeys: 0 }],
    ],
  },
  {
    paid: false,
    steps: [
      ['paymentSucceeded', { paymentStatus: 'completed', workingKeys: 1 }],
      ['disputeWon', { paymentStatus: 'completed', disputes: ['won'] }],
    ],
  },
];

const CASES = SEQUENCES.flatMap(({ paid, steps }) =>
  steps.flatMap(([earlier], i) =>
    steps.slice(i + 1).map(([later, expected]) => ({ paid, earlier, later, expected })),
  ),
);

/**
 * Stripe does not promise the order of its events (#32 §3): each pair of events it makes for a refund, a
 * dispute or a payment, delivered through the signed webhook in order and the other way round, leaves
 * the order as the later event says: an older event never moves a status back.
 */
describe(`events out of order on ${DRIVER}`, () => {
  let t: StripeTestApp;

  beforeAll(async () => {
    t = await startStripeTestApp(2 * CASES.length + 10);
  });
  afterAll(() => t.close());

  async function outcomeOf(orderId: string): Promise<Outcome> {
    const [order, refunds, disputes, keys] = await Promise.all([
      orderOf(t, orderId),
      t.db.getRepository(Refund).find({ where: { orderId }, order: { createdAt: 'ASC' } }),
      t.db.getRepository(Dispute).find({ where: { orderId }, order: { createdAt: 'ASC' } }),
      t.db.getRepository(LicenseKey).findBy({ orderId }),
    ]);
    return {
      paymentStatus: order.paymentStatus,
      refunds: refunds.map((r) => r.status),
      disputes: disputes.map((d) => d.status),
      workingKeys: keys.filter((k) => k.status === 'active').length,
    };
  }

  /** A new order (paid first when `paid`), and its payment's Stripe objects, made once. */
  async function newOrder(paid: boolean) {
    const { intent, paymentIntentId } = await stripeCheckout(t, {
      cartItems: [{ id: PRO_PLUS, quantity: 1 }],
    });
    if (paid)
      await postWebhook(
        t,
        t.stripe.event('payment_intent.succeeded', t.stripe.succeeded(paymentIntentId)),
      ).expect(200);
    let refund: ReturnType<StripeStandIn['dashboardRefund']> | undefined;
    let dispute: ReturnType<StripeStandIn['dispute']> | undefined;
    const payment: Payment = {
      intentId: paymentIntentId,
      refund: () => (refund ??= t.stripe.dashboardRefund(paymentIntentId)),
      dispute: () => (dispute ??= t.stripe.dispute(paymentIntentId)),
    };
    return { orderId: intent.orderId, payment };
  }

  /** The two events as Stripe makes them, `earlier` a minute before `later`, delivered in `order`. */
  async function deliver(
    payment: Payment,
    earlier: EventName,
    later: EventName,
    order: 'in order' | 'later first',
  ) {
    const now = Math.floor(Date.now() / 1000);
    const made = [
      t.stripe.event(...E[earlier]!(t.stripe, payment), { created: now - 60 }),
      t.stripe.event(...E[later]!(t.stripe, payment), { created: now }),
    ];
    for (const event of order === 'in order' ? made : made.reverse()) await postWebhook(t, event).expect(200);
  }

  it.each(CASES)('$earlier then $later', async ({ paid, earlier, later, expected }) => {
    for (const order of ['in order', 'later first'] as const) {
      const { orderId, payment } = await newOrder(paid);
      await deliver(payment, earlier, later, order);
      expect({ order, ...(await outcomeOf(orderId)) }).toMatchObject({ order, ...expected });
    }
  });

  it('a dispute won stays won: a late created does not reopen it, and a lost after it refunds nothing', async () => {
    const { orderId, payment } = await newOrder(true);
    const dispute = payment.dispute();
    const now = Math.floor(Date.now() / 1000);
    const event = (type: string, status: string, created: number) =>
      t.stripe.event(type, { ...dispute, status }, { created });
    await postWebhook(t, event('charge.dispute.closed', 'won', now - 30)).expect(200);
    await postWebhook(t, event('charge.dispute.created', 'needs_response', now - 60)).expect(200);
    expect(await outcomeOf(orderId)).toMatchObject({ paymentStatus: 'completed', disputes: ['won'] });
    // Even dated after the outcome: a closed dispute is final.
    await postWebhook(t, event('charge.dispute.closed', 'lost', now)).expect(200);
    expect(await outcomeOf(orderId)).toMatchObject({
      paymentStatus: 'completed',
      refunds: [],
      disputes: ['won'],
    });
  });

  it('an older event with the same status changes nothing either (the evidence due date)', async () => {
    const { orderId, payment } = await newOrder(true);
    const dispute = payment.dispute();
    const now = Math.floor(Date.now() / 1000);
    const due = (days: number) => ({ due_by: now + days * 86_400, submission_count: 0 });
    await postWebhook(
      t,
      t.stripe.event('charge.dispute.updated', { ...dispute, evidence_details: due(3) }, { created: now }),
    ).expect(200);
    await postWebhook(
      t,
      t.stripe.event(
        'charge.dispute.created',
        { ...dispute, evidence_details: due(7) },
        { created: now - 60 },
      ),
    ).expect(200);
    const [row] = await t.db.getRepository(Dispute).findBy({ orderId });
    expect(row!.evidenceDueBy).toEqual(new Date((now + 3 * 86_400) * 1000));
  });

  it('refuses a signed event whose created time is not a time, with a 400, recording nothing', async () => {
    const { orderId, payment } = await newOrder(true);
    const bad = t.stripe.event('charge.dispute.created', payment.dispute(), { created: -1 });
    expect((await postWebhook(t, bad).expect(400)).body.message).toBe('Malformed Stripe event: created');
    expect(await t.db.getRepository(Dispute).countBy({ orderId })).toBe(0);
  });
});
