import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { StaffUserDto } from '../auth/dto/login.dto.js';
import { Roles } from '../common/auth.decorators.js';
import { contentRange, ListQueryDto } from '../common/list-query.js';
import { AdminOrdersService } from './admin-orders.service.js';
import { AdminOrderRowDto } from './dto/admin-order.dto.js';
import { AdminOrderDetailDto, ResendEmailResponseDto, UpdateOrderDto } from './dto/admin-order-detail.dto.js';

type StaffRequest = { user: StaffUserDto };
const orderId = new ParseUUIDPipe({ errorHttpStatusCode: 404 });

@ApiTags('admin: orders')
@ApiBearerAuth()
@ApiUnauthorizedResponse()
@Controller('admin/orders')
export class AdminOrdersController {
  constructor(private readonly orders: AdminOrdersService) {}

  @Get()
  @ApiOperation({ summary: 'Orders list (ra-data-simple-rest dialect, Content-Range header)' })
  @ApiOkResponse({ type: [AdminOrderRowDto] })
  @ApiBadRequestResponse({ description: 'Malformed sort, range or filter' })
  async list(
    @Query() query: ListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminOrderRowDto[]> {
    const { rows, skip, total } = await this.orders.list(query);
    void reply.header('Content-Range', contentRange('orders', skip, rows.length, total));
    return rows;
  }

  @Get(':id')
  @ApiOperation({ summary: 'One order with items, billing, licence keys, downloads and e-mails' })
  @ApiOkResponse({ type: AdminOrderDetailDto })
  @ApiNotFoundResponse()
  get(@Param('id', orderId) id: string, @Req() req: StaffRequest): Promise<AdminOrderDetailDto> {
    return this.orders.get(id, req.user);
  }

  @Put(':id')
  @Roles('admin')
  @ApiOperation({ summary: 'Set the status and/or payment status' })
  @ApiOkResponse({ type: AdminOrderDetailDto })
  @ApiBadRequestResponse({ description: 'Unknown value, or another field' })
  @ApiForbiddenResponse({ description: 'Support staff' })
  @ApiNotFoundResponse()
  update(
    @Param('id', orderId) id: string,
    @Body() body: UpdateOrderDto,
    @Req() req: StaffRequest,
  ): Promise<AdminOrderDetailDto> {
    return this.orders.update(id, body, req.user);
  }

  @Post(':id/resend-email')
  @HttpCode(202)
  @Roles('admin', 'support')
  @ApiOperation({ summary: 'Queue the delivery e-mail again (admin and support)' })
  @ApiOkResponse({ type: ResendEmailResponseDto })
  @ApiConflictResponse({ description: 'The order is not paid' })
  @ApiNotFoundResponse()
  resendEmail(@Param('id', orderId) id: string, @Req() req: StaffRequest): Promise<ResendEmailResponseDto> {
    return this.orders.resendEmail(id, req.user);
  }
}
