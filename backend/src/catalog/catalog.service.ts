import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ProductDto } from './dto/product.dto.js';
import { Product } from './entities/product.entity.js';

/** Where a product's download links point (not part of the public API). */
export type ProductInstaller = Pick<Product, 'installerFileName' | 'installerUrl' | 'installerSize'>;

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
