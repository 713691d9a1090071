import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import {
  CONTACT_CATEGORIES,
  MESSAGE_STATUSES,
  type ContactCategory,
  type Message,
  type MessageStatus,
} from '../../../messages/entities/message.entity.js';

/** A message of the contact form, as the back office's inbox shows it. */
export class AdminMessageDto {
  @ApiProperty() id: number;
  @ApiProperty({ example: 'Jane Doe' }) name: string;
  @ApiProperty({ example: 'jane@example.com' }) email: string;
  @ApiProperty({ example: 'Activation question' }) subject: string;
  @ApiProperty({ enum: CONTACT_CATEGORIES, enumName: 'ContactCategory', nullable: true })
  category: ContactCategory | null;
  @ApiProperty() message: string;
  @ApiProperty({ enum: MESSAGE_STATUSES, enumName: 'MessageStatus' }) status: MessageStatus;
  @ApiProperty() createdAt: Date;

  static from(row: Message): AdminMessageDto {
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
  @ApiProperty({ enum: MESSAGE_STATUSES, enumName: 'MessageStatus' })
  @IsIn(MESSAGE_STATUSES, {
    message: `status must be one of ${MESSAGE_STATUSES.join(', ')}`,
  })
  status: MessageStatus;
}
