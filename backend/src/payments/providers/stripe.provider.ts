import Stripe from 'stripe';
import type { Currency } from '../../common/money.js';
import { amountOf } from '../../orders/order-currency.js';
import {
  BANK_TRANSFER_METHOD,
  bankTransferOffered,
  stripeBankTransfer,
} from '../../orders/bank-transfers.js';
import type { StripeConfig } from '../../config/app-config.js';
import type { Order } from '../../orders/entities/order.entity.js';
import {
  RefundRefused,
  WebhookRefused,
  type CreatedPayment,
  type DisputeEvidence,
  type PaymentProvider,
  type PaymentRisk,
  type ProviderPayment,
  type ProviderRefund,
  type WebhookEvent,
  type WebhookHeaders,
} from '../payment-provider.js';

/** Signatures older than this are refused (replayed captures), and so are those dated this far ahead. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Payment methods never offered, whatever Stripe's dashboard turns on: direct debits, which the payer's bank
 * reverses on request for weeks after the keys were delivered (SEPA Direct Debit: eight weeks without a
 * reason; Bacs, BECS, ACSS and ACH debits likewise). See decisions/2026-11-29-payments-that-confirm-later.md.
 */
export const EXCLUDED_PAYMENT_METHOD_TYPES: Stripe.PaymentIntentCreateParams.ExcludedPaymentMethodType[] = [
  'sepa_debit',
  'bacs_debit',
  'au_becs_debit',
  'acss_debit',
  'us_bank_account',
  'nz_bank_account',
];

