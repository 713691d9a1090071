import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { BACK_ORDER_HOURS } from '../catalog/catalog.data.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { ProductDto, type ProductContent } from '../catalog/dto/product.dto.js';
import { ProductsQueryDto } from '../catalog/dto/products-query.dto.js';
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
  @ApiOperation({
    summary:
      'The editions sold in a currency (USD unless named), in catalogue order, with their stock levels',
  })
  @ApiOkResponse({ type: [ProductDto] })
  @ApiBadRequestResponse({ description: 'A currency not sold (or not upper-case), or another parameter' })
  async findAll(@Query() { currency }: ProductsQueryDto): Promise<ProductDto[]> {
    const levels = await this.stock.stockLevels();
    return this.catalog.findAll(currency).map((product) => withStock(product, levels));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One edition in a currency (USD unless named), with its stock level' })
  @ApiOkResponse({ type: ProductDto })
  @ApiBadRequestResponse({ description: 'A currency not sold (or not upper-case), or another parameter' })
  @ApiNotFoundResponse({ description: 'Unknown product id, or not sold in the currency' })
  async findOne(@Param('id') id: string, @Query() { currency }: ProductsQueryDto): Promise<ProductDto> {
    const product = this.catalog.findOne(id, currency);
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
