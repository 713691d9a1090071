import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One change made through the back office: who, what, when, and the values before and after. */
@Entity('audit_log')
@Index('IDX_audit_log_createdAt', ['createdAt'])
@Index('IDX_audit_log_resource', ['resource', 'resourceId'])
@Index('IDX_audit_log_actorUsername', ['actorUsername', 'createdAt', 'id'])
@Index('IDX_audit_log_action', ['action', 'createdAt', 'id'])
export class AuditEntry {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int', nullable: true })
  actorId: number | null;

  @Column({ type: 'varchar', length: 100 })
  actorUsername: string;

  /** e.g. `orders.update`, `orders.resend-email`, `license-keys.reveal`. */
  @Column({ type: 'varchar', length: 64 })
  action: string;

  @Column({ type: 'varchar', length: 32 })
  resource: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  resourceId: string | null;

  @Column({ type: 'simple-json', nullable: true })
  before: Record<string, unknown> | null;

  @Column({ type: 'simple-json', nullable: true })
  after: Record<string, unknown> | null;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt: Date;
}
