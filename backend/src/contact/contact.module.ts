import { Module } from '@nestjs/common';
import { EmailsModule } from '../emails/emails.module.js';
import { ContactController } from './contact.controller.js';
import { ContactService } from './contact.service.js';

@Module({
  imports: [EmailsModule],
  controllers: [ContactController],
  providers: [ContactService],
})
export class ContactModule {}
