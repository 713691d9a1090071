import { Index, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { EXACT } from '../../database/exact-collation.js';
import { STAFF_ROLES, type StaffRole } from '../../common/staff-user.dto.js';

/** A staff account of the back office (the table keeps its first name, `admin_users`). */
@Entity('admin_users')
@Index('UQ_admin_users_username', ['username'], { unique: true })
export class StaffMember {
  @PrimaryGeneratedColumn()
  id: number;

  /** In its canonical form (canonicalUsername). */
  @Column({ type: 'varchar', length: 100, ...EXACT })
  username: string;

  @Column({ type: 'varchar', length: 255 })
  passwordHash: string;

  @Column({ type: 'simple-enum', enum: STAFF_ROLES, default: 'admin' })
  role: StaffRole;

  /** Bumped on logout: every token carrying an older version stops working. */
  @Column({ type: 'int', default: 0 })
  tokenVersion: number;

  /**
   * The TOTP secret (base32), sealed at rest: the pending one during enrolment, the active one once
   * mfaEnabled. Null when two-factor authentication was never set up or was reset.
   */
  @Column({ type: 'varchar', length: 255, nullable: true })
  mfaSecret: string | null;

  @Column({ type: 'boolean', default: false })
  mfaEnabled: boolean;

  /** The RFC 6238 time step of the last code accepted: that code, and any older one, is refused. */
  @Column({ type: 'int', nullable: true })
  mfaLastStep: number | null;

  /** Where the account's security notices go (STAFF_ALERT_EMAIL gets them too); optional. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  email: string | null;

  /**
   * The keyed hash of the enrolment code an administrator was shown when creating the account or resetting
   * its second factor (STAFF_MFA_REQUIRED): setting up a factor asks for it, and doing so uses it up.
   */
  @Column({ type: 'varchar', length: 64, nullable: true })
  mfaEnrolmentCodeHash: string | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  mfaEnrolmentCodeExpiresAt: Date | null;

  /** The last completed sign-in (both steps, with two-factor on). */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  lastSignInAt: Date | null;

  /** ISO 3166-1 alpha-2 of the last sign-in's address, when the address tells it (not a private one). */
  @Column({ type: 'varchar', length: 2, nullable: true })
  lastSignInCountry: string | null;

  /** Set by an administrator: the account cannot sign in and its sessions ended. Null: active. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  deactivatedAt: Date | null;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'datetime', precision: 3 })
  updatedAt: Date;
}
