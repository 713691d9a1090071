import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { Product } from '../catalog/entities/product.entity.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { CouponsService } from '../coupons/coupons.service.js';
import { isMysqlFamily } from '../database/errors.js';
import { DownloadLink } from '../downloads/entities/download-link.entity.js';
import { LicenseKey } from '../licenses/entities/license-key.entity.js';
import { LicenseKeyCipher } from '../licenses/license-key-cipher.js';
import { OutboxService } from '../mail/outbox.service.js';
import { Order } from '../orders/entities/order.entity.js';
import { renderDeliveryEmail, type DeliveredProduct } from './delivery-email.js';

export const DOWNLOAD_LINK_DAYS = 30;
export const DOWNLOADS_PER_LINK = 5;

/**
 * Everything that happens to an order once its payment moves: confirmation (keys, download links, the
 * delivery e-mail, exactly once), failure, refund, and late delivery when stock arrives. Each method works
 * inside the caller's transaction, so a payment event and its effects commit together or not at all.
 */
@Injectable()
export class FulfilmentService {
  private readonly logger = new Logger('Fulfilment');
  private readonly mysql: boolean;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cipher: LicenseKeyCipher,
    private readonly coupons: CouponsService,
    private readonly outbox: OutboxService,
  ) {
    this.mysql = isMysqlFamily(db.options.type);
  }

  /**
   * Marks the payment completed and delivers the order. Only the first caller for an order gets past the
   * conditional UPDATE (which also locks the row on MySQL until commit): webhooks replayed or racing a
   * browser confirmation deliver once. Returns false when the payment was already confirmed.
   */
  async confirmPayment(m: EntityManager, orderId: string, paymentMethod: string): Promise<boolean> {
    const won = await m
      .createQueryBuilder()
      .update(Order)
      .set({ paymentStatus: 'completed', paidAt: new Date(), paymentMethod })
      .where('id = :orderId AND paymentStatus IN (:...open)', { orderId, open: ['pending', 'failed'] })
      .execute();
    if (!won.affected) return false;
    const order = await m.findOneByOrFail(Order, { id: orderId });
    await this.redeemCoupon(m, order);
    await this.deliver(m, order, false);
    return true;
  }

  /** The payment failed: the order stays unpaid and a reserved coupon redemption is given back. */
  async failPayment(m: EntityManager, orderId: string): Promise<boolean> {
    const failed = await m
      .createQueryBuilder()
      .update(Order)
      .set({ paymentStatus: 'failed' })
      .where('id = :orderId AND paymentStatus = :pending', { orderId, pending: 'pending' })
      .execute();
    if (!failed.affected) return false;
    await this.releaseCoupon(m, orderId);
    return true;
  }

  /** A full refund: the order's keys are revoked and its download links deactivated. */
  async refund(m: EntityManager, orderId: string): Promise<boolean> {
    const refunded = await m
      .createQueryBuilder()
      .update(Order)
      .set({ paymentStatus: 'refunded', awaitingKeys: false })
      .where('id = :orderId AND paymentStatus <> :refunded', { orderId, refunded: 'refunded' })
      .execute();
    if (!refunded.affected) return false;
    await m.update(LicenseKey, { orderId }, { status: 'revoked' });
    await m.update(DownloadLink, { orderId }, { isActive: false });
    return true;
  }

  /**
   * Writes the delivery e-mail again with everything the order has now (all its keys and links), for the
   * back office's "resend". Returns the outbox message id.
   */
  async redeliver(m: EntityManager, order: Order): Promise<number> {
    const keys = await m.find(LicenseKey, { where: { orderId: order.id }, order: { assignedAt: 'ASC' } });
    const links = await m.find(DownloadLink, { where: { orderId: order.id }, order: { createdAt: 'ASC' } });
    const products: DeliveredProduct[] = order.orderItems.map((item) => {
      const own = keys.filter((k) => k.productId === item.productId);
      return {
        title: item.name,
        keys: own.map((k) => this.cipher.decrypt(k.keyCiphertext)),
        downloads: links.filter((l) => l.productId === item.productId).map((l) => this.linkForEmail(l)),
        keysToFollow: Math.max(0, item.quantity - own.length),
      };
    });
    const email = renderDeliveryEmail({
      orderId: order.id,
      customerName: order.customerName,
      products,
      supportEmail: this.config.mail.supportEmail,
      publicUrl: this.config.publicUrl,
      followUp: false,
    });
    const message = await this.outbox.enqueue(m, {
      kind: 'order-delivery',
      to: order.customerEmail,
      orderId: order.id,
      ...email,
    });
    return message.id;
  }

  /** Gives back the coupon reservations of checkouts left unpaid since `cutoff`. Returns how many. */
  async releaseAbandonedReservations(cutoff: Date): Promise<number> {
    const stale = await this.db
      .getRepository(Order)
      .createQueryBuilder('o')
      .select(['o.id'])
      .where('o.couponState = :reserved AND o.paymentStatus = :pending AND o.createdAt < :cutoff', {
        reserved: 'reserved',
        pending: 'pending',
        cutoff,
      })
      .orderBy('o.createdAt', 'ASC')
      .take(500)
      .getMany();
    let released = 0;
    for (const { id } of stale) {
      if (await this.db.transaction((m) => this.releaseCoupon(m, id))) released++;
    }
    return released;
  }

  /**
   * Gives newly arrived keys to paid orders that were waiting for them, oldest order first, each in its own
   * transaction, and e-mails what each order received. Returns the number of orders completed.
   */
  async completeWaitingOrders(): Promise<number> {
    const waiting = await this.db.getRepository(Order).find({
      select: { id: true },
      where: { awaitingKeys: true, paymentStatus: 'completed' },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: 1000,
    });
    let completed = 0;
    for (const { id } of waiting) {
      const done = await this.db.transaction(async (m) => {
        const order = await this.lockOrder(m, id);
        if (!order?.awaitingKeys || order.paymentStatus !== 'completed') return false;
        return (await this.deliver(m, order, true)) === 'complete';
      });
      if (done) completed++;
    }
    if (waiting.length) this.outbox.wake();
    return completed;
  }

  /**
   * Assigns the keys the order still lacks, creates its download links on first delivery, sets its status
   * and writes the e-mail with whatever it received.
   */
  private async deliver(
    m: EntityManager,
    order: Order,
    followUp: boolean,
  ): Promise<'complete' | 'partial' | 'none'> {
    const assigned = await m.find(LicenseKey, { select: { productId: true }, where: { orderId: order.id } });
    const products = await m.findBy(Product, { id: In(order.orderItems.map((item) => item.productId)) });
    const links = followUp ? await m.findBy(DownloadLink, { orderId: order.id }) : [];
    const delivered: DeliveredProduct[] = [];
    let newKeys = 0;
    let missing = 0;

    for (const item of order.orderItems) {
      const product = products.find((p) => p.id === item.productId);
      const have = assigned.filter((k) => k.productId === item.productId).length;
      const keys = await this.allocateKeys(m, item.productId, item.quantity - have, order.id);
      newKeys += keys.length;
      const keysToFollow = item.quantity - have - keys.length;
      missing += keysToFollow;
      const productLinks = followUp
        ? links.filter((l) => l.productId === item.productId)
        : [await this.createDownloadLink(m, order.id, item.productId, product)];
      if (!followUp || keys.length > 0) {
        delivered.push({
          title: item.name,
          keys: keys.map((k) => this.cipher.decrypt(k.keyCiphertext)),
          downloads: productLinks.map((l) => this.linkForEmail(l)),
          keysToFollow,
        });
      }
    }

    await m.update(Order, order.id, {
      status: missing === 0 ? 'fulfilled' : 'processing',
      awaitingKeys: missing > 0,
    });
    if (!followUp || newKeys > 0) {
      const email = renderDeliveryEmail({
        orderId: order.id,
        customerName: order.customerName,
        products: delivered,
        supportEmail: this.config.mail.supportEmail,
        publicUrl: this.config.publicUrl,
        followUp,
      });
      await this.outbox.enqueue(m, {
        kind: 'order-delivery',
        to: order.customerEmail,
        orderId: order.id,
        ...email,
      });
    }
    if (missing > 0) this.logger.warn(`Order ${order.id} is waiting for ${missing} key(s)`);
    return missing === 0 ? 'complete' : newKeys > 0 ? 'partial' : 'none';
  }

  /**
   * Takes up to `count` unassigned keys of a product for the order. On MySQL the candidate rows are locked
   * with SKIP LOCKED so concurrent orders take different keys without waiting; on SQLite writers are
   * serialised. The UPDATE's `orderId IS NULL` guard makes a double assignment impossible either way.
   */
  private async allocateKeys(m: EntityManager, productId: string, count: number, orderId: string) {
    if (count <= 0) return [];
    const candidates = m
      .createQueryBuilder(LicenseKey, 'k')
      .select(['k.id'])
      .where('k.productId = :productId AND k.orderId IS NULL AND k.status = :active', {
        productId,
        active: 'active',
      })
      .orderBy('k.createdAt', 'ASC')
      .addOrderBy('k.id', 'ASC')
      .limit(count);
    if (this.mysql) candidates.setLock('pessimistic_write').setOnLocked('skip_locked');
    const ids = (await candidates.getMany()).map((k) => k.id);
    if (ids.length === 0) return [];
    await m
      .createQueryBuilder()
      .update(LicenseKey)
      .set({ orderId, assignedAt: new Date() })
      .where('id IN (:...ids) AND orderId IS NULL', { ids })
      .execute();
    return m.find(LicenseKey, { where: { id: In(ids), orderId } });
  }

  private linkForEmail(link: DownloadLink) {
    return {
      url: `${this.config.publicUrl}/api/downloads/${link.token}`,
      fileName: link.fileName,
      expiresAt: link.expiresAt ?? new Date(),
      maxDownloads: link.maxDownloads,
    };
  }

  private async createDownloadLink(m: EntityManager, orderId: string, productId: string, product?: Product) {
    return m.save(
      m.create(DownloadLink, {
        orderId,
        productId,
        fileName: product?.installerFileName || 'installer',
        fileUrl: product?.installerUrl || this.config.publicUrl,
        fileSize: product?.installerSize ?? null,
        maxDownloads: DOWNLOADS_PER_LINK,
        downloadCount: 0,
        isActive: true,
        token: randomBytes(24).toString('base64url'),
        expiresAt: new Date(Date.now() + DOWNLOAD_LINK_DAYS * 24 * 60 * 60 * 1000),
      }),
    );
  }

  private async redeemCoupon(m: EntityManager, order: Order): Promise<void> {
    if (!order.couponCode || order.couponState === 'redeemed') return;
    const wasReleased = order.couponState === 'released';
    await m.update(Order, order.id, { couponState: 'redeemed' });
    // The reservation had lapsed (payment failed or took over 30 minutes) but the shopper paid: count it.
    if (wasReleased) await this.coupons.redeemAgain(m, order.couponCode);
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

  private async lockOrder(m: EntityManager, id: string): Promise<Order | null> {
    const query = m.createQueryBuilder(Order, 'o').where('o.id = :id', { id });
    if (this.mysql) query.setLock('pessimistic_write');
    return query.getOne();
  }
}
