import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ValidationArguments } from 'class-validator';
import type { Repository } from 'typeorm';
import { CATALOG } from './catalog.data.js';
import { ProductDto } from './dto/product.dto.js';
import { Product } from './entities/product.entity.js';

/** Where a product's download links point (not part of the public API). */
export type ProductInstaller = Pick<Product, 'installerFileName' | 'installerUrl' | 'installerSize'>;

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
 * The catalogue is fixed content: it is read from the database once (after the seed) and then served
 * from memory, so product requests never touch the database.
 */
@Injectable()
export class CatalogService {
  private products: ProductDto[] = [];
  private byId = new Map<string, ProductDto>();
  private productsJson = '[]';
  private installers = new Map<string, ProductInstaller>();

  constructor(@InjectRepository(Product) private readonly repo: Repository<Product>) {}

  async reload(): Promise<void> {
    const rows = await this.repo.find({ order: { sortOrder: 'ASC', id: 'ASC' } });
    this.products = rows.map((row) => ProductDto.from(row));
    this.byId = new Map(this.products.map((p) => [p.id, p]));
    this.productsJson = JSON.stringify(this.products);
    SERVED_PRODUCT_IDS.splice(0, SERVED_PRODUCT_IDS.length, ...this.products.map((p) => p.id));
    this.installers = new Map(
      rows.map(({ id, installerFileName, installerUrl, installerSize }) => [
        id,
        { installerFileName, installerUrl, installerSize },
      ]),
    );
  }

  findAll(): ProductDto[] {
    return this.products;
  }

  /** findAll() as JSON, serialised once per reload: the storefront asks for it on every visit. */
  findAllJson(): string {
    return this.productsJson;
  }

  findOne(id: string): ProductDto {
    const product = this.byId.get(id);
    if (!product) throw new NotFoundException(`Product ${id} not found`);
    return product;
  }

  find(id: string): ProductDto | undefined {
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

  /** The installer a paid order's download link for this product points to. */
  installer(id: string): ProductInstaller | undefined {
    return this.installers.get(id);
  }
}
