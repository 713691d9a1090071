import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { LicenseKeysModule } from '../license-keys/license-keys.module.js';
import { MailModule } from '../mail/mail.module.js';
import { AccountController } from './account.controller.js';
import { AccountService } from './account.service.js';

@Module({
  imports: [JwtModule.register({}), LicenseKeysModule, MailModule],
  controllers: [AccountController],
  providers: [AccountService],
})
export class AccountModule {}
