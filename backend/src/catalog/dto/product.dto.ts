import { ApiProperty } from '@nestjs/swagger';
import { CURRENCIES, DEFAULT_CURRENCY, formatMoney, money, type Currency } from '../../common/money.js';
import { PLATFORMS, type Platform, type Product } from '../entities/product.entity.js';
import { BACK_ORDER_HOURS, MAX_QUANTITY_PER_PRODUCT, type CatalogPrice } from '../catalog.data.js';
import { savingsOf } from '../price-lists.js';

/**
 * What a shopper is told of a product's stock (#34), from the keys in stock when asked (at most a few
 * seconds old): `in_stock`, `low_stock` (fewer than the product's low-stock level, the back office's), or
 * `back_ordered` (none: a paid order waits for keys, which follow within backOrderHours).
 */
export const STOCK_LEVELS = ['in_stock', 'low_stock', 'back_ordered'] as const;
export type ProductStockLevel = (typeof STOCK_LEVELS)[number];

export class IncludedAppDto {
  @ApiProperty({ example: 'Word' })
  name: string;

  @ApiProperty({ example: 'word', description: 'Icon identifier' })
  icon: string;
}

export class ProductDto {
  @ApiProperty({ example: 'office-2024-standard' })
  id: string;

  @ApiProperty({ example: 'Office 2024 Standard' })
  title: string;

  @ApiProperty()
  subtitle: string;

  @ApiProperty()
  description: string;

  @ApiProperty({ type: [IncludedAppDto] })
  includedApps: IncludedAppDto[];

  @ApiProperty({ enum: PLATFORMS, enumName: 'Platform', isArray: true })
  compatibility: Platform[];

  @ApiProperty({
    example: '',
    deprecated: true,
    description: 'Deprecated: always empty (it was a fixed text, not the stock). Use stockLevel.',
  })
  licensesLeft: string;

  @ApiProperty({ enum: STOCK_LEVELS, enumName: 'ProductStockLevel', example: 'in_stock' })
  stockLevel: ProductStockLevel;

  @ApiProperty({
    type: 'integer',
    example: BACK_ORDER_HOURS,
    description: "A back-ordered product's keys follow within this many hours of payment",
  })
  backOrderHours: number;

  @ApiProperty({
    enum: CURRENCIES,
    enumName: 'Currency',
    example: DEFAULT_CURRENCY,
    description: 'The currency of the prices (the one asked for; USD when none was): upper-case ISO 4217',
  })
  currency: Currency;

  @ApiProperty({
    example: '$202.49',
    description:
      'The list price, formatted for its currency (English); show it (struck through) only when ' +
      'listPriceSource names its source',
  })
  originalPrice: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description:
      "Where the list price comes from (e.g. the manufacturer's list price, source named); null: none stated",
  })
  listPriceSource: string | null;

  @ApiProperty({ example: '$40.49', description: 'The price, formatted for its currency (English)' })
  currentPrice: string;

  @ApiProperty({
    type: 'integer',
    example: 20249,
    description: "In the currency's minor units (cents; whole yen for JPY)",
  })
  originalPriceCents: number;

  @ApiProperty({
    type: 'integer',
    example: 4049,
    description: "In the currency's minor units (cents; whole yen for JPY)",
  })
  currentPriceCents: number;

  @ApiProperty({
    example: '80%',
    description: 'Off the list price, rounded down (shown only with listPriceSource)',
  })
  savings: string;

  @ApiProperty({
    type: 'integer',
    example: MAX_QUANTITY_PER_PRODUCT,
    description: 'Most licences of it per order',
  })
  maxQuantity: number;

  /** The product's content at its price in a currency; its stock is added per request (stockLevel, backOrderHours). */
  static from(product: Product, currency: Currency, price: CatalogPrice): ProductContent {
    return {
      id: product.id,
      title: product.title,
      subtitle: product.subtitle,
      description: product.description,
      includedApps: product.includedApps,
      compatibility: product.compatibility,
      licensesLeft: '',
      currency,
      originalPrice: formatMoney(money(price.originalPriceCents, currency)),
      listPriceSource: product.listPriceSource ?? null,
      currentPrice: formatMoney(money(price.currentPriceCents, currency)),
      originalPriceCents: price.originalPriceCents,
      currentPriceCents: price.currentPriceCents,
      savings: savingsOf(price),
      maxQuantity: MAX_QUANTITY_PER_PRODUCT,
    };
  }
}

/** A product as the catalogue states it in one currency, without its stock: what CatalogService holds in memory. */
export type ProductContent = Omit<ProductDto, 'stockLevel' | 'backOrderHours'>;
