import type { BankTransferInstructions } from '../orders/bank-transfers.js';
import type { PaymentProviderName } from '../config/app-config.js';
import type { Order } from '../orders/entities/order.entity.js';

export type { PaymentProviderName };

export interface CreatedPayment {
  providerPaymentId: string;
  clientSecret: string;
}

/**
 * A refund as the provider reports it: its own id, the amount, where it stands (`pending` until the money
 * is on its way: Stripe answers most card refunds `succeeded` at once), and the store's refund id when the
 * store asked for it (`storeRefundId`, given to the provider as metadata, so a webhook that overtakes the
 * provider's answer still finds its refund).
 */
export interface ProviderRefund {
  providerRefundId: string;
  amountCents: number;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  /** The provider's reason for a failed or cancelled refund. */
  failureReason: string | null;
  storeRefundId: string | null;
}

/**
 * The provider refused a refund for good (more than is left, an unpaid payment): nothing was refunded,
 * and asking again will not change that. Any other error leaves the outcome unknown.
 */
export class RefundRefused extends Error {}

/** A payment as the provider sees it now, in the store's words. */
export interface ProviderPayment {
  providerPaymentId: string;
  /**
   * `requires_action`: waiting for the shopper (a card to enter, 3-D Secure, a demo confirmation);
   * `processing`: taken, not yet settled; `failed`: the last attempt was declined (the shopper may try
   * again); `cancelled`: it can no longer be paid.
   */
  status: 'succeeded' | 'failed' | 'processing' | 'requires_action' | 'cancelled';
  /** What was received once succeeded, otherwise what is asked. */
  amountCents: number;
  currency: string;
  /** How the shopper paid (`card`, …), when the provider says. */
  paymentMethod: string | null;
}

/** A chargeback as the provider reports it. */
export interface ProviderDispute {
  providerDisputeId: string;
  amountCents: number;
  currency: string;
  /** `fraudulent`, `product_not_received`, … */
  reason: string | null;
  /** `warning_needs_response`, `needs_response`, `under_review`, `won`, `lost`, … */
  status: string;
  /** The last moment evidence is accepted, when the provider says. */
  evidenceDueBy: Date | null;
}

/** An early fraud warning: the card's issuer reports the charge as likely fraud (not a dispute yet). */
export interface ProviderFraudWarning {
  providerWarningId: string;
  /** `made_with_stolen_card`, `unauthorized_use_of_card`, … */
  fraudType: string | null;
}

/** What the store holds for a dispute, in the text fields providers accept as evidence. */
export interface DisputeEvidence {
  customerName: string;
  customerEmailAddress: string;
  billingAddress: string;
  customerPurchaseIp: string | null;
  productDescription: string;
  serviceDate: string;
  accessActivityLog: string;
  uncategorizedText: string;
}

/** The provider does not do this (the demo provider has no disputes): answered 409 with this message. */
export class ProviderUnsupported extends Error {}

/**
 * What the provider knows of a paid payment's risk: its own review or risk rating and the card, read
 * before the confirmation's transaction (a network call never runs inside one). Fields it cannot tell
 * are null.
 */
export interface PaymentRisk {
  /** The provider holds the charge for its own manual review (Stripe: `outcome.type = manual_review`). */
  providerReview: boolean;
  /** The provider's risk rating (Stripe: `normal`, `elevated`, `highest`, ...). */
  riskLevel: string | null;
  /** The card's issuing country (ISO 3166-1 alpha-2). */
  cardCountry: string | null;
  /** The same card gives the same fingerprint at this provider. */
  cardFingerprint: string | null;
  /**
   * How the shopper paid, as the charge says (`card`, `paypal`, `ideal`, …: with automatic payment methods
   * the payment itself lists every method offered), when the provider says.
   */
  paymentMethod?: string | null;
}

interface WebhookEventBase {
  /** The provider's id for the event: recorded once in `payment_events`, so a replay does nothing. */
  providerEventId: string;
  /** The provider's own name for the event type, as recorded. */
  providerType: string;
  /**
   * When the provider says the event happened (Stripe's `created`), or null: events arrive in no promised
   * order, and an older one never overwrites what a newer one set (reportedChangeApplies).
   */
  occurredAt: Date | null;
}

interface PaymentWebhookEvent extends WebhookEventBase {
  /** The provider's id for the payment concerned (`orders.providerPaymentId`), when the event names it. */
  providerPaymentId: string | null;
  /** The order the payment was created for, as the provider was told (for a payment the order lacks). */
  orderId: string | null;
  /** The event's amount where the provider gives one: paid, refunded so far, or disputed. */
  amountCents: number | null;
  currency: string | null;
}

/**
 * A provider's webhook delivery in the store's words. Payments and refunds change orders; disputes and
 * early fraud warnings are applied by DisputesService; fraud reviews are recorded against their order.
 * Types the store has no use for are `ignored`, and recorded too.
 */
