import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import type { Supplier } from '../../../suppliers/entities/supplier.entity.js';

export const SUPPLIER_NAME_MAX = 100;
export const NOTES_MAX = 2000;

/** Per supplier: its batches, the keys in them and how many of those were replaced as faulty. */
export interface SupplierCounts {
  batches: number;
  keys: number;
  faultyKeys: number;
}

/** A row of the back office's suppliers. */
export class SupplierDto {
  @ApiProperty() id: number;
  @ApiProperty({ example: 'Keys Wholesale Ltd', description: 'Unique, ignoring case' }) name: string;
  @ApiProperty({ type: String, nullable: true }) notes: string | null;
  @ApiProperty({ type: 'integer', description: 'Read-only: its key batches' }) batches: number;
  @ApiProperty({ type: 'integer', description: 'Read-only: keys in its batches' }) keys: number;
  @ApiProperty({ type: 'integer', description: 'Read-only: of those, keys replaced as faulty' })
  faultyKeys: number;
  @ApiProperty() createdAt: Date;
  @ApiProperty() updatedAt: Date;

  static from(supplier: Supplier, counts: SupplierCounts): SupplierDto {
    return {
      id: supplier.id,
      name: supplier.name,
      notes: supplier.notes,
      ...counts,
      createdAt: supplier.createdAt,
      updatedAt: supplier.updatedAt,
    };
  }
}

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Empty notes (a cleared form field) are none. */
export const NotesOrNull = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim() || null : value === undefined ? undefined : value,
  );
const IfSent = () => ValidateIf((_object: unknown, value: unknown) => value !== undefined);

// class-validator checks the decorator nearest the property first; with stopAtFirstError the first failure
// is the one reported.
export class CreateSupplierDto {
  @ApiProperty({ example: 'Keys Wholesale Ltd', maxLength: SUPPLIER_NAME_MAX })
  @Transform(trim)
  @MaxLength(SUPPLIER_NAME_MAX, { message: `Name must be at most ${SUPPLIER_NAME_MAX} characters` })
  @IsNotEmpty({ message: 'Name is required' })
  @IsString({ message: 'Name is required' })
  name: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NOTES_MAX })
  @NotesOrNull()
  @IsOptional()
  @MaxLength(NOTES_MAX, { message: `Notes must be at most ${NOTES_MAX} characters` })
  @IsString({ message: 'Notes must be text' })
  notes?: string | null;
}

export class UpdateSupplierDto {
  @ApiPropertyOptional({ example: 'Keys Wholesale Ltd', maxLength: SUPPLIER_NAME_MAX })
  @Transform(trim)
  @IfSent()
  @MaxLength(SUPPLIER_NAME_MAX, { message: `Name must be at most ${SUPPLIER_NAME_MAX} characters` })
  @IsNotEmpty({ message: 'Name is required' })
  @IsString({ message: 'Name is required' })
  name?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NOTES_MAX })
  @NotesOrNull()
  @IsOptional()
  @MaxLength(NOTES_MAX, { message: `Notes must be at most ${NOTES_MAX} characters` })
  @IsString({ message: 'Notes must be text' })
  notes?: string | null;
}
