import { BadRequestException, ConflictException, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, Not, type DataSource, type EntityManager } from 'typeorm';
import { CatalogService } from '../catalog/catalog.service.js';
import type { BankTransferInstructions } from '../orders/bank-transfers.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { CouponsService, normalizeCouponCode } from '../coupons/coupons.service.js';
import { downloadUrl, LINK_ORDER, newDownloadLink } from '../downloads/download-links.js';
import { DownloadLink } from '../downloads/entities/download-link.entity.js';
import { LicenseKey } from '../license-keys/entities/license-key.entity.js';
import { LicenseKeyCipher } from '../license-keys/license-key-cipher.js';
import { insertLicenseKeys, type NewLicenseKey } from '../license-keys/license-keys.js';
import { OutboxService } from '../emails/outbox.service.js';
import {
  Order,
  type OrderStatus,
  type PaymentStatus,
  type RefundReason,
} from '../orders/entities/order.entity.js';
import {
  PAID,
  SPENT_KEY_STATUSES,
  assertTransition,
  deliveryBlock,
  deliveryRefusal,
  paymentChangeRefusal,
  statesBefore,
  statusChangeRefusal,
  UNPAID,
} from '../orders/order-process.js';
import { currencyOf } from '../orders/order-currency.js';
import { renderDeliveryEmail, type DeliveredProduct } from './delivery-email.js';
import { renderOrderHeldEmail, renderOrderHeldStaffEmail } from './hold-email.js';
import { renderKeyReplacementEmail } from './key-replacement-email.js';
import { renderPaymentFailedEmail, renderPaymentProcessingEmail } from './payment-processing-email.js';
import { renderRefundDueEmail, renderRefundDueStaffEmail } from './refund-due-email.js';
import { forUpdate, runInTransaction, skipLocked } from '../database/transactions.js';
import { StockService } from '../stock/stock.service.js';
import { InvoicesService } from '../tax/invoices/invoices.service.js';
import { percentOf } from '../tax/tax-rates.js';
import { SalesRollupService } from '../reports/sales-rollup.service.js';
import { keyRevenue } from '../reports/sales-math.js';
import { countOf } from '../common/words.js';

/**
 * Everything that happens to an order once its payment moves: confirmation (keys, download links, the
 * delivery e-mail, exactly once), failure, refund, and late delivery when stock arrives. Each method works
 * inside the caller's transaction, so a payment event and its effects commit together or not at all.
 */
