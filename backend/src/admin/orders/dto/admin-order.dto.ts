import { ApiProperty } from '@nestjs/swagger';
import { CURRENCIES, type Currency } from '../../../common/money.js';
import { TAX_MODES, type TaxMode } from '../../../config/tax-config.js';
import { EVIDENCE_PIECES, agreedCountry } from '../../../payments/reviews/hold-rules.service.js';
import {
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  REFUND_REASONS,
  VAT_NAME_MATCHES,
  VAT_NUMBER_STATUSES,
  type Order,
  type OrderStatus,
  type PaymentStatus,
  type RefundReason,
  type VatNameMatch,
  type VatNumberStatus,
} from '../../../orders/entities/order.entity.js';

/** What VIES answered for a verified VAT number (#32 §1), kept with the order. */
export class AdminViesAnswerDto {
  @ApiProperty({ enum: [true] }) valid: true;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The registered name (null: the member state does not disclose it, VIES's '---')",
  })
  name: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The registered address (null: not disclosed)' })
  address: string | null;
  @ApiProperty({ type: String, nullable: true, example: '2026-11-29+01:00', description: "VIES's date" })
  requestDate: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Its consultation number, when it gave one' })
  requestIdentifier: string | null;
  @ApiProperty({
    type: Boolean,
    nullable: true,
    description: 'Whether the billing postcode is in that address (null: no address)',
  })
  addressHasPostcode: boolean | null;
}

/** An order's own fields: what the orders list, the order's detail and the dashboard's recent orders share. */
export class AdminOrderRowDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Jane Doe' })
  customerName: string;

  @ApiProperty({ example: 'jane@example.com' })
  customerEmail: string;

  @ApiProperty({
    example: 4049,
    description: "Order total in the currency's minor units (whole yen for JPY)",
  })
  totalCents: number;

  @ApiProperty({
    enum: CURRENCIES,
    enumName: 'Currency',
    example: 'USD',
    description: "The order's currency (upper-case ISO 4217), pinned at checkout: every amount is in it",
  })
  currency: Currency;

  @ApiProperty({ enum: ORDER_STATUSES, enumName: 'OrderStatus' })
  status: OrderStatus;

  @ApiProperty({ enum: PAYMENT_STATUSES, enumName: 'PaymentStatus' })
  paymentStatus: PaymentStatus;

  @ApiProperty({ example: 'card', nullable: true, type: String })
  paymentMethod: string | null;

  @ApiProperty()
  createdAt: Date;

  @ApiProperty()
  awaitingKeys: boolean;

  @ApiProperty({
    enum: REFUND_REASONS,
    enumName: 'RefundReason',
    nullable: true,
    description: 'Set while the order was paid but not delivered and owes the shopper a full refund',
  })
  refundDue: RefundReason | null;

  @ApiProperty({
    type: [String],
    nullable: true,
    example: ['disposable-email', 'first-order-amount'],
    description:
      'The rules that held the order for review (provider-review, elevated-risk, country-mismatch, tax-evidence, ' +
      'vat-number-review, velocity-orders, velocity-cards, first-order-amount, disposable-email); kept after the review',
  })
  holdReasons: string[] | null;

  @ApiProperty({ nullable: true, type: Date, description: 'When it was held for review' })
  heldAt: Date | null;

  @ApiProperty({ nullable: true, type: Date, description: 'When the held order was approved or rejected' })
  reviewedAt: Date | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Acme SARL',
    description: "A business buyer's company",
  })
  billingCompany: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'FR40303265045',
    description: 'Its VAT number, normalised, with its country prefix',
  })
  vatNumber: string | null;

  @ApiProperty({
    enum: VAT_NUMBER_STATUSES,
    enumName: 'VatNumberStatus',
    nullable: true,
    description:
      'verified by the validation service (VIES); unverified (no service, no answer, or a UK number): charged ' +
      'the consumer rate. Null without a VAT number',
  })
  vatNumberStatus: VatNumberStatus | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "The validation service's consultation number (VIES requestIdentifier), the check's proof",
  })
  vatCheckReference: string | null;

  @ApiProperty({
    type: Date,
    nullable: true,
    description: 'When the validation service confirmed the number',
  })
  vatCheckedAt: Date | null;

  @ApiProperty({
    enum: VAT_NAME_MATCHES,
    enumName: 'VatNameMatch',
    nullable: true,
    description:
      'A verified number: the company typed against the name VIES has for it. match: reverse-charged; ' +
      'mismatch: charged the consumer rate; undisclosed (its member state gives no name): reverse-charged ' +
      'and held for review (vat-number-review). Null unless verified (and for orders placed before)',
  })
  vatNameMatch: VatNameMatch | null;

  @ApiProperty({
    type: AdminViesAnswerDto,
    nullable: true,
    description: "VIES's answer for the number, the check's evidence; null unless verified",
  })
  vatCheckAnswer: AdminViesAnswerDto | null;

  @ApiProperty({ description: 'Reverse-charged: no VAT charged, the buyer accounts for it' })
  reverseCharge: boolean;

  static from(order: Order): AdminOrderRowDto {
    return {
      id: order.id,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      totalCents: order.totalCents,
      currency: order.currency,
      status: order.status,
      paymentStatus: order.paymentStatus,
      paymentMethod: order.paymentMethod,
      createdAt: order.createdAt,
      awaitingKeys: order.awaitingKeys,
      refundDue: order.refundDue,
      holdReasons: order.holdReasons ?? null,
      heldAt: order.heldAt ?? null,
      reviewedAt: order.reviewedAt ?? null,
      billingCompany: order.billingCompany ?? null,
      vatNumber: order.vatNumber ?? null,
      vatNumberStatus: order.vatNumberStatus ?? null,
      vatCheckReference: order.vatCheckReference ?? null,
      vatCheckedAt: order.vatCheckedAt ?? null,
      vatNameMatch: order.vatNameMatch ?? null,
      vatCheckAnswer: order.vatCheckAnswer ?? null,
      reverseCharge: order.reverseCharge ?? false,
    };
  }
}

