import type { Order } from './entities/order.entity.js';
import { withArticle } from '../common/words.js';
import { isBankTransfer } from './bank-transfers.js';

/**
 * The order process as data: every status change of an order, its payment and its licence keys is a row
 * of one of the tables below (after Vendure's `order-state-machine.ts` and `default-payment-process.ts`).
 * The services apply a row with a conditional UPDATE whose `IN (...)` list is `statesBefore(...)`, so that
 * each change happens once; the rules that depend on more than the state (is the order paid, does it wait
 * for keys, is it owed a refund) are the guards further down. The tables are tested exhaustively in
 * order-process.spec.ts.
 *
 * Adding a state is a row here (the tables are keyed by every value of the enum, so the compiler asks for
 * it) plus its effect in the service that applies it; no `IN (...)` list elsewhere changes.
 */

/** Every status an order, its payment and a licence key can have: the columns' values, defined here once. */
// New values go last: appending to a MySQL/MariaDB ENUM changes no row (see the migrations).
export const ORDER_STATUSES = [
  'processing',
  'fulfilled',
  'cancelled',
  'on_hold',
  'withdrawn',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = [
  'pending',
  'completed',
  'failed',
  'partially_refunded',
  'refunded',
  'disputed',
  'processing',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A payment the store holds money for (part of it may have been refunded): its order may be delivered. */
export const PAID: readonly PaymentStatus[] = ['completed', 'partially_refunded'];

export const LICENSE_KEY_STATUSES = ['active', 'revoked', 'expired', 'faulty'] as const;
export type LicenseKeyStatus = (typeof LICENSE_KEY_STATUSES)[number];

/**
 * A refund at the payment provider: `pending` until the money is on its way, `succeeded` once it is,
 * `failed` / `canceled` when no money moved (Stripe's words).
 */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed', 'canceled'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * A chargeback as the provider reports it (Stripe's words): an inquiry (`warning_*`) that may turn into a
 * chargeback, a chargeback waiting for evidence or its outcome, and the outcome.
 */
export const DISPUTE_STATUSES = [
  'warning_needs_response',
  'warning_under_review',
  'warning_closed',
  'needs_response',
  'under_review',
  'won',
  'lost',
] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/**
 * The keys that no longer count towards their order's quantity: a revoked key, or a faulty one (replaced),
 * leaves room for a key in its place and is left out of what the customer is sent again.
 */
export const SPENT_KEY_STATUSES: readonly LicenseKeyStatus[] = ['revoked', 'faulty'];

/**
 * Who takes a transition. `system`: the payment provider's events and fulfilment (checkout, webhooks,
 * stock arriving, a refund the provider confirms, a reported key's replacement); `staff`: an admin in the
 * back office, through PUT /api/admin/orders/:id and PUT /api/admin/license-keys/:id. Staff ask for a
 * refund with the Refund action (POST /api/admin/orders/:id/refunds); the payment moves when the provider
 * confirms the refund, so the refund rows are the system's.
 */
export type Actor = 'system' | 'staff';

/** For each state (every one, so a new state needs a row), the states it may move to and who may move it. */
export type TransitionTable<S extends string> = {
  readonly [From in S]: { readonly [To in S]?: readonly Actor[] };
};

const ANYONE: readonly Actor[] = ['system', 'staff'];
const SYSTEM: readonly Actor[] = ['system'];
const STAFF: readonly Actor[] = ['staff'];

/**
 * The order's status. Its paid/unpaid rules are guards (statusChangeRefusal): a paid order's status is
 * fulfilment's (`fulfilled` once it has all its keys, `processing` while it waits), and staff cancel a paid
 * order by refunding it.
 */
export const ORDER_PROCESS: TransitionTable<OrderStatus> = {
  // Created at checkout; waits here for its payment, then for stock when keys ran short.
  processing: {
    // Paid, but a fraud rule fired or the provider opened a review: its keys are reserved, not sent.
    on_hold: SYSTEM,
    // Delivered with all its keys (staff: only to correct a paid order that has them all).
    fulfilled: ANYONE,
    // System: paid but not deliverable, so held for a refund. Staff: an unpaid order.
    cancelled: ANYONE,
    // The customer withdrew (EU, Art 11a) while waiting for keys: refunded in full, nothing delivered.
    withdrawn: SYSTEM,
    // Paid, waiting for keys, and refunded in full (the provider confirmed it): closed.
    refunded: SYSTEM,
  },
  // Refunded in full (the provider confirmed it: the store's refunds, one made at the provider, a
  // dispute lost): closed. Staff, as corrections: a paid order found waiting for keys, or a disputed one.
  fulfilled: { processing: STAFF, cancelled: STAFF, refunded: SYSTEM },
  // Reopened by staff while unpaid. Never delivered: a payment for it is held for a refund instead.
  cancelled: { processing: STAFF },
  // Paid and held for review (fulfilment's holdForReview). Approved: delivered as a confirmed payment is
  // (fulfilled, or processing when keys ran short); rejected: refunded and cancelled; or withdrawn by its
  // customer. The system takes each move, for staff's review action or for the provider's review.closed.
  on_hold: { processing: SYSTEM, fulfilled: SYSTEM, cancelled: SYSTEM, withdrawn: SYSTEM },
  // Final: the customer withdrew before delivery and was refunded.
  withdrawn: {},
  // Final: the payment went back in full after the sale (fulfilment's refund); its keys were revoked.
  refunded: {},
};

export const PAYMENT_PROCESS: TransitionTable<PaymentStatus> = {
  // A refund of a payment never seen to succeed (its success event lost, or its amount wrong) is
  // recorded as the provider reports it; staff refund only what was paid.
  // Processing: the provider took a payment by a method that confirms later (a bank debit or redirect):
  // nothing is delivered until it succeeds.
  pending: { completed: ANYONE, failed: ANYONE, refunded: SYSTEM, processing: SYSTEM },
  // Refunded in part or in full once the provider confirms a refund (staff's Refund action, or one made
  // at the provider, e.g. in Stripe's dashboard).
  // Disputed when the cardholder's bank opens a chargeback (charge.dispute.created).
  completed: { partially_refunded: SYSTEM, disputed: SYSTEM, refunded: SYSTEM },
  // A failed attempt may be followed by a good card; staff may set it back to pending.
  failed: { completed: ANYONE, pending: STAFF, refunded: SYSTEM, processing: SYSTEM },
  // Further partial refunds keep it here; the one that leaves nothing makes it refunded.
  partially_refunded: { disputed: SYSTEM, refunded: SYSTEM },
  // Final: nothing is left to refund.
  refunded: {},
  // A chargeback (charge.dispute.closed): won, the payment is the store's again (completed, or partially
  // refunded when refunds preceded it); lost, the money went back to the cardholder (refunded).
  disputed: { completed: SYSTEM, partially_refunded: SYSTEM, refunded: SYSTEM },
  // Taken by a method that confirms later, waiting for the bank: it succeeds (staff too, once the
  // provider's dashboard shows it paid and its event was lost), or it fails or expires (the order is then
  // cancelled and everything released, FulfilmentService.failPayment).
  processing: { completed: ANYONE, failed: SYSTEM, refunded: SYSTEM },
};

/**
 * How a licence key's status changes. `expired` is accepted (the column, the public validation answer and
 * the activation refusal know it) but nothing sets it: no row leads into it, and staff may only reinstate
 * an expired key. It is kept for keys with an end date (a later product); a refund still revokes it.
 */
export const LICENSE_KEY_PROCESS: TransitionTable<LicenseKeyStatus> = {
  // Revoked by a refund (every key of the order) or by staff (one key, e.g. before replacing it). Faulty:
  // a key the customer reported as not activating, replaced from stock. Staff ask for it on the report,
  // and fulfilment's replaceKey applies it with the replacement; never by a key's PUT (no staff row).
  active: { revoked: ANYONE, faulty: SYSTEM },
  revoked: { active: STAFF },
  expired: { active: STAFF, revoked: SYSTEM },
  // Final: it was replaced, and its replacement took its place in the order's quantity.
  faulty: {},
};

/**
 * A refund as its provider moves it (webhooks, or the provider's answer to the store's request). Stripe
 * sends no event in order: a `refund.created` (pending) may arrive after the `refund.updated` that
 * succeeded it, and is then ignored (reportedChangeApplies).
 */
export const REFUND_PROCESS: TransitionTable<RefundStatus> = {
  pending: { succeeded: SYSTEM, failed: SYSTEM, canceled: SYSTEM },
  // Stripe documents a refund that fails after it succeeded (the card's bank returns it): recorded, and
  // staff are told, since the money it gave back is then the store's again.
  succeeded: { failed: SYSTEM },
  // Final: no money moved.
  failed: {},
  canceled: {},
};

/**
 * A chargeback as its provider moves it (Stripe's `charge.dispute.*`): an inquiry may be answered, drop
 * (warning_closed) or escalate to a chargeback; a chargeback waits for evidence, then for the bank; won
 * and lost are final. Moves go forward only, so a late `created` or `updated` never reopens a dispute that
 * closed, and a closed one never changes its outcome.
 */
export const DISPUTE_PROCESS: TransitionTable<DisputeStatus> = {
  warning_needs_response: {
    warning_under_review: SYSTEM,
    warning_closed: SYSTEM,
    needs_response: SYSTEM,
    under_review: SYSTEM,
    won: SYSTEM,
    lost: SYSTEM,
  },
  warning_under_review: {
    warning_closed: SYSTEM,
    needs_response: SYSTEM,
    under_review: SYSTEM,
    won: SYSTEM,
    lost: SYSTEM,
  },
  warning_closed: {},
  needs_response: { under_review: SYSTEM, won: SYSTEM, lost: SYSTEM },
  under_review: { won: SYSTEM, lost: SYSTEM },
  won: {},
  lost: {},
};

/** The questions asked of one table. */
export interface Process<S extends string> {
  readonly states: readonly S[];
  /** Whether `from → to` is a row (taken by `by`, or by anyone when omitted). Staying put is no transition. */
  canTransition(from: S, to: S, by?: Actor): boolean;
  /** The states `from` may move to, in the table's order. */
  nextStates(from: S, by?: Actor): S[];
  /** The states that may move to `to`: the `IN (...)` list of the UPDATE that applies it. */
  statesBefore(to: S, by?: Actor): S[];
}

export function createProcess<S extends string>(table: TransitionTable<S>): Process<S> {
  const states = Object.keys(table) as S[];
  const can = (from: S, to: S, by?: Actor) => {
    const actors = table[from]?.[to];
    return from !== to && actors !== undefined && (by === undefined || actors.includes(by));
  };
  return {
    states,
    canTransition: can,
    nextStates: (from, by) => states.filter((to) => can(from, to, by)),
    statesBefore: (to, by) => states.filter((from) => can(from, to, by)),
  };
}

export interface ProcessStates {
  order: OrderStatus;
  payment: PaymentStatus;
  'license-key': LicenseKeyStatus;
  refund: RefundStatus;
  dispute: DisputeStatus;
}
export type ProcessKind = keyof ProcessStates;

const PROCESSES: { [K in ProcessKind]: Process<ProcessStates[K]> } = {
  order: createProcess(ORDER_PROCESS),
  payment: createProcess(PAYMENT_PROCESS),
  'license-key': createProcess(LICENSE_KEY_PROCESS),
  refund: createProcess(REFUND_PROCESS),
  dispute: createProcess(DISPUTE_PROCESS),
};

export function canTransition<K extends ProcessKind>(
  kind: K,
  from: ProcessStates[K],
  to: ProcessStates[K],
  by?: Actor,
): boolean {
  return PROCESSES[kind].canTransition(from, to, by);
}

export function nextStates<K extends ProcessKind>(
  kind: K,
  from: ProcessStates[K],
  by?: Actor,
): ProcessStates[K][] {
  return PROCESSES[kind].nextStates(from, by);
}

export function statesBefore<K extends ProcessKind>(
  kind: K,
  to: ProcessStates[K],
  by?: Actor,
): ProcessStates[K][] {
  return PROCESSES[kind].statesBefore(to, by);
}

/**
 * A move made by fulfilment itself (same state allowed). Its preconditions were checked by a conditional
 * UPDATE before it, so a refusal here is a bug: an Error, and the transaction rolls back.
 */
export function assertTransition<K extends ProcessKind>(
  kind: K,
  from: ProcessStates[K],
  to: ProcessStates[K],
): void {
  if (from !== to && !canTransition(kind, from, to, 'system'))
    throw new Error(`No ${kind} transition ${from} → ${to}`);
}

/**
 * Payment states a confirmation may still move from (a failed attempt can be followed by a good card). A
 * disputed payment also moves to completed (the dispute won), but that is no confirmation: nothing is
 * delivered again.
 */
export const UNPAID: readonly PaymentStatus[] = statesBefore('payment', 'completed', 'system').filter(
  (s) => s !== 'disputed',
);

/**
 * The one rule for the provider's reports about its refunds and disputes, which it sends in no promised
 * order: a report changes what the store holds only when it is not older than the last one applied
 * (`reportedAt`: the provider's time for the event, when it gives one) and its status is the held one or
 * a move of the process's table (forward only: a late `pending` never undoes a success, a late `created`
 * never reopens a dispute that closed). A status the table does not know (a provider's new word) moves
 * anything but a final state. Anything else is an older event: ignored, whole.
 */
export function reportedChangeApplies<K extends 'refund' | 'dispute'>(
  kind: K,
  held: { status: string; reportedAt: Date | null },
  reported: { status: string; reportedAt: Date | null },
): boolean {
  if (held.reportedAt && reported.reportedAt && reported.reportedAt < held.reportedAt) return false;
  if (reported.status === held.status) return true;
  const process = PROCESSES[kind] as Process<string>;
  if (!process.states.includes(held.status)) return true;
  if (!process.states.includes(reported.status)) return process.nextStates(held.status).length > 0;
  return process.canTransition(held.status, reported.status, 'system');
}

// --- Guards: the rules that read more of the order than one status. ---

export type OrderState = Pick<
  Order,
  'status' | 'paymentStatus' | 'paymentMethod' | 'awaitingKeys' | 'refundDue'
>;

/** Where staff refund a payment: the PUT refuses refund statuses with this (a 400). */
export const REFUND_ACTION =
  'Refunds go through the payment provider with the Refund action: POST /api/admin/orders/:id/refunds';

/** Why an order held for a refund gets no keys and no delivery e-mail. */
export const REFUND_DUE_UNDELIVERED =
  'This order was cancelled and is owed a refund: nothing is delivered for it';

/**
 * The one rule for delivering anything (keys, links, the delivery e-mail) to an order: it must be paid and
 * not owed a refund. An order is owed a refund (`refundDue`) from the moment a payment arrives that cannot
 * be delivered (fulfilment's holdForRefund) until the refund (which clears it). Answers what stands in the
 * way, or null.
 */
export function deliveryBlock(
  order: Pick<Order, 'status' | 'paymentStatus' | 'refundDue'>,
): 'unpaid' | 'disputed' | 'refund-due' | 'on-hold' | 'withdrawn' | null {
  if (order.paymentStatus === 'disputed') return 'disputed';
  if (!PAID.includes(order.paymentStatus)) return 'unpaid';
  if (order.refundDue) return 'refund-due';
  if (order.status === 'on_hold') return 'on-hold';
  return order.status === 'withdrawn' ? 'withdrawn' : null;
}

/** What deliveryBlock's answers say to staff (a 409's message), for the blocks other than `unpaid`. */
export const DELIVERY_BLOCKED: Record<'disputed' | 'refund-due' | 'on-hold' | 'withdrawn', string> = {
  disputed: "This order's payment is disputed: nothing is delivered for it until the dispute is won",
  'refund-due': REFUND_DUE_UNDELIVERED,
  'on-hold': 'This order is held for review: approve it in the review queue to deliver it',
  withdrawn: 'The customer withdrew from this order: nothing is delivered for it',
};

/**
 * Why nothing may be delivered to this order now (a 409's message), or null: `unpaid` says what staff
 * tried, the other blocks are DELIVERY_BLOCKED's.
 */
export function deliveryRefusal(
  order: Pick<Order, 'status' | 'paymentStatus' | 'refundDue'>,
  unpaid: string,
): string | null {
  const blocked = deliveryBlock(order);
  return blocked === null ? null : blocked === 'unpaid' ? unpaid : DELIVERY_BLOCKED[blocked];
}

/** Why staff may not set this order's payment status to `to` now (a 409), or null. */
export function paymentChangeRefusal(order: OrderState, to: PaymentStatus): string | null {
  const from = order.paymentStatus;
  if (to === from || canTransition('payment', from, to, 'staff')) return null;
  if (from === 'refunded') return 'A refunded order stays refunded: nothing is left to refund';
  if (to === 'refunded' || to === 'partially_refunded') return REFUND_ACTION;
  if (PAID.includes(from)) return `A paid order cannot be set to ${to}; refund it instead`;
  return `${withArticle(`${from} payment`, { capital: true })} cannot be set to ${to}`;
}

/**
 * Why staff may not set this order's status to `to` now (a 409), or null. `order` is the order after any
 * payment change sent with it.
 */
export function statusChangeRefusal(order: OrderState, to: OrderStatus): string | null {
  if (to === order.status) return null;
  if (order.refundDue)
    return 'This order was paid but not delivered and is owed a refund: refund it with the Refund action';
  // A bank debit under way cannot be stopped; a bank transfer not yet sent can (the buyer changed their mind,
  // or pays another way): its payment is cancelled at the provider first, then as when it expires.
  if (order.paymentStatus === 'processing' && to === 'cancelled' && !isBankTransfer(order.paymentMethod))
    return "This order's payment is being processed by the bank: it is cancelled if the payment fails";
  if (PAID.includes(order.paymentStatus)) {
    if (to === 'cancelled') return 'A paid order is cancelled by refunding it: use the Refund action first';
    if (to !== (order.awaitingKeys ? 'processing' : 'fulfilled')) {
      return order.awaitingKeys
        ? 'This paid order is processing until it has all its licence keys'
        : 'This paid order has all its licence keys: it is fulfilled';
    }
  } else if (to === 'fulfilled') {
    return 'Only a paid order that has all its licence keys is fulfilled';
  }
  if (!canTransition('order', order.status, to, 'staff'))
    return `${withArticle(`${order.status} order`, { capital: true })} cannot be set to ${to}`;
  return null;
}

/**
 * The statuses staff may move this order to now, each field changed on its own (GET /api/admin/orders/:id
 * answers them so the back office offers only these). A status sent together with a payment change is
 * judged after the payment change (e.g. a failed payment set back to pending may then be cancelled).
 */
export function allowedTransitions(order: OrderState): {
  status: OrderStatus[];
  paymentStatus: PaymentStatus[];
} {
  return {
    status: nextStates('order', order.status, 'staff').filter((to) => !statusChangeRefusal(order, to)),
    paymentStatus: nextStates('payment', order.paymentStatus, 'staff').filter(
      (to) => !paymentChangeRefusal(order, to),
    ),
  };
}
