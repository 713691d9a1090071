import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { normalizeCouponCode } from '../../../coupons/coupons.service.js';
import type { Coupon } from '../../../coupons/entities/coupon.entity.js';
import { CURRENCIES, type Currency } from '../../../common/money.js';

/** The largest amount off a fixed-amount coupon takes, in minor units (a million euros, 100 million yen). */
export const AMOUNT_OFF_MAX = 100_000_000;

/** A row of the back office's coupons. */
export class AdminCouponDto {
  @ApiProperty() id: number;
  @ApiProperty({ example: 'SAVE10', description: 'Stored upper-case' }) code: string;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: 100,
    example: 10,
    description:
      'A percentage coupon: percent off the subtotal, in any currency. Null for a fixed-amount coupon',
  })
  percentOff: number | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: AMOUNT_OFF_MAX,
    description:
      "A fixed-amount coupon: the amount off in `currency`'s minor units (cents; whole yen for JPY: ¥500 is " +
      '500), never more than the subtotal. Null for a percentage coupon',
  })
  amountOffCents: number | null;
  @ApiProperty({
    enum: CURRENCIES,
    enumName: 'Currency',
    nullable: true,
    description:
      "A fixed-amount coupon's currency (upper-case ISO 4217): it applies only to orders in it. Null for a " +
      'percentage coupon',
  })
  currency: Currency | null;
  @ApiProperty() active: boolean;
  @ApiProperty({ type: Date, nullable: true }) startsAt: Date | null;
  @ApiProperty({ type: Date, nullable: true }) expiresAt: Date | null;
  @ApiProperty({ type: 'integer', nullable: true, minimum: 1, description: 'Null: unlimited' })
  maxRedemptions: number | null;
  @ApiProperty({
    type: 'integer',
    description: 'Read-only: the uses, by paid orders (refunded ones included)',
  })
  redemptionCount: number;
  @ApiProperty({
    type: 'integer',
    description:
      'Read-only: uses held by checkouts not paid yet (15 minutes at most, one per buyer); the cap counts ' +
      'them with the paid ones',
  })
  heldCount: number;
  @ApiProperty() createdAt: Date;
  @ApiProperty() updatedAt: Date;

  static from(coupon: Coupon): AdminCouponDto {
    return {
      id: coupon.id,
      code: coupon.code,
      percentOff: coupon.percentOff,
      amountOffCents: coupon.amountOffCents,
      currency: coupon.currency,
      active: coupon.active,
      startsAt: coupon.startsAt,
      expiresAt: coupon.expiresAt,
      maxRedemptions: coupon.maxRedemptions,
      redemptionCount: coupon.redemptionCount,
      heldCount: coupon.heldCount,
      createdAt: coupon.createdAt,
      updatedAt: coupon.updatedAt,
    };
  }
}

export const COUPON_CODE_MAX = 64;
export const MAX_REDEMPTIONS_MAX = 1_000_000_000;
const AMOUNT_OFF = `Amount off must be a whole number of minor units from 1 to ${AMOUNT_OFF_MAX}`;
const CURRENCY = `currency must be one of ${CURRENCIES.join(', ')}`;
const PERCENT_OFF = 'Percent off must be a whole number from 1 to 100';
const MAX_REDEMPTIONS = 'Max redemptions must be a whole number of at least 1, or empty for unlimited';
const ACTIVE = 'active must be true or false';

/** On update a field may be left out, but one that cannot be empty may not be sent as null. */
const IfSent = () => ValidateIf((_object: unknown, value: unknown) => value !== undefined);

const Code = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? normalizeCouponCode(value) : value,
  );

/** An empty date or limit from a cleared form input means none. */
const EmptyIsNull = () => Transform(({ value }: { value: unknown }) => (value === '' ? null : value));

const CODE_CHARACTERS = /^[A-Z0-9_-]+$/;
const CODE_CHARACTERS_MESSAGE = 'Coupon code may contain only letters, digits, hyphens and underscores';
const dateMessage = (label: string) => `${label} must be a date and time (ISO 8601), or empty for none`;

/*
 * Each field's rules, written once for creating and for updating (which differ only in leaving a field out:
 * IsOptional or IfSent). Checked in the order listed (applyDecorators registers them so), and with
 * stopAtFirstError the first failure is the one reported: "is required" before the format and the range.
 */
const CodeRules = () =>
  applyDecorators(
    IsString({ message: 'Coupon code is required' }),
    IsNotEmpty({ message: 'Coupon code is required' }),
    MaxLength(COUPON_CODE_MAX, { message: `Coupon code must be at most ${COUPON_CODE_MAX} characters` }),
    Matches(CODE_CHARACTERS, { message: CODE_CHARACTERS_MESSAGE }),
  );
