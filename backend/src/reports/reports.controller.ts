import { Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { BackfillNotice, backfillHeaderDoc } from '../backfills/backfill-notice.js';
import { AdminController, Roles } from '../common/auth.decorators.js';
import { MarginRowDto, SalesPeriodDto } from './dto/sales-period.dto.js';
import { MarginsQueryDto, RequiredDayRange, SalesQueryDto } from './dto/sales-query.dto.js';
import { SALES_DAYS_BACKFILL } from './sales-days-backfill.js';
import { SalesReportService } from './sales-report.service.js';

/** Until the roll-up of the orders paid before an upgrade is done, the figures miss them. */
const STILL_COMPUTING = backfillHeaderDoc(
  SALES_DAYS_BACKFILL,
  'the figures do not yet hold all the orders paid before the upgrade',
);

/**
 * Sales over time and margins (#21 §3, §4). Administrators only: they show what keys cost and what the
 * store earns on them, which support staff have no need of.
 */
@AdminController('reports', 'admin: reports')
@ApiForbiddenResponse({ description: 'Support staff' })
@Roles('admin')
export class ReportsController {
  constructor(private readonly reports: SalesReportService) {}

  @Get('sales')
  @ApiOperation({
    summary: 'Sales per day, week or month',
    description:
      'Gross sales, refunds, net sales, tax and total sales (the dashboard’s definition, without tax but ' +
      'for tax and total sales). Paid orders counted on their payment’s day (UTC), refunds on the day they succeeded, key costs on ' +
      'their order’s payment day. Every period of the range is listed, those without sales at zero. With ' +
      'productId, the product’s share of each order (its lines after their share of the discount).',
  })
  @ApiOkResponse({ type: [SalesPeriodDto], headers: STILL_COMPUTING })
  @ApiBadRequestResponse({ description: 'A bad or reversed range, a range too long, an unknown product' })
  @BackfillNotice(SALES_DAYS_BACKFILL)
  @RequiredDayRange()
  sales(@Query() query: SalesQueryDto): Promise<SalesPeriodDto[]> {
    return this.reports.sales(query);
  }

  @Get('margins')
  @ApiOperation({
    summary: 'Margins per product or per supplier over a range of days',
    description:
      'Products: revenue of the orders paid in the range less the refunds made in it, without tax, less ' +
      'the keys’ cost. Suppliers: the keys delivered in the range, what each earned (its share of its ' +
      `order, without tax) and cost; keys stored before batches are grouped as "No batch".`,
  })
  @ApiOkResponse({ type: [MarginRowDto], headers: STILL_COMPUTING })
  @ApiBadRequestResponse({ description: 'A bad or reversed range, or one longer than 3660 days' })
  @BackfillNotice(SALES_DAYS_BACKFILL)
  @RequiredDayRange()
  margins(@Query() query: MarginsQueryDto): Promise<MarginRowDto[]> {
    return this.reports.margins(query);
  }
}
