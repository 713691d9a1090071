import { Module } from '@nestjs/common';
import { LicenseKeyCipher } from './license-key-cipher.js';

@Module({
  providers: [LicenseKeyCipher],
  exports: [LicenseKeyCipher],
})
export class LicensesModule {}
