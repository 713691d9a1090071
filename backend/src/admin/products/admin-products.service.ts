import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import { CatalogService } from '../../catalog/catalog.service.js';
import { ProductSettings } from '../../catalog/entities/product-settings.entity.js';
import {
  priceListProblems,
  readPriceLists,
  writePriceList,
  type CurrencyPrice,
} from '../../catalog/price-lists.js';
import { parseListQuery, type ListPage, type ListQueryDto } from '../../common/list-query.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { runInTransaction } from '../../database/transactions.js';
import { StockService } from '../../stock/stock.service.js';
import {
  AdminProductDto,
  type UpdateProductDto,
  type UpdateProductPricesDto,
} from './dto/admin-product.dto.js';

export const PRODUCT_NOT_FOUND = 'Product not found';

/** The list's sort fields and filters (ApiListQuery shows them in the contract). */
export const PRODUCT_LIST = {
  sortable: ['position', 'title', 'available', 'waitingOrders', 'daysOfStock'] as const,
  defaultSort: ['position', 'ASC'] as ['position', 'ASC'],
  filters: { id: 'string[]', q: 'string' } as const,
};

/**
 * The back office's products: the catalogue (a handful of products, held in memory) with each one's stock
 * and low-stock level. Lists are sorted and paged in memory; `position` is the catalogue's order.
 */
@Injectable()
export class AdminProductsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly catalog: CatalogService,
    private readonly stock: StockService,
    private readonly audit: AuditService,
  ) {}

  async list(dto: ListQueryDto): Promise<ListPage<AdminProductDto>> {
    const { sort, skip, take, filter } = parseListQuery(dto, PRODUCT_LIST);
    const q = filter.q?.trim().toLowerCase();
    const levels = await this.stock.levels(this.db.manager, filter.id);
    const prices = await readPriceLists(
      this.db.manager,
      levels.map((level) => level.productId),
    );
    let rows = levels.map((level) => AdminProductDto.from(level, prices.get(level.productId)!));
    if (q) rows = rows.filter((row) => row.title.toLowerCase().includes(q) || row.id.includes(q));
    if (sort.field !== 'position') {
      const field = sort.field;
      const direction = sort.order === 'ASC' ? 1 : -1;
      // Unknown days of stock (nothing sold) last either way, as "more than any figure".
      const value = (row: AdminProductDto) => row[field] ?? Number.POSITIVE_INFINITY;
      rows = [...rows].sort((a, b) => {
        const x = value(a);
        const y = value(b);
        if (typeof x === 'string' && typeof y === 'string') return x.localeCompare(y) * direction;
        return x === y ? 0 : (x < y ? -1 : 1) * direction;
      });
    }
    return { rows: rows.slice(skip, skip + take), skip, total: rows.length, capped: false };
  }

  async get(id: string): Promise<AdminProductDto> {
    if (!this.catalog.find(id)) throw new NotFoundException(PRODUCT_NOT_FOUND);
    const [level] = await this.stock.levels(this.db.manager, [id]);
    const prices = await readPriceLists(this.db.manager, [id]);
    return AdminProductDto.from(level!, prices.get(id)!);
  }

  /**
   * Replaces the product's price list (#35 §1), audited with the list it had; this process serves it at
   * once, the others within PRICES_MAX_AGE_MS (they read the price lists again).
   */
  async setPrices(id: string, dto: UpdateProductPricesDto, actor: StaffUserDto): Promise<AdminProductDto> {
    if (!this.catalog.find(id)) throw new NotFoundException(PRODUCT_NOT_FOUND);
    const prices: CurrencyPrice[] = dto.prices.map(({ currency, currentPriceCents, originalPriceCents }) => ({
      currency,
      currentPriceCents,
      originalPriceCents,
    }));
    const problems = priceListProblems(prices);
    if (problems.length) throw new BadRequestException({ errors: problems });
    await runInTransaction(this.db, async (m) => {
      const before = (await readPriceLists(m, [id])).get(id)!;
      await writePriceList(m, id, prices);
      const after = (await readPriceLists(m, [id])).get(id)!;
      await this.audit.record(m, actor, {
        action: 'products.prices',
        resource: 'products',
        resourceId: id,
        before: { prices: before },
        after: { prices: after },
      });
    });
    await this.catalog.refreshPrices();
    return this.get(id);
  }

  /**
   * Sets the product's low-stock level (null: the default), audited with what it was; then checks its
   * stock against the new level, so a level raised above the stock alerts at once and one lowered below
   * it ends the crossing.
   */
  async update(id: string, dto: UpdateProductDto, actor: StaffUserDto): Promise<AdminProductDto> {
    if (!this.catalog.find(id)) throw new NotFoundException(PRODUCT_NOT_FOUND);
    const lowStockThreshold = dto.lowStockThreshold;
    await runInTransaction(this.db, async (m) => {
      const before = await m.findOneBy(ProductSettings, { productId: id });
      await m
        .createQueryBuilder()
        .insert()
        .into(ProductSettings)
        .values({ productId: id, lowStockThreshold: null })
        .orIgnore()
        .updateEntity(false)
        .execute();
      await m.update(ProductSettings, { productId: id }, { lowStockThreshold });
      await this.audit.record(m, actor, {
        action: 'products.update',
        resource: 'products',
        resourceId: id,
        before: { lowStockThreshold: before?.lowStockThreshold ?? null },
        after: { lowStockThreshold },
      });
    });
    // Checked against the new level before answering: raised above the stock, the alert is queued at once.
    await this.stock.recheck([id]);
    return this.get(id);
  }
}
