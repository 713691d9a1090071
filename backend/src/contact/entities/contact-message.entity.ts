import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export const CONTACT_CATEGORIES = ['technical', 'billing', 'licensing', 'installation', 'general'] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];

export const CONTACT_MESSAGE_STATUSES = ['new', 'answered'] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];

@Entity('contact_messages')
@Index('IDX_contact_messages_createdAt', ['createdAt'])
@Index('IDX_contact_messages_status', ['status'])
export class ContactMessage {
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

  @Column({ type: 'simple-enum', enum: CONTACT_MESSAGE_STATUSES, default: 'new' })
  status: ContactMessageStatus;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt: Date;
}
