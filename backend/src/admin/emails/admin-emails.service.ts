import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import { fetchPage, sortList, startsWithLowercase, whereIdIn } from '../../database/list-page.js';
import { parseListQuery, type ListQueryDto, type ListPage } from '../../common/list-query.js';
import { maskLicenseKey } from '../../license-keys/mask.js';
import { AdminEmailDetailDto, AdminEmailDto } from './dto/admin-email.dto.js';
import { OUTBOX_STATUSES, OutboxEmail } from '../../emails/entities/outbox-email.entity.js';
import { OutboxService } from '../../emails/outbox.service.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { runInTransaction } from '../../database/transactions.js';

export const EMAIL_NOT_FOUND = 'E-mail not found';

/** A licence key: 5 groups of 5 letters or digits (keys are upper-case; lower case is masked too). */
const LICENSE_KEY = /[A-Z0-9]{5}(?:-[A-Z0-9]{5}){4}/gi;
/** The customer's sign-in link (`/account?token=…`) grants their keys in full for 30 minutes. */
const ACCESS_TOKEN = /([?&]token=)[^\s&"'<>]+/g;
/** A download link's token (`/api/downloads/…`) spends the customer's downloads. */
const DOWNLOAD_TOKEN = /(\/api\/downloads\/)[A-Za-z0-9_-]+/g;
export const HIDDEN = '[hidden]';

/**
 * What staff may see of an e-mail body: every licence key masked but for its last group (as support sees
 * keys elsewhere) and the tokens of the customer's links hidden.
 */
export function maskEmailSecrets(body: string): string {
  return body
    .replace(LICENSE_KEY, (key) => maskLicenseKey(key.slice(-5)))
    .replace(ACCESS_TOKEN, `$1${HIDDEN}`)
    .replace(DOWNLOAD_TOKEN, `$1${HIDDEN}`);
}

/** The list's sort fields and filters (ApiListQuery shows them in the contract). */
export const EMAIL_LIST = {
  sortable: ['createdAt', 'id', 'to'] as const,
  defaultSort: ['createdAt', 'DESC'] as ['createdAt', 'DESC'],
  filters: { id: 'int[]', q: 'string', status: 'string', kind: 'string', orderId: 'string' } as const,
};

@Injectable()
export class AdminEmailsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
  ) {}

  /**
   * `q` is a prefix of the recipient, whatever its case (recipients are stored in lower case, so the
   * index on them serves it as a range). `orderId` and `kind` are exact.
   */
  async list(dto: ListQueryDto): Promise<ListPage<AdminEmailDto>> {
    const { sort, skip, take, filter } = parseListQuery(dto, EMAIL_LIST);
    if (filter.status !== undefined && !(OUTBOX_STATUSES as readonly string[]).includes(filter.status))
      throw new BadRequestException(`filter status must be one of ${OUTBOX_STATUSES.join(', ')}`);
    const query = this.db.getRepository(OutboxEmail).createQueryBuilder('e');
    if (filter.id) whereIdIn(query, 'e.id', filter.id);
    if (filter.status) query.andWhere('e.status = :status', { status: filter.status });
    if (filter.kind) query.andWhere('e.kind = :kind', { kind: filter.kind.trim() });
    if (filter.orderId)
      query.andWhere('e.orderId = :orderId', { orderId: filter.orderId.trim().toLowerCase() });
    const text = filter.q?.trim();
    if (text) query.andWhere(...startsWithLowercase(this.db.options.type, 'e.to', text, 'recipient'));
    const page = await fetchPage(sortList(query, sort.field, sort.order), skip, take);
    return { ...page, rows: page.rows.map((row) => AdminEmailDto.from(row)) };
  }

  /** One message with its plain-text body, licence keys and link tokens masked; never the HTML body. */
  async get(id: number): Promise<AdminEmailDetailDto> {
    const message = await this.outbox.read(id);
    return { ...AdminEmailDto.from(message), text: maskEmailSecrets(message.text) };
  }

  /**
   * Queues the message again (OutboxService.resend: a pending one is made due now, a sent or failed one
   * is copied) and answers the queued row. The resend commits on its own (OutboxService has no
   * transactional variant), then the audit entry is written.
   */
  async resend(id: number, actor: StaffUserDto): Promise<AdminEmailDto> {
    const queued = await this.outbox.resend(id);
    await runInTransaction(this.db, (m) =>
      this.audit.record(m, actor, {
        action: 'emails.resend',
        resource: 'emails',
        resourceId: id,
        after: { queuedId: queued.id, copied: queued.id !== id },
      }),
    );
    return AdminEmailDto.from(queued);
  }
}