export type WebhookEvent =
  | (PaymentWebhookEvent & { kind: 'succeeded'; providerPaymentId: string; paymentMethod: string })
  /**
   * Taken by a method that confirms later (a bank debit, a bank's redirect that settles later): nothing is
   * delivered until `succeeded`. `paymentMethod`: which method, when the provider says.
   */
  | (PaymentWebhookEvent & {
      kind: 'processing';
      providerPaymentId: string;
      paymentMethod: string | null;
      /** A bank transfer the buyer has still to send: how (the shopper is e-mailed it). */
      bankTransfer?: BankTransferInstructions;
    })
  /** The payment can no longer be paid: it expired or was cancelled at the provider (`reason`, its words). */
  | (PaymentWebhookEvent & { kind: 'cancelled'; providerPaymentId: string; reason: string | null })
  /** `failureReason`: why the attempt was declined, in the provider's words (and its code), when it says. */
  | (PaymentWebhookEvent & { kind: 'failed'; providerPaymentId: string; failureReason: string | null })
  /**
   * `fullyRefunded`: the whole payment is refunded now (`amountCents` is what is refunded so far);
   * `refunds`: the payment's refunds when the provider lists them, else null.
   */
  | (PaymentWebhookEvent & { kind: 'refunded'; fullyRefunded: boolean; refunds: ProviderRefund[] | null })
  /** One refund created or changed (Stripe's `refund.created` / `refund.updated` / `refund.failed`). */
  | (PaymentWebhookEvent & { kind: 'refund_updated'; refund: ProviderRefund })
  /** A chargeback opened, changed or closed (Stripe's `charge.dispute.created/updated/closed`). */
  | (PaymentWebhookEvent & {
      kind: 'dispute';
      phase: 'created' | 'updated' | 'closed';
      dispute: ProviderDispute;
    })
  /** An early fraud warning from the card network (Stripe's `radar.early_fraud_warning.created`). */
  | (PaymentWebhookEvent & { kind: 'fraud_warning'; warning: ProviderFraudWarning })
  /** A fraud review; `reason`: why it was opened or how it was closed, in the provider's words. */
  | (PaymentWebhookEvent & { kind: 'review_opened' | 'review_closed'; reason: string | null })
  | (WebhookEventBase & { kind: 'ignored' });

export type WebhookEventKind = WebhookEvent['kind'];

/** Request headers as the HTTP layer hands them over (names in lower case). */
export type WebhookHeaders = Record<string, string | string[] | undefined>;

/**
 * A webhook delivery the provider refused to read (no signature, a forged or stale one, a body that does
 * not parse): answered 400 with this message, and nothing is recorded.
 */
export class WebhookRefused extends Error {}

/**
 * Someone who takes payments. The registry (PaymentProviders) holds one per configured provider; new
 * checkouts use the one the settings choose, an existing order the one its `paymentProvider` names.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Publishable key the browser needs, if any. */
  readonly publishableKey?: string;
  /**
   * Whether payments are confirmed at the provider and reported later (a webhook that may be late or
   * lost), so that an unpaid order is worth looking up with fetchPayment while the shopper waits. False
   * when this server confirms them itself (the demo provider).
   */
  readonly confirmsAsynchronously: boolean;
  /** Creates the payment of the order's total, once per order however often it is called. */
  createPayment(order: Order): Promise<CreatedPayment>;
  /**
   * Cancels an order's payment so that it can no longer be paid: 'cancelled' (or it already was), or
   * 'paid' when the shopper's payment went through first. Throws when the provider cannot be reached.
   */
  cancelPayment(providerPaymentId: string): Promise<'cancelled' | 'paid'>;
  /**
   * Refunds a paid payment, in full when `amountCents` is omitted. The same payment and amount are
   * refunded once however often this is called (a retry after a timeout), unless `idempotencyKey` says
   * it is another refund (a second partial refund of the same amount). `storeRefundId` is handed to the
   * provider, which reports it back with the refund. Throws RefundRefused when the provider refuses (more
   * than is left to refund, an unpaid payment), anything else when it cannot be reached.
   */
  refund(
    providerPaymentId: string,
    amountCents?: number,
    options?: { idempotencyKey?: string; storeRefundId?: string },
  ): Promise<ProviderRefund>;
  /**
   * Sends the evidence for a dispute and submits it (no further changes possible). Throws
   * ProviderUnsupported when the provider has no disputes, anything else when it cannot be reached.
   */
  submitDisputeEvidence(providerDisputeId: string, evidence: DisputeEvidence): Promise<void>;
  /** Reads a webhook delivery; throws WebhookRefused when it cannot be trusted or read. */
  parseWebhook(rawBody: Buffer | undefined, headers: WebhookHeaders): Promise<WebhookEvent>;
  /** The payment as the provider has it now (the catch-up of the shopper's status polling). */
  fetchPayment(providerPaymentId: string): Promise<ProviderPayment>;
  /**
   * The paid payment's risk and card (the fraud rules' input); absent for a provider with none (the demo
   * provider: the rules that need card data skip). Throws when the provider cannot be reached.
   */
  fetchRisk?(providerPaymentId: string): Promise<PaymentRisk>;
}
