import { Get, Query } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOperation } from '@nestjs/swagger';
import { AdminController, Roles } from '../../common/auth.decorators.js';
import { ListQueryDto, type ListPage } from '../../common/list-query.js';
import { ApiListQuery, SimpleRestList } from '../../common/simple-rest-list.js';
import { AuditService, AUDIT_LIST } from '../../audit/audit.service.js';
import { AuditEntry } from '../../audit/entities/audit-entry.entity.js';
import { AuditEntryDto } from '../../audit/dto/audit-entry.dto.js';

@AdminController('audit', 'admin: audit')
@Roles('admin')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @ApiOperation({
    summary: 'The audit trail of back-office changes, newest first (admin only)',
    description:
      'Filters: `actorUsername` (exact), `action` (exact, or every action of a resource when it ends in a ' +
      'dot: `orders.`), `from` and `to` (days `YYYY-MM-DD`, UTC, both included), `resource` and `resourceId`.',
  })
  @ApiListQuery(AUDIT_LIST, { action: 'orders.' })
  @SimpleRestList('audit', AuditEntryDto)
  @ApiForbiddenResponse({ description: 'Support staff' })
  list(@Query() query: ListQueryDto): Promise<ListPage<AuditEntry>> {
    return this.audit.list(query);
  }
}
