import { Get, Query, type StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiProduces } from '@nestjs/swagger';
import { AdminController, Roles } from '../../common/auth.decorators.js';
import { csvFile } from '../../common/csv-file.js';
import { ListQueryDto, type ListPage } from '../../common/list-query.js';
import { ApiListQuery, SimpleRestList } from '../../common/simple-rest-list.js';
import { ExportQueryDto } from '../exports/export-query.dto.js';
import { AdminRefundsService, REFUND_LIST } from './admin-refunds.service.js';
import { AdminRefundDto } from './dto/admin-refund.dto.js';
import { AuditedRead } from '../../audit/audited-read.js';

/** Refunds across orders (admin and support): each is made on its order, POST /api/admin/orders/:id/refunds. */
@AdminController('refunds', 'admin: orders')
@Roles('admin', 'support')
export class AdminRefundsController {
  constructor(private readonly refunds: AdminRefundsService) {}

  @Get()
  @ApiOperation({
    summary: 'Refunds list (ra-data-simple-rest dialect, Content-Range header)',
    description:
      'Filters: `status` (pending, succeeded, failed, canceled), `orderId` (the start of the order id), `id` (list). Sort by createdAt, ' +
      'amountCents or status.',
  })
  @ApiListQuery(REFUND_LIST, { status: 'succeeded' })
  @SimpleRestList('refunds', AdminRefundDto)
  list(@Query() query: ListQueryDto): Promise<ListPage<AdminRefundDto>> {
    return this.refunds.list(query);
  }

  @Get('export.csv')
  @ApiOperation({
    summary: 'The refunds list as CSV: the same filter and sort, created in the days from-to (UTC)',
    description:
      'Every refund the list shows for `filter` and `sort`, created on or after `from` and on or before ' +
      '`to` (each optional), streamed. An attachment named after the days (`refunds-2026-10-01-to-2026-10-31.csv`): ' +
      "a byte-order mark, a header row, one row per refund. Amounts in units of the refund's currency " +
      '(`40.49`), times in ISO 8601 UTC. Recorded in the audit trail (`refunds.export`).',
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'The CSV', schema: { type: 'string', format: 'binary' } })
  @ApiBadRequestResponse({ description: 'Malformed sort or filter, an unknown filter, or a bad from/to' })
  @AuditedRead('refunds.export')
  async export(@Query() query: ExportQueryDto): Promise<StreamableFile> {
    return csvFile(await this.refunds.export(query));
  }
}
