import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { CURRENCIES, CURRENCY_REFUSAL, type Currency } from '../../common/money.js';

export class ValidateCouponDto {
  @ApiProperty({ example: 'SAVE10', maxLength: 64 })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(64, { message: 'Coupon code must be at most 64 characters' })
  @IsNotEmpty({ message: 'Coupon code is required' })
  @IsString({ message: 'Coupon code is required' })
  code: string;

  @ApiPropertyOptional({
    enum: CURRENCIES,
    enumName: 'Currency',
    description:
      "The order's currency: a fixed-amount coupon in another is refused (422, saying which currency it is for)",
  })
  @IsOptional()
  @IsIn(CURRENCIES, { message: CURRENCY_REFUSAL })
  currency?: Currency;
}

export class CouponDiscountDto {
  @ApiProperty({ example: 'SAVE10' })
  code: string;

  @ApiProperty({
    example: 0.1,
    description: 'Fraction taken off the subtotal (a percentage coupon); 0 for a fixed-amount coupon',
  })
  discount: number;

  @ApiPropertyOptional({
    type: 'integer',
    example: 500,
    description:
      "A fixed-amount coupon's discount, in `currency`'s minor units (whole yen for JPY), at most the " +
      'subtotal; absent for a percentage coupon',
  })
  amountOffCents?: number;

  @ApiPropertyOptional({
    enum: CURRENCIES,
    enumName: 'Currency',
    description: 'The only currency a fixed-amount coupon applies in; absent for a percentage coupon',
  })
  currency?: Currency;
}
