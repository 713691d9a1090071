import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import type { Locale } from '../../common/locales.js';
import type { Currency } from '../../common/money.js';
import type { TaxMode } from '../../config/tax-config.js';
import { EXACT } from '../../database/exact-collation.js';
import { UuidEntity } from '../../database/uuid-entity.js';
import { ORDER_STATUSES, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus } from '../order-process.js';

// The statuses and how they may change are the order process's (orders/order-process.ts).
export { ORDER_STATUSES, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus };

/** How a business buyer's VAT number was checked at checkout (#20 §4). */
export const VAT_NUMBER_STATUSES = ['verified', 'unverified'] as const;
export type VatNumberStatus = (typeof VAT_NUMBER_STATUSES)[number];

/**
 * How the company typed at checkout compares with the name VIES has for a verified VAT number (#32 §1):
 * `match` (reverse-charged), `mismatch` (charged the consumer rate), `undisclosed` (its member state gives
 * no name: reverse-charged, and the paid order held for review, `vat-number-review`).
 */
export const VAT_NAME_MATCHES = ['match', 'mismatch', 'undisclosed'] as const;
export type VatNameMatch = (typeof VAT_NAME_MATCHES)[number];

/** What VIES answered for a verified VAT number, kept with the order as evidence (null: not disclosed). */
export interface ViesEvidence {
  valid: true;
  name: string | null;
  address: string | null;
  /** VIES's own date of the request, as it gave it. */
  requestDate: string | null;
  /** Its consultation number (only for a request naming the seller's VAT number). */
  requestIdentifier: string | null;
  /** Whether the billing postcode is in the address VIES gives (null: no address). */
  addressHasPostcode: boolean | null;
}

