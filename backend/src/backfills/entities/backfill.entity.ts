import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export const BACKFILL_STATES = ['pending', 'done'] as const;
export type BackfillState = (typeof BACKFILL_STATES)[number];

/**
 * A data step of an upgrade that grows with the data (giving every stored row something a new version
 * needs), queued by the migration that needs it and worked through in the background by one process
 * (Backfills) while the store serves. One row per backfill, never deleted; no row means nothing to do.
 */
@Entity('backfills')
export class Backfill {
  /** The backfill's name (a Backfill job's `name`). */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'simple-enum', enum: BACKFILL_STATES, default: 'pending' })
  state: BackfillState;

  /** The last id worked through ('' before the first batch): where a backfill resumes after a stop. */
  @Column({ type: 'varchar', length: 64, default: '' })
  lastId: string;

  /** Rows worked through so far. */
  @Column({ type: 'int', default: 0 })
  walked: number;

  /**
   * When the migration queued it: the rows written before are the backfill's to do, those written after
   * are already written by this version's code.
   */
  @Column({ type: 'datetime', precision: 3 })
  queuedAt: Date;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  startedAt: Date | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  finishedAt: Date | null;

  @UpdateDateColumn({ type: 'datetime', precision: 3 })
  updatedAt: Date;
}
