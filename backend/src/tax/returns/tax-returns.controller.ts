import { Get, Query, type StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
} from '@nestjs/swagger';
import { AdminController, Roles, Staff } from '../../common/auth.decorators.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { csvFile } from '../../common/csv-file.js';
import { QuarterQueryDto, RegisterQueryDto } from './dto/tax-returns-query.dto.js';
import { BAD_QUARTER } from './quarters.js';
import { TaxReturnsService } from './tax-returns.service.js';

const CSV = {
  description: 'The CSV (an attachment): a byte-order mark, a header row, then the rows',
  content: { 'text/csv': { schema: { type: 'string' as const } } },
};
const NO_RATE = 'No ECB rate for a currency on or after the quarter’s last day (within 10 days)';

/**
 * The tax returns of a quarter (#20 §6), as CSV files for the accountant: amounts in units with two
 * decimals (`80.98`), rates as the ECB writes them. Administrators only.
 */
@AdminController('tax/returns', 'admin: tax returns')
@ApiForbiddenResponse({ description: 'Support staff' })
@ApiProduces('text/csv')
@Roles('admin')
export class TaxReturnsController {
  constructor(private readonly returns: TaxReturnsService) {}

  @Get('oss.csv')
  @ApiOperation({
    summary: 'The EU One-Stop-Shop return of a quarter',
    description:
      'One row per member state, VAT rate and currency: the taxable amount and the VAT (invoices less ' +
      'credit notes) in the documents’ currency and in EUR at the ECB rate of the quarter’s last day, or ' +
      'of the next day the ECB published one. `Section`: `oss` (the return), `reverse-charge` (B2B sales ' +
      'to other member states, for the recapitulative statement), `domestic` (sales in SELLER_COUNTRY, for ' +
      'the national return, not OSS).',
  })
  @ApiOkResponse(CSV)
  @ApiBadRequestResponse({ description: BAD_QUARTER })
  @ApiConflictResponse({ description: NO_RATE })
  async oss(@Query() query: QuarterQueryDto): Promise<StreamableFile> {
    return csvFile(await this.returns.oss(query.quarter));
  }

  @Get('uk.csv')
  @ApiOperation({
    summary: 'The UK VAT figures of a quarter',
    description:
      'One row per currency: box 6 (sales excluding VAT) and box 1 (VAT due on them), invoices less ' +
      'credit notes, in the documents’ currency and in GBP at the ECB cross rate of the quarter’s last day ' +
      '(or the next day the ECB published rates), the rates stated.',
  })
  @ApiOkResponse(CSV)
  @ApiBadRequestResponse({ description: BAD_QUARTER })
  @ApiConflictResponse({ description: NO_RATE })
  async uk(@Query() query: QuarterQueryDto): Promise<StreamableFile> {
    return csvFile(await this.returns.uk(query.quarter));
  }

  @Get('register.csv')
  @ApiOperation({
    summary: 'The register of invoices and credit notes of a quarter, or of the days from and to',
    description:
      'Every document issued in the period: invoices, then credit notes, each series in number order. A ' +
      'credit note’s amounts are negative, so each column adds up to the period’s figures. Audited.',
  })
  @ApiOkResponse(CSV)
  @ApiBadRequestResponse({ description: `${BAD_QUARTER} / from and to must be days / not both` })
  async register(@Query() query: RegisterQueryDto, @Staff() staff: StaffUserDto): Promise<StreamableFile> {
    return csvFile(await this.returns.register(query, staff));
  }
}
