import { TAX_MODES, type TaxMode } from '../../config/tax-config.js';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../common/locales.js';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { PAYMENT_PROVIDER_NAMES, type PaymentProviderName } from '../../config/app-config.js';
import {
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  VAT_NUMBER_STATUSES,
  type VatNumberStatus,
} from '../../orders/entities/order.entity.js';
import { BACK_ORDER_HOURS, MAX_QUANTITY_PER_PRODUCT as MAX_QUANTITY } from '../../catalog/catalog.data.js';
import { CONSENT_STATEMENTS } from '../../orders/consents.js';
import { WITHDRAWAL_RIGHT_COUNTRIES } from '../countries.js';
import { BillingDto } from './billing.dto.js';
import { CURRENCIES, CURRENCY_REFUSAL, DEFAULT_CURRENCY, type Currency } from '../../common/money.js';

export const MAX_LINES = 20;

/** A cart line: which product and how many. Prices never come from the browser. */
export class CartItemDto {
  @ApiProperty({
    example: 'office-2024-standard',
    maxLength: 64,
    description: 'A product of GET /api/products',
  })
  @MaxLength(64, { message: 'Product id must be at most 64 characters' })
  @IsNotEmpty({ message: 'Each cart item needs a product id' })
  @IsString({ message: 'Each cart item needs a product id' })
  id: string;

  @ApiProperty({ type: 'integer', example: 1, minimum: 1, maximum: MAX_QUANTITY })
  @Max(MAX_QUANTITY, { message: `Quantity must be at most ${MAX_QUANTITY}` })
  @Min(1, { message: 'Quantity must be at least 1' })
  @IsInt({ message: 'Quantity must be a whole number' })
  quantity: number;
}

/** The checkout's earlier order, named by what only its shopper holds. */
export class ReplacedOrderDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'replacesOrder.orderId must be an order id' })
  orderId: string;

  @ApiProperty({ maxLength: 500, description: 'The client secret answered when that order was created' })
  @MaxLength(500, { message: 'replacesOrder.clientSecret must be at most 500 characters' })
  @IsNotEmpty({ message: 'replacesOrder.clientSecret is required' })
  @IsString({ message: 'replacesOrder.clientSecret is required' })
  clientSecret: string;
}

/**
 * The statements the shopper ticked at checkout, each `x-statement` in the words shown (orders/consents.ts).
 * @nestjs/swagger writes `x-` keys into the schema as they are, though its options type leaves them out.
 */
export class ConsentsDto {
  @ApiPropertyOptional({
    description: 'Consent to immediate delivery, within the withdrawal period',
    'x-statement': CONSENT_STATEMENTS.immediateDelivery,
  } as ApiPropertyOptions)
  @IsOptional()
  @IsBoolean({ message: 'consents.immediateDelivery must be true or false' })
  immediateDelivery?: boolean;

  @ApiPropertyOptional({
    description: 'Acknowledgement that the right of withdrawal is then lost',
    'x-statement': CONSENT_STATEMENTS.withdrawalRightLoss,
  } as ApiPropertyOptions)
  @IsOptional()
  @IsBoolean({ message: 'consents.withdrawalRightLoss must be true or false' })
  withdrawalRightLoss?: boolean;
}

export class CreatePaymentIntentDto {
  @ApiProperty({ type: [CartItemDto], minItems: 1, maxItems: MAX_LINES })
  @ValidateNested({ each: true })
  @Type(() => CartItemDto)
  @ArrayMaxSize(MAX_LINES, { message: `The cart may hold at most ${MAX_LINES} lines` })
  @ArrayMinSize(1, { message: 'The cart is empty' })
  @IsArray({ message: 'cartItems must be a list of {id, quantity}' })
  cartItems: CartItemDto[];

  @ApiPropertyOptional({
    enum: CURRENCIES,
    enumName: 'Currency',
    description:
      `The order's currency (upper-case ISO 4217; ${DEFAULT_CURRENCY} when left out), pinned when the order ` +
      "is created: the cart is priced from that currency's price list (a product not sold in it is a 400), and the payment, coupon, tax and every " +
      '`*Cents` amount of the answer are in its minor units (whole yen for JPY)',
  })
  @IsOptional()
  @IsIn(CURRENCIES, { message: CURRENCY_REFUSAL })
  currency?: Currency;

  @ApiPropertyOptional({
    enum: LOCALES,
    enumName: 'Locale',
    description:
      `The language the buyer placed the order in (the storefront's page language; ${DEFAULT_LOCALE} when ` +
      'left out): the order keeps it (`locale` on the admin order) for the e-mails and documents about it.',
  })
  @IsOptional()
  @IsIn(LOCALES, { message: `locale must be one of ${LOCALES.join(', ')}` })
  locale?: Locale;

  @ApiPropertyOptional({ example: 'SAVE10', maxLength: 64 })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim() || undefined : value,
  )
  @MaxLength(64, { message: 'Coupon code must be at most 64 characters' })
  @IsString({ message: 'Coupon code must be text' })
  couponCode?: string;

  @ApiProperty({ type: BillingDto })
  @ValidateNested()
  @Type(() => BillingDto)
  @IsObject({ message: 'billing must be an object' })
  @IsDefined({ message: 'billing is required' })
  billing: BillingDto;

  @ApiPropertyOptional({
    type: ReplacedOrderDto,
    description:
      'The unpaid order this checkout created before its cart or billing changed: it is cancelled, with its ' +
      'payment and coupon reservation, so that one checkout leaves one order. Ignored when it does not ' +
      'match, or when that order has been paid meanwhile',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => ReplacedOrderDto)
  @IsObject({ message: 'replacesOrder must be an object' })
  replacesOrder?: ReplacedOrderDto;

  @ApiPropertyOptional({
    type: ConsentsDto,
    description:
      'The statements given before paying (stored on the order with the time). Both must be true for a buyer ' +
      'billed in one of `x-requiredFor` (the EU and the UK), else 400; optional for others',
    'x-requiredFor': WITHDRAWAL_RIGHT_COUNTRIES,
  } as ApiPropertyOptions)
  @IsOptional()
  @ValidateNested()
  @Type(() => ConsentsDto)
  @IsObject({ message: 'consents must be an object' })
  consents?: ConsentsDto;
}

