import { AsyncResource } from 'node:async_hooks';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  In,
  Not,
  type DataSource,
  type EntityManager,
  type EntitySubscriberInterface,
  type QueryRunner,
  type TransactionCommitEvent,
  type TransactionRollbackEvent,
} from 'typeorm';
import { CatalogService } from '../catalog/catalog.service.js';
import { ProductSettings } from '../catalog/entities/product-settings.entity.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { runInTransaction } from '../database/transactions.js';
import { OutboxService } from '../emails/outbox.service.js';
import { LicenseKey } from '../license-keys/entities/license-key.entity.js';
import { countKeysInStock, countKeysInStockBelow } from '../license-keys/license-keys.js';
import { Order } from '../orders/entities/order.entity.js';
import type { ProductStockLevel } from '../catalog/dto/product.dto.js';
import { renderLowStockEmail, renderOrdersWaitingEmail, type StockAlertFacts } from './stock-alert-email.js';

/** The windows of the daily sales rate behind days of stock: the higher of the two rates counts. */
export const SALES_RATE_DAYS = [14, 30] as const;
/** Orders waiting for keys read at most (there are few: stock ran out). */
const WAITING_ORDERS_READ = 1000;
const DAY_MS = 86_400_000;

/** One product's stock, as the dashboard and the Products page show it. */
export interface StockLevel {
  productId: string;
  title: string;
  /** Keys in stock: unassigned and active (countKeysInStock). */
  available: number;
  /** Paid orders waiting for keys that still lack keys of this product. */
  waitingOrders: number;
  /** available ÷ keys delivered per day (the higher rate of the last 14 and 30 days); null: none sold. */
  daysOfStock: number | null;
  /** The product's own level; null: LOW_STOCK_THRESHOLD. */
  lowStockThreshold: number | null;
  /** The level in force; 0: no low-stock alert. */
  effectiveLowStockThreshold: number;
  /** Whether the product ever had a key: one never stocked is not "low" (nothing ran out), and alerts nobody. */
  stocked: boolean;
}

/**
 * How long a process answers shoppers with the stock levels it read (GET /api/products), at most: a sale or
 * import in this process refreshes them at once (recheck), one in another process within this time.
 */
export const SHELF_MAX_AGE_MS = 10_000;

/** What shoppers are told of each product's stock, by product id, and when its read began. */
interface Shelf {
  levels: Promise<Map<string, ProductStockLevel>>;
  readAt: number;
}

type AlertColumn = 'lowStockAlertedAt' | 'waitingAlertedAt';

/**
 * What a check reconsiders: both alerts (`all`), or the low-stock alert alone (`low-stock`), after a sale
 * delivered in full: it left no order waiting and completed none, so the orders waiting are as they were
 * (a sale that leaves keys owed, a follow-up delivery, an import and the sweeper's rounds check `all`).
 */
export type CheckScope = 'all' | 'low-stock';

/** The products a transaction moved, checked once it commits, and what is checked of them. */
interface QueuedCheck {
  ids: Set<string>;
  scope: CheckScope;
}

/**
 * Stock levels per product and the staff alerts of their crossings (#21 §2): an e-mail when a product's
 * stock falls below its low-stock level, and one when paid orders start waiting for its keys, each once
 * per crossing. The crossing's state is in `product_settings` (lowStockAlertedAt, waitingAlertedAt): a
 * conditional UPDATE (`… IS NULL`) sets it, and only the transaction whose UPDATE changed the row queues the
 * e-mail, in the same transaction, so concurrent sales never send two. A check where the condition no longer
 * holds clears the state, so the next crossing alerts again.
 *
 * The transaction that moved stock (a sale) names its products with `check`; they are checked once it
 * commits, outside it (checkNow). Checking inside the sale would read that transaction's snapshot,
 * which on MySQL/MariaDB (REPEATABLE READ) misses sales committed meanwhile, and would lengthen the sale's
 * locks; after commit, the last sale to commit sees all. The check costs the same whatever the stock (a
 * count bounded by the threshold: countKeysInStockBelow). The reservation sweeper checks every product each
 * minute, which repairs a check lost with its process and the states of orders refunded meanwhile.
 */
