import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { runInTransaction } from '../../database/transactions.js';
import { FulfilmentService } from '../../fulfilment/fulfilment.service.js';
import { Order } from '../../orders/entities/order.entity.js';
import { OrderNote } from '../../orders/entities/order-note.entity.js';
import { Refund } from '../../payments/entities/refund.entity.js';
import { RefundsService } from '../../payments/refunds.service.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { InvoicesService } from '../../tax/invoices/invoices.service.js';
import { taxLines } from '../../tax/tax-math.js';
import { percentOf, standardRate } from '../../tax/tax-rates.js';
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
    private readonly invoices: InvoicesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
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
      if (dto.taxCountry !== undefined && dto.decision !== 'approve')
        throw new BadRequestException('taxCountry goes with decision approve only');
      const taxCountry = dto.taxCountry ? await this.decideTaxCountry(m, order, dto.taxCountry, actor) : null;
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
        after: { decision: dto.decision, status: order.status, note: dto.note ?? null, ...taxCountry },
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
   * Staff's decision on where the buyer of an order held for its evidence is (#20 §3): the order keeps the
   * amount paid and the VAT it holds is figured again, per line and half up, at `country`'s rate on the day
   * it was paid; its invoice is replaced (InvoicesService.reissueInvoice). Only an order whose prices
   * included VAT can be: one with VAT added was charged for the billing country's, so a different rate
   * would change what the buyer owes (refund it instead). Answers what the audit trail records of it.
   */
  private async decideTaxCountry(
    m: EntityManager,
    order: Order,
    country: string,
    actor: StaffUserDto,
  ): Promise<{ taxCountry: { from: string | null; to: string } } | null> {
    if (order.taxMode === 'off')
      throw new ConflictException('This order was not taxed: taxCountry does not apply');
    const evidence = [order.billingCountry, order.cardCountry, order.checkoutIpCountry].filter(
      (c): c is string => Boolean(c),
    );
    if (!evidence.includes(country))
      throw new BadRequestException(
        `taxCountry must be one of the countries the order's evidence gives: ${[...new Set(evidence)].join(', ')}`,
      );
    if (country === order.taxCountry) return null;
    if (order.taxMode !== 'inclusive')
      throw new ConflictException(
        'VAT was added to this order for its billing country; another country’s rate would change what the buyer owes. Reject or refund it instead.',
      );
    if (order.reverseCharge)
      throw new ConflictException(
        'This order was reverse-charged to a verified business; its tax country stays',
      );
    if (order.paymentStatus !== 'completed')
      throw new ConflictException(
        `This order's payment is ${order.paymentStatus}: its invoice is not replaced`,
      );
    const rate = standardRate(country, order.paidAt ?? order.createdAt, this.config.tax.rateOverrides);
    const taxed = taxLines(
      order.orderItems.map((item) => item.unitPriceCents * item.quantity),
      order.discountCents,
      rate,
      'inclusive',
    );
    const from = order.taxCountry;
    Object.assign(order, {
      taxCountry: country,
      taxRateBasisPoints: rate,
      taxCents: taxed.taxCents,
      orderItems: order.orderItems.map((item, i) => ({ ...item, taxCents: taxed.lineTaxCents[i]! })),
    });
    await m.update(
      Order,
      { id: order.id },
      {
        taxCountry: order.taxCountry,
        taxRateBasisPoints: order.taxRateBasisPoints,
        taxCents: order.taxCents,
        orderItems: order.orderItems,
      },
    );
    await this.invoices.reissueInvoice(
      m,
      order,
      `Tax country decided by ${actor.username}: ${country} (VAT ${percentOf(rate)}%) in place of ${from}.`,
    );
    return { taxCountry: { from, to: country } };
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
