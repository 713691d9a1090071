import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';

export class DemoConfirmDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'orderId must be an order id' })
  @IsString({ message: 'orderId is required' })
  orderId: string;

  @ApiProperty({
    maxLength: 500,
    description: 'The client secret answered by POST /api/create-payment-intent',
  })
  @MaxLength(500)
  @IsNotEmpty({ message: 'clientSecret is required' })
  @IsString({ message: 'clientSecret is required' })
  clientSecret: string;

  @ApiPropertyOptional({ enum: ['succeed', 'decline'], default: 'succeed' })
  @IsOptional()
  @IsIn(['succeed', 'decline'], { message: 'outcome must be succeed or decline' })
  outcome?: 'succeed' | 'decline';
}
