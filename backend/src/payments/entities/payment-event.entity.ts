import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { EXACT } from '../../database/exact-collation.js';

/** A payment provider event, recorded once by its id so that replays do nothing. */
@Entity('payment_events')
@Index('IDX_payment_events_orderId', ['orderId'])
@Index('UQ_payment_events_providerEventId', ['providerEventId'], { unique: true })
export class PaymentEvent {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 255, ...EXACT })
  providerEventId: string;

  @Column({ type: 'varchar', length: 16 })
  provider: string;

  @Column({ type: 'varchar', length: 100 })
  type: string;

  @Column({ type: 'varchar', length: 36, nullable: true })
  orderId: string | null;

  /** Why the provider declined a payment attempt, in its words (the order's timeline shows it). */
  @Column({ type: 'varchar', length: 500, nullable: true })
  failureReason: string | null;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  receivedAt: Date;
}
