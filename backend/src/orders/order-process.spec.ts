import { ORDER_STATUSES, PAYMENT_STATUSES, type RefundReason } from './entities/order.entity.js';
import {
  allowedTransitions,
  assertTransition,
  canTransition,
  deliveryBlock,
  nextStates,
  paymentChangeRefusal,
  statesBefore,
  statusChangeRefusal,
  UNPAID,
  PAID,
  REFUND_ACTION,
  type Actor,
  type OrderState,
  type ProcessKind,
  type ProcessStates,
  LICENSE_KEY_STATUSES,
  SPENT_KEY_STATUSES,
  REFUND_STATUSES,
  DISPUTE_STATUSES,
  reportedChangeApplies,
} from './order-process.js';

/**
 * The expected tables, written out: row = from, column = to. `both`: system and staff; `sys`: the payment
 * provider's events and fulfilment only; `staff`: the back office only; `.`: no transition (the diagonal
 * is `.` too: staying put is no transition). A change to a table must be made here as well.
 */
const EXPECTED: Record<ProcessKind, string> = {
  order: `
                processing  fulfilled  cancelled  on_hold  withdrawn  refunded
    processing  .           both       both       sys      sys        sys
    fulfilled   staff       .          staff      .        .          sys
    cancelled   staff       .          .          .        .          .
    on_hold     sys         sys        sys        .        sys        .
    withdrawn   .           .          .          .        .          .
    refunded    .           .          .          .        .          .
  `,
  payment: `
                        pending  completed  failed  partially_refunded  refunded  disputed  processing
    pending             .        both       both    .                   sys       .         sys
    completed           .        .          .       sys                 sys       sys       .
    failed              staff    both       .       .                   sys       .         sys
    partially_refunded  .        .          .       .                   sys       sys       .
    refunded            .        .          .       .                   .         .         .
    disputed            .        sys        .       sys                 sys       .         .
    processing          .        both       sys     .                   sys       .         .
  `,
  'license-key': `
                active  revoked  expired  faulty
    active      .       both     .        sys
    revoked     staff   .        .        .
    expired     staff   sys      .        .
    faulty      .       .        .        .
  `,
  refund: `
                pending  succeeded  failed  canceled
    pending     .        sys        sys     sys
    succeeded   .        .          sys     .
    failed      .        .          .       .
    canceled    .        .          .       .
  `,
  dispute: `
                            warning_needs_response  warning_under_review  warning_closed  needs_response  under_review  won  lost
    warning_needs_response  .                       sys                   sys             sys             sys           sys  sys
    warning_under_review    .                       .                     sys             sys             sys           sys  sys
    warning_closed          .                       .                     .               .               .             .    .
    needs_response          .                       .                     .               .               sys           sys  sys
    under_review            .                       .                     .               .               .             sys  sys
    won                     .                       .                     .               .               .             .    .
    lost                    .                       .                     .               .               .             .    .
  `,
};

const ENUMS: Record<ProcessKind, readonly string[]> = {
  order: ORDER_STATUSES,
  payment: PAYMENT_STATUSES,
  'license-key': LICENSE_KEY_STATUSES,
  refund: REFUND_STATUSES,
  dispute: DISPUTE_STATUSES,
};

const WHO: Record<string, Actor[]> = {
  '.': [],
  sys: ['system'],
  staff: ['staff'],
  both: ['system', 'staff'],
};

function parse(matrix: string) {
  const [header, ...rows] = matrix
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/));
  const cells = new Map<string, Actor[]>();
  for (const [from, ...marks] of rows) {
    marks.forEach((mark, i) => {
      if (!(mark in WHO)) throw new Error(`Unknown mark ${mark}`);
      cells.set(`${from}>${header![i]}`, WHO[mark]!);
    });
  }
  return { columns: header!, rows: rows.map((r) => r[0]!), cells };
}

const KINDS = Object.keys(EXPECTED) as ProcessKind[];
const ACTORS: (Actor | undefined)[] = ['system', 'staff', undefined];

