import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { runInTransaction } from '../../database/transactions.js';
import { FulfilmentService } from '../../fulfilment/fulfilment.service.js';
import { Order } from '../../orders/entities/order.entity.js';
import { OrderNote } from '../../orders/entities/order-note.entity.js';
import { Refund } from '../../payments/entities/refund.entity.js';
import { RefundsService } from '../../payments/refunds.service.js';
import type { ReviewDecision, ReviewDecisionDto, ReviewResultDto } from './dto/review.dto.js';

/** The reason recorded with the refund of an order rejected in review. */
export const REVIEW_REJECTED_REASON = 'Rejected in fraud review';

/** The decision an order's review already took, read from the order (null: none, or not a reviewed order). */
function decisionTaken(order: Order): ReviewDecision | null {
  if (!order.reviewedAt || !order.holdReasons?.length) return null;
  if (order.status === 'fulfilled' || order.status === 'processing') return 'approve';
  return order.status === 'cancelled' ? 'reject' : null;
}

/**
 * Staff's review of an order held for it (#19 §3): approve delivers it now (fulfilment.approveHeld, under
 * the order's lock, exactly once); reject cancels it, puts its reserved keys back in stock, tells the
 * customer, and refunds it in full through the provider (RefundsService, outside the transaction, under an
 * idempotency key of the order's). The same decision again answers the order as it is (a double click, a
 * replay after a crash: a rejected order's refund is asked again under the same key); another decision on
 * an order no longer held is a 409.
 */
@Injectable()
export class AdminReviewsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly fulfilment: FulfilmentService,
    private readonly refunds: RefundsService,
    private readonly audit: AuditService,
  ) {}

  async decide(orderId: string, dto: ReviewDecisionDto, actor: StaffUserDto): Promise<ReviewResultDto> {
    await runInTransaction(this.db, async (m) => {
      const order = await this.fulfilment.lockOrder(m, orderId);
      if (!order) throw new NotFoundException(`Order ${orderId} not found`);
      if (order.status !== 'on_hold') {
        const taken = decisionTaken(order);
        if (taken === dto.decision) return;
        throw new ConflictException(
          taken
            ? `This order is no longer held for review: it was ${taken === 'approve' ? 'approved' : 'rejected'}`
            : `This order is ${order.status}, not held for review`,
        );
      }
      const holdReasons = order.holdReasons;
      if (dto.decision === 'approve') {
        await this.fulfilment.approveHeld(m, order);
      } else {
        await this.fulfilment.rejectHeld(m, order);
      }
      if (dto.note)
        await m.insert(OrderNote, {
          orderId,
          body: dto.note,
          staffUserId: actor.id,
          staffUsername: actor.username,
        });
      await this.audit.record(m, actor, {
        action: 'orders.review',
        resource: 'orders',
        resourceId: orderId,
        before: { status: 'on_hold', holdReasons },
        after: { decision: dto.decision, status: order.status, note: dto.note ?? null },
      });
    });
    const refund = dto.decision === 'reject' ? await this.refundRejected(orderId, actor) : undefined;
    const order = await this.db.getRepository(Order).findOneByOrFail({ id: orderId });
    const { status, paymentStatus, reviewedAt } = order;
    return {
      orderId,
      decision: dto.decision,
      status,
      paymentStatus,
      reviewedAt,
      ...(refund && {
        refund: { id: refund.id, status: refund.status, failureReason: refund.failureReason },
      }),
    };
  }

  /**
   * The rejected order's full refund: asked once (its idempotency key is the order's), and not at all when
   * a refund already holds the money (the provider refunded it itself, e.g. its review closed as refunded).
   */
  private async refundRejected(orderId: string, actor: StaffUserDto): Promise<Refund | undefined> {
    const idempotencyKey = `review-reject-${orderId}`;
    const refunds = this.db.getRepository(Refund);
    const own = await refunds.findOneBy({ idempotencyKey });
    const other = await refunds.findOne({
      where: { orderId, status: In(['pending', 'succeeded']) },
      order: { createdAt: 'DESC' },
    });
    if (!own && other) return other;
    const order = await this.db.getRepository(Order).findOneByOrFail({ id: orderId });
    if (!own && order.paymentStatus === 'refunded') return undefined;
    return this.refunds.create(
      orderId,
      { reason: REVIEW_REJECTED_REASON, revokeKeys: true, notifyCustomer: false },
      actor,
      idempotencyKey,
    );
  }
}
