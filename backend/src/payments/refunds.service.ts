import { createHash, randomUUID } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { AuditService, type AuditActor } from '../audit/audit.service.js';
import { formatMoney } from '../common/money.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { isUniqueViolation } from '../database/errors.js';
import { runInTransaction } from '../database/transactions.js';
import { OutboxService } from '../emails/outbox.service.js';
import { FulfilmentService } from '../fulfilment/fulfilment.service.js';
import { renderRefundEmail } from '../fulfilment/refund-email.js';
import { LicenseKey } from '../license-keys/entities/license-key.entity.js';
import { Order } from '../orders/entities/order.entity.js';
import { amountOf } from '../orders/order-currency.js';
import { PAID, reportedChangeApplies } from '../orders/order-process.js';
import { InvoicesService } from '../tax/invoices/invoices.service.js';
import { SalesRollupService } from '../reports/sales-rollup.service.js';
import { Refund, type RefundStatus } from './entities/refund.entity.js';
import { RefundRefused, type PaymentProvider, type ProviderRefund } from './payment-provider.js';
import { PaymentProviders } from './payment-providers.js';

/** What staff ask for (POST /api/admin/orders/:id/refunds). */
export interface RefundRequest {
  /** Omitted: everything left. */
  amountCents?: number;
  reason: string;
  /** A full refund revokes every key and link; a partial one the keys in `licenseKeyIds`. */
  revokeKeys: boolean;
  licenseKeyIds?: string[];
  notifyCustomer: boolean;
}

/** The reason recorded for a refund the store learns of from the provider only. */
export const PROVIDER_REFUND_REASON = 'Refunded at the payment provider';

/**
 * How long a refund may wait for the provider's answer to the request that recorded it (the Stripe
 * client's timeout is 15 s, once retried): a replay under its Idempotency-Key waits this long for that
 * answer before asking the provider itself (the first request's process died).
 */
const IN_FLIGHT_MS = 35_000;

/** Refunds that hold money: confirmed ones, and those the provider has not answered yet. */
const HOLDING: RefundStatus[] = ['succeeded', 'pending'];

/**
 * Refunds through the payment provider, asked for by staff (create) or made at the provider and learnt
 * from its webhooks (applyReported). A refund is recorded `pending` before the provider is asked (its
 * amount held, under the order's row lock, so two refunds at once never pass what was paid), the provider
 * is asked outside any transaction, and its answer or a later webhook settles it. What a refund does to
 * the order (payment status, keys, links, the customer's e-mail) happens once, when it succeeds.
 */
