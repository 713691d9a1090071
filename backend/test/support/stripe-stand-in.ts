import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface StandInPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  payment_method_types: string[];
  automatic_payment_methods: { enabled: boolean } | null;
  excluded_payment_method_types: string[] | null;
  cancellation_reason?: string | null;
  receipt_email: string | null;
  last_payment_error?: { type: string; code: string; message: string } | null;
  /** The Customer it is for (a bank transfer pays from the customer's balance), when one was given. */
  customer: string | null;
  payment_method_options: Record<string, unknown> | null;
  next_action?: Record<string, unknown> | null;
  livemode: false;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  failure_reason: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface StandInDispute {
  id: string;
  object: 'dispute';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  reason: string;
  status: string;
  evidence_details: { due_by: number; submission_count: number };
  livemode: false;
  [field: string]: unknown;
}

/** The methods the stand-in's Stripe dashboard has turned on, as automatic payment methods offer them. */
const DASHBOARD_METHOD_TYPES = [
  'card',
  'link',
  'paypal',
  'ideal',
  'bancontact',
  'eps',
  'sepa_debit',
  'us_bank_account',
];
/** Payment method types Stripe knows (a part: the ones the store offers or excludes). */
const KNOWN_METHOD_TYPES = [
  ...DASHBOARD_METHOD_TYPES,
  'bacs_debit',
  'au_becs_debit',
  'acss_debit',
  'nz_bank_account',
  'customer_balance',
  'blik',
];

/** Reads Stripe's form encoding (`metadata[orderId]=…`) into a nested object. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]/).filter(Boolean);
    let node = out as Record<string, unknown>;
    for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[path.at(-1)!] = value;
  }
  return out;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
  });

/**
 * A local stand-in for the part of Stripe's API the store uses (PaymentIntents, Refunds), so the official
 * SDK can be exercised end to end without the network, plus signed webhook events for the store's
 * endpoint and the objects Stripe sends in them (charges, disputes, reviews).
 */
export class StripeStandIn {
  readonly intents = new Map<string, StandInPaymentIntent>();
  readonly refunds = new Map<string, StandInRefund>();
  /** Every request the SDK made: method, path, idempotency key and form body. */
  readonly requests: {
    method: string;
    path: string;
    idempotencyKey?: string;
    body: Record<string, unknown>;
  }[] = [];
  readonly webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  private readonly byIdempotencyKey = new Map<string, StandInPaymentIntent>();
  /** The Customers made (a bank transfer's), by id. */
  readonly customers = new Map<string, { id: string; email: string | null; name: string | null }>();
  private readonly customersByIdempotencyKey = new Map<string, unknown>();
  private readonly refundsByIdempotencyKey = new Map<string, StandInRefund>();
  /** When set, the API answers 500 to everything (a provider outage). */
  failing = false;
  /** How long the API takes to answer (a slow provider). */
  delayMs = 0;
  /**
   * The charge's Radar outcome and card per PaymentIntent, as `latest_charge` answers them when expanded:
   * none by default (a normal charge whose card Stripe says nothing of).
   */
  readonly chargeRisk = new Map<
    string,
    { outcomeType?: string; riskLevel?: string; cardCountry?: string; fingerprint?: string }
  >();
  /** The status new refunds get: `succeeded` as most card refunds, or `pending` (confirmed by webhook). */
  refundStatus: 'pending' | 'succeeded' = 'succeeded';

  private readonly server: Server = createServer((req, res) => void this.handle(req, res));

