import { Body, Controller, Get, Ip, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { AnonymousWrite } from '../challenge/anonymous-write.guard.js';
import { Public } from '../common/auth.decorators.js';
import { RequestHeader } from '../common/request-header.decorator.js';
import { CheckoutService } from './checkout.service.js';
import {
  CreatePaymentIntentDto,
  OrderStatusDto,
  OrderStatusQueryDto,
  PaymentIntentResponseDto,
} from './dto/create-payment-intent.dto.js';

@ApiTags('checkout')
@Public()
@Controller()
export class CheckoutController {
  constructor(private readonly checkout: CheckoutService) {}

  @Post('create-payment-intent')
  @AnonymousWrite('checkout', 30)
  @ApiOperation({ summary: 'Price the cart on the server, create the order and its payment' })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'Repeating a request with it returns the same order',
  })
  @ApiCreatedResponse({ type: PaymentIntentResponseDto })
  @ApiBadRequestResponse({
    description:
      'Invalid cart, billing details or currency, or a product not sold in the currency (each message listed)',
  })
  @ApiConflictResponse({
    description:
      'This coupon code is not valid or has expired; or an Idempotency-Key reused (another cart, billing or currency)',
  })
  @ApiUnprocessableEntityResponse({
    description:
      "A fixed-amount coupon in another currency than the order's; or a total after the discount below the " +
      'smallest payment in the currency (Stripe’s minimum charge: 0.50 in most, £0.30, ¥50, AED 2.00)',
  })
  @ApiBadGatewayResponse({ description: 'The payment provider could not be reached' })
  @ApiTooManyRequestsResponse()
  createPaymentIntent(
    @Body() body: CreatePaymentIntentDto,
    @Ip() clientIp: string | undefined,
    @RequestHeader('idempotency-key') idempotencyKey?: string,
  ): Promise<PaymentIntentResponseDto> {
    return this.checkout.createPaymentIntent(
      body,
      idempotencyKey?.trim().slice(0, 255) || undefined,
      clientIp,
    );
  }

  @Get('orders/:id/status')
  @ApiOperation({ summary: "An order's status, for the shopper holding its payment client secret" })
  @ApiOkResponse({ type: OrderStatusDto })
  @ApiBadRequestResponse({ description: 'clientSecret missing, or more than 500 characters' })
  @ApiNotFoundResponse({ description: 'Unknown order or wrong client secret' })
  status(
    @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string,
    @Query() query: OrderStatusQueryDto,
  ): Promise<OrderStatusDto> {
    return this.checkout.status(id, query.clientSecret);
  }
}
