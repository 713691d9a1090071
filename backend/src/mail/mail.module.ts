import { Module } from '@nestjs/common';
import { MailTransport } from './mail-transport.js';
import { OutboxCipher } from './outbox-cipher.js';
import { DEFAULT_OUTBOX_OPTIONS, OUTBOX_OPTIONS } from './outbox.options.js';
import { OutboxService } from './outbox.service.js';
import { OutboxWorker } from './outbox.worker.js';

/**
 * Transactional e-mail: {@link OutboxService} to queue messages inside business transactions, and the
 * {@link OutboxWorker} that sends them (SMTP_URL, or .eml files under MAIL_DIR).
 */
@Module({
  providers: [
    { provide: OUTBOX_OPTIONS, useValue: DEFAULT_OUTBOX_OPTIONS },
    OutboxCipher,
    MailTransport,
    OutboxWorker,
    OutboxService,
  ],
  exports: [OutboxService, OutboxWorker],
})
export class MailModule {}
