import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, type DataSource } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import { fetchPage, sortList, whereIdIn } from '../../database/list-page.js';
import {
  escapeLike,
  parseListQuery,
  type ListQueryDto,
  LIKE_ESCAPE,
  type ListPage,
} from '../../common/list-query.js';
import { AdminMessageDto, type UpdateMessageDto } from './dto/admin-message.dto.js';
import { CONTACT_CATEGORIES, MESSAGE_STATUSES, Message } from '../../messages/entities/message.entity.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { runInTransaction } from '../../database/transactions.js';

export const MESSAGE_NOT_FOUND = 'Message not found';

/** The list's sort fields and filters (ApiListQuery shows them in the contract). */
export const MESSAGE_LIST = {
  sortable: ['createdAt', 'id', 'status'] as const,
  defaultSort: ['createdAt', 'DESC'] as ['createdAt', 'DESC'],
  filters: { id: 'int[]', q: 'string', status: 'string', category: 'string' } as const,
};

function oneOf(name: string, value: string | undefined, allowed: readonly string[]): void {
  if (value !== undefined && !allowed.includes(value))
    throw new BadRequestException(`filter ${name} must be one of ${allowed.join(', ')}`);
}

@Injectable()
export class AdminMessagesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {}

  /**
   * `q` is a prefix of the sender's e-mail or of the subject, case-insensitive through the columns'
   * collation (MySQL/MariaDB) or LIKE's ASCII case folding (SQLite), so indexes on those columns can serve
   * it (see the report: the table has none on them yet).
   */
  async list(dto: ListQueryDto): Promise<ListPage<AdminMessageDto>> {
    const { sort, skip, take, filter } = parseListQuery(dto, MESSAGE_LIST);
    oneOf('status', filter.status, MESSAGE_STATUSES);
    oneOf('category', filter.category, CONTACT_CATEGORIES);
    const query = this.db.getRepository(Message).createQueryBuilder('m');
    if (filter.id) whereIdIn(query, 'm.id', filter.id);
    if (filter.status) query.andWhere('m.status = :status', { status: filter.status });
    if (filter.category) query.andWhere('m.category = :category', { category: filter.category });
    const text = filter.q?.trim();
    if (text) {
      const prefix = `${escapeLike(text)}%`;
      query.andWhere(
        new Brackets((w) => {
          w.where(`m.email LIKE :prefix ${LIKE_ESCAPE}`, { prefix }).orWhere(
            `m.subject LIKE :prefix ${LIKE_ESCAPE}`,
            {
              prefix,
            },
          );
        }),
      );
    }
    const page = await fetchPage(sortList(query, sort.field, sort.order), skip, take);
    return { ...page, rows: page.rows.map((row) => AdminMessageDto.from(row)) };
  }

  async get(id: number): Promise<AdminMessageDto> {
    const row = await this.db.getRepository(Message).findOneBy({ id });
    if (!row) throw new NotFoundException(MESSAGE_NOT_FOUND);
    return AdminMessageDto.from(row);
  }

  /** Marks a message new or answered, recording before and after. */
  async update(id: number, dto: UpdateMessageDto, actor: StaffUserDto): Promise<AdminMessageDto> {
    await runInTransaction(this.db, async (m) => {
      const row = await m.findOneBy(Message, { id });
      if (!row) throw new NotFoundException(MESSAGE_NOT_FOUND);
      await m.update(Message, id, { status: dto.status });
      await this.audit.record(m, actor, {
        action: 'messages.update',
        resource: 'messages',
        resourceId: id,
        before: { status: row.status },
        after: { status: dto.status },
      });
    });
    return this.get(id);
  }
}
