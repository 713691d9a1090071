import { ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuditService, type AuditActor } from '../audit/audit.service.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { runInTransaction } from '../database/transactions.js';
import { OutboxService } from '../emails/outbox.service.js';
import { FulfilmentService } from '../fulfilment/fulfilment.service.js';
import { LicenseKey } from '../license-keys/entities/license-key.entity.js';
import type { Order } from '../orders/entities/order.entity.js';
import { PAID } from '../orders/order-process.js';
import { RefundsService } from '../payments/refunds.service.js';
import { renderWithdrawalEmail, renderWithdrawalStaffEmail } from './withdrawal-email.js';

/** The reason recorded on the refund a withdrawal makes. */
export const WITHDRAWAL_REFUND_REASON = 'Withdrawal by the customer';

/** Who withdraws: the customer, through their signed-in account page; no staff member. */
export const WITHDRAWAL_ACTOR: AuditActor = { id: null, username: 'customer withdrawal' };

type WithdrawalState = Pick<Order, 'status' | 'paymentStatus' | 'refundDue' | 'awaitingKeys'>;

/**
 * Why the customer may not withdraw from this order now (a 409's message), or null: the right of
 * withdrawal (Consumer Rights Directive Art 11a) is used here only for orders of which nothing was
 * delivered: held for review (its keys reserved, never shown), or paid and waiting for stock with no key
 * delivered yet. Once any key of the order is delivered, with the two consents given at checkout, the right
 * is lost for the order (a part-delivered order is not withdrawn in part). `keysDelivered`: whether the
 * order has any key that reached the customer (a held order's reserved keys did not).
 */
export function withdrawalRefusal(order: WithdrawalState, keysDelivered: boolean): string | null {
  if (order.paymentStatus === 'refunded') return 'This order was refunded: there is nothing to withdraw from';
  if (order.paymentStatus === 'disputed')
    return "This order's payment is disputed with your bank: the dispute decides about the money";
  if (!PAID.includes(order.paymentStatus)) return 'This order is not paid: there is nothing to withdraw from';
  if (order.refundDue) return 'This order was cancelled and is already being refunded in full';
  if (order.status === 'on_hold') return null;
  if (order.status === 'processing' && order.awaitingKeys && !keysDelivered) return null;
  return (
    "This order's licence keys were delivered: with the consents given at checkout, the right of " +
    'withdrawal ended on delivery'
  );
}

/** The customer's withdrawal from an undelivered order: cancelled, reserved keys back to stock, refunded. */
@Injectable()
export class WithdrawalService {
  private readonly logger = new Logger('Withdrawal');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly fulfilment: FulfilmentService,
    private readonly refunds: RefundsService,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
  ) {}

  /**
   * Withdraws `email`'s order `orderId` (404 when it is not theirs, 409 naming why when it may not be),
   * or answers the withdrawal already made. Under the order's lock: the order is withdrawn and owed its
   * refund, its reserved keys go back to stock, the customer's acknowledgement and the staff alert are
   * written, and it is audited. Then the full refund is asked of the provider (outside the transaction, as
   * every refund is), under an idempotency key of the order's own, so a repeated withdrawal refunds once. A
   * refund that fails leaves the order owing it (`refundDue`), for staff.
   */
  async withdraw(email: string, orderId: string): Promise<void> {
    const order = await runInTransaction(this.db, async (m) => {
      const order = await this.fulfilment.lockOrder(m, orderId);
      if (!order || order.customerEmail !== email)
        throw new NotFoundException('No such order among your orders');
      if (order.status === 'withdrawn') return order;
      const keysDelivered =
        order.status !== 'on_hold' && (await m.existsBy(LicenseKey, { orderId: order.id }));
      const refusal = withdrawalRefusal(order, keysDelivered);
      if (refusal) throw new ConflictException(refusal);
      const before = { status: order.status, awaitingKeys: order.awaitingKeys };
      await this.fulfilment.cancelUndelivered(m, order, 'withdrawn', 'withdrawn');
      const withdrawnAt = order.withdrawnAt!;
      await this.outbox.enqueue(m, {
        kind: 'order-withdrawal',
        to: order.customerEmail,
        orderId: order.id,
        ...renderWithdrawalEmail(order, withdrawnAt, { supportEmail: this.config.mail.supportEmail }),
      });
      await this.outbox.enqueue(m, {
        kind: 'withdrawal-alert',
        to: this.config.mail.staffAlertEmail,
        orderId: order.id,
        audience: 'staff',
        ...renderWithdrawalStaffEmail(order, withdrawnAt),
      });
      await this.audit.record(m, WITHDRAWAL_ACTOR, {
        action: 'orders.withdraw',
        resource: 'orders',
        resourceId: order.id,
        before,
        after: { status: order.status, withdrawnAt, refundDue: order.refundDue },
      });
      return order;
    });
    if (order.refundDue !== 'withdrawn') return;
    try {
      await this.refunds.create(
        order.id,
        { reason: WITHDRAWAL_REFUND_REASON, revokeKeys: true, notifyCustomer: true },
        WITHDRAWAL_ACTOR,
        `withdrawal-${order.id}`,
      );
    } catch (error) {
      // The withdrawal stands; the order stays owed its refund, which staff see and make.
      this.logger.error(`The refund of withdrawn order ${order.id} failed: ${(error as Error).message}`);
    }
  }
}
