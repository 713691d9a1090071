import { Inject, Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service.js';
import type { ProductStockLevel } from '../catalog/dto/product.dto.js';
import { decimalAmount, DEFAULT_CURRENCY } from '../common/money.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { StockService } from './stock.service.js';

/** schema.org's availability for each stock level: a back-ordered edition is still sold, its keys later. */
const AVAILABILITY: Record<ProductStockLevel, string> = {
  in_stock: 'https://schema.org/InStock',
  low_stock: 'https://schema.org/LimitedAvailability',
  back_ordered: 'https://schema.org/BackOrder',
};

/** A product page's address (the storefront's lib/productPath.ts). */
const PRODUCT_PAGE = /^\/products\/([a-z0-9-]+)$/;

/**
 * The schema.org markup (JSON-LD) of the storefront's pages that have some, for search engines and link
 * previews (#36 §2): a product page's `Product` with its `Offer` (its price now, in the store's default
 * currency, and its availability from the stock), and the home page's `Organization` and `WebSite`. Made
 * when the page is served, since staff change prices and sales change the stock after the build.
 */
@Injectable()
export class StructuredData {
  constructor(
    private readonly catalog: CatalogService,
    private readonly stock: StockService,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'store' | 'mail' | 'publicUrl'>,
  ) {}

  /** The markup of the page at `path` (as the storefront's router matches it), or null when it has none. */
  async forPage(path: string): Promise<object[] | null> {
    if (path === '/') return [this.organization(), this.website()];
    const productId = PRODUCT_PAGE.exec(path)?.[1];
    if (!productId) return null;
    const product = this.catalog.findAll(DEFAULT_CURRENCY).find((p) => p.id === productId);
    if (!product) return null;
    const level = (await this.stock.stockLevels()).get(product.id) ?? 'back_ordered';
    const url = `${this.config.publicUrl}/products/${product.id}`;
    return [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.title,
        description: `${product.subtitle}. ${product.description}`,
        sku: product.id,
        image: `${this.config.publicUrl}/art/${product.id}.svg`,
        url,
        offers: {
          '@type': 'Offer',
          url,
          price: decimalAmount(product.currentPriceCents, product.currency),
          priceCurrency: product.currency,
          availability: AVAILABILITY[level],
          itemCondition: 'https://schema.org/NewCondition',
          seller: { '@type': 'Organization', name: this.config.store.name },
        },
      },
    ];
  }

  private organization(): object {
    return {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: this.config.store.name,
      url: `${this.config.publicUrl}/`,
      logo: `${this.config.publicUrl}/icon-512.png`,
      contactPoint: {
        '@type': 'ContactPoint',
        contactType: 'customer support',
        email: this.config.mail.supportEmail,
        telephone: this.config.store.supportPhone,
      },
    };
  }

  private website(): object {
    return {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: this.config.store.name,
      url: `${this.config.publicUrl}/`,
    };
  }
}
