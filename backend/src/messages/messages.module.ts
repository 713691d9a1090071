import { ChallengeModule } from '../challenge/challenge.module.js';
import { Module } from '@nestjs/common';
import { EmailsModule } from '../emails/emails.module.js';
import { ContactController } from './contact.controller.js';
import { MessagesService } from './messages.service.js';

@Module({
  imports: [EmailsModule, ChallengeModule],
  controllers: [ContactController],
  providers: [MessagesService],
})
export class MessagesModule {}
