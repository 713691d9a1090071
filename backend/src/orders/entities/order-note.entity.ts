import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { Order } from './order.entity.js';

/** A staff member's internal note on an order (its timeline): never shown to the customer. */
@Entity('order_notes')
@Index('IDX_order_notes_orderId', ['orderId', 'createdAt'])
export class OrderNote {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 36 })
  orderId: string;

  @ManyToOne(() => Order, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'orderId' })
  order?: Order;

  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'int', nullable: true })
  staffUserId: number | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  staffUsername: string | null;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt: Date;
}
