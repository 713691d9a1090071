import { Module } from '@nestjs/common';
import { InvoicesService } from './invoices.service.js';

/**
 * Invoices and credit notes (#20 §5), issued by fulfilment (a payment received), refunds and disputes
 * (money given back) in their transactions, and read by the order pages of the back office and the
 * customer's account.
 */
@Module({
  providers: [InvoicesService],
  exports: [InvoicesService],
})
export class InvoicesModule {}