describe.each(KINDS)('the %s process', (kind) => {
  type S = ProcessStates[typeof kind];
  const expected = parse(EXPECTED[kind]);
  const states = ENUMS[kind] as readonly S[];

  it('has a row and a column for every status of the enum, in its order', () => {
    expect(expected.rows).toEqual([...states]);
    expect(expected.columns).toEqual([...states]);
  });

  const cases = states.flatMap((from) =>
    states.flatMap((to) => ACTORS.map((by) => [from, to, by ?? 'anyone'] as const)),
  );
  it.each(cases)('%s → %s by %s', (from, to, by) => {
    const actors = expected.cells.get(`${from}>${to}`)!;
    const allowed = by === 'anyone' ? actors.length > 0 : actors.includes(by);
    expect(canTransition(kind, from, to, by === 'anyone' ? undefined : by)).toBe(allowed);
  });

  it.each(ACTORS)('lists next states and states before as the matrix does (by %s)', (by) => {
    const allowed = (from: string, to: string) => {
      const actors = expected.cells.get(`${from}>${to}`)!;
      return by === undefined ? actors.length > 0 : actors.includes(by);
    };
    for (const state of states) {
      expect(nextStates(kind, state, by)).toEqual(states.filter((to) => allowed(state, to)));
      expect(statesBefore(kind, state, by)).toEqual(states.filter((from) => allowed(from, state)));
    }
  });
});

describe('the lists the conditional UPDATEs use', () => {
  it('confirms a payment from pending, failed or processing, fails a pending or processing one, refunds any not yet refunded', () => {
    expect(PAID).toEqual(['completed', 'partially_refunded']);
    expect(statesBefore('payment', 'partially_refunded', 'system')).toEqual(['completed', 'disputed']);
    expect(UNPAID).toEqual(['pending', 'failed', 'processing']);
    // A dispute won moves back to completed too, but through the dispute's outcome, not a confirmation.
    expect(statesBefore('payment', 'completed', 'system')).toEqual([
      'pending',
      'failed',
      'disputed',
      'processing',
    ]);
    expect(statesBefore('payment', 'failed', 'system')).toEqual(['pending', 'processing']);
    // A method that confirms later, after a card was declined or straight away.
    expect(statesBefore('payment', 'processing', 'system')).toEqual(['pending', 'failed']);
    expect(statesBefore('payment', 'refunded', 'system')).toEqual([
      'pending',
      'completed',
      'failed',
      'partially_refunded',
      'disputed',
      'processing',
    ]);
    // Staff refund through the Refund action; the provider's confirmation moves the payment.
    expect(statesBefore('payment', 'refunded', 'staff')).toEqual([]);
    expect(statesBefore('payment', 'partially_refunded', 'staff')).toEqual([]);
    expect(statesBefore('license-key', 'revoked', 'system')).toEqual(['active', 'expired']);
  });

  it('marks only an active key faulty, only with its replacement (fulfilment), and never changes it again', () => {
    expect(statesBefore('license-key', 'faulty')).toEqual(['active']);
    expect(statesBefore('license-key', 'faulty', 'staff')).toEqual([]);
    expect(nextStates('license-key', 'faulty')).toEqual([]);
    expect(SPENT_KEY_STATUSES).toEqual(['revoked', 'faulty']);
  });

  it('never leads into expired: nothing sets it, staff may only reinstate it', () => {
    expect(statesBefore('license-key', 'expired')).toEqual([]);
    expect(nextStates('license-key', 'expired', 'staff')).toEqual(['active']);
  });

  it("refuses fulfilment's own moves that are not rows, and allows staying put", () => {
    expect(() => assertTransition('order', 'processing', 'fulfilled')).not.toThrow();
    expect(() => assertTransition('order', 'cancelled', 'cancelled')).not.toThrow();
    expect(() => assertTransition('order', 'cancelled', 'fulfilled')).toThrow(
      'No order transition cancelled → fulfilled',
    );
    // Staff rows are not fulfilment's.
    expect(() => assertTransition('order', 'fulfilled', 'processing')).toThrow();
  });
});

