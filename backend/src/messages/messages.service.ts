import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { OutboxService } from '../emails/outbox.service.js';
import { contactNotification } from './contact-notification.js';
import type { ContactCreatedDto, CreateContactMessageDto } from './dto/create-contact-message.dto.js';
import { Message } from './entities/message.entity.js';
import { runInTransaction } from '../database/transactions.js';

@Injectable()
export class MessagesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: OutboxService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Stores the message and queues the notification to staff (STAFF_ALERT_EMAIL, by default SUPPORT_EMAIL)
   * in one transaction.
   */
  async create(dto: CreateContactMessageDto): Promise<ContactCreatedDto> {
    await runInTransaction(this.db, async (manager) => {
      const saved = await manager.save(
        Message,
        manager.create(Message, {
          name: dto.name,
          email: dto.email,
          subject: dto.subject,
          category: dto.category ?? null,
          message: dto.message,
          status: 'new',
        }),
      );
      await this.outbox.enqueue(manager, {
        kind: 'contact-notification',
        to: this.config.mail.staffAlertEmail,
        audience: 'staff',
        ...contactNotification(saved),
      });
    });
    return { received: true };
  }
}
