import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { productIdRefusal, SERVED_PRODUCT_IDS } from '../../../catalog/catalog.service.js';
import { MAX_ACTIVATION_LIMIT } from '../../../license-keys/inventory.service.js';
import { LICENSE_KEY_PATTERN, normalizeLicenseKey } from '../../../license-keys/license-key-cipher.js';
import { LICENSE_KEY_FORMAT_MESSAGE } from '../../../license-keys/dto/license-activation.dto.js';
import { LICENSE_KEY_STATUSES, type LicenseKeyStatus } from '../../../orders/order-process.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const normalizeKey = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? normalizeLicenseKey(value) : value;

/** A row of the back office's licence keys list (and the answer of create and update). */
export class AdminLicenseKeyDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'null: in the inventory',
  })
  orderId: string | null;

  @ApiProperty({ example: 'office-2024-standard', description: 'A product of GET /api/products' })
  productId: string;

  @ApiProperty({
    example: 'ABCDE-12345-FGHIJ-67890-KLMNO',
    description: 'In full for admins (each reveal is audited); `XXXXX-XXXXX-XXXXX-XXXXX-KLMNO` for support',
  })
  licenseKey: string;

  @ApiProperty({ type: 'integer', example: 0 })
  activationCount: number;

  @ApiProperty({ type: 'integer', example: 1 })
  activationLimit: number;

  @ApiProperty({ enum: LICENSE_KEY_STATUSES, enumName: 'LicenseKeyStatus' })
  status: LicenseKeyStatus;

  @ApiProperty({
    description:
      'Reserved for an order held for review: active and assigned, but never shown or e-mailed to its ' +
      'customer, and not counted as an active licence; its review decides it (it cannot be revoked on its own)',
  })
  reserved: boolean;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The supplier batch; null for keys from before',
  })
  batchId: number | null;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    description: 'Admins only: what the key cost, in cents of the store currency (null: no batch)',
  })
  costCents?: number | null;

  @ApiProperty()
  createdAt: Date;
}

// class-validator checks the decorator nearest the property first; with stopAtFirstError the first
// failure is the one reported.

/** The back office's "Create License" dialog: a key typed (or generated) by an admin for one order. */
export class CreateLicenseKeyDto {
  @ApiPropertyOptional({
    format: 'uuid',
    maxLength: 36,
    nullable: true,
    description:
      'An existing paid order that still lacks a key for the product; empty or left out, the key goes into ' +
      'the inventory (stock) like an imported one, and to the oldest paid order waiting for it',
  })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim() || undefined : (value ?? undefined),
  )
  @IsOptional()
  @MaxLength(36, { message: 'Order ID does not match any order' })
  @IsString({ message: 'Order ID must be text' })
  orderId?: string;

  @ApiProperty({ enum: () => SERVED_PRODUCT_IDS, description: 'A product of GET /api/products' })
  @Transform(trim)
  @IsIn(SERVED_PRODUCT_IDS, { message: productIdRefusal('Product ID') })
  @IsNotEmpty({ message: 'Product ID is required' })
  @IsString({ message: 'Product ID is required' })
  productId: string;

  @ApiProperty({
    example: 'ABCDE-12345-FGHIJ-67890-KLMNO',
    description: 'Trimmed and stored in upper case',
  })
  @Transform(normalizeKey)
  @Matches(LICENSE_KEY_PATTERN, { message: LICENSE_KEY_FORMAT_MESSAGE })
  @IsNotEmpty({ message: 'License key is required' })
  @IsString({ message: 'License key is required' })
  licenseKey: string;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 1,
    description:
      'The supplier batch the key came in (for the same product); it then carries the batch’s cost per key. ' +
      'Optional for integrations; the back office always asks for it.',
  })
  @Transform(({ value }: { value: unknown }) => (value === null || value === '' ? undefined : value))
  @IsOptional()
  @Min(1, { message: 'batchId does not match any batch' })
  @IsInt({ message: 'batchId does not match any batch' })
  batchId?: number;

  @ApiPropertyOptional({ type: 'integer', default: 1, minimum: 1, maximum: MAX_ACTIVATION_LIMIT })
  @IsOptional()
  @Max(MAX_ACTIVATION_LIMIT, { message: `Activation limit must be at most ${MAX_ACTIVATION_LIMIT}` })
  @Min(1, { message: 'Activation limit must be at least 1' })
  @IsInt({ message: 'Activation limit must be a whole number' })
  activationLimit?: number;
}

/**
 * Only the status may change, as the order process's licence-key table lets staff (orders/order-process.ts):
 * active → revoked, and revoked or expired → active. Nothing sets `expired`.
 */
export class UpdateLicenseKeyDto {
  @ApiProperty({ enum: LICENSE_KEY_STATUSES, enumName: 'LicenseKeyStatus' })
  @IsIn(LICENSE_KEY_STATUSES, { message: `status must be one of ${LICENSE_KEY_STATUSES.join(', ')}` })
  @IsNotEmpty({ message: 'status is required' })
  status: LicenseKeyStatus;
}

export class ImportInvalidRowDto {
  @ApiProperty({ example: 3, description: 'Line in the file; the header is line 1' })
  line: number;

  @ApiProperty({ example: 'License key must be 5 groups of 5 letters or digits' })
  reason: string;
}

export class ImportLicenseKeysResultDto {
  @ApiProperty({ example: 120, description: 'Keys added to the inventory' })
  imported: number;

  @ApiProperty({ example: 2, description: 'Keys already stored, or repeated earlier in the file' })
  duplicates: number;

  @ApiProperty({ type: [ImportInvalidRowDto], description: 'Rows skipped, with the reason' })
  invalid: ImportInvalidRowDto[];

  @ApiProperty({ example: 1, description: 'Paid orders that were waiting for keys and are now fulfilled' })
  ordersCompleted: number;
}