describe('the guards staff changes go through', () => {
  const order = (
    status: OrderState['status'],
    paymentStatus: OrderState['paymentStatus'],
    more: Partial<OrderState> = {},
  ): OrderState => ({
    status,
    paymentStatus,
    paymentMethod: 'card',
    awaitingKeys: false,
    refundDue: null,
    ...more,
  });

  it.each([
    ['a new order', order('processing', 'pending'), ['cancelled'], ['completed', 'failed']],
    ['a failed payment', order('processing', 'failed'), ['cancelled'], ['pending', 'completed']],
    ['a cancelled unpaid order', order('cancelled', 'pending'), ['processing'], ['completed', 'failed']],
    // The bank has the payment: it is not cancelled under it; staff confirm it once the provider shows it paid.
    [
      'a bank debit being processed',
      order('processing', 'processing', { paymentMethod: 'sepa_debit' }),
      [],
      ['completed'],
    ],
    // A bank transfer not yet sent is stopped at the provider: the buyer asked, or pays another way.
    [
      'an order awaiting its bank transfer',
      order('processing', 'processing', { paymentMethod: 'customer_balance' }),
      ['cancelled'],
      ['completed'],
    ],
    ['a delivered order', order('fulfilled', 'completed'), [], []],
    ['a paid order awaiting keys', order('processing', 'completed', { awaitingKeys: true }), [], []],
    ['an order owed a refund', order('cancelled', 'completed', { refundDue: 'order-cancelled' }), [], []],
    ['a partially refunded order', order('fulfilled', 'partially_refunded'), [], []],
    ['a refunded order', order('fulfilled', 'refunded'), ['processing', 'cancelled'], []],
    ['a refunded, cancelled order', order('cancelled', 'refunded'), ['processing'], []],
    ['a closed refunded order', order('refunded', 'refunded'), [], []],
    // Corrections: a paid order whose status contradicts its keys is moved to what the keys say.
    ['a paid order marked processing with all its keys', order('processing', 'completed'), ['fulfilled'], []],
    [
      'a paid order marked fulfilled awaiting keys',
      order('fulfilled', 'completed', { awaitingKeys: true }),
      ['processing'],
      [],
    ],
    [
      'a partially refunded order awaiting keys, marked fulfilled',
      order('fulfilled', 'partially_refunded', { awaitingKeys: true }),
      ['processing'],
      [],
    ],
  ] as [string, OrderState, string[], string[]][])(
    'offers %s only its allowed moves',
    (_, state, status, paymentStatus) => {
      expect(allowedTransitions(state)).toEqual({ status, paymentStatus });
    },
  );

  const every: OrderState[] = ORDER_STATUSES.flatMap((status) =>
    PAYMENT_STATUSES.flatMap((paymentStatus) =>
      [false, true].flatMap((awaitingKeys) =>
        [null, 'coupon-used-up' as RefundReason].flatMap((refundDue) =>
          ['card', 'customer_balance'].map((paymentMethod) => ({
            status,
            paymentStatus,
            paymentMethod,
            awaitingKeys,
            refundDue,
          })),
        ),
      ),
    ),
  );

  it('allows exactly the staff rows its guards do not refuse, for every combination', () => {
    for (const state of every) {
      const allowed = allowedTransitions(state);
      for (const to of ORDER_STATUSES) {
        const listed = allowed.status.includes(to);
        expect(listed).toBe(
          to !== state.status &&
            canTransition('order', state.status, to, 'staff') &&
            statusChangeRefusal(state, to) === null,
        );
        if (to !== state.status && !listed)
          expect(statusChangeRefusal(state, to)).toEqual(expect.any(String));
      }
      for (const to of PAYMENT_STATUSES) {
        const listed = allowed.paymentStatus.includes(to);
        expect(listed).toBe(
          to !== state.paymentStatus &&
            canTransition('payment', state.paymentStatus, to, 'staff') &&
            paymentChangeRefusal(state, to) === null,
        );
        if (to !== state.paymentStatus && !listed)
          expect(paymentChangeRefusal(state, to)).toEqual(expect.any(String));
      }
      // An order owed a refund keeps its status until the refund; a paid one is never cancelled directly.
      if (state.refundDue) expect(allowed.status).toEqual([]);
      if (PAID.includes(state.paymentStatus)) expect(allowed.status).not.toContain('cancelled');
      if (!PAID.includes(state.paymentStatus)) expect(allowed.status).not.toContain('fulfilled');
      // Refunds are never a PUT: they go through the provider (the Refund action).
      expect(allowed.paymentStatus).not.toContain('refunded');
      expect(allowed.paymentStatus).not.toContain('partially_refunded');
    }
  });

  it('gives the reasons the back office shows', () => {
    expect(paymentChangeRefusal(order('fulfilled', 'refunded'), 'completed')).toBe(
      'A refunded order stays refunded: nothing is left to refund',
    );
    for (const to of ['refunded', 'partially_refunded'] as const) {
      expect(paymentChangeRefusal(order('fulfilled', 'completed'), to)).toBe(REFUND_ACTION);
      expect(paymentChangeRefusal(order('processing', 'pending'), to)).toBe(REFUND_ACTION);
    }
    expect(paymentChangeRefusal(order('fulfilled', 'partially_refunded'), 'completed')).toBe(
      'A paid order cannot be set to completed; refund it instead',
    );
    expect(paymentChangeRefusal(order('fulfilled', 'completed'), 'failed')).toBe(
      'A paid order cannot be set to failed; refund it instead',
    );
    expect(statusChangeRefusal(order('fulfilled', 'completed'), 'cancelled')).toBe(
      'A paid order is cancelled by refunding it: use the Refund action first',
    );
    expect(statusChangeRefusal(order('processing', 'completed', { awaitingKeys: true }), 'fulfilled')).toBe(
      'This paid order is processing until it has all its licence keys',
    );
    expect(statusChangeRefusal(order('processing', 'pending'), 'fulfilled')).toBe(
      'Only a paid order that has all its licence keys is fulfilled',
    );
    expect(statusChangeRefusal(order('cancelled', 'completed'), 'fulfilled')).toBe(
      'A cancelled order cannot be set to fulfilled',
    );
  });

  it('delivers only to a paid order that owes no refund', () => {
    const status = 'fulfilled' as const;
    expect(deliveryBlock({ status, paymentStatus: 'completed', refundDue: null })).toBeNull();
    expect(deliveryBlock({ status, paymentStatus: 'partially_refunded', refundDue: null })).toBeNull();
    expect(deliveryBlock({ status, paymentStatus: 'completed', refundDue: 'order-cancelled' })).toBe(
      'refund-due',
    );
    for (const paymentStatus of ['pending', 'failed', 'refunded'] as const)
      expect(deliveryBlock({ status, paymentStatus, refundDue: null })).toBe('unpaid');
    expect(deliveryBlock({ status, paymentStatus: 'disputed', refundDue: null })).toBe('disputed');
    expect(deliveryBlock({ status: 'on_hold', paymentStatus: 'completed', refundDue: null })).toBe('on-hold');
    expect(deliveryBlock({ status: 'withdrawn', paymentStatus: 'refunded', refundDue: null })).toBe('unpaid');
    expect(deliveryBlock({ status: 'withdrawn', paymentStatus: 'completed', refundDue: 'withdrawn' })).toBe(
      'refund-due',
    );
  });

  it('never confirms a disputed payment again', () => {
    expect(UNPAID).toEqual(['pending', 'failed', 'processing']);
    expect(canTransition('payment', 'disputed', 'completed', 'system')).toBe(true);
  });
});

