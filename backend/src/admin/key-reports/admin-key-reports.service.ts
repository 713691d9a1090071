import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, In, type DataSource, type EntityManager } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import { parseListQuery, type ListPage, type ListQueryDto } from '../../common/list-query.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { fetchPage, sortList, startsWithLowercase, whereIdIn } from '../../database/list-page.js';
import { runInTransaction } from '../../database/transactions.js';
import { OutboxService } from '../../emails/outbox.service.js';
import { FulfilmentService } from '../../fulfilment/fulfilment.service.js';
import { KEY_REPORT_STATUSES, KeyReport } from '../../key-reports/entities/key-report.entity.js';
import { KeyReportsService } from '../../key-reports/key-reports.service.js';
import { LicenseKey } from '../../license-keys/entities/license-key.entity.js';
import { maskLicenseKey } from '../../license-keys/mask.js';
import { Order } from '../../orders/entities/order.entity.js';
import type { AdminKeyReportDto, UpdateKeyReportDto } from './dto/admin-key-report.dto.js';
import { renderKeyReportAnswerEmail } from './key-report-answer-email.js';

export const KEY_REPORT_NOT_FOUND = 'Key report not found';

/** The list's sort fields and filters (ApiListQuery shows them in the contract). */
export const KEY_REPORT_LIST = {
  sortable: ['createdAt', 'id', 'status'] as const,
  defaultSort: ['createdAt', 'DESC'] as ['createdAt', 'DESC'],
  filters: { id: 'int[]', q: 'string', status: 'string' } as const,
};