@Injectable()
export class RefundsService {
  private readonly logger = new Logger('Refunds');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly providers: PaymentProviders,
    private readonly fulfilment: FulfilmentService,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
    private readonly invoices: InvoicesService,
    private readonly sales: SalesRollupService,
  ) {}

  /** The order's refunds, oldest first. */
  listFor(orderId: string): Promise<Refund[]> {
    return this.db.getRepository(Refund).find({ where: { orderId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** What may still be refunded: paid, less the refunds that succeeded or are pending. */
  async refundableCents(m: EntityManager, order: Pick<Order, 'id' | 'totalCents' | 'paymentStatus'>) {
    if (!PAID.includes(order.paymentStatus)) return 0;
    return Math.max(0, order.totalCents - (await this.sum(m, order.id, HOLDING)));
  }

  /**
   * Staff's refund: recorded, asked of the order's provider with an idempotency key of its own, and
   * settled by the answer. A request repeated with its Idempotency-Key answers the same refund (asking the
   * provider again, under the same key, if its answer was never recorded).
   */
  async create(
    orderId: string,
    request: RefundRequest,
    actor: AuditActor,
    idempotencyKey?: string,
  ): Promise<Refund> {
    const fingerprint = createHash('sha256')
      .update(JSON.stringify({ orderId, ...request }))
      .digest('hex');
    if (idempotencyKey) {
      const replayed = await this.replay(idempotencyKey, fingerprint);
      if (replayed) return replayed;
    }
    const provider = await this.providerOf(orderId);
    let refund: Refund;
    try {
      refund = await runInTransaction(this.db, (m) =>
        this.record(m, orderId, request, actor, idempotencyKey, fingerprint),
      );
    } catch (error) {
      // The same Idempotency-Key twice at once: the loser answers the winner's refund, whether it lost on
      // the key's unique index or, waiting for the order's lock, found the amount already held by it.
      if (idempotencyKey && (isUniqueViolation(error) || error instanceof ConflictException)) {
        const replayed = await this.replay(idempotencyKey, fingerprint);
        if (replayed) return replayed;
      }
      throw error;
    }
    return this.askProvider(provider, refund);
  }

  /**
   * A refund as the provider reports it (its answer, or a webhook): matched to the store's refund by the
   * provider's id or the store's id it was given, or recorded as one made at the provider. Its effects
   * are applied when it first succeeds. `order` must have been read through lockOrder. `reportedAt`: the
   * provider's time for the event that reports it (null for its answer to the store's request); a report
   * older than what the refund holds, or one that would move it backwards, changes nothing
   * (reportedChangeApplies).
   */
  async applyReported(
    m: EntityManager,
    order: Order,
    reported: ProviderRefund,
    reportedAt: Date | null = null,
  ): Promise<void> {
    const refunds = m.getRepository(Refund);
    let refund =
      (await refunds.findOneBy({ providerRefundId: reported.providerRefundId })) ??
      (reported.storeRefundId
        ? await refunds.findOneBy({ id: reported.storeRefundId, orderId: order.id })
        : null);
    if (!refund) {
      // Recorded even when it failed before it was ever seen (no money moved): its late `refund.created`
      // then finds it failed, and holds nothing.
      const left = order.totalCents - (await this.sum(m, order.id, HOLDING));
      refund = refunds.create({
        orderId: order.id,
        amountCents: reported.amountCents,
        currency: order.currency,
        reason: PROVIDER_REFUND_REASON,
        status: 'pending',
        staffUserId: null,
        staffUsername: null,
        idempotencyKey: `provider-${reported.providerRefundId}`,
        providerRefundId: reported.providerRefundId,
        // Made in the provider's dashboard: a refund of everything left takes the keys back, as staff's
        // full refund does by default; a partial one cannot say which keys it covers.
        revokeKeys: reported.amountCents >= left,
        licenseKeyIds: null,
        notifyCustomer: true,
      });
      await refunds.insert(refund);
    }
    // Until the provider answered, the refund's status is the store's guess (failed when the provider could
    // not be reached): the provider's first word on it is news, whatever it says.
    const held = {
      status: refund.providerRefundId ? refund.status : 'pending',
      reportedAt: refund.providerEventAt,
    };
    if (!reportedChangeApplies('refund', held, { status: reported.status, reportedAt })) {
      this.logger.warn(
        `Refund ${refund.id} of order ${order.id} is ${refund.status}: an older report (${reported.status}) ignored`,
      );
      return;
    }
    const providerEventAt = reportedAt ?? refund.providerEventAt;
    if (refund.status === reported.status && refund.providerRefundId === reported.providerRefundId) {
      if (providerEventAt !== refund.providerEventAt) await refunds.update(refund.id, { providerEventAt });
      return;
    }
    const was = refund.status;
    await refunds.update(refund.id, {
      providerRefundId: reported.providerRefundId,
      status: reported.status,
      failureReason: reported.failureReason,
      providerEventAt,
    });
    refund.status = reported.status;
    if (reported.status === 'succeeded' && was !== 'succeeded') await this.settle(m, order, refund);
    else if (was === 'succeeded')
      this.logger.error(
        `Refund ${refund.id} of order ${order.id} was ${reported.status} after it had succeeded: check it at the provider`,
      );
  }

  /**
   * The provider says the payment is refunded in full without saying how much (an event with neither its
   * refunds nor its total): the order is refunded, and its invoice credited with what is left on it.
   */
  async applyFullyRefunded(m: EntityManager, order: Order): Promise<void> {
    if (!(await this.fulfilment.refund(m, order.id))) return;
    await this.recordRestRefunded(m, order);
    await this.invoices.issueCreditNote(m, order, {
      refundId: null,
      reason: 'Refunded in full at the payment provider.',
    });
  }

  /**
   * The payment went back in full with no refund row for the rest of it (refunded at the provider without
   * an amount, a dispute lost): the sales report counts what the refunds recorded had not, today. Called
   * once, when fulfilment's refund first marks the payment refunded.
   */
  async recordRestRefunded(m: EntityManager, order: Order): Promise<void> {
    const before = await this.sum(m, order.id, ['succeeded']);
    await this.sales.recordRefund(m, order, order.totalCents - before, before);
  }

  /**
   * The provider reports the payment's total refunded: what the store has not recorded (refunds the
   * provider did not list) is recorded as one refund made at the provider. Pending refunds count as
   * recorded, so one the provider counts already is not recorded twice.
   */
  async applyRefundedTotal(m: EntityManager, order: Order, refundedCents: number, eventId: string) {
    const known = await this.sum(m, order.id, HOLDING);
    if (refundedCents <= known) return;
    const left = order.totalCents - known;
    const refund = m.getRepository(Refund).create({
      orderId: order.id,
      amountCents: refundedCents - known,
      currency: order.currency,
      reason: PROVIDER_REFUND_REASON,
      status: 'succeeded',
      idempotencyKey: `provider-event-${eventId}`,
      providerRefundId: null,
      revokeKeys: refundedCents - known >= left,
      licenseKeyIds: null,
      notifyCustomer: true,
    });
    await m.getRepository(Refund).insert(refund);
    await this.settle(m, order, refund);
  }

  /**
   * A refund the store itself decides on (an early fraud warning: DisputesService), of everything left,
   * recorded `pending` in the caller's transaction under the order's lock (`order` from lockOrder), by no
   * staff member. The provider is asked after commit (askRecorded); should the process stop before, the
   * sweep (askUnanswered) asks it, under the same provider idempotency key. Null when nothing is left or
   * the payment is not refundable; the same `idempotencyKey` again answers the refund it recorded.
   */
  async recordSystem(
    m: EntityManager,
    order: Order,
    request: { reason: string; revokeKeys: boolean; notifyCustomer: boolean; idempotencyKey: string },
  ): Promise<Refund | null> {
    const existing = await m.getRepository(Refund).findOneBy({ idempotencyKey: request.idempotencyKey });
    if (existing) return existing;
    if (!PAID.includes(order.paymentStatus) || !order.providerPaymentId) return null;
    const left = await this.refundableCents(m, order);
    if (left <= 0) return null;
    const refund = m.getRepository(Refund).create({
      orderId: order.id,
      amountCents: left,
      currency: order.currency,
      reason: request.reason,
      status: 'pending',
      staffUserId: null,
      staffUsername: null,
      idempotencyKey: request.idempotencyKey,
      requestFingerprint: null,
      revokeKeys: request.revokeKeys,
      licenseKeyIds: null,
      notifyCustomer: request.notifyCustomer,
    });
    await m.getRepository(Refund).insert(refund);
    return refund;
  }

  /**
   * Asks the provider for a refund recorded but not yet asked (recordSystem's, after its transaction
   * commits). Answers it as it then stands; one already answered is left as it is.
   */
  async askRecorded(refundId: string): Promise<Refund> {
    const refund = await this.db.getRepository(Refund).findOneByOrFail({ id: refundId });
    if (refund.status !== 'pending' || refund.providerRefundId) return refund;
    return this.askProvider(await this.providerOf(refund.orderId), refund);
  }

  /**
   * The housekeeping's catch-up: refunds recorded `pending` more than IN_FLIGHT_MS ago whose provider
   * answer was never recorded (the process stopped between recording and asking) are asked now, under
   * their own idempotency key, so the provider refunds them once. Answers how many were asked.
   */
  async askUnanswered(now = new Date()): Promise<number> {
    const stale = await this.db
      .getRepository(Refund)
      .createQueryBuilder('r')
      .select(['r.id'])
      .where('r.status = :pending AND r.providerRefundId IS NULL AND r.createdAt < :cutoff', {
        pending: 'pending',
        cutoff: new Date(now.getTime() - IN_FLIGHT_MS),
      })
      .orderBy('r.createdAt', 'ASC')
      .take(100)
      .getMany();
    let asked = 0;
    for (const { id } of stale) {
      try {
        await this.askRecorded(id);
        asked++;
      } catch (error) {
        this.logger.warn(`Refund ${id} could not be asked again: ${(error as Error).message}`);
      }
    }
    return asked;
  }

  /** Checks the request against the order under its lock and records the refund `pending`. */
  private async record(
    m: EntityManager,
    orderId: string,
    request: RefundRequest,
    actor: AuditActor,
    idempotencyKey: string | undefined,
    fingerprint: string,
  ): Promise<Refund> {
    const order = await this.fulfilment.lockOrder(m, orderId);
    if (!order) throw new NotFoundException(`Order ${orderId} not found`);
    if (!PAID.includes(order.paymentStatus) || !order.providerPaymentId)
      throw new ConflictException(
        `Only a paid order can be refunded; this order's payment is ${order.paymentStatus}`,
      );
    const left = await this.refundableCents(m, order);
    if (left <= 0)
      throw new ConflictException('Nothing is left to refund: earlier refunds take the whole payment');
    const amount = request.amountCents ?? left;
    if (amount > left)
      throw new BadRequestException(
        `amountCents ${amount} is more than is left to refund (${left}, ${formatMoney(amountOf(left, order))}: ` +
          `paid ${formatMoney(amountOf(order.totalCents, order))}, less earlier refunds)`,
      );
    const full = amount === left;
    const keyIds = [...new Set(request.licenseKeyIds ?? [])];
    if (!full && keyIds.length && !request.revokeKeys)
      throw new BadRequestException('licenseKeyIds are revoked only with revokeKeys: true');
    if (!full && request.revokeKeys) {
      if (!keyIds.length)
        throw new BadRequestException(
          'A partial refund with revokeKeys names the licence keys to revoke: send licenseKeyIds',
        );
      const keys = await m.findBy(LicenseKey, { orderId, id: In(keyIds) });
      const unknown = keyIds.filter((id) => !keys.some((k) => k.id === id));
      if (unknown.length)
        throw new BadRequestException(`licenseKeyIds: not licence keys of this order: ${unknown.join(', ')}`);
    }
    const refund = m.getRepository(Refund).create({
      orderId,
      amountCents: amount,
      currency: order.currency,
      reason: request.reason,
      status: 'pending',
      staffUserId: actor.id,
      staffUsername: actor.username,
      idempotencyKey: idempotencyKey ?? randomUUID(),
      requestFingerprint: idempotencyKey ? fingerprint : null,
      revokeKeys: request.revokeKeys,
      licenseKeyIds: full || !request.revokeKeys ? null : keyIds,
      notifyCustomer: request.notifyCustomer,
    });
    await m.getRepository(Refund).insert(refund);
    await this.audit.record(m, actor, {
      action: 'orders.refund',
      resource: 'orders',
      resourceId: orderId,
      after: {
        refundId: refund.id,
        amountCents: amount,
        full,
        reason: request.reason,
        revokeKeys: request.revokeKeys,
        licenseKeyIds: refund.licenseKeyIds,
        notifyCustomer: request.notifyCustomer,
      },
    });
    return refund;
  }

  /**
   * Asks the provider (outside any transaction: no lock is held while it answers) and records its answer.
   * A refusal fails the refund; so does an error (the provider unreachable): its amount is free again,
   * and should the provider have refunded after all, its webhook names this refund and succeeds it.
   */
  private async askProvider(provider: PaymentProvider, refund: Refund): Promise<Refund> {
    const order = await this.db.getRepository(Order).findOneByOrFail({ id: refund.orderId });
    let reported: ProviderRefund;
    try {
      reported = await provider.refund(order.providerPaymentId!, refund.amountCents, {
        idempotencyKey: `refund-${refund.id}`,
        storeRefundId: refund.id,
      });
    } catch (error) {
      const failureReason =
        error instanceof RefundRefused
          ? `The payment provider refused the refund: ${error.message}`
          : 'The payment provider could not be reached; nothing was refunded. Try again.';
      if (!(error instanceof RefundRefused))
        this.logger.warn(`Refund ${refund.id} of order ${order.id}: ${(error as Error).message}`);
      await this.db
        .getRepository(Refund)
        .update(
          { id: refund.id, status: 'pending' },
          { status: 'failed', failureReason: failureReason.slice(0, 500) },
        );
      return this.db.getRepository(Refund).findOneByOrFail({ id: refund.id });
    }
    await runInTransaction(this.db, async (m) => {
      const locked = await this.fulfilment.lockOrder(m, order.id);
      await this.applyReported(m, locked!, { ...reported, storeRefundId: refund.id });
    });
    return this.db.getRepository(Refund).findOneByOrFail({ id: refund.id });
  }

  /** What a succeeded refund does to its order, once: its credit note among them. */
  private async settle(m: EntityManager, order: Order, refund: Refund): Promise<void> {
    await this.invoices.issueCreditNote(m, order, {
      refundId: refund.id,
      amountCents: refund.amountCents,
      reason: `Refund of ${formatMoney(amountOf(refund.amountCents, refund))} (refund ${refund.id}).`,
    });
    const refunded = await this.sum(m, order.id, ['succeeded']);
    await this.sales.recordRefund(m, order, refund.amountCents, refunded - refund.amountCents);
    const full = refunded >= order.totalCents;
    let keysRevoked = 0;
    if (full) {
      const working = refund.revokeKeys
        ? await m.countBy(LicenseKey, { orderId: order.id, status: In(['active', 'expired']) })
        : 0;
      if (await this.fulfilment.refund(m, order.id, refund.revokeKeys)) keysRevoked = working;
    } else {
      const keyIds = refund.revokeKeys ? (refund.licenseKeyIds ?? []) : [];
      await this.fulfilment.partiallyRefund(m, order.id, keyIds);
      keysRevoked = keyIds.length;
    }
    if (!refund.notifyCustomer) return;
    await this.outbox.enqueue(m, {
      kind: 'order-refund',
      to: order.customerEmail,
      orderId: order.id,
      ...renderRefundEmail(
        order,
        { amount: amountOf(refund.amountCents, refund), full, keysRevoked },
        { supportEmail: this.config.mail.supportEmail },
      ),
    });
  }

  private async sum(m: EntityManager, orderId: string, statuses: RefundStatus[]): Promise<number> {
    const row = await m
      .createQueryBuilder(Refund, 'r')
      .select('COALESCE(SUM(r.amountCents), 0)', 'total')
      .where('r.orderId = :orderId AND r.status IN (:...statuses)', { orderId, statuses })
      .getRawOne<{ total: string | number }>();
    return Number(row?.total ?? 0);
  }

  /** The order's provider, configured here (409 otherwise: it cannot be asked). */
  private async providerOf(orderId: string): Promise<PaymentProvider> {
    const order = await this.db.getRepository(Order).findOne({
      select: { id: true, paymentProvider: true },
      where: { id: orderId },
    });
    if (!order) throw new NotFoundException(`Order ${orderId} not found`);
    const provider = this.providers.of(order);
    if (!provider)
      throw new ConflictException(
        `This order was paid through ${order.paymentProvider ?? 'no provider'}, which is not configured here: refund it there`,
      );
    return provider;
  }

  /**
   * The refund an Idempotency-Key already made, or null when the key is new. One whose provider answer
   * was never recorded (the process stopped meanwhile) is asked again, under the same provider key.
   */
  private async replay(idempotencyKey: string, fingerprint: string): Promise<Refund | null> {
    const find = () => this.db.getRepository(Refund).findOneBy({ idempotencyKey });
    let refund = await find();
    if (!refund) return null;
    if (refund.requestFingerprint !== fingerprint)
      throw new ConflictException('This Idempotency-Key was already used for a different request');
    // The request that recorded it may be asking the provider now: its answer, rather than a second ask.
    const inFlightUntil = refund.createdAt.getTime() + IN_FLIGHT_MS;
    while (refund.status === 'pending' && !refund.providerRefundId && Date.now() < inFlightUntil) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      refund = (await find())!;
    }
    if (refund.status === 'pending' && !refund.providerRefundId)
      return this.askProvider(await this.providerOf(refund.orderId), refund);
    return refund;
  }
}
