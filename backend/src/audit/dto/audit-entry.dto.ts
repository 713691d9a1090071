import { ApiProperty } from '@nestjs/swagger';

/** A row of the audit trail, as GET /api/admin/audit answers it (the stored entry as it is). */
export class AuditEntryDto {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The staff member; null when nobody was signed in (a failed sign-in)',
  })
  actorId: number | null;
  @ApiProperty({ example: 'admin' }) actorUsername: string;
  @ApiProperty({ example: 'orders.update', description: 'The resource and what was done to it' })
  action: string;
  @ApiProperty({ example: 'orders' }) resource: string;
  @ApiProperty({ type: String, nullable: true }) resourceId: string | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'The values before',
  })
  before: Record<string, unknown> | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'The values after',
  })
  after: Record<string, unknown> | null;
  @ApiProperty() createdAt: Date;
}
