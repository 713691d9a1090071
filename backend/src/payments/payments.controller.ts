import { Body, Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { RawBodyRequest } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Public } from '../common/auth.decorators.js';
import { DemoConfirmDto } from './dto/demo-confirm.dto.js';
import { PaymentsService, type OrderPaymentState } from './payments.service.js';

@ApiTags('checkout')
@Public()
@Controller('payments')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Post('webhook')
  @HttpCode(200)
  @ApiOperation({ summary: 'Stripe webhook (signed with STRIPE_WEBHOOK_SECRET)' })
  @ApiOkResponse({ schema: { example: { received: true } } })
  @ApiBadRequestResponse({ description: 'Missing, forged or stale signature' })
  @ApiNotFoundResponse({ description: 'Stripe is not configured' })
  webhook(
    @Req() req: RawBodyRequest<FastifyRequest>,
    @Headers('stripe-signature') signature?: string,
  ): Promise<{ received: true }> {
    return this.payments.handleStripeWebhook(req.rawBody, signature);
  }

  @Post('demo/confirm')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Demo provider: confirm (or decline) the payment of an order; no card, no charge',
  })
  @ApiOkResponse({
    schema: { example: { orderId: 'uuid', status: 'fulfilled', paymentStatus: 'completed' } },
  })
  @ApiResponse({ status: 402, description: 'Declined (outcome: decline)' })
  @ApiNotFoundResponse({ description: 'Unknown order, wrong client secret, or the demo provider is off' })
  confirmDemo(@Body() body: DemoConfirmDto): Promise<OrderPaymentState> {
    return this.payments.confirmDemo(body.orderId, body.clientSecret, body.outcome ?? 'succeed');
  }
}
