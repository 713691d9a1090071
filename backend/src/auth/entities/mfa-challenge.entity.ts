import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A sign-in challenge (the password step's token that the code step redeems) being or having been
 * redeemed: its row makes it single-use across every process. Kept until the challenge expires.
 */
@Entity('admin_mfa_challenges')
@Index('IDX_admin_mfa_challenges_expiresAt', ['expiresAt'])
export class MfaChallenge {
  /** The challenge's `jti`. */
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'datetime', precision: 3 })
  expiresAt: Date;
}
