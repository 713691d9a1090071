import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { DownloadLink } from '../../downloads/entities/download-link.entity.js';
import { KeyReport } from '../../key-reports/entities/key-report.entity.js';
import { LicenseKey } from '../../license-keys/entities/license-key.entity.js';
import { Message } from '../../messages/entities/message.entity.js';
import { InventoryService } from '../../license-keys/inventory.service.js';
import {
  Order,
  REFUND_REASONS,
  type OrderStatus,
  type PaymentStatus,
} from '../../orders/entities/order.entity.js';
import { countOrdersAwaitingKeys } from '../../orders/order-counts.js';
import { PAID } from '../../orders/order-process.js';
import { RedisFallback } from '../../redis/redis-fallback.js';
import { Converter, RateBook, sumAndConvert } from '../../reports/converted-figures.js';
import { ROLLUP_AMOUNTS, rollupSums } from '../../reports/rollup-sums.js';
import { salesFigures } from '../../reports/sales-figures.js';
import type { RedisSharedValue, SharedEntry } from '../../redis/redis-shared-value.js';
import { StockService } from '../../stock/stock.service.js';
import type { DashboardStatsDto } from './dto/dashboard.dto.js';

/** How long computed figures are answered as they are. */
export const DASHBOARD_CACHE_MS = 5_000;
/** How long older figures are still answered at once while new ones are computed in the background. */
export const DASHBOARD_STALE_MS = 60_000;
/** Injection token of the figures shared in Redis (REDIS_URL), or null. */
export const SHARED_DASHBOARD = Symbol('SHARED_DASHBOARD');

/** The figures as read back from JSON: their dates made dates again. */
export function reviveDashboardStats(json: unknown): DashboardStatsDto {
  const stats = json as DashboardStatsDto;
  return {
    ...stats,
    generatedAt: new Date(stats.generatedAt),
    sales: { ...stats.sales, asOf: new Date(stats.sales.asOf) },
    recentOrders: stats.recentOrders.map((order) => ({ ...order, createdAt: new Date(order.createdAt) })),
    overdueReviews: (stats.overdueReviews ?? []).map((order) => ({
      ...order,
      heldAt: new Date(order.heldAt),
    })),
  };
}

/**
 * The dashboard's figures: seven aggregate queries run side by side (on MySQL/MariaDB each on its own
 * pooled connection; SQLite runs them one after another), kept and refreshed as `stats` describes.
 *
 * What each query reads (indexes from the admin-list-indexes migration):
 * - counts by payment status: an index-only scan of IDX_orders_revenue (paymentStatus, totalCents);
 * - sales (gross, refunds, net, tax, total: reports/sales-figures.ts, the sales report's definition): the
 *   store's rows of the daily roll-up, summed per currency, per day for the currencies other than USD,
 *   whose days are converted into USD at their ECB rates (one read of the rates they need);
 * - active licences: COUNT(*) WHERE status = 'active', an index-only range of IDX_license_keys_status,
 *   minus the unassigned active keys (the inventory, small, from IDX_license_keys_inventory) and the
 *   reserved ones (the active keys of the few orders held for review, from IDX_orders_heldAt). The two
 *   reads are not one snapshot: under concurrent fulfilment the figure can be off for one refresh;
 * - downloads: SUM(downloadCount), an index-only scan of IDX_download_links_downloadCount;
 * - recent orders, orders awaiting keys, stock: a few entries of IDX_orders_createdAt, IDX_orders_awaiting
 *   and IDX_license_keys_inventory;
 * - payments to refund (paid, not delivered, owed back in full): the short non-NULL range of
 *   IDX_orders_refundDue (one lookup per reason). Their payments stay in the sales until refunded (a
 *   refund is counted when it is made, as in the sales report).
 * A computation therefore reads three indexes end to end: fine at a million orders in the background,
 * not on every request. If it ever is too slow, the next step is a `dashboard_counters` row per day
 * (orders by payment status, downloads) maintained by the transactions that change them and summed on
 * read, as the sales roll-up is.
 *
 * With REDIS_URL the figures are kept in Redis for every process: whichever process a reload reaches, it
 * answers the newest figures any of them computed, so they never go backwards through a load balancer,
 * and an ageing copy is refreshed by one process for all. While Redis fails, each process keeps its own.
 */
