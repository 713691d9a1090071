import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { BACK_ORDER_HOURS } from '../catalog/catalog.data.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { ProductDto, type ProductContent } from '../catalog/dto/product.dto.js';
import { Public } from '../common/auth.decorators.js';
import { StockService } from './stock.service.js';

/**
 * The public catalogue: the catalogue's content (held in memory) with each product's stock level as it is
 * (#34). Here rather than in catalog/, which stock/ builds on: the level is the key inventory's.
 */
@ApiTags('catalogue')
@Public()
@Controller('products')
export class CatalogController {
  constructor(
    private readonly catalog: CatalogService,
    private readonly stock: StockService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The editions, in catalogue order, with their stock levels' })
  @ApiOkResponse({ type: [ProductDto] })
  async findAll(): Promise<ProductDto[]> {
    const levels = await this.stock.stockLevels();
    return this.catalog.findAll().map((product) => withStock(product, levels));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One edition, with its stock level' })
  @ApiOkResponse({ type: ProductDto })
  @ApiNotFoundResponse({ description: 'Unknown product id' })
  async findOne(@Param('id') id: string): Promise<ProductDto> {
    const product = this.catalog.findOne(id);
    return withStock(product, await this.stock.stockLevels());
  }
}

function withStock(product: ProductContent, levels: Map<string, ProductDto['stockLevel']>): ProductDto {
  return {
    ...product,
    stockLevel: levels.get(product.id) ?? 'back_ordered',
    backOrderHours: BACK_ORDER_HOURS,
  };
}