/** The official SDK, pointed at STRIPE_API_BASE when set (a local stand-in API in tests). */
export function createStripeClient(config: StripeConfig): Stripe {
  const base = config.apiBase;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/**
 * Stripe: a PaymentIntent per order for the server's total; webhooks signed with STRIPE_WEBHOOK_SECRET
 * (`POST /api/payments/webhook`). Every use of Stripe's SDK is in this file.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly confirmsAsynchronously = true;
  readonly publishableKey: string;
  private readonly webhookSecret: string;

  constructor(
    private readonly stripe: Stripe,
    settings: Pick<StripeConfig, 'publishableKey' | 'webhookSecret'>,
  ) {
    this.publishableKey = settings.publishableKey;
    this.webhookSecret = settings.webhookSecret;
  }

  static fromSettings(settings: StripeConfig): StripePaymentProvider {
    return new StripePaymentProvider(createStripeClient(settings), settings);
  }

  /**
   * Idempotent per order: a checkout resumed after a crash gets the same PaymentIntent. A large order
   * (bankTransferOffered) gets a Customer of its own too, which Stripe's bank transfers need: the buyer pays
   * into that customer's balance, which then pays the PaymentIntent.
   */
  async createPayment(order: Order): Promise<CreatedPayment> {
    const total = amountOf(order.totalCents, order);
    const bankTransfer = bankTransferOffered(total)
      ? stripeBankTransfer(total.currency, order.billingCountry)
      : null;
    const customer = bankTransfer
      ? await this.stripe.customers.create(
          { email: order.customerEmail, name: order.customerName, metadata: { orderId: order.id } },
          { idempotencyKey: `order-${order.id}-customer` },
        )
      : null;
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: order.totalCents,
        currency: toStripe(order.currency),
        // The Payment Element offers what the dashboard turns on for the currency (cards, wallets, Link,
        // PayPal, iDEAL, Bancontact, EPS, bank transfers with a customer...), less the direct debits.
        automatic_payment_methods: { enabled: true },
        excluded_payment_method_types: EXCLUDED_PAYMENT_METHOD_TYPES,
        ...(customer && bankTransfer
          ? {
              customer: customer.id,
              payment_method_options: {
                customer_balance: { funding_type: 'bank_transfer', bank_transfer: bankTransfer },
              },
            }
          : {}),
        receipt_email: order.customerEmail,
        metadata: { orderId: order.id },
      },
      { idempotencyKey: `order-${order.id}-payment-intent` },
    );
    if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} has no client secret`);
    return { providerPaymentId: intent.id, clientSecret: intent.client_secret };
  }

  async cancelPayment(providerPaymentId: string): Promise<'cancelled' | 'paid'> {
    try {
      await this.stripe.paymentIntents.cancel(providerPaymentId);
      return 'cancelled';
    } catch (error) {
      // Refused for its state: find out which.
      const { status } = await this.stripe.paymentIntents.retrieve(providerPaymentId);
      if (status === 'canceled') return 'cancelled';
      if (status === 'succeeded' || status === 'processing' || status === 'requires_capture') return 'paid';
      throw error;
    }
  }

  /**
   * A Refund of the PaymentIntent. The idempotency key names the payment and the amount (`full` when
   * omitted), so a retry never refunds twice; Stripe keeps a key for 24 hours. Stripe's refusals
   * (invalid requests, e.g. more than is left) are RefundRefused.
   */
  async refund(
    providerPaymentId: string,
    amountCents?: number,
    options: { idempotencyKey?: string; storeRefundId?: string } = {},
  ): Promise<ProviderRefund> {
    try {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: providerPaymentId,
          ...(amountCents === undefined ? {} : { amount: amountCents }),
          ...(options.storeRefundId ? { metadata: { refundId: options.storeRefundId } } : {}),
        },
        {
          idempotencyKey:
            options.idempotencyKey ??
            `refund-${providerPaymentId}-${amountCents === undefined ? 'full' : amountCents}`,
        },
      );
      return refundOf(refund as unknown as Fields)!;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new RefundRefused(error.message);
      throw error;
    }
  }

  /** The evidence as Stripe's text fields, submitted at once (`submit: true`: Stripe sends it to the bank). */
  async submitDisputeEvidence(providerDisputeId: string, evidence: DisputeEvidence): Promise<void> {
    await this.stripe.disputes.update(providerDisputeId, {
      evidence: {
        customer_name: evidence.customerName,
        customer_email_address: evidence.customerEmailAddress,
        billing_address: evidence.billingAddress,
        ...(evidence.customerPurchaseIp ? { customer_purchase_ip: evidence.customerPurchaseIp } : {}),
        product_description: evidence.productDescription,
        service_date: evidence.serviceDate,
        access_activity_log: evidence.accessActivityLog,
        uncategorized_text: evidence.uncategorizedText,
      },
      submit: true,
    });
  }

  async fetchPayment(providerPaymentId: string): Promise<ProviderPayment> {
    const intent = await this.stripe.paymentIntents.retrieve(providerPaymentId);
    return {
      providerPaymentId: intent.id,
      status: paymentStatus(intent),
      amountCents: intent.amount_received || intent.amount,
      currency: fromStripe(intent.currency),
      paymentMethod: intent.payment_method_types?.[0] ?? null,
    };
  }

  /** The latest charge's outcome (Radar's review and risk rating) and card (country, fingerprint). */
  async fetchRisk(providerPaymentId: string): Promise<PaymentRisk> {
    const intent = await this.stripe.paymentIntents.retrieve(providerPaymentId, {
      expand: ['latest_charge'],
    });
    return riskOf(intent.latest_charge);
  }

  /**
   * Checks the signature on the exact bytes received (and that it is not dated in the future, which the
   * SDK lets through), refuses a signed event of the wrong shape, then reads the event.
   */
  async parseWebhook(rawBody: Buffer | undefined, headers: WebhookHeaders): Promise<WebhookEvent> {
    const header = headers['stripe-signature'];
    const signature = Array.isArray(header) ? header.join(',') : header;
    if (!rawBody || !signature) throw new WebhookRefused('Missing Stripe-Signature header or body');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch {
      throw new WebhookRefused('Invalid Stripe signature');
    }
    if (signedInTheFuture(signature, WEBHOOK_TOLERANCE_SECONDS))
      throw new WebhookRefused('Stripe signature timestamp is too far in the future');
    const malformed = malformedStripeEvent(event);
    if (malformed) throw new WebhookRefused(`Malformed Stripe event: ${malformed}`);
    return neutralEvent(event);
  }
}

function paymentStatus(intent: Stripe.PaymentIntent): ProviderPayment['status'] {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'canceled':
      return 'cancelled';
    // Authorised and waiting for capture counts as taken (the store captures automatically).
    case 'processing':
    case 'requires_capture':
      return 'processing';
    // Back to asking for a card: declined if an attempt was made, otherwise not yet tried.
    case 'requires_payment_method':
      return intent.last_payment_error ? 'failed' : 'requires_action';
    default:
      return 'requires_action';
  }
}

/** Stripe spells currency codes in lower case; the store in upper case (ISO 4217). */
const toStripe = (currency: Currency): string => currency.toLowerCase();
function fromStripe(currency: string): string;
function fromStripe(currency: string | null): string | null;
function fromStripe(currency: string | null): string | null {
  return currency && currency.toUpperCase();
}

type Fields = Record<string, unknown>;
/** An https address (a link put in an e-mail: never another scheme). */
const httpsUrl = (value: unknown): string | null => {
  const url = text(value);
  return url && /^https:\/\/[^\s]+$/.test(url) && url.length <= 2000 ? url : null;
};
const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const cents = (value: unknown): number | null => (typeof value === 'number' ? value : null);
/** An id, whether Stripe sent it as such or the object it names (expanded). */
const idOf = (value: unknown): string | null =>
  text(value) ?? (value && typeof value === 'object' ? text((value as Fields).id) : null);

const REFUND_STATUSES: Record<string, ProviderRefund['status']> = {
  pending: 'pending',
  // Waiting for the customer's bank details (some non-card methods): not on its way yet.
  requires_action: 'pending',
  succeeded: 'succeeded',
  failed: 'failed',
  canceled: 'canceled',
};

/** A Stripe Refund object in the store's words, or null when it is not one. */
function refundOf(object: Fields): ProviderRefund | null {
  const id = text(object.id);
  const amount = cents(object.amount);
  if (!id || amount === null) return null;
  const metadata = object.metadata as Fields | null | undefined;
  return {
    providerRefundId: id,
    amountCents: amount,
    status: REFUND_STATUSES[text(object.status) ?? ''] ?? 'pending',
    failureReason: text(object.failure_reason),
    storeRefundId: text(metadata?.refundId),
  };
}

/** Kept in `payment_events.failureReason`. */
const FAILURE_REASON_LENGTH = 500;

/**
 * A PaymentIntent's `last_payment_error` as staff read it: Stripe's message and its most precise code
 * (`decline_code` such as `insufficient_funds`, else `code`), e.g. "Your card has insufficient funds.
 * (insufficient_funds)"; null when Stripe gives neither.
 */
export function declineReason(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const fields = error as Fields;
  const message = text(fields.message);
  const code = text(fields.decline_code) ?? text(fields.code);
  const reason = message && code ? `${message} (${code})` : (message ?? code);
  return reason && reason.slice(0, FAILURE_REASON_LENGTH);
}

/** A Charge's outcome and card in the store's words (nothing known when it is not expanded). */
export function riskOf(charge: unknown): PaymentRisk {
  const object = charge && typeof charge === 'object' ? (charge as Fields) : {};
  const outcome = (object.outcome ?? {}) as Fields;
  const details = (object.payment_method_details ?? {}) as Fields;
  const card = (details.card ?? {}) as Fields;
  const country = text(card.country)?.toUpperCase() ?? null;
  return {
    providerReview: outcome.type === 'manual_review',
    riskLevel: text(outcome.risk_level),
    cardCountry: country && /^[A-Z]{2}$/.test(country) ? country : null,
    cardFingerprint: text(card.fingerprint)?.slice(0, 64) ?? null,
    // Kept in `orders.paymentMethod` (32 characters).
    paymentMethod: text(details.type)?.slice(0, 32) ?? null,
  };
}

/** A checked event (malformedStripeEvent) in the store's words. */
function neutralEvent(event: Stripe.Event): WebhookEvent {
  const base = {
    providerEventId: event.id,
    providerType: event.type,
    occurredAt: typeof event.created === 'number' ? new Date(event.created * 1000) : null,
  };
  const object = event.data.object as unknown as Fields;
  const currency = fromStripe(text(object.currency));
  switch (event.type) {
    case 'payment_intent.requires_action': {
      // A bank transfer chosen: the buyer has to send it (the instructions are Stripe's). Any other action
      // (3-D Secure, a redirect) is the shopper's, on the page.
      const intent = object as Fields & { id: string; metadata?: { orderId?: string } | null };
      const action = intent.next_action as Fields | null | undefined;
      const instructions = action?.display_bank_transfer_instructions as Fields | null | undefined;
      if (action?.type !== 'display_bank_transfer_instructions' || !instructions)
        return { ...base, kind: 'ignored' };
      return {
        ...base,
        kind: 'processing',
        providerPaymentId: intent.id,
        orderId: intent.metadata?.orderId ?? null,
        amountCents: cents(intent.amount),
        currency,
        paymentMethod: BANK_TRANSFER_METHOD,
        bankTransfer: {
          reference: text(instructions.reference),
          amountRemainingCents: cents(instructions.amount_remaining),
          instructionsUrl: httpsUrl(instructions.hosted_instructions_url),
        },
      };
    }
    case 'payment_intent.succeeded':
    case 'payment_intent.processing':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled': {
      const intent = object as Fields & { id: string; metadata?: { orderId?: string } | null };
      const payment = {
        ...base,
        providerPaymentId: intent.id,
        orderId: intent.metadata?.orderId ?? null,
        amountCents: cents(intent.amount_received) || cents(intent.amount),
        currency,
      };
      if (event.type === 'payment_intent.payment_failed')
        return { ...payment, kind: 'failed', failureReason: declineReason(intent.last_payment_error) };
      if (event.type === 'payment_intent.canceled')
        return { ...payment, kind: 'cancelled', reason: text(intent.cancellation_reason) };
      const methods = intent.payment_method_types;
      const method = Array.isArray(methods) ? text(methods[0]) : null;
      // With automatic methods the intent lists every method offered: which one is processing is known
      // only when it lists one.
      if (event.type === 'payment_intent.processing')
        return {
          ...payment,
          kind: 'processing',
          paymentMethod: Array.isArray(methods) && methods.length === 1 ? method : null,
        };
      return { ...payment, kind: 'succeeded', paymentMethod: method ?? 'card' };
    }
    case 'charge.refunded': {
      const [amount, refunded] = [cents(object.amount), cents(object.amount_refunded)];
      // Listed in the charge by API versions before 2022-11-15 (and by the stand-in); not expanded since.
      const list = (object.refunds as Fields | null | undefined)?.data;
      return {
        ...base,
        kind: 'refunded',
        providerPaymentId: idOf(object.payment_intent),
        orderId: null,
        amountCents: refunded,
        currency,
        // Stripe marks a charge `refunded` once all of it is.
        fullyRefunded: Boolean(object.refunded) && amount !== null && refunded !== null && refunded >= amount,
        refunds: Array.isArray(list)
          ? list.map((item) => refundOf(item as Fields)).filter((r) => r !== null)
          : null,
      };
    }
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
      return {
        ...base,
        kind: 'refund_updated',
        providerPaymentId: idOf(object.payment_intent),
        orderId: null,
        amountCents: cents(object.amount),
        currency,
        refund: refundOf(object)!,
      };
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed': {
      const due = (object.evidence_details as Fields | null | undefined)?.due_by;
      return {
        ...base,
        kind: 'dispute',
        phase:
          event.type === 'charge.dispute.created'
            ? 'created'
            : event.type === 'charge.dispute.updated'
              ? 'updated'
              : 'closed',
        providerPaymentId: idOf(object.payment_intent),
        orderId: null,
        amountCents: cents(object.amount),
        currency,
        dispute: {
          providerDisputeId: text(object.id)!,
          amountCents: cents(object.amount)!,
          currency: currency!,
          reason: text(object.reason),
          status: text(object.status)!,
          evidenceDueBy: typeof due === 'number' ? new Date(due * 1000) : null,
        },
      };
    }
    case 'radar.early_fraud_warning.created':
      return {
        ...base,
        kind: 'fraud_warning',
        providerPaymentId: idOf(object.payment_intent),
        orderId: null,
        amountCents: null,
        currency: null,
        warning: { providerWarningId: text(object.id)!, fraudType: text(object.fraud_type) },
      };
    case 'review.opened':
    case 'review.closed':
      return {
        ...base,
        kind: event.type === 'review.opened' ? 'review_opened' : 'review_closed',
        providerPaymentId: idOf(object.payment_intent),
        orderId: null,
        amountCents: null,
        currency: null,
        reason: text(event.type === 'review.opened' ? object.opened_reason : object.closed_reason),
      };
    default:
      return { ...base, kind: 'ignored' };
  }
}

/**
 * What is wrong with the shape of a correctly signed event, or null. Stripe sends none such, but a body
 * signed with the webhook secret is otherwise trusted as it is, and reading a missing `data.object` or
 * storing an over-long id would be a 500 (which Stripe retries for days) instead of a 400.
 */
export function malformedStripeEvent(event: unknown): string | null {
  const e = event as { id?: unknown; type?: unknown; created?: unknown; data?: { object?: unknown } } | null;
  if (!e || typeof e !== 'object' || Array.isArray(e)) return 'not an object';
  if (typeof e.id !== 'string' || !e.id || e.id.length > 255) return 'id';
  if (typeof e.type !== 'string' || !e.type || e.type.length > 100) return 'type';
  // Unix seconds, stored with the refund or dispute it moves (a datetime column).
  if (
    e.created !== undefined &&
    (typeof e.created !== 'number' || !Number.isInteger(e.created) || e.created < 0 || e.created > 1e11)
  )
    return 'created';
  const object = e.data?.object as { id?: unknown; metadata?: { orderId?: unknown } | null } | undefined;
  if (!object || typeof object !== 'object' || Array.isArray(object)) return 'data.object';
  if (e.type.startsWith('refund.')) {
    const refund = object as { id?: unknown; amount?: unknown };
    if (typeof refund.id !== 'string' || !refund.id || refund.id.length > 255) return 'data.object.id';
    if (typeof refund.amount !== 'number' || !Number.isInteger(refund.amount) || refund.amount < 0)
      return 'data.object.amount';
  }
  if (e.type.startsWith('charge.dispute.')) {
    const dispute = object as Fields;
    if (!shortText(dispute.id)) return 'data.object.id';
    if (!shortText(idOf(dispute.payment_intent))) return 'data.object.payment_intent';
    if (typeof dispute.amount !== 'number' || !Number.isInteger(dispute.amount) || dispute.amount < 0)
      return 'data.object.amount';
    if (!shortText(dispute.currency, 3)) return 'data.object.currency';
    if (!shortText(dispute.status, 40)) return 'data.object.status';
    if (dispute.reason !== null && dispute.reason !== undefined && !shortText(dispute.reason, 100))
      return 'data.object.reason';
    const due = (dispute.evidence_details as Fields | null | undefined)?.due_by;
    if (
      due !== null &&
      due !== undefined &&
      (typeof due !== 'number' || !Number.isFinite(due) || due < 0 || due > 1e11)
    )
      return 'data.object.evidence_details.due_by';
  }
  if (e.type.startsWith('radar.early_fraud_warning.')) {
    const warning = object as Fields;
    if (!shortText(warning.id)) return 'data.object.id';
    if (!shortText(idOf(warning.payment_intent))) return 'data.object.payment_intent';
    if (
      warning.fraud_type !== null &&
      warning.fraud_type !== undefined &&
      !shortText(warning.fraud_type, 100)
    )
      return 'data.object.fraud_type';
  }
  if (e.type.startsWith('payment_intent.')) {
    if (typeof object.id !== 'string' || !object.id) return 'data.object.id';
    const orderId = object.metadata?.orderId;
    if (orderId !== undefined && typeof orderId !== 'string') return 'data.object.metadata.orderId';
  }
  return null;
}

/** A non-empty string of at most `max` characters. */
const shortText = (value: unknown, max = 255): boolean =>
  typeof value === 'string' && value.length > 0 && value.length <= max;

/**
 * Whether a Stripe-Signature header (`t=<unix seconds>,v1=…`) was signed more than `toleranceSeconds`
 * ahead of `nowMs`. Stripe's SDK refuses only timestamps too far in the past: a signature dated in the
 * future would be replayable for as long as its date lies ahead. The date is read exactly as the SDK
 * reads the one it checks the signature with (the last `t=` item, through parseInt), so that no other
 * spelling of the header (`t=<now>,t=<future>`, `t=<future>x`) passes one check and not the other.
 */
export function signedInTheFuture(header: string, toleranceSeconds: number, nowMs = Date.now()): boolean {
  const items = header.split(',').map((item) => item.split('='));
  const timestamp = items.findLast(([key]) => key === 't')?.[1];
  return timestamp !== undefined && parseInt(timestamp, 10) - nowMs / 1000 > toleranceSeconds;
}
