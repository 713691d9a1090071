import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Roles } from '../common/auth.decorators.js';
import { contentRange, ListQueryDto } from '../common/list-query.js';
import { AuditService } from './audit.service.js';
import { AuditEntry } from './entities/audit-entry.entity.js';

@ApiTags('admin: audit')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @ApiOperation({ summary: 'The audit trail of back-office changes, newest first (admin only)' })
  @ApiOkResponse({ type: [AuditEntry] })
  @ApiForbiddenResponse({ description: 'Support staff' })
  async list(
    @Query() query: ListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuditEntry[]> {
    const { rows, skip, total } = await this.audit.list(query);
    void reply.header('Content-Range', contentRange('audit', skip, rows.length, total));
    return rows;
  }
}
