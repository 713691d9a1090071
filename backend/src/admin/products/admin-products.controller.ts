import { Body, Get, Param, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { AdminController, Roles, Staff } from '../../common/auth.decorators.js';
import { ListQueryDto, type ListPage } from '../../common/list-query.js';
import { ApiListQuery, SimpleRestList } from '../../common/simple-rest-list.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { AdminProductsService, PRODUCT_NOT_FOUND, PRODUCT_LIST } from './admin-products.service.js';
import { AdminProductDto, UpdateProductDto, UpdateProductPricesDto } from './dto/admin-product.dto.js';

@AdminController('products', 'admin: products')
export class AdminProductsController {
  constructor(private readonly products: AdminProductsService) {}

  @Get()
  @ApiOperation({
    summary: 'Catalogue products with their stock and low-stock level (ra-data-simple-rest dialect)',
    description:
      'Filters: `id` (list), `q` (part of the title or id). Sorts: position (the catalogue order, the ' +
      'default), title, available, waitingOrders, daysOfStock.',
  })
  @ApiListQuery(PRODUCT_LIST, { q: 'office' })
  @SimpleRestList('products', AdminProductDto)
  list(@Query() query: ListQueryDto): Promise<ListPage<AdminProductDto>> {
    return this.products.list(query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One product: its stock, low-stock level and price list' })
  @ApiOkResponse({ type: AdminProductDto })
  @ApiNotFoundResponse({ description: PRODUCT_NOT_FOUND })
  get(@Param('id') id: string): Promise<AdminProductDto> {
    return this.products.get(id);
  }

  @Put(':id')
  @Roles('admin')
  @ApiOperation({
    summary: "Set the product's low-stock level (audited)",
    description:
      'Only `lowStockThreshold` is writable. The stock is checked against the new level at once: a level ' +
      'above the stock alerts staff, one at or below it ends the current alert.',
  })
  @ApiOkResponse({ type: AdminProductDto })
  @ApiBadRequestResponse({
    description: 'lowStockThreshold is missing or invalid, or another field was sent',
  })
  @ApiForbiddenResponse({ description: 'Support staff' })
  @ApiNotFoundResponse({ description: PRODUCT_NOT_FOUND })
  update(
    @Param('id') id: string,
    @Body() body: UpdateProductDto,
    @Staff() staff: StaffUserDto,
  ): Promise<AdminProductDto> {
    return this.products.update(id, body, staff);
  }

  @Put(':id/prices')
  @Roles('admin')
  @ApiOperation({
    summary: "Replace the product's price list (audited)",
    description:
      'One price per currency the product is sold in, in its minor units (whole yen for JPY); USD is ' +
      'required, a currency left out is no longer sold. Every process of the store serves the new prices ' +
      'within 10 seconds (this one at once).',
  })
  @ApiOkResponse({ type: AdminProductDto })
  @ApiBadRequestResponse({
    description:
      'A price missing or out of range, a list price below the price, a currency unknown or twice, USD ' +
      'missing, or another field',
  })
  @ApiForbiddenResponse({ description: 'Support staff' })
  @ApiNotFoundResponse({ description: PRODUCT_NOT_FOUND })
  setPrices(
    @Param('id') id: string,
    @Body() body: UpdateProductPricesDto,
    @Staff() staff: StaffUserDto,
  ): Promise<AdminProductDto> {
    return this.products.setPrices(id, body, staff);
  }
}
