import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { productIdRefusal, SERVED_PRODUCT_IDS } from '../../../catalog/catalog.service.js';
import { PLATFORMS, type Platform } from '../../../catalog/entities/product.entity.js';
import { DOWNLOADS_PER_LINK } from '../../../downloads/download-links.js';
import type { DownloadLink } from '../../../downloads/entities/download-link.entity.js';

/** An upper bound of our own (the spec has none), far above any real use, well inside an `int`. */
export const MAX_MAX_DOWNLOADS = 1000;

/** A row of the back office's download links (the customer's token is never shown). */
export class AdminDownloadDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) orderId: string;
  @ApiProperty({ example: 'office-2024-standard', description: 'A product of GET /api/products' })
  productId: string;
  @ApiProperty({ example: 'OfficeSetup.exe' }) fileName: string;
  @ApiProperty({ enum: PLATFORMS, enumName: 'Platform', description: 'The system the file installs on' })
  platform: Platform;
  @ApiProperty({ example: 'https://setup.office.com/' }) fileUrl: string;
  @ApiProperty({ type: String, nullable: true, example: '2.1 GB' }) fileSize: string | null;
  @ApiProperty({ type: 'integer', example: 5 }) maxDownloads: number;
  @ApiProperty({ type: 'integer', example: 0 }) downloadCount: number;
  @ApiProperty() isActive: boolean;
  @ApiProperty() createdAt: Date;
  @ApiProperty({ type: Date, nullable: true }) expiresAt: Date | null;

  static from(link: DownloadLink): AdminDownloadDto {
    return {
      id: link.id,
      orderId: link.orderId,
      productId: link.productId,
      fileName: link.fileName,
      platform: link.platform,
      fileUrl: link.fileUrl,
      fileSize: link.fileSize,
      maxDownloads: link.maxDownloads,
      downloadCount: link.downloadCount,
      isActive: link.isActive,
      createdAt: link.createdAt,
      expiresAt: link.expiresAt,
    };
  }
}

const Trim = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

// class-validator checks the decorator nearest the property first; with stopAtFirstError the first failure
// is the one reported, so "is required" comes before the format and length rules. Messages are the spec's
// (section 5, "Download form") where it has one.
export class CreateDownloadDto {
  @ApiProperty({ format: 'uuid', maxLength: 36, description: 'An existing order' })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toLowerCase() : value,
  )
  @MaxLength(36, { message: 'Order not found' })
  @IsNotEmpty({ message: 'Order ID is required' })
  @IsString({ message: 'Order ID is required' })
  orderId: string;

  @ApiProperty({ enum: () => SERVED_PRODUCT_IDS, description: 'A product of GET /api/products' })
  @Trim()
  @IsIn(SERVED_PRODUCT_IDS, { message: productIdRefusal('Product ID') })
  @IsNotEmpty({ message: 'Product ID is required' })
  @IsString({ message: 'Product ID is required' })
  productId: string;

  @ApiProperty({ example: 'OfficeSetup.exe', maxLength: 255 })
  @Trim()
  @MaxLength(255, { message: 'File name must be at most 255 characters' })
  @IsNotEmpty({ message: 'File name is required' })
  @IsString({ message: 'File name is required' })
  fileName: string;

  @ApiProperty({ example: 'https://setup.office.com/', description: 'http or https', maxLength: 2048 })
  @Trim()
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false, disallow_auth: true },
    { message: 'Must be a valid URL' },
  )
  @MaxLength(2048, { message: 'File URL must be at most 2048 characters' })
  @IsString({ message: 'Must be a valid URL' })
  fileUrl: string;

  @ApiPropertyOptional({ example: '2.1 GB', maxLength: 32, description: 'Free text; empty means none' })
  @Transform(({ value }: { value: unknown }) => {
    const text = typeof value === 'string' ? value.trim() : value;
    return text === '' || text === null ? undefined : text;
  })
  @IsOptional()
  @MaxLength(32, { message: 'File size must be at most 32 characters' })
  @IsString({ message: 'File size must be text such as 2.1 GB' })
  fileSize?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_MAX_DOWNLOADS,
    default: DOWNLOADS_PER_LINK,
  })
  @IsOptional()
  @Max(MAX_MAX_DOWNLOADS, { message: `Max downloads must be at most ${MAX_MAX_DOWNLOADS}` })
  @Min(1, { message: 'Max downloads must be at least 1' })
  @IsInt({ message: 'Max downloads must be a whole number' })
  maxDownloads?: number;

  @ApiPropertyOptional({ enum: PLATFORMS, enumName: 'Platform', default: 'Windows' })
  @IsOptional()
  @IsIn(PLATFORMS, { message: `Platform must be one of ${PLATFORMS.join(', ')}` })
  platform?: Platform;
}

/** Only the active flag can change (the spec's toggle). */
export class UpdateDownloadDto {
  @ApiProperty()
  @IsBoolean({ message: 'isActive must be true or false' })
  isActive: boolean;
}
