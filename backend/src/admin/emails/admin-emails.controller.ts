import { Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { IntIdPipe } from '../../common/admin-list.js';
import { AdminController, Roles, Staff } from '../../common/auth.decorators.js';
import { ListQueryDto, type ListPage } from '../../common/list-query.js';
import { ApiListQuery, SimpleRestList } from '../../common/simple-rest-list.js';
import { AdminEmailsService, EMAIL_NOT_FOUND, EMAIL_LIST } from './admin-emails.service.js';
import { AdminEmailDetailDto, AdminEmailDto } from './dto/admin-email.dto.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { AuditedRead } from '../../audit/audited-read.js';

const emailId = new IntIdPipe(EMAIL_NOT_FOUND);

@AdminController('emails', 'admin: emails')
export class AdminEmailsController {
  constructor(private readonly emails: AdminEmailsService) {}

  @Get()
  @ApiOperation({
    summary: 'The mail outbox (ra-data-simple-rest dialect, Content-Range header)',
    description:
      'Filters: `status` (pending, sent, failed), `kind`, `orderId`, `q` (recipient prefix, ' +
      'case-insensitive), `id` (list). Sorts: createdAt, id, to. Recorded in the audit trail (`emails.list`).',
  })
  @ApiListQuery(EMAIL_LIST, { q: 'jane' })
  @SimpleRestList('emails', AdminEmailDto)
  @AuditedRead('emails.list')
  list(@Query() query: ListQueryDto): Promise<ListPage<AdminEmailDto>> {
    return this.emails.list(query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One e-mail with its plain-text body, licence keys and link tokens masked' })
  @ApiOkResponse({ type: AdminEmailDetailDto })
  @ApiNotFoundResponse({ description: EMAIL_NOT_FOUND })
  get(@Param('id', emailId) id: number): Promise<AdminEmailDetailDto> {
    return this.emails.get(id);
  }

  @Post(':id/resend')
  @HttpCode(202)
  @Roles('admin', 'support')
  @ApiOperation({
    summary: 'Send an e-mail again (admin and support)',
    description:
      'A pending message is made due now and answered as it is; a sent or failed one stays as the ' +
      'record of what happened and a new pending copy is queued and answered.',
  })
  @ApiAcceptedResponse({ type: AdminEmailDto })
  @ApiNotFoundResponse({ description: EMAIL_NOT_FOUND })
  resend(@Param('id', emailId) id: number, @Staff() staff: StaffUserDto): Promise<AdminEmailDto> {
    return this.emails.resend(id, staff);
  }
}