describe("the provider's reports of its refunds and disputes, in no promised order", () => {
  const at = (seconds: number) => new Date(seconds * 1000);
  it('applies a report no older than the last one applied, moving the status forward only', () => {
    const held = { status: 'succeeded', reportedAt: at(100) };
    expect(reportedChangeApplies('refund', held, { status: 'pending', reportedAt: at(50) })).toBe(false);
    // Newer, but backwards: Stripe's clock is in seconds, and two events of one second may swap.
    expect(reportedChangeApplies('refund', held, { status: 'pending', reportedAt: at(100) })).toBe(false);
    expect(reportedChangeApplies('refund', held, { status: 'failed', reportedAt: at(100) })).toBe(true);
    // The same status, newer or of the same second: its other fields are news; older: not.
    expect(reportedChangeApplies('refund', held, { status: 'succeeded', reportedAt: at(100) })).toBe(true);
    expect(reportedChangeApplies('refund', held, { status: 'succeeded', reportedAt: at(99) })).toBe(false);
    // Without times (the provider's answer to a request), the status order alone.
    const pending = { status: 'pending', reportedAt: null };
    expect(reportedChangeApplies('refund', pending, { status: 'succeeded', reportedAt: null })).toBe(true);
    expect(reportedChangeApplies('refund', { status: 'succeeded', reportedAt: null }, pending)).toBe(false);
  });

  it('never reopens a dispute that closed, nor changes its outcome', () => {
    const won = { status: 'won', reportedAt: at(100) };
    for (const status of ['needs_response', 'under_review', 'lost', 'warning_needs_response'])
      expect(reportedChangeApplies('dispute', won, { status, reportedAt: at(200) })).toBe(false);
    // A status the table does not know (a provider's new word) moves an open dispute, never a closed one.
    expect(reportedChangeApplies('dispute', won, { status: 'prevented', reportedAt: at(200) })).toBe(false);
    expect(
      reportedChangeApplies(
        'dispute',
        { status: 'needs_response', reportedAt: null },
        { status: 'prevented', reportedAt: null },
      ),
    ).toBe(true);
    // An inquiry escalates to a chargeback.
    expect(
      reportedChangeApplies(
        'dispute',
        { status: 'warning_under_review', reportedAt: at(1) },
        { status: 'needs_response', reportedAt: at(2) },
      ),
    ).toBe(true);
  });
});
