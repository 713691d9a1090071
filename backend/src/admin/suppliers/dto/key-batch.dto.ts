import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  Validate,
  ValidateIf,
  type ValidatorConstraintInterface,
  ValidatorConstraint,
} from 'class-validator';
import { productIdRefusal, SERVED_PRODUCT_IDS } from '../../../catalog/catalog.service.js';
import { CURRENCIES, type Currency } from '../../../common/money.js';
import { storedCurrency } from '../../../orders/order-currency.js';
import type { KeyBatch } from '../../../suppliers/entities/key-batch.entity.js';
import { NOTES_MAX, NotesOrNull } from './supplier.dto.js';

export const MAX_COST_PER_KEY_CENTS = 10_000_000;
export const INVOICE_REFERENCE_MAX = 100;

/** A batch's keys by where they are. */
export interface KeyBatchCounts {
  keys: number;
  inStock: number;
  sold: number;
  revoked: number;
  faulty: number;
}

/** A row of the back office's key batches. */
export class KeyBatchDto {
  @ApiProperty() id: number;
  @ApiProperty() supplierId: number;
  @ApiProperty({ example: 'Keys Wholesale Ltd', description: 'Read-only: the supplier’s name' })
  supplierName: string;
  @ApiProperty({ example: 'office-2024-standard', description: 'A product of GET /api/products' })
  productId: string;
  @ApiProperty({ example: 'INV-2026-0042' }) invoiceReference: string;
  @ApiPropertyOptional({
    type: 'integer',
    example: 1850,
    description: 'What one key cost, in cents of `currency`: admins only, who alone see what the store pays',
  })
  costPerKeyCents?: number;
  @ApiProperty({ enum: CURRENCIES, enumName: 'Currency', description: 'The currency of costPerKeyCents' })
  currency: Currency;
  @ApiProperty({ type: String, nullable: true, example: '2026-11-20', description: 'The purchase’s day' })
  purchasedAt: string | null;
  @ApiProperty({ type: String, nullable: true }) notes: string | null;
  @ApiProperty({ type: 'integer', description: 'Read-only: keys in the batch' }) keys: number;
  @ApiProperty({ type: 'integer', description: 'Read-only: active keys not sold' }) inStock: number;
  @ApiProperty({ type: 'integer', description: 'Read-only: keys given to an order, in any status' })
  sold: number;
  @ApiProperty({ type: 'integer', description: 'Read-only: revoked keys, sold or not' }) revoked: number;
  @ApiProperty({ type: 'integer', description: 'Read-only: keys replaced as faulty' }) faulty: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 0.02,
    description: 'Read-only: faulty / sold; null while none is sold',
  })
  faultyRate: number | null;
  @ApiProperty() createdAt: Date;
  @ApiProperty() updatedAt: Date;

  static from(
    batch: KeyBatch,
    supplierName: string,
    counts: KeyBatchCounts,
    { withCost = true } = {},
  ): KeyBatchDto {
    return {
      id: batch.id,
      supplierId: batch.supplierId,
      supplierName,
      productId: batch.productId,
      invoiceReference: batch.invoiceReference,
      ...(withCost && { costPerKeyCents: batch.costPerKeyCents }),
      currency: storedCurrency(batch.currency),
      purchasedAt: batch.purchasedAt,
      notes: batch.notes,
      ...counts,
      faultyRate: counts.sold ? Math.round((counts.faulty / counts.sold) * 10_000) / 10_000 : null,
      createdAt: batch.createdAt,
      updatedAt: batch.updatedAt,
    };
  }
}

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const IfSent = () => ValidateIf((_object: unknown, value: unknown) => value !== undefined);
const upper = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toUpperCase() : value;
const emptyIsNull = ({ value }: { value: unknown }) => (value === '' ? null : value);

const SUPPLIER_ID = 'Supplier ID must be the id of a supplier';
const COST = `Cost per key must be a whole number of cents from 0 to ${MAX_COST_PER_KEY_CENTS}`;
const CURRENCY = `Currency must be one of ${CURRENCIES.join(', ')}`;
const PURCHASED_AT = 'Purchased at must be a day such as 2026-11-20, not in the future';
const INVOICE_REFERENCE = `Invoice reference must be at most ${INVOICE_REFERENCE_MAX} characters`;

/** A real calendar day, `YYYY-MM-DD`, today (UTC, with a day's grace for time zones ahead) or before. */
@ValidatorConstraint({ name: 'pastDay' })
class PastDay implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
    const date = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
    return date.getTime() <= Date.now() + 24 * 3600 * 1000 && date.getUTCFullYear() >= 2000;
  }
}

const currencyDescription =
  'The currency the keys were bought in, one the store sells in (`eur` is accepted and stored upper-case). ' +
  'Margins convert a cost into the currency of the order that used the key at the ECB rate of its payment’s ' +
  'day. It can change only while none of the batch’s keys has been given to an order.';

// class-validator checks the decorator nearest the property first; with stopAtFirstError the first failure
// is the one reported.
export class CreateKeyBatchDto {
  @ApiProperty({ type: 'integer', minimum: 1, example: 1 })
  @Min(1, { message: SUPPLIER_ID })
  @IsInt({ message: SUPPLIER_ID })
  @IsDefined({ message: 'Supplier ID is required' })
  supplierId: number;

