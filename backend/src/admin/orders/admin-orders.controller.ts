import { Body, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { AdminController, Roles, Staff } from '../../common/auth.decorators.js';
import { ListQueryDto, type ListPage } from '../../common/list-query.js';
import { SimpleRestList } from '../../common/simple-rest-list.js';
import { AdminOrdersService } from './admin-orders.service.js';
import { AdminOrderListRowDto } from './dto/admin-order.dto.js';
import { AdminOrderDetailDto, ResendEmailResponseDto, UpdateOrderDto } from './dto/admin-order-detail.dto.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';

const orderId = new ParseUUIDPipe({ errorHttpStatusCode: 404 });

@AdminController('orders', 'admin: orders')
export class AdminOrdersController {
  constructor(private readonly orders: AdminOrdersService) {}

  @Get()
  @ApiOperation({
    summary: 'Orders list (ra-data-simple-rest dialect, Content-Range header)',
    description:
      'Filters: `q` (start of the e-mail, name, last name or order id), `status`, `paymentStatus`, ' +
      '`refundDue` (true: only the orders paid but not delivered that are owed a refund; false: the others) ' +
      'and `id` (a list of ids).',
  })
  @SimpleRestList('orders', AdminOrderListRowDto)
  list(@Query() query: ListQueryDto): Promise<ListPage<AdminOrderListRowDto>> {
    return this.orders.list(query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One order with items, billing, licence keys, downloads and e-mails' })
  @ApiOkResponse({ type: AdminOrderDetailDto })
  @ApiNotFoundResponse()
  get(@Param('id', orderId) id: string, @Staff() staff: StaffUserDto): Promise<AdminOrderDetailDto> {
    return this.orders.get(id, staff);
  }

  @Put(':id')
  @Roles('admin')
  @ApiOperation({
    summary: 'Set the status and/or payment status',
    description:
      'Applied through the fulfilment rules: `completed` delivers the order as a confirmed payment does ' +
      '(a cancelled order is not delivered: it is marked `refundDue`), `refunded` revokes its licence keys ' +
      'and deactivates its download links as a refund does (and clears `refundDue`). Cancelling an unpaid ' +
      'order cancels its payment at the provider first and gives its coupon reservation back. The moves ' +
      "allowed now are the detail's `allowedTransitions` (orders/order-process.ts); any other is a 409.",
  })
  @ApiOkResponse({ type: AdminOrderDetailDto })
  @ApiBadRequestResponse({ description: 'Unknown value, or another field' })
  @ApiConflictResponse({ description: "A change that would contradict the order's payment, keys or links" })
  @ApiBadGatewayResponse({ description: 'Cancelling: the payment provider could not be reached' })
  @ApiForbiddenResponse({ description: 'Support staff' })
  @ApiNotFoundResponse()
  update(
    @Param('id', orderId) id: string,
    @Body() body: UpdateOrderDto,
    @Staff() staff: StaffUserDto,
  ): Promise<AdminOrderDetailDto> {
    return this.orders.update(id, body, staff);
  }

  @Post(':id/resend-email')
  @HttpCode(202)
  @Roles('admin', 'support')
  @ApiOperation({ summary: 'Queue the delivery e-mail again (admin and support)' })
  @ApiOkResponse({ type: ResendEmailResponseDto })
  @ApiConflictResponse({ description: 'The order is not paid, or was not delivered and is owed a refund' })
  @ApiNotFoundResponse()
  resendEmail(
    @Param('id', orderId) id: string,
    @Staff() staff: StaffUserDto,
  ): Promise<ResendEmailResponseDto> {
    return this.orders.resendEmail(id, staff);
  }
}
