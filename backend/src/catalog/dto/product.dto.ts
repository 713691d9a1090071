import { ApiProperty } from '@nestjs/swagger';
import { formatUsd } from '../../common/money.js';
import { PLATFORMS, type Platform, type Product } from '../entities/product.entity.js';
import { MAX_QUANTITY_PER_PRODUCT } from '../catalog.data.js';

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

  @ApiProperty({ example: 'Only 32 licenses left!', description: 'Display text' })
  licensesLeft: string;

  @ApiProperty({ example: '$202.49' })
  originalPrice: string;

  @ApiProperty({ example: '$40.49' })
  currentPrice: string;

  @ApiProperty({ type: 'integer', example: 20249 })
  originalPriceCents: number;

  @ApiProperty({ type: 'integer', example: 4049 })
  currentPriceCents: number;

  @ApiProperty({ example: '80%', description: 'Off the original price, rounded down' })
  savings: string;

  @ApiProperty({
    type: 'integer',
    example: MAX_QUANTITY_PER_PRODUCT,
    description: 'Most licences of it per order',
  })
  maxQuantity: number;

  static from(product: Product): ProductDto {
    return {
      id: product.id,
      title: product.title,
      subtitle: product.subtitle,
      description: product.description,
      includedApps: product.includedApps,
      compatibility: product.compatibility,
      licensesLeft: product.licensesLeft,
      originalPrice: formatUsd(product.originalPriceCents),
      currentPrice: formatUsd(product.currentPriceCents),
      originalPriceCents: product.originalPriceCents,
      currentPriceCents: product.currentPriceCents,
      savings: product.savings,
      maxQuantity: MAX_QUANTITY_PER_PRODUCT,
    };
  }
}
