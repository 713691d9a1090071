import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * `withheld`: a message carrying licence keys whose order could no longer be delivered when its turn
 * came (disputed, refunded, cancelled meanwhile), or a sign-in link past its recipient's limit
 * (access-link-limit.ts): never sent, the reason in `lastError`.
 */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'withheld'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * An e-mail written inside a business transaction and sent later by the outbox worker (the back office's
 * `emails`; the table keeps its first name, `mail_outbox`).
 */
@Entity('mail_outbox')
@Index('IDX_mail_outbox_due', ['status', 'nextAttemptAt'])
@Index('IDX_mail_outbox_orderId', ['orderId'])
@Index('IDX_mail_outbox_createdAt', ['createdAt'])
@Index('IDX_mail_outbox_recipient', ['to'])
// The backlog /api/metrics reports (outbox-backlog.ts).
@Index('IDX_mail_outbox_backlog', ['status', 'createdAt'])
export class OutboxEmail {
  @PrimaryGeneratedColumn()
  id: number;

  /** What the message is, e.g. `order-delivery`, `access-link`, `contact-notification`. */
  @Column({ type: 'varchar', length: 32 })
  kind: string;

  @Column({ name: 'recipient', type: 'varchar', length: 254 })
  to: string;

  @Column({ type: 'varchar', length: 255 })
  subject: string;

  @Column({ type: 'text' })
  text: string;

  @Column({ type: 'text' })
  html: string;

  @Column({ type: 'simple-enum', enum: OUTBOX_STATUSES, default: 'pending' })
  status: OutboxStatus;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ type: 'datetime', precision: 3 })
  nextAttemptAt: Date;

  /** A worker's claim on the row while it sends; another worker may take it after this time. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  lockedUntil: Date | null;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  sentAt: Date | null;

  @Column({ type: 'varchar', length: 36, nullable: true })
  orderId: string | null;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt: Date;
}
