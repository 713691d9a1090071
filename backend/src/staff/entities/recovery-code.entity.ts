import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { StaffMember } from './staff-member.entity.js';

/** One of a staff member's one-time recovery codes for two-factor sign-in, stored as a keyed hash. */
@Entity('admin_recovery_codes')
@Index('UQ_admin_recovery_codes_user_hash', ['userId', 'codeHash'], { unique: true })
export class RecoveryCode {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  userId: number;

  @ManyToOne(() => StaffMember, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: StaffMember;

  /** HMAC-SHA256 (hex) of the code under a key derived from LICENSE_KEY_SECRET. */
  @Column({ type: 'varchar', length: 64 })
  codeHash: string;

  /** Set when the code is used; a used code never works again. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  usedAt: Date | null;
}