  static async start(): Promise<StripeStandIn> {
    const standIn = new StripeStandIn();
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = parseForm(await readBody(req));
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method: req.method ?? '', path: req.url ?? '', idempotencyKey, body });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(6).toString('hex')}`,
      });
      res.end(JSON.stringify(payload));
    };
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.failing) return send(500, { error: { type: 'api_error', message: 'Stand-in outage' } });
    if (req.method === 'POST' && req.url === '/v1/customers') {
      const existing = idempotencyKey && this.customersByIdempotencyKey.get(idempotencyKey);
      if (existing) return send(200, existing);
      const customer = {
        id: `cus_${randomBytes(8).toString('hex')}`,
        object: 'customer',
        email: (body.email as string) ?? null,
        name: (body.name as string) ?? null,
        metadata: (body.metadata as Record<string, string>) ?? {},
        livemode: false,
      };
      this.customers.set(customer.id, customer);
      if (idempotencyKey) this.customersByIdempotencyKey.set(idempotencyKey, customer);
      return send(200, customer);
    }
    if (req.method === 'POST' && req.url === '/v1/payment_intents') {
      const existing = idempotencyKey && this.byIdempotencyKey.get(idempotencyKey);
      if (existing) return send(200, existing);
      // As Stripe: a list of methods and automatic methods exclude each other; an excluded method is one
      // Stripe knows (the ones the store excludes, and the ones it offers).
      const automatic =
        (body.automatic_payment_methods as { enabled?: string } | undefined)?.enabled === 'true';
      if (automatic && body.payment_method_types)
        return send(400, {
          error: {
            type: 'invalid_request_error',
            message:
              'You may only specify one of these parameters: automatic_payment_methods, payment_method_types.',
          },
        });
      const excluded = body.excluded_payment_method_types
        ? Object.values(body.excluded_payment_method_types as Record<string, string>)
        : null;
      const unknown = excluded?.find((type) => !KNOWN_METHOD_TYPES.includes(type));
      if (unknown)
        return send(400, {
          error: {
            type: 'invalid_request_error',
            param: 'excluded_payment_method_types',
            message: `Invalid excluded_payment_method_types: ${unknown} is not a payment method type`,
          },
        });
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const intent: StandInPaymentIntent = {
        id,
        object: 'payment_intent',
        amount: Number(body.amount),
        amount_received: 0,
        currency: String(body.currency),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        metadata: (body.metadata as Record<string, string>) ?? {},
        // With automatic methods, what the dashboard turns on less what is excluded (the stand-in's
        // dashboard: cards, Link, PayPal, the bank payments that confirm later, and bank transfers, which
        // need a customer).
        payment_method_types: automatic
          ? [...DASHBOARD_METHOD_TYPES, ...(body.customer ? ['customer_balance'] : [])].filter(
              (type) => !excluded?.includes(type),
            )
          : ['card'],
        customer: (body.customer as string) ?? null,
        payment_method_options: (body.payment_method_options as Record<string, unknown>) ?? null,
        automatic_payment_methods: automatic ? { enabled: true } : null,
        excluded_payment_method_types: excluded,
        receipt_email: (body.receipt_email as string) ?? null,
        livemode: false,
      };
      this.intents.set(id, intent);
      if (idempotencyKey) this.byIdempotencyKey.set(idempotencyKey, intent);
      return send(200, intent);
    }
    const cancel = req.url?.match(/^\/v1\/payment_intents\/(\w+)\/cancel$/);
    const cancelled = cancel && this.intents.get(cancel[1]!);
    if (req.method === 'POST' && cancelled) {
      // As Stripe: a PaymentIntent that succeeded (or is already cancelled), or whose bank debit is under
      // way, cannot be cancelled.
      if (['succeeded', 'canceled', 'processing'].includes(cancelled.status)) {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `This PaymentIntent's status is ${cancelled.status}`,
          },
        });
      }
      cancelled.status = 'canceled';
      return send(200, cancelled);
    }
    if (req.method === 'POST' && req.url === '/v1/refunds') return this.refund(body, idempotencyKey, send);
    const [path, query] = (req.url ?? '').split('?');
    // Evidence for a dispute (recorded in `requests`): any dp_ id is taken, as Stripe takes its own.
    const dispute = path?.match(/^\/v1\/disputes\/(dp_\w+)$/);
    if (req.method === 'POST' && dispute)
      return send(200, {
        id: dispute[1],
        object: 'dispute',
        status: body.submit === 'true' ? 'under_review' : 'needs_response',
        evidence: body.evidence ?? {},
      });
    const match = path?.match(/^\/v1\/payment_intents\/(\w+)$/);
    if (req.method === 'GET' && match && this.intents.has(match[1]!)) {
      const intent = this.intents.get(match[1]!)!;
      const expanded = [...new URLSearchParams(query)].some(
        ([key, value]) => key.startsWith('expand') && value === 'latest_charge',
      );
      return send(200, expanded ? { ...intent, latest_charge: this.paidCharge(intent) } : intent);
    }
    send(404, {
      error: { type: 'invalid_request_error', message: `No such route ${req.method} ${req.url}` },
    });
  }

  /** As Stripe: a refund of a succeeded PaymentIntent, in full or in part, never past what is left. */
  private refund(
    body: Record<string, unknown>,
    idempotencyKey: string | undefined,
    send: (status: number, payload: unknown) => void,
  ): void {
    const existing = idempotencyKey && this.refundsByIdempotencyKey.get(idempotencyKey);
    if (existing) return send(200, existing);
    const refusal = (code: string, message: string) =>
      send(400, { error: { type: 'invalid_request_error', code, message } });
    const intent = this.intents.get(String(body.payment_intent));
    if (!intent) return refusal('resource_missing', `No such payment_intent: '${body.payment_intent}'`);
    if (intent.status !== 'succeeded')
      return refusal('charge_not_refundable', `This PaymentIntent's status is ${intent.status}`);
    const left = intent.amount_received - this.refundedCents(intent.id, true);
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (left <= 0) return refusal('charge_already_refunded', 'This charge has already been refunded');
    if (amount > left)
      return refusal(
        'amount_too_large',
        `Refund amount (${amount}) is greater than unrefunded amount (${left})`,
      );
    const refund: StandInRefund = {
      id: `re_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: `ch_${intent.id.slice(3)}`,
      status: this.refundStatus,
      failure_reason: null,
      metadata: (body.metadata as Record<string, string>) ?? {},
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    this.refunds.set(refund.id, refund);
    if (idempotencyKey) this.refundsByIdempotencyKey.set(idempotencyKey, refund);
    send(200, refund);
  }

  /** What the succeeded refunds of a PaymentIntent add up to (and the pending ones, with `pending`). */
  refundedCents(intentId: string, pending = false): number {
    return this.refundsOf(intentId)
      .filter((refund) => refund.status === 'succeeded' || (pending && refund.status === 'pending'))
      .reduce((sum, refund) => sum + refund.amount, 0);
  }

  refundsOf(intentId: string): StandInRefund[] {
    return [...this.refunds.values()].filter((refund) => refund.payment_intent === intentId);
  }

  /**
   * A refund made in Stripe's dashboard (no API call from the store): answered as the Refund object
   * Stripe then sends in its webhooks.
   */
  dashboardRefund(intentId: string, amount?: number): StandInRefund {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`unknown intent ${intentId}`);
    const refund: StandInRefund = {
      id: `re_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount: amount ?? intent.amount_received - this.refundedCents(intentId, true),
      currency: intent.currency,
      payment_intent: intentId,
      charge: `ch_${intentId.slice(3)}`,
      status: 'succeeded',
      failure_reason: null,
      metadata: {},
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    this.refunds.set(refund.id, refund);
    return refund;
  }

  /** Moves a refund on, as Stripe does before it sends `refund.updated` (or `refund.failed`). */
  settleRefund(refundId: string, status: 'succeeded' | 'failed' | 'canceled'): StandInRefund {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`unknown refund ${refundId}`);
    Object.assign(refund, {
      status,
      failure_reason: status === 'failed' ? 'expired_or_canceled_card' : null,
    });
    return { ...refund };
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The settings that point the store at this stand-in. */
  env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: 'sk_test_stand_in',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_stand_in',
      STRIPE_WEBHOOK_SECRET: this.webhookSecret,
      STRIPE_API_BASE: this.url,
    };
  }

  /** A webhook delivery: its JSON body and a Stripe-Signature made the way Stripe makes them. */
  event(
    type: string,
    object: object,
    options: { id?: string; timestamp?: number; secret?: string; created?: number } = {},
  ): { id: string; payload: string; signature: string } {
    const id = options.id ?? `evt_${randomBytes(12).toString('hex')}`;
    const payload = JSON.stringify({
      id,
      object: 'event',
      api_version: '2025-01-01',
      // When the event happened (unix seconds): Stripe sends events in no promised order.
      created: options.created ?? Math.floor(Date.now() / 1000),
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    const signature = new Stripe('sk_test_signing_only').webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.webhookSecret,
      timestamp: options.timestamp,
    });
    return { id, payload, signature };
  }

  /** The PaymentIntent as Stripe would send it in `payment_intent.succeeded`. */
  succeeded(intentId: string, override: Partial<StandInPaymentIntent> = {}): StandInPaymentIntent {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`unknown intent ${intentId}`);
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
    return { ...intent, ...override };
  }

  /**
   * The PaymentIntent taken by a method that confirms later, as Stripe would send it in
   * `payment_intent.processing`.
   */
  processing(intentId: string): StandInPaymentIntent {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`unknown intent ${intentId}`);
    Object.assign(intent, { status: 'processing' });
    return { ...intent };
  }

  /** The PaymentIntent after the bank refused a payment that was processing (`payment_intent.payment_failed`). */
  bankFailed(intentId: string): StandInPaymentIntent {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`unknown intent ${intentId}`);
    Object.assign(intent, {
      status: 'requires_payment_method',
      last_payment_error: {
        type: 'invalid_request_error',
        code: 'payment_method_provider_decline',
        message: 'The payment was declined by the bank.',
      },
    });
    return { ...intent };
  }

  /**
   * The PaymentIntent once the buyer chose a bank transfer, waiting for it, as Stripe sends it in
   * `payment_intent.requires_action` (`remaining`: still to send, the whole amount by default).
   */
  awaitingTransfer(intentId: string, remaining?: number): StandInPaymentIntent {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`unknown intent ${intentId}`);
    Object.assign(intent, {
      status: 'requires_action',
      next_action: {
        type: 'display_bank_transfer_instructions',
        display_bank_transfer_instructions: {
          type: 'eu_bank_transfer',
          amount_remaining: remaining ?? intent.amount,
          currency: intent.currency,
          reference: `REF${intentId.slice(-6).toUpperCase()}`,
          hosted_instructions_url: `https://payments.stripe.com/bank_transfers/instructions/${intentId}`,
          financial_addresses: [],
        },
      },
    });
    return { ...intent };
  }

  /** The PaymentIntent expired or cancelled at Stripe, as in `payment_intent.canceled`. */
  canceled(intentId: string, reason = 'automatic'): StandInPaymentIntent {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`unknown intent ${intentId}`);
    Object.assign(intent, { status: 'canceled', cancellation_reason: reason });
    return { ...intent };
  }

  /** The PaymentIntent after a declined card, as Stripe would send it in `payment_intent.payment_failed`. */
  declined(intentId: string): StandInPaymentIntent {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`unknown intent ${intentId}`);
    Object.assign(intent, {
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    return { ...intent };
  }

  /**
   * The PaymentIntent's charge as Stripe would send it in `charge.refunded`, with its refunds so far (and
   * their list, as API versions before 2022-11-15 include it).
   */
  charge(intentId: string): object {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`unknown intent ${intentId}`);
    const refunded = this.refundedCents(intentId);
    return {
      id: `ch_${intentId.slice(3)}`,
      object: 'charge',
      payment_intent: intentId,
      amount: intent.amount_received,
      amount_refunded: refunded,
      currency: intent.currency,
      refunded: refunded >= intent.amount_received,
      refunds: { object: 'list', data: this.refundsOf(intentId).map((refund) => ({ ...refund })) },
    };
  }

  /** The PaymentIntent's charge with its outcome and card (chargeRisk), as `expand[]=latest_charge` gives it. */
  private paidCharge(intent: StandInPaymentIntent): object | null {
    if (intent.status !== 'succeeded') return null;
    const risk = this.chargeRisk.get(intent.id) ?? {};
    return {
      id: `ch_${intent.id.slice(3)}`,
      object: 'charge',
      payment_intent: intent.id,
      amount: intent.amount_received,
      currency: intent.currency,
      outcome: {
        type: risk.outcomeType ?? 'authorized',
        risk_level: risk.riskLevel ?? 'normal',
        network_status: 'approved_by_network',
      },
      payment_method_details: {
        type: 'card',
        card: { brand: 'visa', country: risk.cardCountry ?? null, fingerprint: risk.fingerprint ?? null },
      },
    };
  }

  /**
   * A dispute of the PaymentIntent's charge, as in `charge.dispute.created` (evidence due in a week);
   * `changes` make it as `charge.dispute.updated/closed` send it (the same `id`, a new `status`).
   */
  dispute(intentId: string, amount?: number, changes: Record<string, unknown> = {}): StandInDispute {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`unknown intent ${intentId}`);
    return {
      id: `dp_${randomBytes(12).toString('hex')}`,
      object: 'dispute',
      amount: amount ?? intent.amount_received,
      currency: intent.currency,
      charge: `ch_${intentId.slice(3)}`,
      payment_intent: intentId,
      reason: 'fraudulent',
      status: 'needs_response',
      evidence_details: { due_by: Math.floor(Date.now() / 1000) + 7 * 86_400, submission_count: 0 },
      livemode: false,
      ...changes,
    };
  }

  /** An early fraud warning on the PaymentIntent's charge, as in `radar.early_fraud_warning.created`. */
  fraudWarning(intentId: string, fraudType = 'made_with_stolen_card'): object {
    return {
      id: `issfr_${randomBytes(12).toString('hex')}`,
      object: 'radar.early_fraud_warning',
      actionable: true,
      charge: `ch_${intentId.slice(3)}`,
      payment_intent: intentId,
      fraud_type: fraudType,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
  }

  /** A fraud review of the PaymentIntent, as in `review.opened` (open) or `review.closed`. */
  review(intentId: string, open: boolean, closedReason = 'approved'): object {
    return {
      id: `prv_${randomBytes(12).toString('hex')}`,
      object: 'review',
      charge: `ch_${intentId.slice(3)}`,
      payment_intent: intentId,
      open,
      opened_reason: 'rule',
      closed_reason: open ? null : closedReason,
      reason: open ? 'rule' : closedReason,
    };
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