@Injectable()
export class StockService implements EntitySubscriberInterface, BeforeApplicationShutdown {
  private readonly logger = new Logger('Stock');
  /** Transactions that checked products, which are checked again once they commit. */
  private readonly recheckOnCommit = new WeakMap<QueryRunner, QueuedCheck>();
  /** The checks after commit under way (tests and shutdown may wait for them). */
  private readonly pending = new Set<Promise<void>>();
  /** The shoppers' stock levels last read (or being read), shared by the requests meanwhile. */
  private shelf: Shelf | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'stock' | 'mail' | 'publicUrl'>,
    private readonly catalog: CatalogService,
    private readonly outbox: OutboxService,
  ) {
    db.subscribers.push(this);
  }

  /** Every catalogue product's stock (or these products'), read through `m`. */
  async levels(m: EntityManager = this.db.manager, productIds?: readonly string[]): Promise<StockLevel[]> {
    const products = this.catalog
      .findAll()
      .filter((product) => productIds === undefined || productIds.includes(product.id));
    if (products.length === 0) return [];
    const ids = products.map((product) => product.id);
    const [available, settings, waiting, rates, stocked] = await Promise.all([
      countKeysInStock(m, ids),
      m.findBy(ProductSettings, { productId: In(ids) }),
      this.countWaiting(m),
      this.salesRates(m, ids),
      this.everStocked(m, ids),
    ]);
    return products.map((product) => {
      const own = settings.find((row) => row.productId === product.id)?.lowStockThreshold ?? null;
      const inStock = available.get(product.id) ?? 0;
      const rate = rates.get(product.id) ?? 0;
      return {
        productId: product.id,
        title: product.title,
        available: inStock,
        waitingOrders: waiting.get(product.id) ?? 0,
        daysOfStock: rate > 0 ? Math.floor((inStock / rate) * 10) / 10 : null,
        lowStockThreshold: own,
        effectiveLowStockThreshold: own ?? this.config.stock.lowStockThreshold,
        stocked: stocked.has(product.id),
      };
    });
  }

  /** The products among these that ever had a licence key (any status, sold or not): one indexed probe each. */
  private async everStocked(m: EntityManager, ids: readonly string[]): Promise<Set<string>> {
    const found = await Promise.all(
      ids.map(async (productId) =>
        (await m.exists(LicenseKey, { where: { productId } })) ? productId : null,
      ),
    );
    return new Set(found.filter((id): id is string => id !== null));
  }

  /**
   * Each product's stock level as shoppers are told it (GET /api/products), at most SHELF_MAX_AGE_MS old:
   * back-ordered with no key in stock, low below the product's low-stock level (the staff alert's), else in
   * stock. Read with bounded counts (countKeysInStockBelow), so the cost does not grow with the stock.
   */
  async stockLevels(): Promise<Map<string, ProductStockLevel>> {
    if (!this.shelf || Date.now() - this.shelf.readAt >= SHELF_MAX_AGE_MS) {
      const shelf: Shelf = { levels: this.readShelf(), readAt: Date.now() };
      this.shelf = shelf;
      // A failed read is not kept: the next request reads again.
      shelf.levels.catch(() => {
        if (this.shelf === shelf) this.shelf = null;
      });
    }
    return this.shelf.levels;
  }

  private async readShelf(): Promise<Map<string, ProductStockLevel>> {
    const m = this.db.manager;
    const ids = this.catalog.productIds();
    if (ids.length === 0) return new Map();
    const settings = await m.findBy(ProductSettings, { productId: In(ids) });
    const levels = new Map<string, ProductStockLevel>();
    for (const productId of ids) {
      const own = settings.find((row) => row.productId === productId)?.lowStockThreshold ?? null;
      const threshold = own ?? this.config.stock.lowStockThreshold;
      const available = await countKeysInStockBelow(m, productId, Math.max(threshold, 1));
      levels.set(
        productId,
        available === 0 ? 'back_ordered' : available < threshold ? 'low_stock' : 'in_stock',
      );
    }
    return levels;
  }

  /**
   * Stock of these products (all, when not given) moved in `m`'s transaction: they are checked once it
   * commits, by reads that see every sale committed by then (see the class); outside a transaction, at
   * once. The sale's own transaction (which holds the invoice series' lock) reads nothing.
   */
  async check(m: EntityManager, productIds?: readonly string[], scope: CheckScope = 'all'): Promise<void> {
    const ids = [...new Set(productIds ?? this.catalog.productIds())].sort();
    const transaction = m.queryRunner;
    if (!transaction?.isTransactionActive) return this.recheck(ids, scope);
    const queued = this.recheckOnCommit.get(transaction) ?? { ids: new Set<string>(), scope };
    ids.forEach((id) => queued.ids.add(id));
    if (scope === 'all') queued.scope = 'all';
    this.recheckOnCommit.set(transaction, queued);
  }

  /** Every product checked now (after an import, and by the sweeper); shoppers' levels are read again. */
  async recheck(productIds?: readonly string[], scope: CheckScope = 'all'): Promise<void> {
    this.shelf = null;
    const ids = [...new Set(productIds ?? this.catalog.productIds())].sort();
    await this.checkNow(ids, scope);
  }

  /** Resolves once the checks after commit started so far are done. */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  /** Before the database connections close: a check under way finishes rather than failing half-way. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.settled();
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    const queued = this.recheckOnCommit.get(event.queryRunner);
    if (!queued) return;
    this.recheckOnCommit.delete(event.queryRunner);
    this.startRecheck([...queued.ids], queued.scope);
  }

  /**
   * Starts the check after commit outside the committed transaction's async context (bound where this
   * service was made): on SQLite that context would make it a nested transaction of the finished one.
   */
  private readonly startRecheck = AsyncResource.bind((ids: string[], scope: CheckScope) => {
    const run = this.recheck(ids, scope)
      .catch((error: Error) => this.logger.error(`Checking stock after a sale failed: ${error.message}`))
      .finally(() => this.pending.delete(run));
    this.pending.add(run);
  });

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    this.recheckOnCommit.delete(event.queryRunner);
  }

  /**
   * Checks these products' alerts. The reads need no transaction (each sees what was committed when it
   * ran); a crossing is written in a transaction of its own (its conditional UPDATE and the alert), so a
   * sale that moves no alert, nearly all of them, costs two reads (the `low-stock` scope: the alerts' states
   * and the bounded count) or three (`all`: the orders waiting too) and no write. Whether stock is low is
   * read with a bounded count (countKeysInStockBelow, at most the product's threshold), not a count of
   * every key in stock: its cost does not grow with the stock.
   */
  private async checkNow(ids: readonly string[], scope: CheckScope): Promise<void> {
    if (ids.length === 0) return;
    const m = this.db.manager;
    const settings = await m.findBy(ProductSettings, { productId: In([...ids]) });
    const waiting = scope === 'all' ? await this.countWaiting(m) : null;
    for (const productId of ids) {
      const product = this.catalog.find(productId);
      if (!product) continue;
      const row = settings.find((s) => s.productId === productId) ?? null;
      const threshold = row?.lowStockThreshold ?? this.config.stock.lowStockThreshold;
      // Below the threshold this is the exact number in stock, which the alert tells.
      const available = await countKeysInStockBelow(m, productId, threshold);
      const facts: StockAlertFacts = {
        productId,
        title: product.title,
        available,
        threshold,
        waitingOrders: waiting?.get(productId) ?? 0,
      };
      // A product never stocked has not run low: its first import is not awaited as an alert.
      const low =
        threshold > 0 && facts.available < threshold && (await this.everStocked(m, [productId])).size > 0;
      await this.move(row, 'lowStockAlertedAt', low, productId, () =>
        renderLowStockEmail(facts, this.config.publicUrl),
      );
      if (waiting)
        await this.move(row, 'waitingAlertedAt', facts.waitingOrders > 0, productId, () =>
          renderOrdersWaitingEmail(facts, this.config.publicUrl),
        );
    }
  }

  /** One alert's crossing (see crossing), in a transaction of its own, when its state must move. */
  private async move(
    row: ProductSettings | null,
    column: AlertColumn,
    holds: boolean,
    productId: string,
    mail: () => { subject: string; text: string; html: string },
  ): Promise<void> {
    if (holds === ((row?.[column] ?? null) !== null)) return;
    await runInTransaction(this.db, async (m) => {
      if (await this.crossing(m, productId, row, column, holds))
        await this.alert(m, mail(), column === 'lowStockAlertedAt' ? 'low-stock' : 'orders-waiting');
    });
  }

  /**
   * Moves one alert's state: when the condition holds and no alert was sent, marks it sent with a
   * conditional UPDATE (the row created first when the product has none) and answers whether this
   * transaction's UPDATE changed the row, i.e. whether it must send the alert; when the condition ended,
   * clears the mark. Rows are read without a lock first, so a sale that changes nothing writes nothing.
   */
  private async crossing(
    m: EntityManager,
    productId: string,
    row: ProductSettings | null,
    column: AlertColumn,
    holds: boolean,
  ): Promise<boolean> {
    const marked = (row?.[column] ?? null) !== null;
    if (holds === marked) return false;
    if (!holds) {
      await m
        .createQueryBuilder()
        .update(ProductSettings)
        .set({ [column]: null })
        .where(`productId = :productId AND ${column} IS NOT NULL`, { productId })
        .execute();
      return false;
    }
    if (!row) {
      await m
        .createQueryBuilder()
        .insert()
        .into(ProductSettings)
        .values({ productId, lowStockThreshold: null })
        .orIgnore()
        .updateEntity(false)
        .execute();
    }
    const won = await m
      .createQueryBuilder()
      .update(ProductSettings)
      .set({ [column]: new Date() })
      .where(`productId = :productId AND ${column} IS NULL`, { productId })
      .execute();
    return (won.affected ?? 0) > 0;
  }

  private async alert(m: EntityManager, mail: { subject: string; text: string; html: string }, kind: string) {
    await this.outbox.enqueue(m, { kind, to: this.config.mail.staffAlertEmail, audience: 'staff', ...mail });
    this.logger.warn(mail.subject);
  }

  /**
   * Per product, the paid orders waiting for keys (awaitingKeys, a short range of IDX_orders_awaiting)
   * that still lack keys of it. A faulty key does not count: its replacement holds its place.
   */
  private async countWaiting(m: EntityManager): Promise<Map<string, number>> {
    const orders = await m.find(Order, {
      select: { id: true, orderItems: true },
      where: { awaitingKeys: true },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: WAITING_ORDERS_READ,
    });
    const waiting = new Map<string, number>();
    if (orders.length === 0) return waiting;
    const held = await m
      .createQueryBuilder(LicenseKey, 'k')
      .select('k.orderId', 'orderId')
      .addSelect('k.productId', 'productId')
      .addSelect('COUNT(*)', 'count')
      .where({ orderId: In(orders.map((o) => o.id)), status: Not('faulty') })
      .groupBy('k.orderId')
      .addGroupBy('k.productId')
      .getRawMany<{ orderId: string; productId: string; count: number | string }>();
    for (const order of orders) {
      for (const item of order.orderItems) {
        const have = held
          .filter((k) => k.orderId === order.id && k.productId === item.productId)
          .reduce((sum, k) => sum + Number(k.count), 0);
        if (have < item.quantity) waiting.set(item.productId, (waiting.get(item.productId) ?? 0) + 1);
      }
    }
    return waiting;
  }

  /**
   * Keys delivered per day and product: the higher of the last 14 and 30 days' rates. One range of
   * IDX_license_keys_assignedAt (keys given to orders, reservations of held orders included).
   */
  private async salesRates(m: EntityManager, ids: readonly string[]): Promise<Map<string, number>> {
    const [short, long] = SALES_RATE_DAYS;
    const now = Date.now();
    const rows = await m
      .createQueryBuilder(LicenseKey, 'k')
      .select('k.productId', 'productId')
      .addSelect('SUM(CASE WHEN k.assignedAt >= :recent THEN 1 ELSE 0 END)', 'recent')
      .addSelect('COUNT(*)', 'month')
      .where('k.assignedAt >= :since', { since: new Date(now - long * DAY_MS) })
      .andWhere('k.productId IN (:...ids)', { ids })
      .setParameter('recent', new Date(now - short * DAY_MS))
      .groupBy('k.productId')
      .getRawMany<{ productId: string; recent: number | string; month: number | string }>();
    return new Map(
      rows.map((row) => [row.productId, Math.max(Number(row.recent) / short, Number(row.month) / long)]),
    );
  }
}
