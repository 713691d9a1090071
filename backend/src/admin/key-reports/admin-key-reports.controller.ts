import { Body, Get, Header, HttpCode, Param, Post, Put, Query, StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
} from '@nestjs/swagger';
import { IntIdPipe } from '../../common/admin-list.js';
import { AdminController, Roles, Staff } from '../../common/auth.decorators.js';
import { ListQueryDto, type ListPage } from '../../common/list-query.js';
import { ApiListQuery, SimpleRestList } from '../../common/simple-rest-list.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import {
  AdminKeyReportsService,
  KEY_REPORT_NOT_FOUND,
  KEY_REPORT_LIST,
} from './admin-key-reports.service.js';
import { AdminKeyReportDto, UpdateKeyReportDto } from './dto/admin-key-report.dto.js';

const reportId = new IntIdPipe(KEY_REPORT_NOT_FOUND);

@AdminController('key-reports', 'admin: key reports')
export class AdminKeyReportsController {
  constructor(private readonly reports: AdminKeyReportsService) {}

  @Get()
  @ApiOperation({
    summary: "Customers' reports of keys that do not activate (ra-data-simple-rest dialect, Content-Range)",
    description:
      'Filters: `status` (open, replaced, answered), `q` (start of the customer’s e-mail or of the order ' +
      'id), `id` (list). Sorts: createdAt, id, status.',
  })
  @ApiListQuery(KEY_REPORT_LIST, { status: 'open' })
  @SimpleRestList('key-reports', AdminKeyReportDto)
  list(@Query() query: ListQueryDto): Promise<ListPage<AdminKeyReportDto>> {
    return this.reports.list(query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One report' })
  @ApiOkResponse({ type: AdminKeyReportDto })
  @ApiNotFoundResponse({ description: KEY_REPORT_NOT_FOUND })
  get(@Param('id', reportId) id: number): Promise<AdminKeyReportDto> {
    return this.reports.get(id);
  }

  @Get(':id/screenshot')
  @Header('X-Content-Type-Options', 'nosniff')
  @ApiOperation({
    summary: 'The report’s screenshot, as the type its bytes are (PNG, JPEG or WebP), shown inline',
  })
  @ApiProduces(...['image/png', 'image/jpeg', 'image/webp'])
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: `${KEY_REPORT_NOT_FOUND} / This report has no screenshot` })
  async screenshot(@Param('id', reportId) id: number): Promise<StreamableFile> {
    const { type, bytes } = await this.reports.screenshot(id);
    return new StreamableFile(bytes, { type, disposition: 'inline', length: bytes.length });
  }

  @Put(':id')
  @Roles('admin', 'support')
  @ApiOperation({
    summary: 'Answer a report (admin and support): it becomes answered and the customer is e-mailed the text',
  })
  @ApiOkResponse({ type: AdminKeyReportDto })
  @ApiBadRequestResponse({ description: 'Answer is required / Answer must be at most 2000 characters' })
  @ApiNotFoundResponse({ description: KEY_REPORT_NOT_FOUND })
  @ApiConflictResponse({ description: 'This report was already replaced / answered' })
  answer(
    @Param('id', reportId) id: number,
    @Body() body: UpdateKeyReportDto,
    @Staff() staff: StaffUserDto,
  ): Promise<AdminKeyReportDto> {
    return this.reports.answer(id, body, staff);
  }

  @Post(':id/replacement')
  @HttpCode(200)
  @Roles('admin')
  @ApiOperation({
    summary: 'Replace the reported key from stock (admin only: it gives a key away)',
    description:
      'In one transaction: a key of the same product from stock goes to the order, the reported key ' +
      'becomes faulty, the customer is e-mailed the new key, the report becomes replaced. No key in stock ' +
      'is a 409 and the report stays open.',
  })
  @ApiOkResponse({ type: AdminKeyReportDto })
  @ApiForbiddenResponse({ description: 'Support staff' })
  @ApiNotFoundResponse({ description: KEY_REPORT_NOT_FOUND })
  @ApiConflictResponse({
    description: 'No stock for <product> / This report was already replaced / the key is no longer active',
  })
  replace(@Param('id', reportId) id: number, @Staff() staff: StaffUserDto): Promise<AdminKeyReportDto> {
    return this.reports.replace(id, staff);
  }
}
