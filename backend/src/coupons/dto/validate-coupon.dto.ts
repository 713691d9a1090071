import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class ValidateCouponDto {
  @ApiProperty({ example: 'SAVE10', maxLength: 64 })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(64, { message: 'Coupon code must be at most 64 characters' })
  @IsNotEmpty({ message: 'Coupon code is required' })
  @IsString({ message: 'Coupon code is required' })
  code: string;
}

export class CouponDiscountDto {
  @ApiProperty({ example: 'SAVE10' })
  code: string;

  @ApiProperty({ example: 0.1, description: 'Fraction taken off the subtotal' })
  discount: number;
}
