import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type FindOptionsWhere, type ObjectLiteral } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import { AuditEntry } from '../../audit/entities/audit-entry.entity.js';
import { readsCosts, withoutCosts } from '../../common/cost-fields.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { runInTransaction } from '../../database/transactions.js';
import { DownloadLink } from '../../downloads/entities/download-link.entity.js';
import { OutboxEmail } from '../../emails/entities/outbox-email.entity.js';
import { senderDomain } from '../../emails/mail-transport.js';
import { KeyReport } from '../../key-reports/entities/key-report.entity.js';
import { LicenseActivation } from '../../license-keys/entities/license-activation.entity.js';
import { LicenseKey } from '../../license-keys/entities/license-key.entity.js';
import { OrderNote } from '../../orders/entities/order-note.entity.js';
import { Order } from '../../orders/entities/order.entity.js';
import { Dispute } from '../../payments/disputes/entities/dispute.entity.js';
import { PaymentEvent } from '../../payments/entities/payment-event.entity.js';
import { Refund } from '../../payments/entities/refund.entity.js';
import type { CreateOrderNoteDto, OrderNoteDto, OrderTimelineDto } from './dto/order-timeline.dto.js';
import { buildTimeline, TIMELINE_LIMIT } from './order-timeline.js';

/** The order's story (GET /api/admin/orders/:id/timeline) and staff's internal notes on it. */
@Injectable()
export class OrderTimelineService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditService,
  ) {}

  /** As `reader` may read it: staff's changes print only the fields their role may see (cost-fields.ts). */
  async timeline(orderId: string, reader: StaffUserDto): Promise<OrderTimelineDto> {
    const order = await this.find(orderId);
    const [events, keys, links, emails, refunds, disputes, reports, notes] = await Promise.all([
      this.newest(PaymentEvent, { orderId }, 'receivedAt'),
      this.newest(LicenseKey, { orderId }, 'assignedAt'),
      this.newest(DownloadLink, { orderId }, 'createdAt'),
      this.newest(OutboxEmail, { orderId }, 'createdAt'),
      this.newest(Refund, { orderId }, 'createdAt'),
      this.newest(Dispute, { orderId }, 'createdAt'),
      this.newest(KeyReport, { orderId }, 'createdAt'),
      this.newest(OrderNote, { orderId }, 'createdAt'),
    ]);
    const ids = <T extends { id: string | number }>(rows: T[]) => rows.map((r) => String(r.id));
    // Staff's changes to the order, and to what belongs to it (its keys, links, e-mails, key reports).
    const audited: [string, string[]][] = [
      ['orders', [orderId]],
      ['license-keys', ids(keys)],
      ['downloads', ids(links)],
      ['emails', ids(emails)],
      ['key-reports', ids(reports)],
    ];
    const [activations, audit] = await Promise.all([
      keys.length
        ? this.newest(LicenseActivation, { licenseKeyId: In(ids(keys)) }, 'createdAt')
        : Promise.resolve([]),
      this.newest(
        AuditEntry,
        audited
          .filter(([, resourceIds]) => resourceIds.length)
          .map(([resource, resourceIds]) => ({ resource, resourceId: In(resourceIds) })),
        'createdAt',
      ),
    ]);
    const messageIdDomain = senderDomain(this.config.mail.from);
    const story = buildTimeline({
      order,
      events,
      keys,
      activations,
      links,
      emails,
      refunds,
      disputes,
      reports,
      audit: readsCosts(reader)
        ? audit
        : audit.map((entry) => ({
            ...entry,
            before: withoutCosts(entry.before),
            after: withoutCosts(entry.after),
          })),
      notes,
      messageIdDomain,
    });
    return { orderId, ...story };
  }

  /**
   * Adds an internal note, audited in the same transaction. Notes are a record, as the audit trail is:
   * they are neither edited nor deleted; a correction is a new note.
   */
  async addNote(orderId: string, dto: CreateOrderNoteDto, actor: StaffUserDto): Promise<OrderNoteDto> {
    await this.find(orderId);
    const note = await runInTransaction(this.db, async (m) => {
      const saved = await m.save(OrderNote, {
        orderId,
        body: dto.body,
        staffUserId: actor.id,
        staffUsername: actor.username,
      });
      await this.audit.record(m, actor, {
        action: 'orders.note',
        resource: 'orders',
        resourceId: orderId,
        after: { noteId: saved.id, body: dto.body },
      });
      return saved;
    });
    return {
      id: note.id,
      orderId,
      body: note.body,
      author: note.staffUsername,
      createdAt: note.createdAt,
    };
  }

  /** The newest TIMELINE_LIMIT rows, oldest first. */
  private async newest<T extends ObjectLiteral>(
    entity: new () => T,
    where: FindOptionsWhere<T> | FindOptionsWhere<T>[],
    by: keyof T & string,
  ): Promise<T[]> {
    const rows = await this.db.getRepository(entity).find({
      where,
      order: { [by]: 'DESC' } as never,
      take: TIMELINE_LIMIT,
    });
    return rows.reverse();
  }

  private async find(id: string): Promise<Order> {
    const order = await this.db.getRepository(Order).findOneBy({ id });
    if (!order) throw new NotFoundException(`Order ${id} not found`);
    return order;
  }
}
