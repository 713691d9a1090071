import { ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { AuditService, type AuditActor } from '../../audit/audit.service.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { runInTransaction } from '../../database/transactions.js';
import { DownloadLink } from '../../downloads/entities/download-link.entity.js';
import { OutboxService } from '../../emails/outbox.service.js';
import { FulfilmentService } from '../../fulfilment/fulfilment.service.js';
import { LicenseKey } from '../../license-keys/entities/license-key.entity.js';
import { Order } from '../../orders/entities/order.entity.js';
import {
  deliveryRefusal,
  PAID,
  reportedChangeApplies,
  SPENT_KEY_STATUSES,
  statesBefore,
} from '../../orders/order-process.js';
import { Refund } from '../entities/refund.entity.js';
import type { ProviderDispute, ProviderFraudWarning } from '../payment-provider.js';
import { RefundsService } from '../refunds.service.js';
import { InvoicesService } from '../../tax/invoices/invoices.service.js';
import { renderDisputeStaffEmail, type DisputeAlert } from './dispute-emails.js';
import { Dispute } from './entities/dispute.entity.js';

/** A dispute's statuses once closed: `won` and `warning_closed` (an inquiry dropped) leave the money. */
const WON = ['won', 'warning_closed'];
const CLOSED = [...WON, 'lost'];

/** Work to do once the webhook's transaction has committed (asking the provider for a refund). */
export type AfterCommit = () => Promise<void>;

/**
 * Chargebacks and early fraud warnings (#19 §2), applied from the provider's webhooks inside their
 * transaction, under the order's lock (PaymentsService records each event once, so a replay does nothing):
 * a dispute opened makes the payment `disputed` and revokes the keys (DISPUTE_REVOKES_KEYS), closed it
 * moves the payment back (won) or to refunded (lost); an early fraud warning refunds the payment in full
 * (EARLY_FRAUD_WARNING_REFUNDS). Staff are alerted at STAFF_ALERT_EMAIL each time.
 */
@Injectable()
export class DisputesService {
  private readonly logger = new Logger('Disputes');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly fulfilment: FulfilmentService,
    private readonly refunds: RefundsService,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
    private readonly invoices: InvoicesService,
  ) {}

  /** The order's disputes and fraud warnings, oldest first. */
  listFor(orderId: string): Promise<Dispute[]> {
    return this.db
      .getRepository(Dispute)
      .find({ where: { orderId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** One dispute of the order (404 otherwise). */
  async find(orderId: string, disputeId: string): Promise<Dispute> {
    const dispute = await this.db.getRepository(Dispute).findOneBy({ id: disputeId, orderId });
    if (!dispute) throw new NotFoundException(`Dispute ${disputeId} of order ${orderId} not found`);
    return dispute;
  }

  /**
   * `charge.dispute.created/updated/closed`. The first event seen for a dispute (whichever it is: they may
   * arrive out of order) records it and opens it; every later event keeps its status and due date current
   * unless it is older than the last one applied or would move the dispute backwards (a late `created`
   * after its outcome: reportedChangeApplies), which is ignored; the first that reports a final status
   * (won, lost, warning_closed) applies the outcome, and none changes it after; a `closed` event with any
   * other status changes nothing more. `order` must come from lockOrder; `reportedAt`: the provider's time
   * for the event.
   */
  async applyDispute(
    m: EntityManager,
    order: Order,
    phase: 'created' | 'updated' | 'closed',
    reported: ProviderDispute,
    reportedAt: Date | null = null,
  ): Promise<void> {
    const repo = m.getRepository(Dispute);
    let dispute = await repo.findOneBy({ providerDisputeId: reported.providerDisputeId });
    if (dispute && dispute.orderId !== order.id) {
      this.logger.error(
        `Dispute ${reported.providerDisputeId} reported for order ${order.id}, recorded for ${dispute.orderId}`,
      );
      return;
    }
    if (
      dispute &&
      !reportedChangeApplies(
        'dispute',
        { status: dispute.status, reportedAt: dispute.providerEventAt },
        { status: reported.status, reportedAt },
      )
    ) {
      this.logger.warn(
        `Dispute ${reported.providerDisputeId} is ${dispute.status}: an older ${phase} event (${reported.status}) ignored`,
      );
      return;
    }
    const wasClosed = dispute ? CLOSED.includes(dispute.status) : false;
    const fields = {
      amountCents: reported.amountCents,
      currency: reported.currency,
      reason: reported.reason,
      status: reported.status,
      evidenceDueBy: reported.evidenceDueBy,
      providerEventAt: reportedAt ?? dispute?.providerEventAt ?? null,
    };
    if (!dispute) {
      dispute = repo.create({
        orderId: order.id,
        kind: 'dispute',
        providerDisputeId: reported.providerDisputeId,
        ...fields,
        evidenceSubmittedAt: null,
        evidenceSubmittedBy: null,
        keysRevoked: false,
      });
      await repo.insert(dispute);
      await this.open(m, order, dispute);
    } else {
      Object.assign(dispute, fields);
      await repo.update(dispute.id, fields);
    }
    if (phase === 'closed' && !CLOSED.includes(reported.status))
      this.logger.warn(
        `Dispute ${reported.providerDisputeId} closed as ${reported.status}: payment left as it is`,
      );
    if (CLOSED.includes(reported.status) && !wasClosed) await this.close(m, order, dispute);
  }

  /**
   * A payment confirmed after a dispute of it arrived (its events came out of order: the dispute's opened
   * nothing on an unpaid order): a dispute still open applies now as it would have then (the payment
   * disputed, the keys just delivered revoked, or a held order's reservation released).
   */
  async applyOpenAfterConfirmation(m: EntityManager, orderId: string): Promise<void> {
    const disputes = await m.getRepository(Dispute).findBy({ orderId, kind: 'dispute' });
    const open = disputes.find((dispute) => !CLOSED.includes(dispute.status));
    if (!open) return;
    const order = (await this.fulfilment.lockOrder(m, orderId))!;
    if (PAID.includes(order.paymentStatus)) await this.open(m, order, open);
  }

  /** The payment becomes disputed; the keys are revoked (or a held order's reservation released). */
  private async open(m: EntityManager, order: Order, dispute: Dispute): Promise<void> {
    const disputed = await m
      .createQueryBuilder()
      .update(Order)
      .set({ paymentStatus: 'disputed' })
      .where('id = :id AND paymentStatus IN (:...from)', {
        id: order.id,
        from: statesBefore('payment', 'disputed', 'system'),
      })
      .execute();
    if (disputed.affected) order.paymentStatus = 'disputed';
    let keys: 'revoked' | 'released' | 'kept' | 'none' = 'kept';
    if (order.status === 'on_hold') {
      // Reserved, never revealed: back to stock rather than burnt. Approval is refused while disputed.
      await this.fulfilment.releaseReservedKeys(m, order.id);
      keys = 'released';
    } else if (this.config.disputes.revokeKeys) {
      const revoked = await m.update(
        LicenseKey,
        { orderId: order.id, status: In(statesBefore('license-key', 'revoked', 'system')) },
        { status: 'revoked' },
      );
      await m.update(DownloadLink, { orderId: order.id }, { isActive: false });
      keys = revoked.affected ? 'revoked' : 'none';
      if (revoked.affected) {
        dispute.keysRevoked = true;
        await m.update(Dispute, dispute.id, { keysRevoked: true });
      }
    }
    await this.alert(m, order, dispute, { event: 'opened', keys });
    this.logger.warn(`Order ${order.id}: dispute ${dispute.providerDisputeId} opened (${dispute.reason})`);
  }

  /**
   * Won: the payment is the store's again (completed, or partially refunded after refunds), the keys stay
   * revoked until staff restore them. Lost: the money went back, the payment is refunded (fulfilment's
   * refund, keys revoked and links disabled; a held order is cancelled, its reservation released), and
   * what its invoice still has uncredited gets a credit note (no refund row records this money).
   */
  private async close(m: EntityManager, order: Order, dispute: Dispute): Promise<void> {
    if (WON.includes(dispute.status)) {
      const refunded = await m.countBy(Refund, { orderId: order.id, status: 'succeeded' });
      await m
        .createQueryBuilder()
        .update(Order)
        .set({ paymentStatus: refunded ? 'partially_refunded' : 'completed' })
        .where('id = :id AND paymentStatus = :disputed', { id: order.id, disputed: 'disputed' })
        .execute();
    } else {
      if (order.status === 'on_hold')
        await this.fulfilment.cancelUndelivered(m, order, 'cancelled', 'review-rejected');
      if (await this.fulfilment.refund(m, order.id)) await this.refunds.recordRestRefunded(m, order);
      await this.invoices.issueCreditNote(m, order, {
        refundId: null,
        reason: `Dispute ${dispute.providerDisputeId} lost: the payment went back to the cardholder.`,
      });
    }
    await this.alert(m, order, dispute, { event: 'closed' });
  }

  /**
   * `radar.early_fraud_warning.created`: recorded (kind `fraud_warning`) and, with
   * EARLY_FRAUD_WARNING_REFUNDS, the payment refunded in full with its keys revoked (a held order is
   * cancelled first, its reserved keys released): recorded here, asked of the provider after commit (the
   * AfterCommit answered), or by the housekeeping should the process stop before. `order` from lockOrder.
   */
  async applyFraudWarning(
    m: EntityManager,
    order: Order,
    warning: ProviderFraudWarning,
  ): Promise<AfterCommit | null> {
    const repo = m.getRepository(Dispute);
    if (await repo.existsBy({ providerDisputeId: warning.providerWarningId })) return null;
    const refundable =
      PAID.includes(order.paymentStatus) && (await this.refunds.refundableCents(m, order)) > 0;
    const refundIt = this.config.disputes.earlyFraudWarningRefunds && refundable;
    const dispute = repo.create({
      orderId: order.id,
      kind: 'fraud_warning',
      providerDisputeId: warning.providerWarningId,
      amountCents: order.totalCents,
      currency: order.currency,
      reason: warning.fraudType,
      status: refundIt ? 'refunded' : 'open',
      evidenceDueBy: null,
      evidenceSubmittedAt: null,
      evidenceSubmittedBy: null,
      keysRevoked: refundIt && order.status !== 'on_hold',
    });
    await repo.insert(dispute);
    let after: AfterCommit | null = null;
    if (refundIt) {
      if (order.status === 'on_hold')
        await this.fulfilment.cancelUndelivered(m, order, 'cancelled', 'review-rejected');
      const refund = await this.refunds.recordSystem(m, order, {
        reason: `Early fraud warning (${warning.fraudType ?? 'unspecified'})`,
        revokeKeys: true,
        // The cardholder learns where the money went and that the keys no longer work.
        notifyCustomer: true,
        idempotencyKey: `fraud-warning-${warning.providerWarningId}`,
      });
      if (refund) after = () => this.refunds.askRecorded(refund.id).then(() => undefined);
    }
    await this.alert(m, order, dispute, {
      event: 'fraud-warning',
      refund: refundIt ? 'requested' : refundable ? 'off' : 'not-refundable',
    });
    this.logger.warn(`Order ${order.id}: early fraud warning ${warning.providerWarningId}`);
    return after;
  }

  /**
   * After a dispute won, staff make the keys it revoked work again (admin, audited): the order's revoked
   * keys, but not those a partial refund revoked, up to each line's quantity (a key replaced meanwhile
   * holds its place), and the download links of every product that has a working key again.
   */
  async restoreKeys(orderId: string, disputeId: string, actor: AuditActor): Promise<{ restored: number }> {
    return runInTransaction(this.db, async (m) => {
      const order = await this.fulfilment.lockOrder(m, orderId);
      if (!order) throw new NotFoundException(`Order ${orderId} not found`);
      const dispute = await m.findOneBy(Dispute, { id: disputeId, orderId });
      if (!dispute) throw new NotFoundException(`Dispute ${disputeId} of order ${orderId} not found`);
      if (dispute.kind !== 'dispute' || !WON.includes(dispute.status))
        throw new ConflictException(
          `Keys are restored only after a dispute is won; this one is ${dispute.status}`,
        );
      if (!dispute.keysRevoked)
        throw new ConflictException('This dispute revoked no keys, or they were restored already');
      const refusal = deliveryRefusal(
        order,
        `This order's payment is ${order.paymentStatus}: its keys stay revoked`,
      );
      if (refusal) throw new ConflictException(refusal);
      const refunded = await m.findBy(Refund, { orderId, status: 'succeeded' });
      const keptRevoked = new Set(refunded.flatMap((r) => r.licenseKeyIds ?? []));
      const keys = await m.find(LicenseKey, {
        where: { orderId },
        order: { assignedAt: 'ASC', id: 'ASC' },
      });
      const restore: string[] = [];
      for (const item of order.orderItems) {
        const own = keys.filter((k) => k.productId === item.productId);
        let room = item.quantity - own.filter((k) => !SPENT_KEY_STATUSES.includes(k.status)).length;
        for (const key of own) {
          if (room <= 0) break;
          if (key.status === 'revoked' && !keptRevoked.has(key.id)) {
            restore.push(key.id);
            room--;
          }
        }
      }
      if (restore.length) {
        await m.update(LicenseKey, { id: In(restore), status: 'revoked' }, { status: 'active' });
        const products = [...new Set(keys.filter((k) => restore.includes(k.id)).map((k) => k.productId))];
        await m.update(DownloadLink, { orderId, productId: In(products) }, { isActive: true });
      }
      await m.update(Dispute, dispute.id, { keysRevoked: false });
      await this.audit.record(m, actor, {
        action: 'disputes.restore-keys',
        resource: 'orders',
        resourceId: orderId,
        after: { disputeId, licenseKeyIds: restore },
      });
      return { restored: restore.length };
    });
  }

  /** Records that staff submitted the evidence (after the provider accepted it), audited. */
  async markEvidenceSubmitted(dispute: Dispute, actor: AuditActor): Promise<Dispute> {
    await runInTransaction(this.db, async (m) => {
      const now = new Date();
      await m.update(Dispute, dispute.id, { evidenceSubmittedAt: now, evidenceSubmittedBy: actor.username });
      await this.audit.record(m, actor, {
        action: 'disputes.submit-evidence',
        resource: 'orders',
        resourceId: dispute.orderId,
        after: { disputeId: dispute.id, providerDisputeId: dispute.providerDisputeId },
      });
    });
    return this.db.getRepository(Dispute).findOneByOrFail({ id: dispute.id });
  }

  /** Whether evidence may still be sent for it (an open dispute, not sent yet); why not otherwise. */
  static evidenceRefusal(dispute: Dispute): string | null {
    if (dispute.kind !== 'dispute') return 'An early fraud warning takes no evidence: only a dispute does';
    if (dispute.evidenceSubmittedAt) return 'The evidence for this dispute was submitted already';
    if (CLOSED.includes(dispute.status)) return `This dispute is closed (${dispute.status})`;
    return null;
  }

  private async alert(m: EntityManager, order: Order, dispute: Dispute, alert: DisputeAlert) {
    await this.outbox.enqueue(m, {
      kind: alert.event === 'fraud-warning' ? 'fraud-warning' : 'dispute',
      to: this.config.mail.staffAlertEmail,
      orderId: order.id,
      audience: 'staff',
      ...renderDisputeStaffEmail(order, dispute, alert, this.config.publicUrl),
    });
  }
}
