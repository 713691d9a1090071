import { Body, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { IntIdPipe } from '../../common/admin-list.js';
import { AdminController, Roles, Staff } from '../../common/auth.decorators.js';
import { BodyLimit } from '../../common/body-limit.js';
import { ListQueryDto, type ListPage } from '../../common/list-query.js';
import { ApiListQuery, SimpleRestList } from '../../common/simple-rest-list.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import {
  CreateExchangeRateDto,
  ExchangeRateDto,
  ImportExchangeRatesResultDto,
  UpdateExchangeRateDto,
} from './dto/exchange-rate.dto.js';
import { RATES_UPLOAD_BYTES, ratesUploadText } from './ecb-csv.js';
import { ExchangeRatesService, RATE_NOT_FOUND, RATE_LIST } from './exchange-rates.service.js';

const rateId = new IntIdPipe(RATE_NOT_FOUND);
const INVALID = 'A field is missing or invalid, or EUR (which needs no rate)';

/** The ECB's euro reference rates the returns convert with (#20 §6). Administrators only, reads included. */
@AdminController('exchange-rates', 'admin: tax returns')
@ApiForbiddenResponse({ description: 'Support staff' })
@Roles('admin')
export class ExchangeRatesController {
  constructor(private readonly rates: ExchangeRatesService) {}

  @Get()
  @ApiOperation({
    summary: 'Exchange rates (ra-data-simple-rest dialect, Content-Range header)',
    description: 'Filters: `currency`, `source` (ecb-import, staff), `id` (list). Sorts: date, id.',
  })
  @ApiListQuery(RATE_LIST, { currency: 'CHF' })
  @SimpleRestList('exchange-rates', ExchangeRateDto)
  list(@Query() query: ListQueryDto): Promise<ListPage<ExchangeRateDto>> {
    return this.rates.list(query);
  }

  @Post('import')
  @HttpCode(200)
  @BodyLimit(RATES_UPLOAD_BYTES)
  @ApiOperation({
    summary: "Import the ECB's reference rates CSV as published (eurofxref.csv or eurofxref-hist.csv)",
    description:
      'The file as the body (`Content-Type: text/csv`), or JSON `{"csv": "<the file>"}`. Every rate it ' +
      'holds is stored, replacing the one of the same currency and day; cells marked N/A are skipped. A ' +
      'file with a problem (a bad date, a rate not above 0, malformed CSV) is refused whole, naming its line.',
  })
  @ApiConsumes('text/csv', 'application/json')
  @ApiBody({
    description: "The ECB's CSV (text/csv), or {csv} (application/json)",
    schema: {
      oneOf: [
        { type: 'string' },
        { type: 'object', required: ['csv'], properties: { csv: { type: 'string' } } },
      ],
    },
  })
  @ApiOkResponse({ type: ImportExchangeRatesResultDto })
  @ApiBadRequestResponse({ description: 'Not the ECB’s CSV: the problem and its line' })
  @ApiPayloadTooLargeResponse({ description: `Over ${RATES_UPLOAD_BYTES / 1024 / 1024} MiB` })
  @ApiUnsupportedMediaTypeResponse({ description: 'Neither text/csv nor application/json' })
  import(@Req() req: FastifyRequest & { user: StaffUserDto }): Promise<ImportExchangeRatesResultDto> {
    return this.rates.importCsv(ratesUploadText(req.headers['content-type'], req.body), req.user);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One exchange rate' })
  @ApiOkResponse({ type: ExchangeRateDto })
  @ApiNotFoundResponse({ description: RATE_NOT_FOUND })
  get(@Param('id', rateId) id: number): Promise<ExchangeRateDto> {
    return this.rates.get(id);
  }

  @Post()
  @ApiOperation({ summary: 'Enter a rate (the ECB’s of that day, as published)' })
  @ApiCreatedResponse({ type: ExchangeRateDto })
  @ApiBadRequestResponse({ description: INVALID })
  @ApiConflictResponse({ description: 'That currency has a rate on that day already' })
  create(@Body() body: CreateExchangeRateDto, @Staff() staff: StaffUserDto): Promise<ExchangeRateDto> {
    return this.rates.create(body, staff);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Correct a rate (it becomes staff’s)' })
  @ApiOkResponse({ type: ExchangeRateDto })
  @ApiBadRequestResponse({ description: `${INVALID}, or none sent` })
  @ApiConflictResponse({ description: 'That currency has a rate on that day already' })
  @ApiNotFoundResponse({ description: RATE_NOT_FOUND })
  update(
    @Param('id', rateId) id: number,
    @Body() body: UpdateExchangeRateDto,
    @Staff() staff: StaffUserDto,
  ): Promise<ExchangeRateDto> {
    return this.rates.update(id, body, staff);
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a rate; answers it as it was' })
  @ApiOkResponse({ type: ExchangeRateDto })
  @ApiNotFoundResponse({ description: RATE_NOT_FOUND })
  remove(@Param('id', rateId) id: number, @Staff() staff: StaffUserDto): Promise<ExchangeRateDto> {
    return this.rates.remove(id, staff);
  }
}
