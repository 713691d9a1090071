import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, type DataSource } from 'typeorm';
import { canonicalEmail } from '../../common/email.js';
import { parseListQuery, type ListPage, type ListQueryDto } from '../../common/list-query.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { fetchPage, sortList, startsWithLowercase, whereIdIn } from '../../database/list-page.js';
import { Order } from '../../orders/entities/order.entity.js';
import { Dispute } from '../../payments/disputes/entities/dispute.entity.js';
import { Refund } from '../../payments/entities/refund.entity.js';
import { AdminOrderListRowDto } from '../orders/dto/admin-order.dto.js';
import { OrderTimelineService } from '../orders/order-timeline.service.js';
import type { CustomerHistoryDto, ReviewQueueRowDto } from './dto/review-queue.dto.js';

const REVIEW_QUEUE = {
  sortable: ['heldAt', 'createdAt', 'totalCents', 'customerEmail'] as const,
  // Oldest hold first: the order waiting longest is decided first.
  defaultSort: ['heldAt', 'ASC'] as ['heldAt', 'ASC'],
  filters: { q: 'string', id: 'string[]' } as const,
};

/**
 * The review queue (GET /api/admin/reviews): the orders held for review (status `on_hold`), each with
 * what staff decide on: its hold reasons and evidence countries, the buyer's history by e-mail and the
 * order's timeline. The decisions stay POST /api/admin/orders/:id/review (AdminReviewsService).
 */
@Injectable()
export class ReviewQueueService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly timelines: OrderTimelineService,
  ) {}

  async list(dto: ListQueryDto, reader: StaffUserDto): Promise<ListPage<ReviewQueueRowDto>> {
    const { sort, skip, take, filter } = parseListQuery(dto, REVIEW_QUEUE);
    const driver = this.db.options.type;
    const q = this.db
      .getRepository(Order)
      .createQueryBuilder('o')
      .where('o.status = :held', { held: 'on_hold' });
    if (filter.id) whereIdIn(q, 'o.id', filter.id);
    const term = filter.q?.trim();
    if (term) {
      const matches = [
        startsWithLowercase(driver, 'o.customerEmail', canonicalEmail(term), 'email'),
        startsWithLowercase(driver, 'o.id', term.toLowerCase(), 'id'),
      ];
      q.andWhere(new Brackets((w) => matches.forEach(([sql, params]) => w.orWhere(sql, params))));
    }
    const page = await fetchPage(sortList(q, sort.field, sort.order), skip, take);
    // A page is a few held orders: each row's history and timeline are read side by side.
    const rows = await Promise.all(
      page.rows.map(async (order) => {
        const [history, story] = await Promise.all([
          this.history(order),
          this.timelines.timeline(order.id, reader),
        ]);
        return {
          ...AdminOrderListRowDto.from(order),
          history,
          timeline: story.entries,
          timelineTruncated: story.truncated,
        };
      }),
    );
    return { ...page, rows };
  }

  /** The e-mail's paid orders placed before `order`, and the refunds, disputes and warnings they had. */
  private async history(order: Order): Promise<CustomerHistoryDto> {
    const earlier = () =>
      this.db
        .getRepository(Order)
        .createQueryBuilder('o')
        .select('o.id')
        .where('o.customerEmail = :email', { email: order.customerEmail })
        .andWhere('o.createdAt < :before', { before: order.createdAt })
        .andWhere('o.id <> :self', { self: order.id })
        .andWhere('o.paidAt IS NOT NULL');
    const [previousOrders, first, refunds, disputes] = await Promise.all([
      earlier().getCount(),
      earlier().select(['o.id', 'o.createdAt']).orderBy('o.createdAt', 'ASC').limit(1).getOne(),
      this.db
        .getRepository(Refund)
        .createQueryBuilder('r')
        .where(`r.orderId IN (${earlier().getQuery()})`)
        .andWhere('r.status = :succeeded', { succeeded: 'succeeded' })
        .setParameters(earlier().getParameters())
        .getCount(),
      this.db
        .getRepository(Dispute)
        .createQueryBuilder('d')
        .select('d.kind', 'kind')
        .addSelect('COUNT(*)', 'n')
        .where(`d.orderId IN (${earlier().getQuery()})`)
        .setParameters(earlier().getParameters())
        .groupBy('d.kind')
        .getRawMany<{ kind: string; n: number | string }>(),
    ]);
    const kind = (name: string) => Number(disputes.find((d) => d.kind === name)?.n ?? 0);
    return {
      previousOrders,
      refunds,
      disputes: kind('dispute'),
      fraudWarnings: kind('fraud_warning'),
      firstOrderAt: first?.createdAt ?? null,
    };
  }
}
