import { ChallengeModule } from '../challenge/challenge.module.js';
import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { LicenseKeysModule } from '../license-keys/license-keys.module.js';
import { EmailsModule } from '../emails/emails.module.js';
import { KeyReportsModule } from '../key-reports/key-reports.module.js';
import { AccountController } from './account.controller.js';
import { AccountService } from './account.service.js';
import { WithdrawalService } from './withdrawal.service.js';
import { AuditModule } from '../audit/audit.module.js';
import { FulfilmentModule } from '../fulfilment/fulfilment.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { InvoicesModule } from '../tax/invoices/invoices.module.js';

@Module({
  imports: [
    JwtModule.register({}),
    LicenseKeysModule,
    EmailsModule,
    KeyReportsModule,
    AuditModule,
    FulfilmentModule,
    PaymentsModule,
    InvoicesModule,
    ChallengeModule,
  ],
  controllers: [AccountController],
  providers: [AccountService, WithdrawalService],
  exports: [AccountService],
})
export class AccountModule {}
