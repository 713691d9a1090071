import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
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

/** A row of the back office's coupons. */
export class AdminCouponDto {
  @ApiProperty() id: number;
  @ApiProperty({ example: 'SAVE10', description: 'Stored upper-case' }) code: string;
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 100, example: 10 }) percentOff: number;
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

// class-validator checks the decorator nearest the property first; with stopAtFirstError the first failure
// is the one reported, so "is required" comes before the format and length rules.
export class CreateCouponDto {
  @ApiProperty({ example: 'SPRING25', maxLength: COUPON_CODE_MAX, description: 'Matched case-insensitively' })
  @Code()
  @Matches(CODE_CHARACTERS, { message: CODE_CHARACTERS_MESSAGE })
  @MaxLength(COUPON_CODE_MAX, { message: `Coupon code must be at most ${COUPON_CODE_MAX} characters` })
  @IsNotEmpty({ message: 'Coupon code is required' })
  @IsString({ message: 'Coupon code is required' })
  code: string;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: 100, example: 25 })
  @Max(100, { message: PERCENT_OFF })
  @Min(1, { message: PERCENT_OFF })
  @IsInt({ message: PERCENT_OFF })
  @IsDefined({ message: 'Percent off is required' })
  percentOff: number;

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
  @Max(MAX_REDEMPTIONS_MAX, { message: `Max redemptions must be at most ${MAX_REDEMPTIONS_MAX}` })
  @Min(1, { message: MAX_REDEMPTIONS })
  @IsInt({ message: MAX_REDEMPTIONS })
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
  @Matches(CODE_CHARACTERS, { message: CODE_CHARACTERS_MESSAGE })
  @MaxLength(COUPON_CODE_MAX, { message: `Coupon code must be at most ${COUPON_CODE_MAX} characters` })
  @IsNotEmpty({ message: 'Coupon code is required' })
  @IsString({ message: 'Coupon code is required' })
  code?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, example: 25 })
  @IfSent()
  @Max(100, { message: PERCENT_OFF })
  @Min(1, { message: PERCENT_OFF })
  @IsInt({ message: PERCENT_OFF })
  percentOff?: number;

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
  @Max(MAX_REDEMPTIONS_MAX, { message: `Max redemptions must be at most ${MAX_REDEMPTIONS_MAX}` })
  @Min(1, { message: MAX_REDEMPTIONS })
  @IsInt({ message: MAX_REDEMPTIONS })
  maxRedemptions?: number | null;
}
