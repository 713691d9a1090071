import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { CatalogService } from '../catalog/catalog.service.js';
import { centsToDollars } from '../common/money.js';
import { DownloadLink } from '../downloads/entities/download-link.entity.js';
import { LicenseKey } from '../licenses/entities/license-key.entity.js';
import { InventoryService } from '../licenses/inventory.service.js';
import { Order, type PaymentStatus } from '../orders/entities/order.entity.js';
import type { DashboardStatsDto } from './dto/dashboard.dto.js';

/** How long computed figures are served again before the next request recomputes them. */
export const DASHBOARD_CACHE_MS = 5_000;

/**
 * The dashboard's figures: seven aggregate queries run side by side (on MySQL/MariaDB each on its own
 * pooled connection; SQLite runs them one after another), then kept for DASHBOARD_CACHE_MS.
 *
 * Cost at a million orders (~1.5 M keys, ~1.3 M download links), and what each query uses:
 * - counts by payment status: GROUP BY over IDX_orders_paymentStatus, an index-only scan of the whole index
 *   (a few tens of MB; roughly 0.1–0.3 s warm).
 * - revenue: SUM(totalCents) WHERE paymentStatus = 'completed'. totalCents is not in any index and most
 *   orders are completed, so the optimiser reads the whole orders table (the costliest query: about
 *   0.5–1 s warm, several seconds cold).
 * - active licences: COUNT(*) WHERE status = 'active' is an index-only range of IDX_license_keys_status;
 *   the unassigned active keys (the inventory, small) come from IDX_license_keys_inventory and are
 *   subtracted, so no key row is read for the assigned ones. (The two reads are not one snapshot, so under
 *   concurrent fulfilment the figure can be off by the keys assigned in between, for one refresh.)
 * - downloads: SUM(downloadCount) reads the whole download_links table (no index holds downloadCount).
 * - recent orders: the last 5 entries of IDX_orders_createdAt; awaiting keys: the awaitingKeys = true
 *   range of IDX_orders_awaiting (a handful of rows); stock: IDX_license_keys_inventory. All instant.
 * The request therefore costs about as much as one scan of orders plus one of download_links.
 *
 * Each process computes at most once per DASHBOARD_CACHE_MS, whatever the number of staff watching, and
 * concurrent requests share one computation. If that is still too slow, in order of effort:
 * 1. covering indexes: orders(paymentStatus, totalCents) makes revenue and the counts one index-only
 *    scan; download_links(downloadCount) or (isActive, downloadCount) does the same for downloads;
 * 2. run these reads on a read replica;
 * 3. a `dashboard_counters` row (orders by payment status, revenue cents, downloads) updated in the same
 *    transactions that create orders, record payments, refunds and downloads, and by admin status
 *    changes, making the dashboard O(1) at the cost of a hot row those writes contend on (or per-day
 *    rows summed on read, which spreads the contention).
 */
@Injectable()
export class DashboardService {
  /** The last figures computed, and when (Date.now()) that computation completed. */
  private cached: { completedAt: number; stats: DashboardStatsDto } | null = null;
  /** The computation under way, which every request arriving meanwhile shares. */
  private inFlight: Promise<DashboardStatsDto> | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly inventory: InventoryService,
    private readonly catalog: CatalogService,
  ) {}

  /**
   * The figures, at most DASHBOARD_CACHE_MS old (counted from when their computation completed) unless
   * `fresh` asks for a new computation. Requests arriving while a computation runs, `fresh` ones included,
   * share it. A failed computation is not kept: the next request tries again.
   */
  stats(fresh = false): Promise<DashboardStatsDto> {
    if (!fresh && this.cached && Date.now() - this.cached.completedAt < DASHBOARD_CACHE_MS) {
      return Promise.resolve(this.cached.stats);
    }
    this.inFlight ??= this.computeAndKeep();
    return this.inFlight;
  }

  private async computeAndKeep(): Promise<DashboardStatsDto> {
    try {
      const stats = await this.compute();
      this.cached = { completedAt: Date.now(), stats };
      return stats;
    } finally {
      this.inFlight = null;
    }
  }

  private async compute(): Promise<DashboardStatsDto> {
    const orders = () => this.db.getRepository(Order).createQueryBuilder('o');
    const generatedAt = new Date();
    const [byPayment, revenue, recent, awaiting, activeKeys, downloads, available] = await Promise.all([
      orders()
        .select('o.paymentStatus', 'paymentStatus')
        .addSelect('COUNT(*)', 'count')
        .groupBy('o.paymentStatus')
        .getRawMany<{ paymentStatus: PaymentStatus; count: number | string }>(),
      orders()
        .select('COALESCE(SUM(o.totalCents), 0)', 'cents')
        .where('o.paymentStatus = :completed', { completed: 'completed' })
        .getRawOne<{ cents: number | string }>(),
      orders()
        .select(['o.id', 'o.customerEmail', 'o.totalCents', 'o.status', 'o.createdAt'])
        .orderBy('o.createdAt', 'DESC')
        .addOrderBy('o.id', 'DESC')
        .limit(5)
        .getMany(),
      orders()
        .select('COUNT(*)', 'count')
        .where('o.awaitingKeys = :awaiting', { awaiting: true })
        .andWhere('o.paymentStatus = :completed', { completed: 'completed' })
        .getRawOne<{ count: number | string }>(),
      // COUNT(*), not TypeORM's count(), which counts DISTINCT ids and so cannot stop at the index.
      this.db
        .getRepository(LicenseKey)
        .createQueryBuilder('k')
        .select('COUNT(*)', 'count')
        .where('k.status = :active', { active: 'active' })
        .getRawOne<{ count: number | string }>(),
      this.db
        .getRepository(DownloadLink)
        .createQueryBuilder('l')
        .select('COALESCE(SUM(l.downloadCount), 0)', 'total')
        .getRawOne<{ total: number | string }>(),
      this.inventory.countAvailable(),
    ]);

    const count = (status: PaymentStatus) =>
      Number(byPayment.find((row) => row.paymentStatus === status)?.count ?? 0);
    const unassignedActive = Object.values(available).reduce((sum, n) => sum + n, 0);
    return {
      totalOrders: byPayment.reduce((sum, row) => sum + Number(row.count), 0),
      totalRevenue: centsToDollars(Number(revenue?.cents ?? 0)),
      activeLicenses: Math.max(0, Number(activeKeys?.count ?? 0) - unassignedActive),
      totalDownloads: Number(downloads?.total ?? 0),
      completedOrders: count('completed'),
      pendingOrders: count('pending'),
      recentOrders: recent.map((order) => ({
        id: order.id,
        customerEmail: order.customerEmail,
        totalAmount: centsToDollars(order.totalCents),
        status: order.status,
        createdAt: order.createdAt,
      })),
      awaitingKeysOrders: Number(awaiting?.count ?? 0),
      stock: this.catalog.findAll().map((product) => ({
        productId: product.id,
        title: product.title,
        available: available[product.id] ?? 0,
      })),
      generatedAt,
    };
  }
}