@Injectable()
export class AdminKeyReportsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
    private readonly fulfilment: FulfilmentService,
    private readonly keyReports: KeyReportsService,
  ) {}

  /** `q`: the start of the customer's e-mail or of the order id (both stored in lower case). */
  async list(dto: ListQueryDto): Promise<ListPage<AdminKeyReportDto>> {
    const { sort, skip, take, filter } = parseListQuery(dto, KEY_REPORT_LIST);
    if (filter.status !== undefined && !(KEY_REPORT_STATUSES as readonly string[]).includes(filter.status))
      throw new BadRequestException(`filter status must be one of ${KEY_REPORT_STATUSES.join(', ')}`);
    const query = this.db.getRepository(KeyReport).createQueryBuilder('r');
    if (filter.id) whereIdIn(query, 'r.id', filter.id);
    if (filter.status) query.andWhere('r.status = :status', { status: filter.status });
    const text = filter.q?.trim();
    if (text) {
      const driver = this.db.options.type;
      query.andWhere(
        new Brackets((w) => {
          w.where(...startsWithLowercase(driver, 'r.customerEmail', text, 'qEmail')).orWhere(
            ...startsWithLowercase(driver, 'r.orderId', text, 'qOrder'),
          );
        }),
      );
    }
    const page = await fetchPage(sortList(query, sort.field, sort.order), skip, take);
    return { ...page, rows: await this.present(this.db.manager, page.rows) };
  }

  async get(id: number): Promise<AdminKeyReportDto> {
    return (await this.present(this.db.manager, [await this.find(this.db.manager, id)]))[0]!;
  }

  /** The screenshot's bytes and type; 404 when the report has none. */
  async screenshot(id: number) {
    const shot = await this.keyReports.screenshotOf(await this.find(this.db.manager, id));
    if (!shot) throw new NotFoundException('This report has no screenshot');
    return shot;
  }

  /**
   * Answers an open report: it becomes `answered` with the text, who and when, and the customer is e-mailed
   * the answer. A report already replaced or answered is a 409.
   */
  async answer(id: number, dto: UpdateKeyReportDto, actor: StaffUserDto): Promise<AdminKeyReportDto> {
    await runInTransaction(this.db, async (m) => {
      const report = await this.resolve(m, id, actor, { status: 'answered', answer: dto.answer });
      const order = await m.findOneByOrFail(Order, { id: report.orderId });
      const key = await m.findOneByOrFail(LicenseKey, { id: report.licenseKeyId });
      await this.outbox.enqueue(m, {
        kind: 'key-report-answer',
        to: report.customerEmail,
        orderId: report.orderId,
        ...renderKeyReportAnswerEmail({
          orderId: order.id,
          customerName: order.customerName,
          keyLastGroup: key.keyLastGroup,
          answer: dto.answer,
          supportEmail: this.config.mail.supportEmail,
        }),
      });
    });
    return this.get(id);
  }

  /**
   * Replaces the reported key, in one transaction: a key of the same product from stock is given to the
   * order, the reported one becomes `faulty`, the customer is e-mailed the new key (FulfilmentService
   * .replaceKey), and the report becomes `replaced`. Of two staff replacing at once one wins, the other
   * gets a 409; no key in stock is a 409 and the report stays open.
   */
  async replace(id: number, actor: StaffUserDto): Promise<AdminKeyReportDto> {
    await runInTransaction(this.db, async (m) => {
      // The conditional UPDATE first: it holds the report's row, so a concurrent replacement waits and
      // then finds it resolved.
      const report = await this.resolve(m, id, actor, { status: 'replaced' });
      const replacementKeyId = await this.fulfilment.replaceKey(m, report.licenseKeyId);
      await m.update(KeyReport, id, { replacementKeyId });
      await this.audit.record(m, actor, {
        action: 'license-keys.replace',
        resource: 'license-keys',
        resourceId: report.licenseKeyId,
        before: { status: 'active' },
        after: { status: 'faulty', replacementKeyId, keyReportId: id },
      });
    });
    return this.get(id);
  }

  /** Closes an open report (conditional on it being open), audited; answers it as it was. */
  private async resolve(
    m: EntityManager,
    id: number,
    actor: StaffUserDto,
    change: Pick<KeyReport, 'status'> & Partial<Pick<KeyReport, 'answer'>>,
  ): Promise<KeyReport> {
    const resolvedAt = new Date();
    const closed = await m
      .createQueryBuilder()
      .update(KeyReport)
      .set({ ...change, openKeyId: null, resolvedBy: actor.username, resolvedAt })
      .where('id = :id AND status = :open', { id, open: 'open' })
      .execute();
    const report = await this.find(m, id);
    if (!closed.affected) throw new ConflictException(`This report was already ${report.status}`);
    await this.audit.record(m, actor, {
      action: 'key-reports.update',
      resource: 'key-reports',
      resourceId: id,
      before: { status: 'open' },
      after: change,
    });
    return report;
  }

  private async find(m: EntityManager, id: number): Promise<KeyReport> {
    const report = await m.findOneBy(KeyReport, { id });
    if (!report) throw new NotFoundException(KEY_REPORT_NOT_FOUND);
    return report;
  }

  /** Rows with their keys masked (the queue needs no key in full: the replacement goes by e-mail). */
  private async present(m: EntityManager, reports: KeyReport[]): Promise<AdminKeyReportDto[]> {
    const keys = reports.length
      ? await m.find(LicenseKey, {
          select: { id: true, keyLastGroup: true, status: true },
          where: { id: In([...new Set(reports.map((r) => r.licenseKeyId))]) },
        })
      : [];
    const byId = new Map(keys.map((k) => [k.id, k]));
    return reports.map((r) => {
      const key = byId.get(r.licenseKeyId)!;
      return {
        id: r.id,
        status: r.status,
        licenseKeyId: r.licenseKeyId,
        licenseKey: maskLicenseKey(key.keyLastGroup),
        licenseKeyStatus: key.status,
        orderId: r.orderId,
        productId: r.productId,
        customerEmail: r.customerEmail,
        errorMessage: r.errorMessage,
        screenshotType: r.screenshotType,
        replacementKeyId: r.replacementKeyId,
        answer: r.answer,
        resolvedBy: r.resolvedBy,
        resolvedAt: r.resolvedAt,
        createdAt: r.createdAt,
      };
    });
  }
}