export class PaymentIntentResponseDto {
  @ApiProperty({ format: 'uuid' })
  orderId: string;

  @ApiProperty({ description: "The payment's client secret (Stripe Payment Element, or the demo form)" })
  clientSecret: string;

  @ApiProperty({ enum: PAYMENT_PROVIDER_NAMES, enumName: 'PaymentProvider' })
  provider: PaymentProviderName;

  @ApiPropertyOptional({ description: 'Stripe publishable key (Stripe only)' })
  publishableKey?: string;

  @ApiProperty({
    enum: CURRENCIES,
    enumName: 'Currency',
    example: 'USD',
    description: "The order's currency: every amount of this answer is in its minor units",
  })
  currency: Currency;

  @ApiProperty({ type: 'integer', example: 4049 })
  subtotalCents: number;

  @ApiProperty({ type: 'integer', example: 405 })
  discountCents: number;

  @ApiProperty({ type: 'integer', example: 3644 })
  totalCents: number;

  @ApiProperty({ type: 'integer', example: 4049, description: 'The subtotal in cents (as subtotalCents)' })
  subtotal: number;

  @ApiProperty({ type: 'integer', example: 405, description: 'The discount in cents (as discountCents)' })
  discount: number;

  @ApiProperty({
    type: 'integer',
    example: 692,
    description:
      'The tax in cents: in the total (taxMode inclusive) or added to it (exclusive); 0 with tax off (TAX_MODE)',
  })
  tax: number;

  @ApiProperty({
    example: 19,
    description: "The billing country's rate as a percentage (25.5 for 25.5 %); 0 with tax off",
  })
  taxRate: number;

  @ApiProperty({ enum: TAX_MODES, enumName: 'TaxMode' })
  taxMode: TaxMode;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'DE',
    description: "Whose rate it is (null with tax off); the buyer's country also when reverse-charged",
  })
  taxCountry: string | null;

  @ApiProperty({
    description:
      "A business buyer with a verified EU VAT number from another member state than the seller's, tax on: " +
      'no VAT is charged (tax and taxRate 0), the buyer accounts for it, and the cart is priced net: at the ' +
      "catalogue's prices (taxMode exclusive), or at each unit's price less the VAT of the buyer's country it " +
      'includes (inclusive), subtotal and total alike',
  })
  reverseCharge: boolean;

  @ApiProperty({
    enum: VAT_NUMBER_STATUSES,
    enumName: 'VatNumberStatus',
    nullable: true,
    description:
      'How billing.vatNumber was checked: verified by the validation service (VIES), or unverified (no ' +
      'service, no answer, or a UK number): then charged the consumer rate. Null without a VAT number',
  })
  vatNumberStatus: VatNumberStatus | null;

  @ApiProperty({
    description:
      'billing.vatNumber is registered, but to another company than billing.company (compared without case, ' +
      'accents, punctuation or legal form): no reverse charge, the consumer rate is charged. A new checkout ' +
      'with the company name as registered is reverse-charged',
  })
  companyNameMismatch: boolean;

  @ApiProperty({
    type: 'integer',
    example: 4336,
    description: 'What the buyer pays, in cents (as totalCents)',
  })
  total: number;

  @ApiProperty({
    description:
      'Some of the keys are not in stock right now (a line asks for more than there are): paid now, those ' +
      'follow by e-mail within backOrderHours. Says only yes or no, never the stock itself (#34)',
  })
  keysToFollow: boolean;

  @ApiProperty({
    type: 'integer',
    example: BACK_ORDER_HOURS,
    description: 'Within how many hours keys not in stock follow by e-mail',
  })
  backOrderHours: number;

  @ApiProperty({
    description:
      'Whether the order can be paid by bank transfer: totals of at least $500.00, €500.00, £400.00 or ' +
      '¥75,000 (the currencies bank transfers are taken in). The keys follow once the transfer has ' +
      'arrived; an order whose transfer has not arrived within 7 days is cancelled',
  })
  bankTransfer: boolean;
}

export class OrderStatusDto {
  @ApiProperty({ format: 'uuid' })
  orderId: string;

  @ApiProperty({ enum: ORDER_STATUSES, enumName: 'OrderStatus' })
  status: string;

  @ApiProperty({ enum: PAYMENT_STATUSES, enumName: 'PaymentStatus' })
  paymentStatus: string;

  @ApiProperty({ example: 'jane@example.com' })
  customerEmail: string;

  @ApiProperty({
    description:
      'Paid, but some or all of its keys were not in stock: they follow by e-mail within backOrderHours (#34)',
  })
  awaitingKeys: boolean;

  @ApiProperty({
    type: 'integer',
    example: BACK_ORDER_HOURS,
    description: 'Within how many hours the keys of a back-order follow by e-mail',
  })
  backOrderHours: number;
}

export class OrderStatusQueryDto {
  @ApiProperty({ maxLength: 500, description: 'The client secret answered when the payment was created' })
  @MaxLength(500)
  @IsNotEmpty({ message: 'clientSecret is required' })
  @IsString({ message: 'clientSecret is required' })
  clientSecret: string;
}
