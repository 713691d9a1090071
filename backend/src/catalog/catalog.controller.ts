import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/auth.decorators.js';
import { CatalogService } from './catalog.service.js';
import { ProductDto } from './dto/product.dto.js';

@ApiTags('catalogue')
@Public()
@Controller('products')
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

  @Get()
  @ApiOperation({ summary: 'The three editions, in catalogue order' })
  @ApiOkResponse({ type: [ProductDto] })
  @Header('Content-Type', 'application/json; charset=utf-8')
  findAll(): string {
    return this.catalog.findAllJson();
  }

  @Get(':id')
  @ApiOperation({ summary: 'One edition' })
  @ApiOkResponse({ type: ProductDto })
  @ApiNotFoundResponse({ description: 'Unknown product id' })
  findOne(@Param('id') id: string): ProductDto {
    return this.catalog.findOne(id);
  }
}