  @ApiProperty({ enum: () => SERVED_PRODUCT_IDS, description: 'A product of GET /api/products' })
  @Transform(trim)
  @IsIn(SERVED_PRODUCT_IDS, { message: productIdRefusal('Product ID') })
  @IsNotEmpty({ message: 'Product ID is required' })
  @IsString({ message: 'Product ID is required' })
  productId: string;

  @ApiProperty({ example: 'INV-2026-0042', maxLength: INVOICE_REFERENCE_MAX })
  @Transform(trim)
  @MaxLength(INVOICE_REFERENCE_MAX, { message: INVOICE_REFERENCE })
  @IsNotEmpty({ message: 'Invoice reference is required' })
  @IsString({ message: 'Invoice reference is required' })
  invoiceReference: string;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: MAX_COST_PER_KEY_CENTS, example: 1850 })
  @Max(MAX_COST_PER_KEY_CENTS, { message: COST })
  @Min(0, { message: COST })
  @IsInt({ message: COST })
  @IsDefined({ message: 'Cost per key is required' })
  costPerKeyCents: number;

  @ApiProperty({ enum: CURRENCIES, enumName: 'Currency', description: currencyDescription })
  @Transform(upper)
  @IsIn(CURRENCIES, { message: CURRENCY })
  @IsDefined({ message: 'Currency is required' })
  currency: Currency;

  @ApiPropertyOptional({ type: String, format: 'date', nullable: true, example: '2026-11-20' })
  @Transform(emptyIsNull)
  @IsOptional()
  @Validate(PastDay, { message: PURCHASED_AT })
  purchasedAt?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NOTES_MAX })
  @NotesOrNull()
  @IsOptional()
  @MaxLength(NOTES_MAX, { message: `Notes must be at most ${NOTES_MAX} characters` })
  @IsString({ message: 'Notes must be text' })
  notes?: string | null;
}

/** Any writable field; the counts are read-only. */
export class UpdateKeyBatchDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, example: 1 })
  @IfSent()
  @Min(1, { message: SUPPLIER_ID })
  @IsInt({ message: SUPPLIER_ID })
  supplierId?: number;

  @ApiPropertyOptional({
    enum: () => SERVED_PRODUCT_IDS,
    description: 'Can change only while the batch has no keys',
  })
  @Transform(trim)
  @IfSent()
  @IsIn(SERVED_PRODUCT_IDS, { message: productIdRefusal('Product ID') })
  @IsNotEmpty({ message: 'Product ID is required' })
  @IsString({ message: 'Product ID is required' })
  productId?: string;

  @ApiPropertyOptional({ example: 'INV-2026-0042', maxLength: INVOICE_REFERENCE_MAX })
  @Transform(trim)
  @IfSent()
  @MaxLength(INVOICE_REFERENCE_MAX, { message: INVOICE_REFERENCE })
  @IsNotEmpty({ message: 'Invoice reference is required' })
  @IsString({ message: 'Invoice reference is required' })
  invoiceReference?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: MAX_COST_PER_KEY_CENTS,
    description: 'Reaches the batch’s keys still in stock; keys already sold keep the cost they had',
  })
  @IfSent()
  @Max(MAX_COST_PER_KEY_CENTS, { message: COST })
  @Min(0, { message: COST })
  @IsInt({ message: COST })
  costPerKeyCents?: number;

  @ApiPropertyOptional({ enum: CURRENCIES, enumName: 'Currency', description: currencyDescription })
  @Transform(upper)
  @IfSent()
  @IsIn(CURRENCIES, { message: CURRENCY })
  currency?: Currency;

  @ApiPropertyOptional({ type: String, format: 'date', nullable: true, example: '2026-11-20' })
  @Transform(emptyIsNull)
  @IsOptional()
  @Validate(PastDay, { message: PURCHASED_AT })
  purchasedAt?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NOTES_MAX })
  @NotesOrNull()
  @IsOptional()
  @MaxLength(NOTES_MAX, { message: `Notes must be at most ${NOTES_MAX} characters` })
  @IsString({ message: 'Notes must be text' })
  notes?: string | null;
}

export class RevokeKeyBatchDto {
  @ApiProperty({ description: 'Also revoke the keys already sold (their customers are not e-mailed)' })
  @IsBoolean({ message: 'includeSold must be true or false' })
  @IsDefined({ message: 'includeSold is required' })
  includeSold: boolean;

  @ApiProperty({
    example: 'INV-2026-0042',
    maxLength: INVOICE_REFERENCE_MAX,
    description: 'The batch’s invoice reference, typed to confirm',
  })
  @MaxLength(INVOICE_REFERENCE_MAX, { message: 'confirm must be the batch’s invoice reference' })
  @IsString({ message: 'confirm must be the batch’s invoice reference' })
  @IsDefined({ message: 'confirm is required: type the batch’s invoice reference' })
  confirm: string;
}

export class RevokeKeyBatchResultDto {
  @ApiProperty({ type: 'integer', description: 'Keys revoked' }) revoked: number;
  @ApiProperty({ type: 'integer', description: 'Of those, keys that were in stock' }) inStock: number;
  @ApiProperty({ type: 'integer', description: 'Of those, keys that were sold' }) sold: number;
}
