import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export const CONTACT_CATEGORIES = ['technical', 'billing', 'licensing', 'installation', 'general'] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];

export const MESSAGE_STATUSES = ['new', 'answered'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** A message sent through the contact form (POST /api/contact); the table keeps its first name. */
@Entity('contact_messages')
@Index('IDX_contact_messages_createdAt', ['createdAt'])
@Index('IDX_contact_messages_status', ['status'])
@Index('IDX_contact_messages_email', ['email', 'createdAt', 'id'])
export class Message {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 300 })
  subject: string;

  @Column({ type: 'simple-enum', enum: CONTACT_CATEGORIES, nullable: true })
  category: ContactCategory | null;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'simple-enum', enum: MESSAGE_STATUSES, default: 'new' })
  status: MessageStatus;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt: Date;
}