const PercentOffRules = () =>
  applyDecorators(
    IsInt({ message: PERCENT_OFF }),
    Min(1, { message: PERCENT_OFF }),
    Max(100, { message: PERCENT_OFF }),
  );
const AmountOffRules = () =>
  applyDecorators(
    IsInt({ message: AMOUNT_OFF }),
    Min(1, { message: AMOUNT_OFF }),
    Max(AMOUNT_OFF_MAX, { message: AMOUNT_OFF }),
  );
const MaxRedemptionsRules = () =>
  applyDecorators(
    IsInt({ message: MAX_REDEMPTIONS }),
    Min(1, { message: MAX_REDEMPTIONS }),
    Max(MAX_REDEMPTIONS_MAX, { message: `Max redemptions must be at most ${MAX_REDEMPTIONS_MAX}` }),
  );

// class-validator checks the decorator nearest the property first; with stopAtFirstError the first failure
// is the one reported, so "is required" comes before the format and length rules.
export class CreateCouponDto {
  @ApiProperty({ example: 'SPRING25', maxLength: COUPON_CODE_MAX, description: 'Matched case-insensitively' })
  @Code()
  @CodeRules()
  code: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 100,
    example: 25,
    description: 'A percentage coupon (any currency). Either this or amountOffCents with currency',
  })
  @IsOptional()
  @PercentOffRules()
  percentOff?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: AMOUNT_OFF_MAX,
    example: 500,
    description:
      "A fixed-amount coupon: the amount off in `currency`'s minor units (500 is €5.00 in EUR, ¥500 in JPY); " +
      'requires currency. Either this or percentOff',
  })
  @IsOptional()
  @AmountOffRules()
  amountOffCents?: number;

  @ApiPropertyOptional({
    enum: CURRENCIES,
    enumName: 'Currency',
    description: "The fixed-amount coupon's currency (upper-case ISO 4217); only with amountOffCents",
  })
  @IsOptional()
  @IsIn(CURRENCIES, { message: CURRENCY })
  currency?: Currency;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: ACTIVE })
  active?: boolean;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true })
  @EmptyIsNull()
  @IsOptional()
  @IsISO8601({ strict: true }, { message: dateMessage('Starts at') })
  startsAt?: string | null;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true })
  @EmptyIsNull()
  @IsOptional()
  @IsISO8601({ strict: true }, { message: dateMessage('Expires at') })
  expiresAt?: string | null;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: MAX_REDEMPTIONS_MAX,
    description: 'Null: unlimited',
  })
  @EmptyIsNull()
  @IsOptional()
  @MaxRedemptionsRules()
  maxRedemptions?: number | null;
}

/** Any of the writable fields; `redemptionCount` and the timestamps are read-only. */
export class UpdateCouponDto {
  @ApiPropertyOptional({
    example: 'SPRING25',
    maxLength: COUPON_CODE_MAX,
    description: 'Can change only while the coupon has no redemptions',
  })
  @Code()
  @IfSent()
  @CodeRules()
  code?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 100,
    example: 25,
    description:
      'Makes it a percentage coupon (amountOffCents and currency become null unless sent, then 400)',
  })
  @IfSent()
  @PercentOffRules()
  percentOff?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: AMOUNT_OFF_MAX,
    example: 500,
    description:
      "Makes it a fixed-amount coupon (percentOff becomes null), in currency's minor units; currency must be " +
      'sent too unless the coupon has one',
  })
  @IfSent()
  @AmountOffRules()
  amountOffCents?: number;

  @ApiPropertyOptional({
    enum: CURRENCIES,
    enumName: 'Currency',
    description: "A fixed-amount coupon's currency (upper-case ISO 4217)",
  })
  @IfSent()
  @IsIn(CURRENCIES, { message: CURRENCY })
  currency?: Currency;

  @ApiPropertyOptional()
  @IfSent()
  @IsBoolean({ message: ACTIVE })
  active?: boolean;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true })
  @EmptyIsNull()
  @IsOptional()
  @IsISO8601({ strict: true }, { message: dateMessage('Starts at') })
  startsAt?: string | null;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true })
  @EmptyIsNull()
  @IsOptional()
  @IsISO8601({ strict: true }, { message: dateMessage('Expires at') })
  expiresAt?: string | null;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: MAX_REDEMPTIONS_MAX,
    description: 'Null: unlimited',
  })
  @EmptyIsNull()
  @IsOptional()
  @MaxRedemptionsRules()
  maxRedemptions?: number | null;
}
