import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import { Public } from '../common/auth.decorators.js';
import { CouponsService } from './coupons.service.js';
import { CouponDiscountDto, ValidateCouponDto } from './dto/validate-coupon.dto.js';

@ApiTags('checkout')
@Public()
@Controller('coupons')
export class CouponsController {
  constructor(private readonly coupons: CouponsService) {}

  @Post('validate')
  @HttpCode(200)
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 10, ttl: 60_000 } })
  @ApiOperation({ summary: 'Check a promo code; answers its discount fraction' })
  @ApiOkResponse({ type: CouponDiscountDto })
  @ApiBadRequestResponse({ description: 'Coupon code is required' })
  @ApiNotFoundResponse({ description: 'This coupon code is not valid or has expired' })
  @ApiUnprocessableEntityResponse({
    description:
      'A fixed-amount coupon in another currency than `currency`: "This coupon takes €5.00 off orders in EUR only; it does not apply in USD"',
  })
  @ApiTooManyRequestsResponse({ description: 'More than 10 checks a minute from one address' })
  validate(@Body() body: ValidateCouponDto): Promise<CouponDiscountDto> {
    return this.coupons.validate(body.code, body.currency);
  }
}
