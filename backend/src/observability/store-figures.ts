import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { outboxBacklog } from '../emails/outbox-backlog.js';
import type { InventoryService } from '../license-keys/inventory.service.js';
import { countOrdersAwaitingKeys, countOrdersOnHold } from '../orders/order-counts.js';

/** How long the figures are answered as they are: scrapes in between cost no query. */
export const STORE_FIGURES_CACHE_MS = 10_000;

/** The store-wide figures operators page on, the same whichever process is asked. */
export interface StoreFigures {
  pendingEmails: number;
  /** How long the oldest message waiting has waited; 0 when none waits. */
  oldestPendingSeconds: number;
  ordersAwaitingKeys: number;
  ordersOnHold: number;
  /** Keys in stock per catalogue product (countKeysInStock). */
  keyStock: Record<string, number>;
}

/**
 * The figures for /api/metrics: four indexed reads (the outbox's backlog, the orders waiting for keys, the
 * orders held, the stock per product), computed at most once per STORE_FIGURES_CACHE_MS however often and
 * by however many scrapers the process is asked, and shared by the scrapes that arrive meanwhile. A
 * failed computation is not kept: the scrape answers without these figures and the next one tries again.
 */
export class StoreFiguresCache {
  private readonly logger = new Logger('Metrics');
  private cached: { at: number; figures: StoreFigures } | null = null;
  private inFlight: Promise<StoreFigures | null> | null = null;

  constructor(
    private readonly db: DataSource,
    private readonly inventory: Pick<InventoryService, 'countAvailable'>,
    private readonly cacheMs = STORE_FIGURES_CACHE_MS,
  ) {}

  /** The figures, or null when the database did not answer. */
  get(): Promise<StoreFigures | null> {
    if (this.cached && Date.now() - this.cached.at < this.cacheMs)
      return Promise.resolve(this.cached.figures);
    this.inFlight ??= this.compute().finally(() => (this.inFlight = null));
    return this.inFlight;
  }

  private async compute(): Promise<StoreFigures | null> {
    try {
      const m = this.db.manager;
      const [backlog, ordersAwaitingKeys, ordersOnHold, keyStock] = await Promise.all([
        outboxBacklog(m),
        countOrdersAwaitingKeys(m),
        countOrdersOnHold(m),
        this.inventory.countAvailable(),
      ]);
      const now = Date.now();
      const figures = {
        pendingEmails: backlog.pending,
        oldestPendingSeconds: backlog.oldestQueuedAt
          ? Math.max(0, (now - backlog.oldestQueuedAt.getTime()) / 1000)
          : 0,
        ordersAwaitingKeys,
        ordersOnHold,
        keyStock,
      };
      this.cached = { at: now, figures };
      return figures;
    } catch (error) {
      this.logger.warn(
        `Store figures not read for /api/metrics: ${error instanceof Error ? error.message : String(error)}`,
      );
      return null;
    }
  }
}
