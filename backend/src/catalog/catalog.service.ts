import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ValidationArguments } from 'class-validator';
import type { Repository } from 'typeorm';
import { CATALOG } from './catalog.data.js';
import { ProductDto, type ProductContent } from './dto/product.dto.js';
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
 * The catalogue is fixed content: it is read from the database once (after the seed) and then held in
 * memory. GET /api/products adds each product's stock to it (stock/catalog.controller.ts).
 */
@Injectable()
export class CatalogService {
  private products: ProductContent[] = [];
  private byId = new Map<string, ProductContent>();
  private installers = new Map<string, ProductInstaller[]>();

  constructor(@InjectRepository(Product) private readonly repo: Repository<Product>) {}

  async reload(): Promise<void> {
    const rows = await this.repo.find({ order: { sortOrder: 'ASC', id: 'ASC' } });
    this.products = rows.map((row) => ProductDto.from(row));
    this.byId = new Map(this.products.map((p) => [p.id, p]));
    SERVED_PRODUCT_IDS.splice(0, SERVED_PRODUCT_IDS.length, ...this.products.map((p) => p.id));
    this.installers = new Map(rows.map((row) => [row.id, installersOf(row)]));
  }

  findAll(): ProductContent[] {
    return this.products;
  }

  findOne(id: string): ProductContent {
    const product = this.byId.get(id);
    if (!product) throw new NotFoundException(`Product ${id} not found`);
    return product;
  }

  find(id: string): ProductContent | undefined {
    return this.byId.get(id);
  }

  /** The product ids, in catalogue order: the only ones a key, a download link or a cart line may name. */
  productIds(): string[] {
    return this.products.map((product) => product.id);
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
