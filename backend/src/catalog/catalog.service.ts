import { Injectable, Logger, NotFoundException, type BeforeApplicationShutdown } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ValidationArguments } from 'class-validator';
import { In, type EntityManager, type Repository } from 'typeorm';
import { CURRENCIES, DEFAULT_CURRENCY, isCurrency, type Currency } from '../common/money.js';
import { CATALOG, type CatalogPrice } from './catalog.data.js';
import { ProductDto, type ProductContent } from './dto/product.dto.js';
import { SOLD_CURRENCIES } from './dto/products-query.dto.js';
import { ProductPrice } from './entities/product-price.entity.js';
import { Product, type Platform } from './entities/product.entity.js';

/** A file a paid order's download link points to, one per system the edition runs on (not in the public API). */
export interface ProductInstaller {
  platform: Platform;
  fileName: string;
  url: string;
  size: string | null;
}

/**
 * The product ids of the catalogue this process serves, in catalogue order, for the request DTOs' `@IsIn`
 * (and their documented enum): class-validator keeps the array it is given, so `reload()` refills this one in
 * place. This build's catalogue until the database's is read.
 */
export const SERVED_PRODUCT_IDS: string[] = CATALOG.map((product) => product.id);

/** The message of an `@IsIn(SERVED_PRODUCT_IDS)` refusal, with the ids as they are when it is made. */
export const productIdRefusal =
  (field: string) =>
  ({ constraints }: ValidationArguments): string =>
    `${field} must be one of ${(constraints[0] as string[]).join(', ')}`;

/**
 * How old a process's price lists may be, at most: each process reads them again this often, so a price
 * staff set through one process is served by all within this time.
 */
export const PRICES_MAX_AGE_MS = 10_000;

/**
 * The catalogue is fixed content: it is read from the database once (after the seed) and then held in
 * memory, with the price lists (#35 §1), which staff change: those are read again every PRICES_MAX_AGE_MS.
 * GET /api/products adds each product's stock to it (stock/catalog.controller.ts).
 */