/** The countries an order's buyer is placed in (ISO 3166-1 alpha-2; null when not known). */
export class AdminOrderEvidenceDto {
  @ApiProperty({ example: 'DE' }) billingCountry: string;
  @ApiProperty({ type: String, nullable: true, example: 'DE', description: "The card's issuing country" })
  cardCountry: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'DE',
    description: "The checkout address's country (offline geo-IP database)",
  })
  checkoutIpCountry: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'DE',
    description:
      'Where the evidence places the buyer: the country two or more of the three agree on (null: no two ' +
      'agree). Another than the billing country holds the order with tax on (tax-evidence)',
  })
  agreedCountry: string | null;
  @ApiProperty({
    enum: EVIDENCE_PIECES,
    isArray: true,
    example: ['card', 'checkoutAddress'],
    description: 'The pieces that agree on agreedCountry (empty: none agree)',
  })
  agreeing: string[];
}

/**
 * A row of the back office's orders list: the order and the products it holds, and how it was taxed and
 * where its evidence places the buyer (the review queue decides on them).
 */
export class AdminOrderListRowDto extends AdminOrderRowDto {
  @ApiProperty({
    type: [String],
    example: ['office-2024-standard'],
    description: "The products of the order's lines, in its order (the products a key may be typed in for)",
  })
  productIds: string[];

  @ApiProperty({ enum: TAX_MODES, enumName: 'TaxMode' }) taxMode: TaxMode;
  @ApiProperty({ type: String, nullable: true, example: 'DE' }) taxCountry: string | null;
  @ApiProperty({ type: AdminOrderEvidenceDto }) evidence: AdminOrderEvidenceDto;

  static override from(order: Order): AdminOrderListRowDto {
    return {
      ...AdminOrderRowDto.from(order),
      productIds: order.orderItems.map((item) => item.productId),
      taxMode: order.taxMode,
      taxCountry: order.taxCountry,
      evidence: evidenceOf(order),
    };
  }
}

export function evidenceOf(order: Order): AdminOrderEvidenceDto {
  const agreed = agreedCountry(order.billingCountry, order.cardCountry, order.checkoutIpCountry);
  return {
    billingCountry: order.billingCountry,
    cardCountry: order.cardCountry,
    checkoutIpCountry: order.checkoutIpCountry,
    agreedCountry: agreed?.country ?? null,
    agreeing: agreed?.pieces ?? [],
  };
}
