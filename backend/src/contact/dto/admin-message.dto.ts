import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import {
  CONTACT_CATEGORIES,
  CONTACT_MESSAGE_STATUSES,
  type ContactCategory,
  type ContactMessage,
  type ContactMessageStatus,
} from '../entities/contact-message.entity.js';

/** A message of the contact form, as the back office's inbox shows it. */
export class AdminMessageDto {
  @ApiProperty() id: number;
  @ApiProperty({ example: 'Jane Doe' }) name: string;
  @ApiProperty({ example: 'jane@example.com' }) email: string;
  @ApiProperty({ example: 'Activation question' }) subject: string;
  @ApiProperty({ enum: CONTACT_CATEGORIES, enumName: 'ContactCategory', nullable: true })
  category: ContactCategory | null;
  @ApiProperty() message: string;
  @ApiProperty({ enum: CONTACT_MESSAGE_STATUSES, enumName: 'MessageStatus' }) status: ContactMessageStatus;
  @ApiProperty() createdAt: Date;

  static from(row: ContactMessage): AdminMessageDto {
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      subject: row.subject,
      category: row.category,
      message: row.message,
      status: row.status,
      createdAt: row.createdAt,
    };
  }
}

/** Only the status can change: a message is what the visitor wrote. */
export class UpdateMessageDto {
  @ApiProperty({ enum: CONTACT_MESSAGE_STATUSES, enumName: 'MessageStatus' })
  @IsIn(CONTACT_MESSAGE_STATUSES, {
    message: `status must be one of ${CONTACT_MESSAGE_STATUSES.join(', ')}`,
  })
  status: ContactMessageStatus;
}
