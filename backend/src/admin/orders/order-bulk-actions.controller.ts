import { Body, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AdminController, Roles, Staff } from '../../common/auth.decorators.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import {
  BULK_ORDERS_LIMIT,
  CancelStaleOrdersDto,
  CancelStaleOrdersResponseDto,
  ResendDeliveryDto,
  ResendDeliveryResultDto,
} from './dto/order-bulk-actions.dto.js';
import { OrderBulkActionsService, RESEND_QUIET_MINUTES } from './order-bulk-actions.service.js';

@AdminController('orders', 'admin: orders')
@Roles('admin')
export class OrderBulkActionsController {
  constructor(private readonly bulk: OrderBulkActionsService) {}

  @Post('cancel-stale')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Cancel checkouts left unpaid for longer than olderThanHours (admin only)',
    description:
      `Orders still processing whose payment is pending or failed, oldest first, at most ${BULK_ORDERS_LIMIT} ` +
      'a request (`more`: call again). Each payment is cancelled at the provider, the coupon reservation ' +
      'given back, and the change audited (`orders.cancel-stale`). `dryRun` only lists them. A retry ' +
      'cancels nothing twice.',
  })
  @ApiOkResponse({ type: CancelStaleOrdersResponseDto })
  @ApiBadRequestResponse({ description: 'olderThanHours missing, not whole, below 1 or above a year' })
  @ApiForbiddenResponse({ description: 'Support staff' })
  cancelStale(
    @Body() body: CancelStaleOrdersDto,
    @Staff() staff: StaffUserDto,
  ): Promise<CancelStaleOrdersResponseDto> {
    return this.bulk.cancelStale(body, staff);
  }

  @Post('resend-delivery')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Queue the delivery e-mail again for up to 100 delivered orders (admin only)',
    description:
      'Answers per id: `queued` (with the outbox message) or `skipped` with the reason: not found, not ' +
      `paid or not delivered, or a delivery e-mail already queued for it in the last ${RESEND_QUIET_MINUTES} ` +
      'minutes (so a retried request e-mails nobody twice). Each resend is audited (`orders.resend-email`).',
  })
  @ApiOkResponse({ type: [ResendDeliveryResultDto] })
  @ApiBadRequestResponse({ description: 'ids missing, empty, over 100, repeated or not order ids' })
  @ApiForbiddenResponse({ description: 'Support staff' })
  resendDelivery(
    @Body() body: ResendDeliveryDto,
    @Staff() staff: StaffUserDto,
  ): Promise<ResendDeliveryResultDto[]> {
    return this.bulk.resendDelivery(body.ids, staff);
  }
}
