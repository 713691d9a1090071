import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A company the store buys licence keys from (#21 §1): a managed list staff pick a batch's supplier from. */
@Entity('suppliers')
@Index('UQ_suppliers_name', ['name'], { unique: true })
@Index('IDX_suppliers_createdAt', ['createdAt', 'id'])
export class Supplier {
  @PrimaryGeneratedColumn()
  id: number;

  /** Unique, compared without regard to case. */
  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'datetime', precision: 3 })
  updatedAt: Date;
}
