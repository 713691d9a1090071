import { Get, Query } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOperation } from '@nestjs/swagger';
import { AdminController, Roles } from '../common/auth.decorators.js';
import type { ListPage } from '../common/list-page.js';
import { ListQueryDto } from '../common/list-query.js';
import { SimpleRestList } from '../common/simple-rest-list.js';
import { AuditService } from './audit.service.js';
import { AuditEntryDto } from './dto/audit-entry.dto.js';
import type { AuditEntry } from './entities/audit-entry.entity.js';

@AdminController('audit', 'admin: audit')
@Roles('admin')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @ApiOperation({ summary: 'The audit trail of back-office changes, newest first (admin only)' })
  @SimpleRestList('audit', AuditEntryDto)
  @ApiForbiddenResponse({ description: 'Support staff' })
  list(@Query() query: ListQueryDto): Promise<ListPage<AuditEntry>> {
    return this.audit.list(query);
  }
}
