import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Which process leads a housekeeping job (see JobLeases), when the leases are kept in the database: without
 * REDIS_URL, or while Redis does not answer. One row per job, made on first use and never deleted.
 */
@Entity('job_leases')
export class JobLease {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  job: string;

  /** The process holding the lease (host:pid:random); empty when it was given back. */
  @Column({ type: 'varchar', length: 128 })
  holder: string;

  /** Milliseconds since 1970 by the database's clock (so processes' clocks do not matter). */
  @Column({ type: 'bigint' })
  expiresAt: string;
}
