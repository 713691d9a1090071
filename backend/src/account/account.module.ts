import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { LicenseKeysModule } from '../license-keys/license-keys.module.js';
import { EmailsModule } from '../emails/emails.module.js';
import { KeyReportsModule } from '../key-reports/key-reports.module.js';
import { AccountController } from './account.controller.js';
import { AccountService } from './account.service.js';

@Module({
  imports: [JwtModule.register({}), LicenseKeysModule, EmailsModule, KeyReportsModule],
  controllers: [AccountController],
  providers: [AccountService],
})
export class AccountModule {}
