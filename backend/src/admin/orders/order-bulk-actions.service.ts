import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, LessThan, MoreThan, type DataSource } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { runInTransaction } from '../../database/transactions.js';
import { OutboxEmail } from '../../emails/entities/outbox-email.entity.js';
import { FulfilmentService } from '../../fulfilment/fulfilment.service.js';
import { Order } from '../../orders/entities/order.entity.js';
import { deliveryRefusal, UNPAID } from '../../orders/order-process.js';
import { PaymentProviders } from '../../payments/payment-providers.js';
import {
  BULK_ORDERS_LIMIT,
  type CancelStaleOrdersDto,
  type CancelStaleOrdersResponseDto,
  type ResendDeliveryResultDto,
  type SkippedOrderDto,
} from './dto/order-bulk-actions.dto.js';

/**
 * A delivery e-mail queued for an order this recently is not queued again by the bulk resend: a retried
 * request (a timeout, a double click) sends each customer one e-mail, not two.
 */
export const RESEND_QUIET_MINUTES = 10;

/**
 * The orders list's bulk actions (admin only). Each order changes in its own transaction with its own
 * audit entry, through the same rules as the single actions, so a failure stops nothing else and a retry
 * redoes only what was not done.
 */
@Injectable()
export class OrderBulkActionsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
    private readonly fulfilment: FulfilmentService,
    private readonly providers: PaymentProviders,
  ) {}

  /**
   * Cancels checkouts left unpaid (payment pending or failed, order still processing) for longer than
   * `olderThanHours`, oldest first, at most BULK_ORDERS_LIMIT a request (IDX_orders_paymentStatus). Each
   * payment is cancelled at the provider first, as the single cancel does, so the shopper can no longer
   * pay for it; then FulfilmentService.cancelUnpaid gives back its coupon reservation. A payment that
   * went through meanwhile wins: that order is skipped.
   */
  async cancelStale(dto: CancelStaleOrdersDto, actor: StaffUserDto): Promise<CancelStaleOrdersResponseDto> {
    const cutoff = new Date(Date.now() - dto.olderThanHours * 3_600_000);
    const stale = await this.db.getRepository(Order).find({
      where: { status: 'processing', paymentStatus: In(UNPAID), createdAt: LessThan(cutoff) },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: BULK_ORDERS_LIMIT + 1,
    });
    const more = stale.length > BULK_ORDERS_LIMIT;
    const batch = stale.slice(0, BULK_ORDERS_LIMIT);
    if (dto.dryRun)
      return { dryRun: true, cancelled: batch.length, ids: batch.map((o) => o.id), skipped: [], more };
    const ids: string[] = [];
    const skipped: SkippedOrderDto[] = [];
    for (const order of batch) {
      const refusal = await this.cancelPayment(order);
      if (refusal) {
        skipped.push({ id: order.id, reason: refusal });
        continue;
      }
      const done = await runInTransaction(this.db, async (m) => {
        if (!(await this.fulfilment.cancelUnpaid(m, order.id))) return false;
        await this.audit.record(m, actor, {
          action: 'orders.cancel-stale',
          resource: 'orders',
          resourceId: order.id,
          before: { status: order.status, paymentStatus: order.paymentStatus },
          after: { status: 'cancelled', olderThanHours: dto.olderThanHours },
        });
        return true;
      });
      if (done) ids.push(order.id);
      else skipped.push({ id: order.id, reason: 'No longer an open unpaid order' });
    }
    return { dryRun: false, cancelled: ids.length, ids, skipped, more };
  }

  /**
   * Queues the delivery e-mail again for each order, as the single resend does (FulfilmentService.
   * redeliver), answering per id: skipped with the reason for an order not found, not paid or not to be
   * delivered, or whose delivery e-mail was queued in the last RESEND_QUIET_MINUTES.
   */
  async resendDelivery(ids: string[], actor: StaffUserDto): Promise<ResendDeliveryResultDto[]> {
    const orders = await this.db.getRepository(Order).findBy({ id: In(ids) });
    const since = new Date(Date.now() - RESEND_QUIET_MINUTES * 60_000);
    const recent = await this.db.getRepository(OutboxEmail).find({
      select: { orderId: true },
      where: { orderId: In(ids), kind: 'order-delivery', createdAt: MoreThan(since) },
    });
    const results: ResendDeliveryResultDto[] = [];
    for (const id of ids) {
      const order = orders.find((o) => o.id === id);
      const refusal = !order
        ? 'Order not found'
        : (deliveryRefusal(order, 'Only paid orders have a delivery e-mail') ??
          (order.status !== 'fulfilled' ? 'Not delivered yet: its keys are not all assigned' : null) ??
          (recent.some((e) => e.orderId === id)
            ? `A delivery e-mail was queued for it less than ${RESEND_QUIET_MINUTES} minutes ago`
            : null));
      if (refusal || !order) {
        results.push({ id, result: 'skipped', reason: refusal ?? 'Order not found' });
        continue;
      }
      const emailId = await runInTransaction(this.db, async (m) => {
        const messageId = await this.fulfilment.redeliver(m, order);
        await this.audit.record(m, actor, {
          action: 'orders.resend-email',
          resource: 'orders',
          resourceId: id,
          after: { emailId: messageId, bulk: true },
        });
        return messageId;
      });
      results.push({ id, result: 'queued', emailId });
    }
    return results;
  }

  /** Cancels the order's payment at its provider; a refusal to cancel the order, or null. */
  private async cancelPayment(order: Order): Promise<string | null> {
    const provider = order.providerPaymentId ? this.providers.of(order) : null;
    if (!provider || !order.providerPaymentId) return null;
    try {
      const outcome = await provider.cancelPayment(order.providerPaymentId);
      return outcome === 'paid' ? 'The payment has just gone through: it is a paid order now' : null;
    } catch {
      return 'The payment provider could not be reached';
    }
  }
}
