import { Body, Controller, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { RawBodyRequest } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Public } from '../common/auth.decorators.js';
import { PAYMENT_PROVIDER_NAMES } from '../config/app-config.js';
import { DemoConfirmDto, DemoSettleDto } from './dto/demo-confirm.dto.js';
import { PaymentStateDto, WebhookReceivedDto } from './dto/payment-answers.dto.js';
import type { WebhookHeaders } from './payment-provider.js';
import { DEFAULT_WEBHOOK_PROVIDER } from './payment-providers.js';
import { PaymentsService, type OrderPaymentState } from './payments.service.js';

@ApiTags('checkout')
@Public()
@Controller('payments')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Post('webhook')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Stripe webhook (signed with STRIPE_WEBHOOK_SECRET)',
    description:
      'Each event is applied once (a replay does nothing). Handled: `payment_intent.succeeded`, ' +
      '`payment_intent.processing` (a method that confirms later: the payment is processing, the shopper ' +
      'e-mailed once), `payment_intent.payment_failed` (one that was processing cancels its order and ' +
      'releases its coupon), `payment_intent.canceled` (expired or cancelled: the unpaid order is cancelled), ' +
      '`charge.refunded`, `refund.created`, `refund.updated`, `refund.failed`, ' +
      '`charge.dispute.created` (payment disputed, keys revoked with DISPUTE_REVOKES_KEYS, staff alerted), ' +
      '`charge.dispute.updated` (status and evidence due date), `charge.dispute.closed` (won: payment back; ' +
      'lost: refunded), `radar.early_fraud_warning.created` (refunded in full with EARLY_FRAUD_WARNING_REFUNDS, ' +
      'staff alerted), `review.opened` (a paid, undelivered order is held for review), `review.closed` ' +
      '(approved: delivered; refunded / refunded_as_fraud: rejected, its keys back to stock); other types are ' +
      'recorded and ignored. A signed event of the wrong shape is a 400; 503 when the provider could not be ' +
      "read for a payment's risk (Stripe sends the event again).",
  })
  @ApiOkResponse({ type: WebhookReceivedDto })
  @ApiBadRequestResponse({ description: 'Missing, forged or stale signature' })
  @ApiNotFoundResponse({ description: 'Stripe is not configured' })
  @ApiServiceUnavailableResponse({ description: "The payment's risk could not be read from Stripe" })
  webhook(
    @Req() req: RawBodyRequest<FastifyRequest>,
    @Headers() headers: WebhookHeaders,
  ): Promise<{ received: true }> {
    return this.payments.handleWebhook(DEFAULT_WEBHOOK_PROVIDER, req.rawBody, headers);
  }

  @Post('webhook/:provider')
  @HttpCode(200)
  @ApiOperation({ summary: "A payment provider's webhook, checked as that provider signs them" })
  @ApiParam({ name: 'provider', enum: PAYMENT_PROVIDER_NAMES })
  @ApiOkResponse({ type: WebhookReceivedDto })
  @ApiBadRequestResponse({
    description: 'Missing, forged or stale signature, or a provider without webhooks',
  })
  @ApiNotFoundResponse({ description: 'No such provider is configured' })
  providerWebhook(
    @Param('provider') provider: string,
    @Req() req: RawBodyRequest<FastifyRequest>,
    @Headers() headers: WebhookHeaders,
  ): Promise<{ received: true }> {
    return this.payments.handleWebhook(provider, req.rawBody, headers);
  }

  @Post('demo/confirm')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Demo provider: confirm (or decline) the payment of an order; no card, no charge',
  })
  @ApiOkResponse({ type: PaymentStateDto })
  @ApiResponse({ status: 402, description: 'Declined (outcome: decline)' })
  @ApiNotFoundResponse({ description: 'Unknown order, wrong client secret, or the demo provider is off' })
  @ApiBadRequestResponse({
    description:
      'A wallet with outcome delay, a bank transfer with another outcome or for an order it is not ' +
      'offered for, or an invalid body',
  })
  @ApiConflictResponse({ description: 'This order was cancelled, or its payment is being processed' })
  confirmDemo(@Body() body: DemoConfirmDto): Promise<OrderPaymentState> {
    const outcome = body.outcome ?? (body.method === 'bank_transfer' ? 'delay' : 'succeed');
    return this.payments.confirmDemo(body.orderId, body.clientSecret, outcome, body.method);
  }

  @Post('demo/settle')
  @HttpCode(200)
  @ApiOperation({
    summary: "Demo provider: the bank's answer to a payment that confirms later (confirmed with `delay`)",
  })
  @ApiOkResponse({ type: PaymentStateDto })
  @ApiNotFoundResponse({ description: 'Unknown order, wrong client secret, or the demo provider is off' })
  @ApiConflictResponse({ description: "The order's payment is not being processed" })
  settleDemo(@Body() body: DemoSettleDto): Promise<OrderPaymentState> {
    return this.payments.settleDemo(body.orderId, body.clientSecret, body.outcome);
  }
}
