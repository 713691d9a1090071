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
import { formatMoney } from '../../common/money.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { runInTransaction } from '../../database/transactions.js';
import { FulfilmentService } from '../../fulfilment/fulfilment.service.js';
import { Order } from '../../orders/entities/order.entity.js';
import { OrderNote } from '../../orders/entities/order-note.entity.js';
import { amountOf } from '../../orders/order-currency.js';
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
  // Refunded: approved and delivered, then refunded in full (a rejected order stays cancelled).
  if (order.status === 'fulfilled' || order.status === 'processing' || order.status === 'refunded')
    return 'approve';
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
      if (dto.consumerRate !== undefined && dto.decision !== 'approve')
        throw new BadRequestException('consumerRate goes with decision approve only');
      const tax = dto.decision === 'approve' ? await this.decideTax(m, order, dto, actor) : null;
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
        after: { decision: dto.decision, status: order.status, note: dto.note ?? null, ...tax },
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
   * Staff's decision on how an order held for review is taxed (#20 §3, #32 §1): `taxCountry`, where the
   * buyer of an order held for its evidence is (one of the countries its evidence gives), and/or
   * `consumerRate`, a reverse-charged order taxed as a consumer's after all (its VAT number's company could
   * not be told, `vat-number-review`). The amount paid stays: the VAT it holds is figured again, per line
   * and half up, at the country's rate on the day it was paid, and the invoice is replaced
   * (InvoicesService.reissueInvoice). With VAT added (`exclusive`), that is only when the VAT stays the same
   * to the cent; another amount would change what the buyer owes, so it is a 409 that offers to refund the
   * order and ask the buyer to order again (`refundAndReorder`), never absorbed. Answers what the audit
   * trail records of it (null: nothing changes).
   */
  private async decideTax(
    m: EntityManager,
    order: Order,
    decision: Pick<ReviewDecisionDto, 'taxCountry' | 'consumerRate'>,
    actor: StaffUserDto,
  ): Promise<{ taxCountry?: { from: string | null; to: string }; consumerRate?: true } | null> {
    const { taxCountry: country, consumerRate } = decision;
    if (!country && !consumerRate) return null;
    if (order.taxMode === 'off')
      throw new ConflictException(
        `This order was not taxed: ${country ? 'taxCountry' : 'consumerRate'} does not apply`,
      );
    if (country) {
      const evidence = [order.billingCountry, order.cardCountry, order.checkoutIpCountry].filter(
        (c): c is string => Boolean(c),
      );
      if (!evidence.includes(country))
        throw new BadRequestException(
          `taxCountry must be one of the countries the order's evidence gives: ${[...new Set(evidence)].join(', ')}`,
        );
    }
    if (consumerRate && !order.reverseCharge)
      throw new BadRequestException('consumerRate applies to a reverse-charged order only');
    const to = country ?? order.taxCountry!;
    if (to === order.taxCountry && !consumerRate) return null;
    if (order.reverseCharge && !consumerRate)
      throw new ConflictException(
        'This order was reverse-charged to a verified business; its tax country stays (approve with consumerRate to tax it as a consumer’s)',
      );
    if (order.paymentStatus !== 'completed')
      throw new ConflictException(
        `This order's payment is ${order.paymentStatus}: its invoice is not replaced`,
      );
    const rate = standardRate(to, order.paidAt ?? order.createdAt, this.config.tax.rateOverrides);
    const taxed = taxLines(
      order.orderItems.map((item) => item.unitPriceCents * item.quantity),
      order.discountCents,
      rate,
      order.taxMode,
    );
    if (taxed.totalCents !== order.totalCents) this.refuseOtherAmount(order, to, rate, taxed.totalCents);
    const from = order.taxCountry;
    Object.assign(order, {
      taxCountry: to,
      taxRateBasisPoints: rate,
      taxCents: taxed.taxCents,
      reverseCharge: false,
      orderItems: order.orderItems.map((item, i) => ({ ...item, taxCents: taxed.lineTaxCents[i]! })),
    });
    await m.update(
      Order,
      { id: order.id },
      {
        taxCountry: order.taxCountry,
        taxRateBasisPoints: order.taxRateBasisPoints,
        taxCents: order.taxCents,
        reverseCharge: false,
        orderItems: order.orderItems,
      },
    );
    await this.invoices.reissueInvoice(
      m,
      order,
      consumerRate
        ? `Taxed as a consumer's by ${actor.username}: ${to} (VAT ${percentOf(rate)}%) in place of the reverse charge.`
        : `Tax country decided by ${actor.username}: ${to} (VAT ${percentOf(rate)}%) in place of ${from}.`,
    );
    return {
      ...(to !== from && { taxCountry: { from, to } }),
      ...(consumerRate && { consumerRate: true as const }),
    };
  }

  /**
   * The 409 for a rate that would change what the buyer of an order with VAT added owes (#32 §1): more is
   * never taken silently (the card was charged the amount shown), and less is not refunded in part here;
   * staff refund it (reject) and ask the buyer to order again, when the checkout charges the right VAT.
   */
  private refuseOtherAmount(order: Order, country: string, rate: number, totalCents: number): never {
    const more = totalCents > order.totalCents;
    const difference = formatMoney(amountOf(Math.abs(totalCents - order.totalCents), order));
    throw new ConflictException({
      statusCode: 409,
      error: 'Conflict',
      message:
        `VAT was added to this order: at ${country}'s rate (${percentOf(rate)}%) the buyer would owe ` +
        `${difference} ${more ? 'more' : 'less'} than was paid. ` +
        'Refund the order (reject) and ask the buyer to order again.',
      refundAndReorder: true,
      taxCountry: country,
      paidCents: order.totalCents,
      owedCents: totalCents,
    });
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
