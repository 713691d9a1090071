import { Controller, Get, Query, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { contentRange, ListQueryDto } from '../common/list-query.js';
import { AdminOrdersService } from './admin-orders.service.js';
import { AdminOrderRowDto } from './dto/admin-order.dto.js';

@ApiTags('admin: orders')
@ApiBearerAuth()
@ApiUnauthorizedResponse()
@Controller('admin/orders')
export class AdminOrdersController {
  constructor(private readonly orders: AdminOrdersService) {}

  @Get()
  @ApiOperation({ summary: 'Orders list (ra-data-simple-rest dialect, Content-Range header)' })
  @ApiOkResponse({ type: [AdminOrderRowDto] })
  async list(
    @Query() query: ListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminOrderRowDto[]> {
    const { rows, skip, total } = await this.orders.list(query);
    void reply.header('Content-Range', contentRange('orders', skip, rows.length, total));
    return rows;
  }
}