/** A capped coupon is reserved when the payment is created, redeemed when it succeeds, released otherwise. */
export const COUPON_STATES = ['reserved', 'redeemed', 'released'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

/**
 * Why a paid order was not delivered and its payment is owed back in full: the payment arrived for an
 * order already cancelled, or for an order whose coupon reservation had lapsed and whose coupon had
 * meanwhile reached its cap; staff rejected the order held for review; the customer withdrew before
 * delivery.
 */
export const REFUND_REASONS = ['order-cancelled', 'coupon-used-up', 'review-rejected', 'withdrawn'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** One line of the order as it was priced at checkout; later catalogue changes do not alter it. */
export interface OrderItemSnapshot {
  productId: string;
  name: string;
  quantity: number;
  /** Unit price in cents at the time of purchase. */
  unitPriceCents: number;
  /** The line's tax in cents (after its share of the discount), when the order was taxed. */
  taxCents?: number;
}

@Entity('orders')
// The list indexes end in (createdAt, id), the tie-breakers of every admin list (see fetchPage).
// IDX_orders_createdAt also holds customerEmail: the customers list reads the latest orders' addresses
// from it alone.
@Index('IDX_orders_createdAt', ['createdAt', 'id', 'customerEmail'])
@Index('IDX_orders_status', ['status', 'createdAt', 'id'])
@Index('IDX_orders_paymentStatus', ['paymentStatus', 'createdAt', 'id'])
@Index('IDX_orders_customerEmail', ['customerEmail', 'createdAt', 'id'])
@Index('IDX_orders_totalCents', ['totalCents', 'createdAt', 'id'])
@Index('IDX_orders_revenue', ['paymentStatus', 'totalCents'])
// COLLATE NOCASE on SQLite (set by the migration), for case-insensitive prefix searches.
@Index('IDX_orders_customerName', ['customerName'])
@Index('IDX_orders_billingLastName', ['billingLastName'])
@Index('IDX_orders_awaiting', ['awaitingKeys', 'createdAt', 'id'])
@Index('IDX_orders_couponState', ['couponState', 'paymentStatus', 'createdAt', 'id'])
@Index('IDX_orders_refundDue', ['refundDue', 'createdAt', 'id'])
@Index('IDX_orders_heldAt', ['status', 'heldAt'])
@Index('IDX_orders_checkoutIp', ['checkoutIp', 'createdAt'])
@Index('IDX_orders_vatNumberStatus', ['vatNumberStatus', 'createdAt', 'id'])
// The orders paid in a range: the margins report's keys used (#34).
@Index('IDX_orders_paidAt', ['paidAt'])
@Index('UQ_orders_providerPaymentId', ['providerPaymentId'], { unique: true })
@Index('UQ_orders_idempotencyKey', ['idempotencyKey'], { unique: true })
export class Order extends UuidEntity {
  /** `${billingFirstName} ${billingLastName}`: two names of at most 100 characters and a space. */
  @Column({ type: 'varchar', length: 201 })
  customerName: string;

  /** In its canonical form (canonicalEmail). */
  @Column({ type: 'varchar', length: 254, ...EXACT })
  customerEmail: string;

  @Column({ type: 'varchar', length: 100 })
  billingFirstName: string;

  @Column({ type: 'varchar', length: 100 })
  billingLastName: string;

  @Column({ type: 'varchar', length: 300 })
  billingAddress: string;

  @Column({ type: 'varchar', length: 100 })
  billingCity: string;

  @Column({ type: 'varchar', length: 8 })
  billingCountry: string;

  @Column({ type: 'varchar', length: 16 })
  billingZipCode: string;

  @Column({ type: 'varchar', length: 8 })
  billingPhoneCountryCode: string;

  @Column({ type: 'varchar', length: 32 })
  billingPhone: string;

  @Column({ type: 'int' })
  subtotalCents: number;

  @Column({ type: 'int', default: 0 })
  discountCents: number;

  @Column({ type: 'int' })
  totalCents: number;

  /**
   * The tax: how it was charged (TAX_MODE when the order was placed: `off`, `inclusive` in the prices, or
   * `exclusive` on top), its rate in basis points (1900 = 19 %), the country whose rate it is, and the amount.
   */
  @Column({ type: 'varchar', length: 10, default: 'off' })
  taxMode: TaxMode;

  @Column({ type: 'int', default: 0 })
  taxRateBasisPoints: number;

  @Column({ type: 'varchar', length: 8, nullable: true })
  taxCountry: string | null;

  @Column({ type: 'int', default: 0 })
  taxCents: number;

  /**
   * A business buyer (#20 §4): the company and VAT number given at checkout (the number normalised, with its
   * country prefix), how it was checked (`verified` by the validation service, whose reference and time are
   * kept as evidence; `unverified` when the service was not configured or did not answer: charged the
   * consumer rate), and whether the order was reverse-charged (0 %, the buyer accounts for the VAT).
   */
  @Column({ type: 'varchar', length: 200, nullable: true })
  billingCompany: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  vatNumber: string | null;

  @Column({ type: 'varchar', length: 12, nullable: true })
  vatNumberStatus: VatNumberStatus | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  vatCheckReference: string | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  vatCheckedAt: Date | null;

  /** The company typed against VIES's name for the number (#32 §1); null unless verified. */
  @Column({ type: 'varchar', length: 12, nullable: true })
  vatNameMatch: VatNameMatch | null;

  /** VIES's answer for the number (name, address, request date and identifier); null unless verified. */
  @Column({ type: 'simple-json', nullable: true })
  vatCheckAnswer: ViesEvidence | null;

  @Column({ type: 'boolean', default: false })
  reverseCharge: boolean;

  @Column({ type: 'varchar', length: 3, default: 'USD' })
  currency: Currency;

  /** The language the order was placed in (#36): its later e-mails and documents are in it. */
  @Column({ type: 'varchar', length: 2, default: 'en' })
  locale: Locale;

  @Column({ type: 'varchar', length: 64, nullable: true })
  couponCode: string | null;

  @Column({ type: 'simple-enum', enum: ORDER_STATUSES, default: 'processing' })
  status: OrderStatus;

  @Column({ type: 'simple-enum', enum: PAYMENT_STATUSES, default: 'pending' })
  paymentStatus: PaymentStatus;

  /** How the shopper paid, e.g. `card` or `demo`. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  paymentMethod: string | null;

  /** `stripe` or `demo`. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  paymentProvider: string | null;

  /** The provider's id for the payment (a Stripe PaymentIntent id). */
  @Column({ type: 'varchar', length: 255, nullable: true, ...EXACT })
  providerPaymentId: string | null;

  /** The client's `Idempotency-Key` for the checkout request that created the order. */
  @Column({ type: 'varchar', length: 255, nullable: true, ...EXACT })
  idempotencyKey: string | null;

  @Column({ type: 'simple-json' })
  orderItems: OrderItemSnapshot[];

  /** Paid, but the inventory was short: the remaining keys are assigned when stock arrives. */
  @Column({ type: 'boolean', default: false })
  awaitingKeys: boolean;

  @Column({ type: 'simple-enum', enum: COUPON_STATES, nullable: true })
  couponState: CouponState | null;

  /** Set while the order is paid, not delivered, and owes the shopper a full refund; cleared by the refund. */
  @Column({ type: 'simple-enum', enum: REFUND_REASONS, nullable: true })
  refundDue: RefundReason | null;

  /** The payment's client secret, sealed (SecretBox): checked by the order-status and demo routes. */
  @Column({ type: 'text', nullable: true })
  clientSecretSealed: string | null;

  /** SHA-256 of the checkout request, so a reused Idempotency-Key with another request is refused. */
  @Column({ type: 'varchar', length: 64, nullable: true, ...EXACT })
  idempotencyFingerprint: string | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  paidAt: Date | null;

  /**
   * When the shopper gave each statement of orders/consents.ts at checkout (null: not given). Required for
   * buyers billed in the EU or the UK: without both, their keys are not theirs to receive within the
   * withdrawal period.
   */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  consentImmediateDeliveryAt: Date | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  consentWithdrawalRightLossAt: Date | null;

  /**
   * The client's address at checkout (as the trusted proxy hops give it) and the country a geo-IP lookup
   * put it in: evidence for a dispute and an input of the fraud rules. Null for orders from before #19.
   */
  @Column({ type: 'varchar', length: 45, nullable: true })
  checkoutIp: string | null;

  @Column({ type: 'varchar', length: 2, nullable: true })
  checkoutIpCountry: string | null;

  /** The paying card's issuing country, as the provider reports it (ISO 3166-1 alpha-2). */
  @Column({ type: 'varchar', length: 2, nullable: true })
  cardCountry: string | null;

  /** The paying card's fingerprint as the provider reports it: the velocity rule counts distinct cards. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  cardFingerprint: string | null;

  /**
   * Why a paid order is held for review instead of delivered (status `on_hold`): the fraud rules that
   * fired, and the provider's review. Kept after the review, as its record.
   */
  @Column({ type: 'simple-json', nullable: true })
  holdReasons: string[] | null;

  /** When it was held; when staff (or the provider's review) released or rejected it. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  heldAt: Date | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  reviewedAt: Date | null;

  /** When the customer withdrew from the contract before delivery (status `withdrawn`). */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  withdrawnAt: Date | null;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'datetime', precision: 3 })
  updatedAt: Date;
}
