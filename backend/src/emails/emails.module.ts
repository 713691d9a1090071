import { Module } from '@nestjs/common';
import { JobLeasesModule } from '../job-leases/job-leases.module.js';
import { MailTransport } from './mail-transport.js';
import { OutboxCipher } from './outbox-cipher.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { OUTBOX_OPTIONS, outboxOptions } from './outbox.options.js';
import { OutboxService } from './outbox.service.js';
import { OutboxWorker } from './outbox.worker.js';

/**
 * Transactional e-mail: {@link OutboxService} to queue messages inside business transactions, and the
 * {@link OutboxWorker} that sends them (SMTP_URL, or .eml files under MAIL_DIR).
 */
@Module({
  imports: [JobLeasesModule],
  providers: [
    {
      provide: OUTBOX_OPTIONS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => outboxOptions(config.mail.outbox),
    },
    OutboxCipher,
    MailTransport,
    OutboxWorker,
    OutboxService,
  ],
  exports: [OutboxService, OutboxWorker],
})
export class EmailsModule {}
