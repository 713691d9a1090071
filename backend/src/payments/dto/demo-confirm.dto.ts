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

  @ApiPropertyOptional({
    enum: ['succeed', 'decline', 'delay'],
    default: 'succeed',
    description:
      '`succeed`: paid at once. `decline`: refused (402), the shopper may try again. `delay`: a method ' +
      'that confirms later (a bank payment, recorded as `demo_delayed`): the payment is `processing`, ' +
      'nothing is delivered and the shopper is e-mailed what happens next, until POST ' +
      '/api/payments/demo/settle. Confirming `succeed` or `decline` while it is processing is a 409.',
  })
  @IsOptional()
  @IsIn(['succeed', 'decline', 'delay'], { message: 'outcome must be succeed, decline or delay' })
  outcome?: 'succeed' | 'decline' | 'delay';

  @ApiPropertyOptional({
    enum: ['card', 'wallet', 'bank_transfer'],
    default: 'card',
    description:
      "How the demo shopper pays: `card` (the demo's card form, recorded as `demo`), `wallet` (the " +
      "storefront's Express Checkout-like button, standing for Apple Pay or Google Pay, recorded as " +
      '`demo_wallet`) or `bank_transfer` (a transfer the buyer has still to send, recorded as ' +
      '`demo_bank_transfer`: the shopper is e-mailed how; offered when the checkout answered ' +
      '`bankTransfer: true`). A wallet confirms at once: `wallet` with `delay` is a 400. A bank transfer is ' +
      'paid later: its outcome is `delay` (the default for it), and another is a 400, as is a bank transfer ' +
      'for an order it is not offered for.',
  })
  @IsOptional()
  @IsIn(['card', 'wallet', 'bank_transfer'], { message: 'method must be card, wallet or bank_transfer' })
  method?: 'card' | 'wallet' | 'bank_transfer';
}

/** The same order and client secret as the confirmation's. */
export class DemoSettleDto {
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

  @ApiProperty({
    enum: ['succeed', 'fail'],
    description:
      "The bank's answer to a payment confirmed with `delay`: `succeed` delivers the order as a paid one; " +
      '`fail` cancels it, releases what it held (its coupon reservation) and e-mails the shopper.',
  })
  @IsIn(['succeed', 'fail'], { message: 'outcome must be succeed or fail' })
  outcome: 'succeed' | 'fail';
}