@Injectable()
export class FulfilmentService {
  private readonly logger = new Logger('Fulfilment');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cipher: LicenseKeyCipher,
    private readonly catalog: CatalogService,
    private readonly coupons: CouponsService,
    private readonly outbox: OutboxService,
    private readonly invoices: InvoicesService,
    private readonly stock: StockService,
    private readonly sales: SalesRollupService,
  ) {}

  /**
   * Marks the payment completed and delivers the order. Only the first caller for an order gets past the
   * conditional UPDATE (which also locks the row on MySQL until commit): webhooks replayed or racing a
   * browser confirmation deliver once. The money was taken whatever the order's state, so the payment is
   * always recorded; but an order cancelled meanwhile, or whose lapsed coupon reservation cannot be taken
   * again within the cap, is not delivered: it is held for a refund (holdForRefund). `holdReasons` (the
   * fraud rules, asked of the order as read here, by the payment's one winner) hold it for review instead
   * of delivering it. Every paid order gets its invoice here, whatever follows (its number taken under
   * the order's lock, see InvoicesService). `locked`: the order as the caller read it through lockOrder in
   * this transaction, which is then not read again. Returns the order as it now is, or null when the
   * payment was already confirmed.
   */
  async confirmPayment(
    m: EntityManager,
    orderId: string,
    paymentMethod: string,
    holdReasons: (order: Order) => Promise<readonly string[]> = async () => [],
    locked?: Order,
  ): Promise<Order | null> {
    const paid = { paymentStatus: 'completed' as const, paidAt: new Date(), paymentMethod };
    const won = await m
      .createQueryBuilder()
      .update(Order)
      .set(paid)
      .where('id = :orderId AND paymentStatus IN (:...open)', { orderId, open: UNPAID })
      .execute();
    if (!won.affected) return null;
    // Read after the UPDATE, which holds the row, or before it under the same lock: a staff cancellation
    // (conditional on the payment being unpaid, under that lock) either committed before or waits until
    // this commits.
    const order = locked ? Object.assign(locked, paid) : await m.findOneByOrFail(Order, { id: orderId });
    const invoice = await this.invoices.issueInvoice(m, order);
    await this.sales.recordPayment(m, order);
    let refused: RefundReason | null = null;
    if (order.status === 'cancelled') refused = 'order-cancelled';
    else if (!(await this.redeemCoupon(m, order))) refused = 'coupon-used-up';
    if (refused) {
      await this.holdForRefund(m, order, refused);
      return order;
    }
    const reasons = await holdReasons(order);
    if (reasons.length) await this.holdForReview(m, order, reasons);
    else await this.deliver(m, order, false, [], invoice.number);
    return order;
  }

  /**
   * A paid order held for review instead of delivered (`on_hold`, with why): its keys are taken from stock
   * and kept for it (reserved: assigned to the order, never shown or e-mailed while it is held), and it
   * gets no download links until it is approved (approveHeld). Keys that ran short are sought on approval.
   */
  async holdForReview(m: EntityManager, order: Order, reasons: readonly string[]): Promise<void> {
    assertTransition('order', order.status, 'on_hold');
    // A paid order waiting for stock (the provider's review opened after it) keeps the keys it has.
    const assigned = await m.find(LicenseKey, {
      select: { productId: true },
      where: { orderId: order.id, status: Not('faulty' as const) },
    });
    for (const item of order.orderItems) {
      const have = assigned.filter((k) => k.productId === item.productId).length;
      await this.allocateKeys(m, order, item.productId, item.quantity - have, have);
    }
    await this.stock.check(
      m,
      order.orderItems.map((item) => item.productId),
    );
    Object.assign(order, {
      status: 'on_hold',
      holdReasons: [...reasons],
      heldAt: new Date(),
      awaitingKeys: false,
    });
    await m.update(Order, order.id, {
      status: order.status,
      holdReasons: order.holdReasons,
      heldAt: order.heldAt,
      awaitingKeys: false,
    });
    const { supportEmail, staffAlertEmail } = this.config.mail;
    await this.outbox.enqueue(m, {
      kind: 'order-held',
      to: order.customerEmail,
      orderId: order.id,
      ...renderOrderHeldEmail(order, { reviewHours: this.config.review.reviewHours, supportEmail }),
    });
    await this.outbox.enqueue(m, {
      kind: 'order-held',
      to: staffAlertEmail,
      orderId: order.id,
      audience: 'staff',
      ...renderOrderHeldStaffEmail(order, this.config.publicUrl),
    });
    this.logger.warn(`Order ${order.id} is held for review: ${reasons.join(', ')}`);
  }

  /**
   * Releases an order held for review: it is delivered as a confirmed payment is (its reserved keys, the
   * ones that ran short from stock, its links and the delivery e-mail), exactly once. `order` must come from
   * lockOrder. Refused (409) when it is not held, or when anything else now stands in the way (a dispute
   * opened meanwhile, a refund): a held order's keys are never revealed then.
   */
  async approveHeld(m: EntityManager, order: Order): Promise<void> {
    if (order.status !== 'on_hold')
      throw new ConflictException(`This order is ${order.status}, not held for review`);
    const refusal = deliveryRefusal(
      { ...order, status: 'processing' },
      `This order's payment is ${order.paymentStatus}: it cannot be delivered`,
    );
    if (refusal) throw new ConflictException(refusal);
    const reserved = await m.find(LicenseKey, {
      select: { id: true, productId: true, keyCiphertext: true },
      where: { orderId: order.id, status: 'active' },
      order: { assignedAt: 'ASC', id: 'ASC' },
    });
    order.reviewedAt = new Date();
    await m.update(Order, order.id, { reviewedAt: order.reviewedAt });
    // Held after a first delivery (the provider's review opened while it waited for stock): a follow-up.
    const delivered = (await m.countBy(DownloadLink, { orderId: order.id })) > 0;
    await this.deliver(m, order, delivered, reserved);
  }

  /**
   * An order that will not be delivered after all, whose payment is owed back in full (`reason`): rejected
   * in review (`cancelled`) or withdrawn by its customer (`withdrawn`). Its reserved keys go back to stock,
   * nothing was revealed. The refund itself is the caller's (RefundsService), which clears `refundDue`.
   * `order` must come from lockOrder and not be delivered (no links yet).
   */
  async cancelUndelivered(
    m: EntityManager,
    order: Order,
    to: 'cancelled' | 'withdrawn',
    reason: RefundReason,
  ): Promise<void> {
    assertTransition('order', order.status, to);
    const changes = {
      status: to,
      refundDue: reason,
      awaitingKeys: false,
      ...(order.status === 'on_hold' ? { reviewedAt: new Date() } : {}),
      ...(to === 'withdrawn' ? { withdrawnAt: new Date() } : {}),
    };
    Object.assign(order, changes);
    await m.update(Order, order.id, changes);
    await this.releaseReservedKeys(m, order.id);
  }

  /**
   * A held order rejected in review (by staff, or by the provider's review closed as refunded): cancelled,
   * its reserved keys back to stock, owed its refund, and its customer told. The refund is the caller's.
   */
  async rejectHeld(m: EntityManager, order: Order): Promise<void> {
    await this.cancelUndelivered(m, order, 'cancelled', 'review-rejected');
    await this.outbox.enqueue(m, {
      kind: 'order-refund-due',
      to: order.customerEmail,
      orderId: order.id,
      ...renderRefundDueEmail(order, 'review-rejected', {
        supportEmail: this.config.mail.supportEmail,
        publicUrl: this.config.publicUrl,
      }),
    });
  }

  /** The order's keys, never revealed (a held order's reservation), go back to stock. */
  async releaseReservedKeys(m: EntityManager, orderId: string): Promise<number> {
    await this.sales.recordKeysReturned(m, orderId);
    const released = await m.update(
      LicenseKey,
      { orderId, status: 'active', activationCount: 0 },
      { orderId: null, assignedAt: null },
    );
    if (released.affected) await this.stock.check(m);
    return released.affected ?? 0;
  }

  /**
   * The provider took the payment by a method that confirms later (a bank's redirect that settles later,
   * or a bank transfer the buyer has still to send: `bankTransfer`, how, which the e-mail gives): the
   * payment is `processing` and nothing is delivered. No key is taken for it: keys are
   * taken when the payment succeeds, as for every payment, and the coupon reservation lapses after the
   * reservation window as for any unpaid checkout (decisions/2026-11-29-payments-that-confirm-later.md).
   * The shopper is told what happens next, once (the conditional UPDATE lets one event through). Answers
   * whether the payment moved (not when it is already processing, paid or refunded).
   */
  async markProcessing(
    m: EntityManager,
    orderId: string,
    paymentMethod: string | null,
    bankTransfer?: BankTransferInstructions,
  ): Promise<boolean> {
    const moved = await m
      .createQueryBuilder()
      .update(Order)
      .set({ paymentStatus: 'processing', ...(paymentMethod ? { paymentMethod } : {}) })
      .where('id = :orderId AND paymentStatus IN (:...open)', {
        orderId,
        open: statesBefore('payment', 'processing', 'system'),
      })
      .execute();
    if (!moved.affected) return false;
    const order = await m.findOneByOrFail(Order, { id: orderId });
    // A cancelled order's payment is recorded, but nobody waits for it: if it succeeds it is refunded.
    if (order.status === 'processing') {
      await this.outbox.enqueue(m, {
        kind: 'payment-processing',
        to: order.customerEmail,
        orderId,
        ...renderPaymentProcessingEmail(order, {
          supportEmail: this.config.mail.supportEmail,
          bankTransfer,
        }),
      });
    }
    return true;
  }

  /**
   * The payment failed. A declined attempt leaves the order open (the shopper may try another card) and
   * gives back its coupon reservation. A payment that was being processed (failProcessed) ends the order
   * instead.
   */
  async failPayment(m: EntityManager, orderId: string): Promise<boolean> {
    if (await this.failProcessed(m, orderId)) return true;
    const failed = await m
      .createQueryBuilder()
      .update(Order)
      .set({ paymentStatus: 'failed' })
      .where('id = :orderId AND paymentStatus IN (:...open)', {
        orderId,
        open: statesBefore('payment', 'failed', 'system'),
      })
      .execute();
    if (!failed.affected) return false;
    await this.releaseCoupon(m, orderId);
    return true;
  }

  /**
   * The provider cancelled the payment (it expired, or someone cancelled it there): it can no longer be
   * paid, so the order is cancelled and its coupon reservation given back; one that was being processed
   * fails as failPayment says, and its shopper is told.
   */
  async paymentCancelled(m: EntityManager, orderId: string): Promise<boolean> {
    return (await this.failProcessed(m, orderId)) || this.cancelUnpaid(m, orderId);
  }

  /**
   * A payment that was being processed failed or expired: the payment is `failed` and the order cancelled
   * (the shopper left long ago and was told to wait; a new checkout is a new order), with everything it
   * held given back (its coupon reservation; it never held keys), and the shopper is told. False when the
   * payment was not processing.
   */
  private async failProcessed(m: EntityManager, orderId: string): Promise<boolean> {
    const failed = await m
      .createQueryBuilder()
      .update(Order)
      .set({ paymentStatus: 'failed' })
      .where('id = :orderId AND paymentStatus = :processing', { orderId, processing: 'processing' })
      .execute();
    if (!failed.affected) return false;
    // Its coupon reservation goes back with the cancellation (an order cancelled earlier gave it back then).
    if (await this.cancelUnpaid(m, orderId)) {
      const order = await m.findOneByOrFail(Order, { id: orderId });
      await this.outbox.enqueue(m, {
        kind: 'payment-failed',
        to: order.customerEmail,
        orderId,
        ...renderPaymentFailedEmail(order, {
          supportEmail: this.config.mail.supportEmail,
          publicUrl: this.config.publicUrl,
        }),
      });
    }
    this.logger.warn(`Order ${orderId}: the payment being processed failed; the order is cancelled`);
    return true;
  }

  /**
   * Cancels an order still waiting for its payment, whose checkout the shopper replaced with a new order
   * (the cart or billing changed), and gives back its coupon reservation. Conditional on the order being
   * unpaid and open, so a payment confirmed meanwhile wins; false then. A payment that still arrives for it
   * later is held for a refund, as for any cancelled order.
   */
  async cancelUnpaid(m: EntityManager, orderId: string): Promise<boolean> {
    assertTransition('order', 'processing', 'cancelled');
    const cancelled = await m
      .createQueryBuilder()
      .update(Order)
      .set({ status: 'cancelled' })
      .where('id = :orderId AND status = :open AND paymentStatus IN (:...unpaid)', {
        orderId,
        open: 'processing',
        unpaid: UNPAID,
      })
      .execute();
    if (!cancelled.affected) return false;
    await this.releaseCoupon(m, orderId);
    return true;
  }

  /**
   * The payment is refunded in full (the provider confirmed it): with `revokeKeys` (the default, and
   * always for a refund made at the provider) the order's keys are revoked and its download links
   * deactivated, and the order is closed (`refunded`, from `processing` or `fulfilled`). An order held for a
   * refund owes nothing more, and stays cancelled (or withdrawn) and undelivered.
   */
  async refund(m: EntityManager, orderId: string, revokeKeys = true): Promise<boolean> {
    // A held order refunded (at the provider, e.g. its review closed as refunded): rejected, and its
    // reserved keys, never revealed, go back to stock rather than being revoked.
    const held = await m.findOneBy(Order, { id: orderId, status: 'on_hold' });
    if (held && PAID.includes(held.paymentStatus))
      await this.cancelUndelivered(m, held, 'cancelled', 'review-rejected');
    const refunded = await m
      .createQueryBuilder()
      .update(Order)
      .set({ paymentStatus: 'refunded', awaitingKeys: false, refundDue: null })
      .where('id = :orderId AND paymentStatus IN (:...open)', {
        orderId,
        open: statesBefore('payment', 'refunded', 'system'),
      })
      .execute();
    if (!refunded.affected) return false;
    // A sale refunded in full is closed (`refunded`); a cancelled or withdrawn one keeps its status.
    await m
      .createQueryBuilder()
      .update(Order)
      .set({ status: 'refunded' })
      .where('id = :orderId AND status IN (:...open)', {
        orderId,
        open: statesBefore('order', 'refunded', 'system'),
      })
      .execute();
    if (revokeKeys) {
      await m.update(
        LicenseKey,
        { orderId, status: In(statesBefore('license-key', 'revoked', 'system')) },
        { status: 'revoked' },
      );
      await m.update(DownloadLink, { orderId }, { isActive: false });
    }
    return true;
  }

  /**
   * Part of the payment is refunded (the provider confirmed it): the payment is `partially_refunded` (it
   * may be already) and the keys staff picked are revoked (revokeKeys).
   */
  async partiallyRefund(m: EntityManager, orderId: string, keyIds: readonly string[]): Promise<void> {
    await m
      .createQueryBuilder()
      .update(Order)
      .set({ paymentStatus: 'partially_refunded' })
      // Not a disputed payment (its dispute's outcome moves it, DisputesService), nor one refunded in full.
      .where('id = :orderId AND paymentStatus = :completed', { orderId, completed: 'completed' })
      .execute();
    await this.revokeKeys(m, orderId, keyIds);
  }

  /**
   * Revokes these keys of the order; a product left with no working key loses its download links too
   * (the customer has nothing left to install it for).
   */
  async revokeKeys(m: EntityManager, orderId: string, keyIds: readonly string[]): Promise<void> {
    if (keyIds.length === 0) return;
    await m.update(
      LicenseKey,
      { orderId, id: In([...keyIds]), status: In(statesBefore('license-key', 'revoked', 'system')) },
      { status: 'revoked' },
    );
    const keys = await m.find(LicenseKey, { select: { productId: true, status: true }, where: { orderId } });
    const emptied = [...new Set(keys.map((k) => k.productId))].filter((productId) =>
      keys.every((k) => k.productId !== productId || k.status === 'revoked'),
    );
    if (emptied.length)
      await m.update(DownloadLink, { orderId, productId: In(emptied) }, { isActive: false });
  }

  /**
   * A change of status and/or payment status made by staff in the back office: allowed by the order
   * process (orders/order-process.ts: the staff rows of its tables and their guards; anything else is a
   * 409 and nothing changes), and applied with the same effects as the payment provider's events, never
   * around them: `completed` confirms the payment (keys, links and the delivery e-mail, exactly once, as a
   * webhook would), `failed` fails a pending payment. Refunds are not staff changes: they go through the
   * provider (RefundsService). The payment change comes first; the status is judged on the order after it.
   * `locked` is the order as read through lockOrder in the same transaction.
   */
  async applyStaffChange(
    m: EntityManager,
    locked: Order,
    change: { status?: OrderStatus; paymentStatus?: PaymentStatus },
  ): Promise<void> {
    const orderId = locked.id;
    let order = locked;
    const to = change.paymentStatus;
    if (to !== undefined && to !== order.paymentStatus) {
      const from = order.paymentStatus;
      const refusal = paymentChangeRefusal(order, to);
      if (refusal) throw new ConflictException(refusal);
      let applied: boolean;
      // Each allowed move with the same effects as when the payment provider reports it.
      if (to === 'completed') {
        applied = (await this.confirmPayment(m, orderId, order.paymentMethod ?? 'manual')) !== null;
      } else if (to === 'failed') {
        applied = await this.failPayment(m, orderId);
      } else {
        applied =
          (await m.update(Order, { id: orderId, paymentStatus: from }, { paymentStatus: to })).affected !== 0;
      }
      if (!applied) throw new ConflictException('This order was changed meanwhile; reload it and try again');
      order = await m.findOneByOrFail(Order, { id: orderId });
    }
    const status = change.status;
    if (status === undefined || status === order.status) return;
    const refusal = statusChangeRefusal(order, status);
    if (refusal) throw new ConflictException(refusal);
    // A bank transfer waited for (its payment already cancelled at the provider): as when it expires.
    if (status === 'cancelled' && order.paymentStatus === 'processing') {
      if (!(await this.failProcessed(m, orderId)))
        throw new ConflictException('This order was changed meanwhile; reload it and try again');
      return;
    }
    // Conditional on the payment state read under the lock, so that a cancellation and a confirmation of
    // the payment can never both win (see confirmPayment).
    const changed = await m.update(Order, { id: orderId, paymentStatus: order.paymentStatus }, { status });
    if (!changed.affected)
      throw new ConflictException('This order was changed meanwhile; reload it and try again');
    // A cancelled order will not be paid: its coupon reservation goes back at once.
    if (status === 'cancelled') await this.releaseCoupon(m, orderId);
  }

  /**
   * Gives an order a key typed in by staff (already sealed in `key`), within assertRoomForKey's rule. A paid
   * order waiting for keys is then delivered exactly as when stock arrives (see completeWaitingOrders): the
   * keys it still lacks are taken from the inventory, its status and `awaitingKeys` are set, and the e-mail
   * with what it received (this key included) is written. `order` must come from lockOrder.
   */
  async assignStaffKey(m: EntityManager, order: Order, key: NewLicenseKey): Promise<void> {
    await this.assertRoomForKey(m, order, key.productId);
    key.orderId = order.id;
    key.assignedAt ??= new Date();
    await insertLicenseKeys(m, [key]);
    await this.sales.recordKeysTaken(m, order, key.productId, [key.id]);
    if (order.awaitingKeys) await this.deliver(m, order, true, [key]);
  }

  /**
   * The one rule for a key that staff give to an order or make active again: the order must hold the product
   * (400), be paid and not owed a refund (409), and have fewer working (not revoked) keys for it than its
   * quantity (409); `keyId`, a key of the order made active again, is not counted. `order` must have been
   * read through lockOrder as the transaction's first read, so that on MySQL the count sees keys a
   * concurrent request committed while this one waited for the lock.
   */
  async assertRoomForKey(m: EntityManager, order: Order, productId: string, keyId?: string): Promise<void> {
    const item = order.orderItems.find((i) => i.productId === productId);
    if (!item) throw new BadRequestException(`This order does not contain ${productId}`);
    const refusal = deliveryRefusal(
      order,
      `Keys are given to paid orders; this order's payment is ${order.paymentStatus}`,
    );
    if (refusal) throw new ConflictException(refusal);
    // A revoked or faulty key (say, one the customer could not activate) leaves room for its replacement.
    const have = await m.countBy(LicenseKey, {
      orderId: order.id,
      productId,
      status: Not(In(SPENT_KEY_STATUSES)),
      // The key being made active again (an expired one still counts) is not in the way of itself.
      ...(keyId && { id: Not(keyId) }),
    });
    if (have >= item.quantity) {
      throw new ConflictException(
        `This order already has its ${countOf(item.quantity, 'licence key')} for ${productId}; revoke one to replace it`,
      );
    }
  }

  /**
   * Replaces a key its customer reported as not activating (key-reports): one key of the same product from
   * stock is given to the order, the old one becomes `faulty` (it no longer activates or validates), and
   * the customer is e-mailed the new key. The order must still be deliverable and the key still active
   * (409 otherwise); no key in stock is a 409 naming the product, and nothing changes. Answers the new
   * key's id.
   */
  async replaceKey(m: EntityManager, keyId: string): Promise<string> {
    const old = await m.findOneBy(LicenseKey, { id: keyId });
    const order = old?.orderId ? await this.lockOrder(m, old.orderId) : null;
    if (!old || !order) throw new ConflictException('This licence key is not given to an order');
    const refusal = deliveryRefusal(
      order,
      `Keys are replaced for paid orders; this order's payment is ${order.paymentStatus}`,
    );
    if (refusal) throw new ConflictException(refusal);
    // A faulty key keeps its cost and earned nothing: its replacement takes its revenue.
    const marked = await m.update(
      LicenseKey,
      { id: keyId, status: In(statesBefore('license-key', 'faulty', 'system')) },
      { status: 'faulty', revenueCents: 0 },
    );
    if (!marked.affected)
      throw new ConflictException(`This licence key is ${old.status}: only an active key is replaced`);
    const have = await m.countBy(LicenseKey, {
      orderId: order.id,
      productId: old.productId,
      status: Not('faulty' as const),
    });
    const [replacement] = await this.allocateKeys(m, order, old.productId, 1, have);
    if (!replacement) throw new ConflictException(`No stock for ${this.productTitle(order, old.productId)}`);
    await this.stock.check(m, [old.productId]);
    await this.outbox.enqueue(m, {
      kind: 'key-replacement',
      to: order.customerEmail,
      orderId: order.id,
      ...renderKeyReplacementEmail({
        orderId: order.id,
        customerName: order.customerName,
        productTitle: this.productTitle(order, old.productId),
        newKey: this.cipher.decrypt(replacement.keyCiphertext),
        oldKeyLastGroup: old.keyLastGroup,
        supportEmail: this.config.mail.supportEmail,
        publicUrl: this.config.publicUrl,
      }),
    });
    return replacement.id;
  }

  private productTitle(order: Order, productId: string): string {
    return order.orderItems.find((item) => item.productId === productId)?.name ?? productId;
  }

  /**
   * Writes the delivery e-mail again with everything the order has now (all its keys and links), for the
   * back office's "resend". Returns the outbox message id.
   */
  async redeliver(m: EntityManager, order: Order): Promise<number> {
    // Revoked and faulty keys are left out: the customer gets the keys that work, replacements included.
    const keys = await m.find(LicenseKey, {
      where: { orderId: order.id, status: Not(In(SPENT_KEY_STATUSES)) },
      order: { assignedAt: 'ASC' },
    });
    const links = await m.find(DownloadLink, { where: { orderId: order.id }, order: LINK_ORDER });
    const products: DeliveredProduct[] = order.orderItems.map((item) => {
      const own = keys.filter((k) => k.productId === item.productId);
      return {
        title: item.name,
        keys: own.map((k) => this.cipher.decrypt(k.keyCiphertext)),
        downloads: links.filter((l) => l.productId === item.productId).map((l) => this.linkForEmail(l)),
        keysToFollow: Math.max(0, item.quantity - own.length),
      };
    });
    return (await this.queueDeliveryEmail(m, order, products, false)).id;
  }

  /** The delivery e-mail (keys and links, or what follows a back-order) into the outbox, in `m`'s transaction. */
  private async queueDeliveryEmail(
    m: EntityManager,
    order: Order,
    products: DeliveredProduct[],
    followUp: boolean,
    invoiceNumber?: string,
  ) {
    const email = renderDeliveryEmail({
      // The receipt's e-mail points to the invoice (linked, not attached: the outbox keeps rendered mails).
      invoiceNumber: followUp ? null : (invoiceNumber ?? (await this.invoices.invoiceNumberOf(m, order.id))),
      orderId: order.id,
      receipt: followUp
        ? undefined
        : {
            date: order.paidAt ?? new Date(),
            currency: currencyOf(order),
            items: order.orderItems,
            subtotalCents: order.subtotalCents,
            discountCents: order.discountCents,
            couponCode: order.couponCode,
            tax:
              order.taxMode === 'off'
                ? null
                : {
                    cents: order.taxCents,
                    rate: percentOf(order.taxRateBasisPoints),
                    country: order.taxCountry,
                    included: order.taxMode === 'inclusive',
                  },
            totalCents: order.totalCents,
            paymentMethod: order.paymentMethod,
          },
      customerName: order.customerName,
      products,
      supportEmail: this.config.mail.supportEmail,
      publicUrl: this.config.publicUrl,
      followUp,
      consents: {
        immediateDelivery: order.consentImmediateDeliveryAt,
        withdrawalRightLoss: order.consentWithdrawalRightLossAt,
      },
    });
    return this.outbox.enqueue(m, {
      kind: 'order-delivery',
      to: order.customerEmail,
      orderId: order.id,
      ...email,
    });
  }

  /** Gives back the coupon reservations of checkouts left unpaid since `cutoff`. Returns how many. */
  async releaseAbandonedReservations(cutoff: Date): Promise<number> {
    const stale = await this.db
      .getRepository(Order)
      .createQueryBuilder('o')
      .select(['o.id'])
      // A payment being processed holds nothing past the window either: it retakes the coupon within its
      // cap if it succeeds, as a late card payment does (redeemCoupon).
      .where('o.couponState = :reserved AND o.paymentStatus IN (:...unpaid) AND o.createdAt < :cutoff', {
        reserved: 'reserved',
        unpaid: ['pending', 'processing'],
        cutoff,
      })
      // No ORDER BY: with two payment states it would sort every stale row. The index hands them over
      // oldest first within each state, and the next round takes whatever this one left.
      .take(500)
      .getMany();
    let released = 0;
    for (const { id } of stale) {
      if (await runInTransaction(this.db, (m) => this.releaseCoupon(m, id))) released++;
    }
    return released;
  }

  /**
   * Gives back the coupon holds of the buyer's other unpaid checkouts with this coupon, by the same
   * e-mail address or from the same client address (ordered in the last day; older holds are the
   * sweeper's), in the new checkout's transaction: a buyer holds one redemption of a coupon at a time. A
   * released checkout that is paid after all takes the coupon again within its cap. Returns how many.
   */
  async releaseHoldsOf(m: EntityManager, code: string, email: string, ip: string | null): Promise<number> {
    const since = new Date(Date.now() - 24 * 3600_000);
    const holds = (by: 'customerEmail' | 'checkoutIp', value: string) =>
      m
        .createQueryBuilder(Order, 'o')
        .select(['o.id'])
        .where(`o.${by} = :value AND o.createdAt > :since`, { value, since })
        .andWhere('o.couponCode = :code AND o.couponState = :reserved AND o.paymentStatus = :pending', {
          code: normalizeCouponCode(code),
          reserved: 'reserved',
          pending: 'pending',
        })
        .getMany();
    const found = [...(await holds('customerEmail', email)), ...(ip ? await holds('checkoutIp', ip) : [])];
    let released = 0;
    for (const id of new Set(found.map((o) => o.id))) if (await this.releaseCoupon(m, id)) released++;
    return released;
  }

  /**
   * Gives newly arrived keys to paid orders that were waiting for them, oldest order first, each in its own
   * transaction, and e-mails what each order received. Returns the number of orders completed.
   */
  async completeWaitingOrders(): Promise<number> {
    // Nothing in stock: no order can be completed (the housekeeping asks every minute).
    const inStock = await this.db
      .getRepository(LicenseKey)
      .createQueryBuilder('k')
      .select('k.id')
      .where('k.orderId IS NULL AND k.status = :active', { active: 'active' })
      .limit(1)
      .getRawOne();
    if (!inStock) return 0;
    const waiting = await this.db.getRepository(Order).find({
      select: { id: true },
      // Set on paid orders only (and cleared by a full refund): the payment is checked again under the lock.
      where: { awaitingKeys: true },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: 1000,
    });
    let completed = 0;
    for (const { id } of waiting) {
      const done = await runInTransaction(this.db, async (m) => {
        const order = await this.lockOrder(m, id);
        if (!order?.awaitingKeys || deliveryBlock(order)) return false;
        return (await this.deliver(m, order, true)) === 'complete';
      });
      if (done) completed++;
    }
    return completed;
  }

  /**
   * Assigns the keys the order still lacks, creates its download links on first delivery, sets its status
   * (on `order` too) and writes the e-mail with whatever it received: the keys assigned here and `given`
   * (keys already assigned to the order in this transaction, by staff). `invoiceNumber`: the order's, when
   * the caller has it (otherwise the first e-mail looks it up).
   */
  private async deliver(
    m: EntityManager,
    order: Order,
    followUp: boolean,
    given: LicenseKey[] = [],
    invoiceNumber?: string,
  ): Promise<'complete' | 'partial' | 'none'> {
    // On first delivery the order has no keys: staff give keys only to paid orders, and this is the
    // confirmation that makes it paid (a paid or refunded order is never confirmed again); or it is a held
    // order approved, whose reserved keys are `given`.
    // A faulty key was replaced: its replacement, not it, holds its place in the order's quantity.
    const assigned =
      followUp || given.length
        ? await m.find(LicenseKey, {
            select: { productId: true },
            where: { orderId: order.id, status: Not('faulty' as const) },
          })
        : [];
    const links = followUp ? await m.findBy(DownloadLink, { orderId: order.id }) : [];
    const delivered: DeliveredProduct[] = [];
    let newKeys = 0;
    let missing = 0;

    for (const item of order.orderItems) {
      const have = assigned.filter((k) => k.productId === item.productId).length;
      const allocated = await this.allocateKeys(m, order, item.productId, item.quantity - have, have);
      const keys = [...given.filter((k) => k.productId === item.productId), ...allocated];
      newKeys += keys.length;
      const keysToFollow = item.quantity - have - allocated.length;
      missing += keysToFollow;
      const productLinks = followUp
        ? links.filter((l) => l.productId === item.productId)
        : await this.createDownloadLinks(m, order.id, item.productId);
      if (!followUp || keys.length > 0) {
        delivered.push({
          title: item.name,
          keys: keys.map((k) => this.cipher.decrypt(k.keyCiphertext)),
          downloads: productLinks.map((l) => this.linkForEmail(l)),
          keysToFollow,
        });
      }
    }

    const status = missing === 0 ? 'fulfilled' : 'processing';
    assertTransition('order', order.status, status);
    order.status = status;
    order.awaitingKeys = missing > 0;
    await m.update(Order, order.id, { status: order.status, awaitingKeys: order.awaitingKeys });
    // A first delivery in full left no order waiting and completed none: the waiting alert stays as it is.
    const firstInFull = !followUp && given.length === 0 && missing === 0;
    await this.stock.check(
      m,
      order.orderItems.map((item) => item.productId),
      firstInFull ? 'low-stock' : 'all',
    );
    if (!followUp || newKeys > 0) await this.queueDeliveryEmail(m, order, delivered, followUp, invoiceNumber);
    if (missing > 0) this.logger.warn(`Order ${order.id} is waiting for ${countOf(missing, 'key')}`);
    return missing === 0 ? 'complete' : newKeys > 0 ? 'partial' : 'none';
  }

  /**
   * Takes up to `count` unassigned keys of a product for the order, which already holds `have` of them. On
   * MySQL the candidate rows are locked with SKIP LOCKED so concurrent orders take different keys without
   * waiting; on SQLite writers are serialised. The UPDATE's `orderId IS NULL` guard makes a double
   * assignment impossible either way. Each key gets its share of the product's revenue (keyRevenue: one
   * UPDATE per distinct share, one for a single key) and their cost joins the sales roll-up. Answers the
   * keys taken, with their ciphertext.
   */
  private async allocateKeys(m: EntityManager, order: Order, productId: string, count: number, have: number) {
    if (count <= 0) return [];
    const candidates = m
      .createQueryBuilder(LicenseKey, 'k')
      .select(['k.id', 'k.productId', 'k.keyCiphertext', 'k.costCents', 'k.batchId'])
      .where('k.productId = :productId AND k.orderId IS NULL AND k.status = :active', {
        productId,
        active: 'active',
      })
      .orderBy('k.createdAt', 'ASC')
      .addOrderBy('k.id', 'ASC')
      .limit(count);
    const keys = await skipLocked(candidates).getMany();
    if (keys.length === 0) return [];
    const byRevenue = new Map<number, string[]>();
    keys.forEach((key, i) => {
      const revenue = keyRevenue(order, productId, have + i);
      byRevenue.set(revenue, [...(byRevenue.get(revenue) ?? []), key.id]);
    });
    const assignedAt = new Date();
    let taken = 0;
    for (const [revenueCents, ids] of byRevenue) {
      const update = await m
        .createQueryBuilder()
        .update(LicenseKey)
        .set({ orderId: order.id, assignedAt, revenueCents })
        .where('id IN (:...ids) AND orderId IS NULL', { ids })
        .execute();
      taken += update.affected ?? 0;
    }
    // The rows were locked (MySQL) or nobody else could write (SQLite): another taker means a bug.
    if (taken !== keys.length) throw new Error(`Licence keys were taken during order ${order.id}`);
    await this.sales.recordKeyCost(m, order, keys);
    return keys;
  }

  private linkForEmail(link: DownloadLink) {
    return {
      platform: link.platform,
      url: downloadUrl(this.config.publicUrl, link),
      fileName: link.fileName,
      expiresAt: link.expiresAt ?? new Date(),
      maxDownloads: link.maxDownloads,
    };
  }

  /** The order's download links for a product: one per installer (Windows, and Mac for an edition that runs on one). */
  private async createDownloadLinks(m: EntityManager, orderId: string, productId: string) {
    const installers = this.catalog.installersOf(productId);
    const links = (installers.length ? installers : [null]).map((installer) =>
      newDownloadLink({
        orderId,
        productId,
        platform: installer?.platform,
        fileName: installer?.fileName || 'installer',
        fileUrl: installer?.url || this.config.publicUrl,
        fileSize: installer?.size ?? null,
      }),
    );
    // Nothing to read back (the e-mail needs what is set here): no SELECT after the INSERT on SQLite.
    await m.createQueryBuilder().insert().into(DownloadLink).values(links).updateEntity(false).execute();
    return links;
  }

  /**
   * Counts the order's coupon as used by a paid order: its hold becomes a use, and a hold that had lapsed
   * (the payment failed, took over COUPON_HOLD_MINUTES, or the buyer checked out again) is taken again
   * within the cap; false when the coupon is used up meanwhile.
   */
  private async redeemCoupon(m: EntityManager, order: Order): Promise<boolean> {
    if (!order.couponCode || order.couponState === 'redeemed') return true;
    const counted =
      order.couponState === 'released'
        ? await this.coupons.retake(m, order.couponCode)
        : await this.coupons.redeem(m, order.couponCode);
    if (!counted) return false;
    await m.update(Order, order.id, { couponState: 'redeemed' });
    return true;
  }

  /**
   * A paid order that must not be delivered: it is cancelled and marked as owing a full refund (on
   * `order` too), a coupon reservation it still holds goes back, and the shopper and staff are e-mailed.
   * The refund itself is staff's, through the provider; its `charge.refunded` (or staff setting the
   * payment refunded) clears the mark.
   */
  private async holdForRefund(m: EntityManager, order: Order, reason: RefundReason): Promise<void> {
    assertTransition('order', order.status, 'cancelled');
    Object.assign(order, { status: 'cancelled', refundDue: reason, awaitingKeys: false });
    await m.update(Order, order.id, { status: 'cancelled', refundDue: reason, awaitingKeys: false });
    if (order.couponState === 'reserved' && (await this.releaseCoupon(m, order.id))) {
      order.couponState = 'released';
    }
    const { supportEmail } = this.config.mail;
    await this.outbox.enqueue(m, {
      kind: 'order-refund-due',
      to: order.customerEmail,
      orderId: order.id,
      ...renderRefundDueEmail(order, reason, { supportEmail, publicUrl: this.config.publicUrl }),
    });
    await this.outbox.enqueue(m, {
      kind: 'refund-due',
      to: this.config.mail.staffAlertEmail,
      orderId: order.id,
      audience: 'staff',
      ...renderRefundDueStaffEmail(order, reason),
    });
    this.logger.warn(`Order ${order.id} was paid but not delivered (${reason}): a refund is due`);
  }

  private async releaseCoupon(m: EntityManager, orderId: string): Promise<boolean> {
    const released = await m
      .createQueryBuilder()
      .update(Order)
      .set({ couponState: 'released' })
      .where('id = :orderId AND couponState = :reserved', { orderId, reserved: 'reserved' })
      .execute();
    if (!released.affected) return false;
    const order = await m.findOneByOrFail(Order, { id: orderId });
    if (order.couponCode) await this.coupons.release(m, order.couponCode);
    return true;
  }

  /** The order, its row locked until commit on MySQL/MariaDB (SQLite runs one writer at a time). */
  async lockOrder(m: EntityManager, id: string): Promise<Order | null> {
    return forUpdate(m.createQueryBuilder(Order, 'o').where('o.id = :id', { id })).getOne();
  }
}