@Injectable()
export class DashboardService {
  private readonly logger = new Logger('Dashboard');
  /** The last figures computed here, and when (Date.now()) that computation completed. */
  private cached: { completedAt: number; stats: DashboardStatsDto } | null = null;
  /** The computation under way in this process, which every request arriving meanwhile shares. */
  private inFlight: Promise<DashboardStatsDto> | null = null;
  private readonly fallback = new RedisFallback(this.logger, "keeping the dashboard's figures per process");

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly inventory: InventoryService,
    private readonly stock: StockService,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'review'>,
    @Optional()
    @Inject(SHARED_DASHBOARD)
    private readonly shared: RedisSharedValue<DashboardStatsDto> | null = null,
  ) {}

  /**
   * The figures. Up to DASHBOARD_CACHE_MS old (counted from when their computation completed) they are
   * answered as they are; up to DASHBOARD_STALE_MS old they are still answered at once while a new
   * computation runs in the background, so staff watching the dashboard never wait for one; older, or with
   * `fresh`, the request waits for a computation. Requests arriving while one runs, `fresh` ones included,
   * share it. A failed computation is not kept: the next request tries again. The figures are those
   * shared in Redis when it is set and answers, else this process's own.
   */
  async stats(fresh = false): Promise<DashboardStatsDto> {
    if (fresh) return this.refresh();
    if (this.shared) {
      const read = await this.fallback.run(
        async () => ({ entry: await this.shared!.read() }),
        async () => null,
      );
      if (read) return this.answer(read.entry, true);
    }
    const local = this.cached && { value: this.cached.stats, ageMs: Date.now() - this.cached.completedAt };
    return this.answer(local, false);
  }

  private answer(entry: SharedEntry<DashboardStatsDto> | null, shared: boolean): Promise<DashboardStatsDto> {
    if (!entry || entry.ageMs >= DASHBOARD_STALE_MS) return this.refresh();
    if (entry.ageMs >= DASHBOARD_CACHE_MS) {
      this.refreshInBackground(shared).catch((error: unknown) =>
        this.logger.warn(
          `Dashboard figures not refreshed: ${error instanceof Error ? error.message : error}`,
        ),
      );
    }
    return Promise.resolve(entry.value);
  }

  /** A refresh nobody waits for; with shared figures, by one process for all. */
  private async refreshInBackground(shared: boolean): Promise<void> {
    if (this.inFlight) return;
    if (shared) {
      const ours = await this.fallback.run(
        () => this.shared!.claimRefresh(DASHBOARD_CACHE_MS),
        async () => true,
      );
      if (!ours) return;
    }
    await this.refresh();
  }

  private refresh(): Promise<DashboardStatsDto> {
    this.inFlight ??= this.computeAndKeep();
    return this.inFlight;
  }

  private async computeAndKeep(): Promise<DashboardStatsDto> {
    try {
      // Taken before computing: figures from an earlier start never replace later ones.
      const stamp = this.shared
        ? await this.fallback.run(
            () => this.shared!.stamp(),
            async () => null,
          )
        : null;
      let stats = await this.compute();
      if (stamp !== null) {
        const newer = await this.fallback.run(
          () => this.shared!.offer(stats, stamp),
          async () => null,
        );
        // Another process computed from a later start meanwhile: answered, so no reload goes back.
        if (newer) stats = newer;
      }
      this.cached = { completedAt: Date.now(), stats };
      return stats;
    } finally {
      this.inFlight = null;
    }
  }

  /** All the sales, per currency and converted into USD at each day's ECB rate. */
  private async sales(): Promise<Omit<DashboardStatsDto['sales'], 'asOf'>> {
    const rows = await rollupSums(this.db, 'store');
    const converter = new Converter(await RateBook.forRows(this.db, rows));
    const { byCurrency, converted } = sumAndConvert(ROLLUP_AMOUNTS, [], rows, converter);
    return {
      ...salesFigures(converted),
      byCurrency: [...byCurrency].map(([currency, sums]) => ({ currency, ...salesFigures(sums) })),
      conversion: converter.summary(),
    };
  }

  private async compute(): Promise<DashboardStatsDto> {
    const orders = () => this.db.getRepository(Order).createQueryBuilder('o');
    const generatedAt = new Date();
    const heldBefore = new Date(generatedAt.getTime() - this.config.review.alertAfterHours * 3_600_000);
    const [
      byPayment,
      sales,
      owed,
      recent,
      awaiting,
      activeKeys,
      reservedKeys,
      downloads,
      available,
      overdue,
      stock,
      openKeyReports,
      newMessages,
    ] = await Promise.all([
      orders()
        .select('o.paymentStatus', 'paymentStatus')
        .addSelect('o.status', 'status')
        .addSelect('COUNT(*)', 'count')
        .groupBy('o.paymentStatus')
        .addGroupBy('o.status')
        .getRawMany<{ paymentStatus: PaymentStatus; status: OrderStatus; count: number | string }>(),
      // Every day of the store's roll-up: the sales report's own figures, all time, per currency.
      this.sales(),
      orders()
        .select('COUNT(*)', 'count')
        .where('o.refundDue IN (:...reasons)', { reasons: REFUND_REASONS })
        .getRawOne<{ count: number | string }>(),
      orders()
        .select(['o.id', 'o.customerEmail', 'o.totalCents', 'o.status', 'o.refundDue', 'o.createdAt'])
        .orderBy('o.createdAt', 'DESC')
        .addOrderBy('o.id', 'DESC')
        .limit(5)
        .getMany(),
      countOrdersAwaitingKeys(this.db.manager),
      // COUNT(*), not TypeORM's count(), which counts DISTINCT ids and so cannot stop at the index.
      this.db
        .getRepository(LicenseKey)
        .createQueryBuilder('k')
        .select('COUNT(*)', 'count')
        .where('k.status = :active', { active: 'active' })
        .getRawOne<{ count: number | string }>(),
      // Reserved: the active keys of the orders held for review (few), never delivered.
      this.db
        .getRepository(LicenseKey)
        .createQueryBuilder('k')
        .innerJoin(Order, 'o', 'o.id = k.orderId')
        .select('COUNT(*)', 'count')
        .where('o.status = :held AND k.status = :active', { held: 'on_hold', active: 'active' })
        .getRawOne<{ count: number | string }>(),
      this.db
        .getRepository(DownloadLink)
        .createQueryBuilder('l')
        .select('COALESCE(SUM(l.downloadCount), 0)', 'total')
        .getRawOne<{ total: number | string }>(),
      this.inventory.countAvailable(),
      // Held for review longer than HOLD_ALERT_AFTER_HOURS: a short range of IDX_orders_heldAt.
      orders()
        .select(['o.id', 'o.customerEmail', 'o.totalCents', 'o.holdReasons', 'o.heldAt'])
        .where('o.status = :held AND o.heldAt <= :heldBefore', { held: 'on_hold', heldBefore })
        .orderBy('o.heldAt', 'ASC')
        .limit(20)
        .getMany(),
      // Per product: an indexed count, the few orders waiting, and a 30-day range of IDX_license_keys_assignedAt.
      this.stock.levels(),
      // Waiting for staff: short ranges of IDX_key_reports_status and IDX_contact_messages_status.
      this.db.getRepository(KeyReport).countBy({ status: 'open' }),
      this.db.getRepository(Message).countBy({ status: 'new' }),
    ]);

    const count = (payment: PaymentStatus, except?: OrderStatus) =>
      byPayment
        .filter((row) => row.paymentStatus === payment && row.status !== except)
        .reduce((sum, row) => sum + Number(row.count), 0);
    const unassignedActive = Object.values(available).reduce((sum, n) => sum + n, 0);
    return {
      totalOrders: byPayment.reduce((sum, row) => sum + Number(row.count), 0),
      sales: { ...sales, asOf: generatedAt },
      activeLicenses: Math.max(
        0,
        Number(activeKeys?.count ?? 0) - unassignedActive - Number(reservedKeys?.count ?? 0),
      ),
      reservedLicenses: Number(reservedKeys?.count ?? 0),
      totalDownloads: Number(downloads?.total ?? 0),
      // Paid orders, a partial refund or not.
      completedOrders: PAID.reduce((sum, status) => sum + count(status), 0),
      // A cancelled checkout is no longer waiting for its payment.
      pendingOrders: count('pending', 'cancelled'),
      recentOrders: recent.map((order) => ({
        id: order.id,
        customerEmail: order.customerEmail,
        totalCents: order.totalCents,
        status: order.status,
        refundDue: order.refundDue,
        createdAt: order.createdAt,
      })),
      awaitingKeysOrders: awaiting,
      refundsDue: Number(owed?.count ?? 0),
      openKeyReports,
      newMessages,
      overdueReviews: overdue.map((order) => ({
        id: order.id,
        customerEmail: order.customerEmail,
        totalCents: order.totalCents,
        holdReasons: order.holdReasons ?? [],
        heldAt: order.heldAt!,
      })),
      stock: stock.map((level) => ({
        productId: level.productId,
        title: level.title,
        available: level.available,
        waitingOrders: level.waitingOrders,
        daysOfStock: level.daysOfStock,
        lowStockThreshold: level.effectiveLowStockThreshold,
        stocked: level.stocked,
      })),
      generatedAt,
    };
  }
}