@Injectable()
export class CatalogService implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Catalog');
  private rows: Product[] = [];
  /** Per currency, the products sold in it, priced in it, in catalogue order. */
  private listings = new Map<Currency, ProductContent[]>();
  private prices = new Map<string, Map<Currency, CatalogPrice>>();
  private installers = new Map<string, ProductInstaller[]>();
  /** The last read of the price lists asked for; reads run one after the other, so the last one wins. */
  private lastRead: Promise<void> = Promise.resolve();
  private readsPending = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(@InjectRepository(Product) private readonly repo: Repository<Product>) {}

  /** Reads the catalogue and its price lists, and from then on the price lists every PRICES_MAX_AGE_MS. */
  async reload(): Promise<void> {
    const rows = await this.repo.find({ order: { sortOrder: 'ASC', id: 'ASC' } });
    this.rows = rows;
    SERVED_PRODUCT_IDS.splice(0, SERVED_PRODUCT_IDS.length, ...rows.map((p) => p.id));
    this.installers = new Map(rows.map((row) => [row.id, installersOf(row)]));
    await this.refreshPrices();
    this.timer ??= setInterval(() => {
      if (this.readsPending > 0) return;
      this.refreshPrices().catch((error: Error) =>
        this.logger.warn(`Reading the price lists failed (serving the last read): ${error.message}`),
      );
    }, PRICES_MAX_AGE_MS).unref();
  }

  /**
   * Reads the price lists now (after staff changed one): a read that starts once those before it are done,
   * so it sees every change committed before this call.
   */
  refreshPrices(): Promise<void> {
    this.readsPending += 1;
    const read = this.lastRead
      .catch(() => undefined)
      .then(() => this.readPrices())
      .finally(() => (this.readsPending -= 1));
    this.lastRead = read;
    return read;
  }

  private async readPrices(): Promise<void> {
    const rows = await this.repo.manager.find(ProductPrice);
    const prices = new Map<string, Map<Currency, CatalogPrice>>();
    for (const { productId, currency, currentPriceCents, originalPriceCents } of rows) {
      if (!isCurrency(currency)) continue;
      const list = prices.get(productId) ?? new Map<Currency, CatalogPrice>();
      list.set(currency, { currentPriceCents, originalPriceCents });
      prices.set(productId, list);
    }
    this.prices = prices;
    this.listings = new Map(
      CURRENCIES.map((currency) => [
        currency,
        this.rows.flatMap((row) => {
          const price = prices.get(row.id)?.get(currency);
          return price ? [ProductDto.from(row, currency, price)] : [];
        }),
      ]),
    );
    const sold = CURRENCIES.filter((currency) => this.listings.get(currency)!.length > 0);
    SOLD_CURRENCIES.splice(0, SOLD_CURRENCIES.length, ...sold);
  }

  /** Before the database connections close: no more reads, and the one under way finishes. */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.lastRead.catch(() => undefined);
  }

  /** The products sold in the currency (USD unless named), priced in it, in catalogue order. */
  findAll(currency: Currency = DEFAULT_CURRENCY): ProductContent[] {
    return this.listings.get(currency) ?? [];
  }

  /** One product priced in the currency (USD unless named); 404 when unknown or not sold in it. */
  findOne(id: string, currency: Currency = DEFAULT_CURRENCY): ProductContent {
    const product = this.findAll(currency).find((p) => p.id === id);
    if (product) return product;
    if (this.rows.some((row) => row.id === id))
      throw new NotFoundException(`Product ${id} is not sold in ${currency}`);
    throw new NotFoundException(`Product ${id} not found`);
  }

  /** The product in USD (every product has a USD price: the default currency must stay priced). */
  find(id: string): ProductContent | undefined {
    return this.findAll(DEFAULT_CURRENCY).find((p) => p.id === id);
  }

  /**
   * The product's price in a currency, or undefined when it is not sold in it (#35 §1), from the price
   * lists as this process last read them (at most PRICES_MAX_AGE_MS ago). Checkout prices a cart with it,
   * in the order's currency.
   */
  priceIn(id: string, currency: Currency): CatalogPrice | undefined {
    return this.prices.get(id)?.get(currency);
  }

  /**
   * The prices in force of these products in a currency, read from the database now (through `m`, e.g. a
   * checkout's transaction), by product id; a product not sold in it is absent.
   */
  async pricesFromDatabase(
    ids: readonly string[],
    currency: Currency,
    m: EntityManager = this.repo.manager,
  ): Promise<Map<string, CatalogPrice>> {
    if (ids.length === 0) return new Map();
    const rows = await m.findBy(ProductPrice, { productId: In([...ids]), currency });
    return new Map(
      rows.map(({ productId, currentPriceCents, originalPriceCents }) => [
        productId,
        { currentPriceCents, originalPriceCents },
      ]),
    );
  }

  /** The currencies sold (a price in them for at least one product), in CURRENCIES order. */
  soldCurrencies(): Currency[] {
    return [...SOLD_CURRENCIES];
  }

  /** The product ids, in catalogue order: the only ones a key, a download link or a cart line may name. */
  productIds(): string[] {
    return this.rows.map((product) => product.id);
  }

  /** The refusal of an id outside the catalogue: "<field> must be one of <the ids>". */
  mustBeOneOf(field: string): string {
    return `${field} must be one of ${this.productIds().join(', ')}`;
  }

  /** The installers a paid order's download links for this product point to: Windows first, then Mac. */
  installersOf(id: string): ProductInstaller[] {
    return this.installers.get(id) ?? [];
  }
}

/** A product's installers: Windows, then Mac for an edition that runs on one and has a Mac installer. */
function installersOf(product: Product): ProductInstaller[] {
  const windows: ProductInstaller = {
    platform: 'Windows',
    fileName: product.installerFileName,
    url: product.installerUrl,
    size: product.installerSize,
  };
  const mac: ProductInstaller[] =
    product.compatibility.includes('Mac') && product.macInstallerFileName && product.macInstallerUrl
      ? [
          {
            platform: 'Mac',
            fileName: product.macInstallerFileName,
            url: product.macInstallerUrl,
            size: product.macInstallerSize,
          },
        ]
      : [];
  return [windows, ...mac];
}
